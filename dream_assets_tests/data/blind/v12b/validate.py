import json, re, collections, sys
W = lambda s: len(s.split())
err = []
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,"twelve":12,
        "fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"hundred":100,"twice":2,"half":0.5,"dozen":12}
def nums(s):
    out = set()
    for m in re.findall(r"\d[\d,\.]*", s):
        m = m.rstrip(".,").replace(",", "")
        try: out.add(float(m))
        except: pass
    for w in re.findall(r"[a-z]+", s.lower()):
        if w in NUMW: out.add(float(NUMW[w]))
    return out
def numtoks(s):
    return [m.rstrip(".,").replace(",", "") for m in re.findall(r"\d[\d,\.]*", s)]
ids = set(); texts = collections.Counter()
A = [json.loads(l) for l in open("merge_corpus_v12b.jsonl")]
kinds = collections.Counter(); rew = collections.Counter(); nsrc = collections.Counter()
for c in A:
    for k in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if k not in c: err.append((c.get("case_id"), "missing " + k))
    if c["case_id"] in ids: err.append((c["case_id"], "dup id"))
    ids.add(c["case_id"])
    if c["label"] not in ("faithful", "lossy"): err.append((c["case_id"], "label"))
    if c["label"] == "faithful" and (c["kind"] is not None or c["note"] != ""): err.append((c["case_id"], "faithful kind/note"))
    if c["label"] == "lossy" and (c["kind"] not in ("negation","quantity","dropped","detail","status","attribution") or not c["note"]): err.append((c["case_id"], "lossy kind/note"))
    if c["reword"] not in ("light", "heavy"): err.append((c["case_id"], "reword"))
    if not (2 <= len(c["sources"]) <= 3): err.append((c["case_id"], "n sources"))
    nsrc[len(c["sources"])] += 1
    for s in c["sources"]:
        if s["id"] in ids: err.append((s["id"], "dup id"))
        ids.add(s["id"])
        if s["category"] != c["category"]: err.append((s["id"], "category"))
        if not (5 <= W(s["content"]) <= 35): err.append((s["id"], "source words %d" % W(s["content"])))
        texts[s["content"]] += 1
    texts[c["merged"]] += 1
    if c["label"] == "faithful":
        mn = nums(c["merged"])
        for s in c["sources"]:
            for n in nums(s["content"]):
                ok = n in mn
                if not ok:
                    err.append((c["case_id"], "number %s of source missing in merge" % n))
    kinds[(c["label"], c["kind"])] += 1; rew[(c["label"], c["reword"])] += 1
print("Part A cases:", len(A))
for k, v in sorted(kinds.items(), key=str): print("  ", k, v)
for k, v in sorted(rew.items()): print("   reword", k, v)
print("   sources per case:", dict(nsrc))
for lab in ("faithful", "lossy"):
    ws = [W(s["content"]) for c in A if c["label"] == lab for s in c["sources"]]
    if ws:
        print("  %-8s sources: n=%d mean words=%.2f  share>=18: %.2f  min=%d max=%d" % (lab, len(ws), sum(ws)/len(ws), sum(w >= 18 for w in ws)/len(ws), min(ws), max(ws)))
        # overlap between sources of one case (Jaccard of lowercase word sets)
        ov = []
        for c in A:
            if c["label"] != lab: continue
            ss = [set(re.findall(r"[a-z0-9']+", s["content"].lower())) for s in c["sources"]]
            for i in range(len(ss)):
                for j in range(i+1, len(ss)):
                    ov.append(len(ss[i] & ss[j]) / len(ss[i] | ss[j]))
        print("  %-8s mean within-case source Jaccard: %.3f" % (lab, sum(ov)/len(ov)))
B = [json.loads(l) for l in open("paraphrase_corpus_v12b.jsonl")]
bc = collections.Counter()
for r in B:
    if r["id"] in ids: err.append((r["id"], "dup id"))
    ids.add(r["id"])
    if r.get("split") != "final": err.append((r["id"], "split"))
    if r["kind"] == "group":
        bc[("group", r["difficulty"])] += 1
        if not (2 <= len(r["members"]) <= 4): err.append((r["id"], "members"))
        tt = r["members"]
        base = sorted(numtoks(tt[0]))
        for t in tt[1:]:
            if sorted(numtoks(t)) != base and numtoks(t): pass
    elif r["kind"] == "lookalike":
        bc[("lookalike", r["differs"])] += 1
        tt = r["pair"]
        if len(tt) != 2: err.append((r["id"], "pair"))
        if r["differs"] not in ("name","number","date","negation","status","place","person","object","time"): err.append((r["id"], "differs"))
    else:
        bc[("filler",)] += 1; tt = [r["text"]]
    for t in tt:
        texts[t] += 1
        if not (5 <= W(t) <= 25): err.append((r["id"], "words %d: %s" % (W(t), t)))
print("Part B records:", len(B))
for k, v in sorted(bc.items()): print("  ", k, v)
for t, n in texts.items():
    if n > 1: err.append(("text", "duplicate: " + t))
print("ERRORS:", len(err))
for e in err: print("  ", e)
sys.exit(1 if err else 0)
