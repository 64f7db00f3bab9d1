import json, re, sys, collections
errs = []
def wc(t): return len(t.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,"twelve":12,
        "fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"hundred":100,"half":0.5,"once":1,"twice":2,"thrice":3}
MONTHS = ["jan","feb","mar","apr","may","jun","jul","aug","sep","oct","nov","dec"]
# ---- Part B
seen_text = set(); ids = set()
B = [json.loads(l) for l in open("paraphrase_corpus_v44b.jsonl", encoding="utf-8")]
c = collections.Counter(); diffs = collections.Counter()
for r in B:
    if r["id"] in ids: errs.append("dup id " + r["id"])
    ids.add(r["id"])
    if r.get("split") != "final": errs.append("split " + r["id"])
    if not r.get("domain"): errs.append("domain " + r["id"])
    if r["kind"] == "group":
        c["group_" + r["difficulty"]] += 1
        texts = r["members"]
        if not 2 <= len(texts) <= 4: errs.append("members " + r["id"])
        if not re.fullmatch(r"pg44b-\d{3}", r["id"]): errs.append("id " + r["id"])
    elif r["kind"] == "lookalike":
        c["lookalike"] += 1; diffs[r["differs"]] += 1
        texts = r["pair"]
        if len(texts) != 2: errs.append("pair " + r["id"])
        if r["differs"] not in "name number date negation status place person object time".split(): errs.append("differs " + r["id"])
    elif r["kind"] == "filler":
        c["filler"] += 1; texts = [r["text"]]
    else: errs.append("kind " + r["id"]); texts = []
    for t in texts:
        if not 5 <= wc(t) <= 25: errs.append("B wordcount %s %d: %s" % (r["id"], wc(t), t))
        if t.lower() in seen_text: errs.append("dup text " + t)
        seen_text.add(t.lower())
print("Part B counts:", dict(c), "records:", len(B))
print("lookalike differs:", dict(diffs))
want = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if c[k] != v: print("  SHORT/OVER: %s has %d, target %d" % (k, c[k], v))
for d in "name number date negation status place person object time".split():
    if diffs[d] != 3: print("  differs %s has %d, target 3" % (d, diffs[d]))
# ---- Part A
A = [json.loads(l) for l in open("merge_corpus_v44b.jsonl", encoding="utf-8")]
lab = collections.Counter(); kinds = collections.Counter(); rew = collections.Counter(); nsrc = collections.Counter()
wl = {"faithful": [], "lossy": []}; domains = set()
def nums(t):
    out = set()
    tl = t.lower().replace(",", "")
    for m in re.findall(r"\d+(?:\.\d+)?", tl): out.add(float(m))
    return out
def num_present(n, merged):
    ml = merged.lower().replace(",", "")
    if n in nums(merged): return True
    for w, v in NUMW.items():
        if v == n and re.search(r"\b" + w + r"\b", ml): return True
    # years abbreviated, k-suffix etc.
    if n >= 1000 and (str(int(n)) [:-3] + "k") in ml: return True
    if 1 <= n <= 12 and n == int(n):
        if re.search(r"\b" + MONTHS[int(n)-1], ml): return True
    return False
for r in A:
    cid = r["case_id"]
    if cid in ids: errs.append("dup id " + cid)
    ids.add(cid)
    if not re.fullmatch(r"e44b-\d{4}", cid): errs.append("id " + cid)
    for k in ["sources","merged","category","label","kind","reword","domain","split","note"]:
        if k not in r: errs.append("missing %s %s" % (k, cid))
    lab[r["label"]] += 1; rew[(r["label"], r["reword"])] += 1; nsrc[len(r["sources"])] += 1; domains.add(r["domain"])
    if r["label"] == "faithful":
        if r["kind"] is not None or r["note"] != "": errs.append("faithful kind/note " + cid)
    else:
        kinds[r["kind"]] += 1
        if r["kind"] not in "negation quantity dropped detail status attribution".split() or not r["note"]: errs.append("lossy kind/note " + cid)
    if r["reword"] not in ("light", "heavy"): errs.append("reword " + cid)
    if not 2 <= len(r["sources"]) <= 3: errs.append("nsrc " + cid)
    for j, s in enumerate(r["sources"], 1):
        if s["id"] != "%s-s%d" % (cid, j) or s["category"] != r["category"]: errs.append("source id/cat " + cid)
        n = wc(s["content"])
        wl[r["label"]].append(n)
        if not 5 <= n <= 35: errs.append("A src wordcount %s %d" % (cid, n))
        if s["content"].lower() in seen_text: errs.append("dup text " + s["content"])
        seen_text.add(s["content"].lower())
        if r["label"] == "faithful":
            for x in nums(s["content"]):
                if not num_present(x, r["merged"]): errs.append("faithful %s: number %s of source missing in merge" % (cid, x))
    if r["merged"].lower() in seen_text: errs.append("dup merged text " + cid)
    seen_text.add(r["merged"].lower())
print("Part A labels:", dict(lab), "cases:", len(A))
print("lossy kinds:", dict(kinds))
print("reword:", {"%s/%s" % k: v for k, v in sorted(rew.items())})
print("sources per case:", dict(sorted(nsrc.items())))
print("domains (%d):" % len(domains), sorted(domains))
for L in ("faithful", "lossy"):
    w = wl[L]
    if w:
        print("%s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d" % (L, len(w), sum(w)/len(w), sum(1 for x in w if x >= 18)/len(w), min(w), max(w)))
if lab["faithful"] != 120: print("  faithful has %d, target 120" % lab["faithful"])
for k in "negation quantity dropped detail status attribution".split():
    if kinds[k] != 12: print("  lossy %s has %d, target 12" % (k, kinds[k]))
print("ERRORS:", len(errs))
for e in errs: print("  ", e)
sys.exit(1 if errs else 0)
