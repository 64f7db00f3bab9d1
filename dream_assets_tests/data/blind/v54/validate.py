import json, re, collections, sys
errs = []
def wc(t): return len(t.split())
# ---------- Part B
P = [json.loads(l) for l in open("paraphrase_corpus_v54.jsonl", encoding="utf-8")]
ids = [r["id"] for r in P]
if len(ids) != len(set(ids)): errs.append("dup paraphrase ids")
texts = []
c = collections.Counter()
dif = collections.Counter()
for r in P:
    assert r["split"] == "final" and r.get("domain")
    if r["kind"] == "group":
        c["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append(r["id"] + " members")
        texts += r["members"]
    elif r["kind"] == "lookalike":
        c["lookalike"] += 1; dif[r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append(r["id"] + " pair")
        if r["differs"] not in "name number date negation status place person object time".split(): errs.append(r["id"]+" differs")
        texts += r["pair"]
    elif r["kind"] == "filler":
        c["filler"] += 1; texts.append(r["text"])
    else: errs.append("bad kind")
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B length %d: %s" % (wc(t), t))
print("Part B counts:", dict(c), "lookalike differs:", dict(dif))
# ---------- Part A
M = [json.loads(l) for l in open("merge_corpus_v54.jsonl", encoding="utf-8")]
cids = [m["case_id"] for m in M]
if len(cids) != len(set(cids)): errs.append("dup case ids")
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,"thousand":1000,
        "hundred":100,"half":0.5,"once":1,"twice":2,"dozen":12}
def nums(t):
    s = set()
    for x in re.findall(r"\d+(?:[.,]\d+)?", t): s.add(x.replace(",", ""))
    return s
def numset_any(t):
    s = {x for x in nums(t)}
    for w in re.findall(r"[a-z]+", t.lower()):
        if w in NUMW: s.add(str(NUMW[w]))
    return s
ac = collections.Counter(); kinds = collections.Counter(); rw = collections.Counter(); nsrc = collections.Counter()
stats = {"faithful": [], "lossy": []}
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
for m in M:
    if set(m) != keys: errs.append(m["case_id"] + " keys")
    ac[m["label"]] += 1; rw[(m["label"], m["reword"])] += 1; nsrc[len(m["sources"])] += 1
    if m["label"] == "faithful":
        if m["kind"] is not None or m["note"] != "": errs.append(m["case_id"] + " faithful kind/note")
        have = numset_any(m["merged"])
        for s in m["sources"]:
            for n in nums(s["content"]):
                if n not in have and n.lstrip("0") not in have:
                    errs.append("%s number %s missing in merge" % (m["case_id"], n))
    else:
        kinds[m["kind"]] += 1
        if not m["note"]: errs.append(m["case_id"] + " lossy without note")
    if not 2 <= len(m["sources"]) <= 3: errs.append(m["case_id"] + " n sources")
    for j, s in enumerate(m["sources"], 1):
        if s["id"] != "%s-s%d" % (m["case_id"], j) or s["category"] != m["category"]: errs.append(m["case_id"] + " src id/cat")
        if not 5 <= wc(s["content"]) <= 35: errs.append("A src length %d: %s" % (wc(s["content"]), s["content"]))
        stats[m["label"]].append(wc(s["content"]))
        texts.append(s["content"])
    texts.append(m["merged"])
dups = [t for t, k in collections.Counter(texts).items() if k > 1]
if dups: errs.append("exact duplicate texts: %r" % dups)
print("Part A labels:", dict(ac), "lossy kinds:", dict(kinds))
print("reword:", {"%s/%s" % k: v for k, v in rw.items()}, "sources per case:", dict(nsrc))
allw = []
for lab, w in stats.items():
    allw += w
    if w:
        print("%s sources: n=%d mean words=%.2f share>=18=%.2f" % (lab, len(w), sum(w)/len(w), sum(1 for x in w if x >= 18)/len(w)))
if allw: print("all sources: mean=%.2f share>=18=%.2f" % (sum(allw)/len(allw), sum(1 for x in allw if x >= 18)/len(allw)))
for e in errs: print("ERROR", e)
print("OK" if not errs else "%d errors" % len(errs))
