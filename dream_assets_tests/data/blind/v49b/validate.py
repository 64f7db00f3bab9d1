import json, os, re, collections, statistics
D = os.path.dirname(os.path.abspath(__file__))
err = []
def wc(s): return len(s.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,"twelve":12,"fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"hundred":100,"half":None,"once":1,"twice":2}

# Part B
B = [json.loads(l) for l in open(os.path.join(D, "paraphrase_corpus_v49b.jsonl"), encoding="utf-8")]
ids = [r["id"] for r in B]
if len(ids) != len(set(ids)): err.append("B dup ids")
texts = []
cnt = collections.Counter()
diffs = collections.Counter()
for r in B:
    if r.get("split") != "final": err.append("split " + r["id"])
    if r["kind"] == "group":
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: err.append("members " + r["id"])
        texts += r["members"]
    elif r["kind"] == "lookalike":
        cnt["lookalike"] += 1; diffs[r["differs"]] += 1
        if len(r["pair"]) != 2: err.append("pair " + r["id"])
        texts += r["pair"]
    elif r["kind"] == "filler":
        cnt["filler"] += 1; texts.append(r["text"])
    else: err.append("kind " + r["id"])
for t in texts:
    if not 5 <= wc(t) <= 25: err.append("B words %d: %s" % (wc(t), t))
for t, c in collections.Counter(texts).items():
    if c > 1: err.append("B dup text: " + t)
print("Part B:", dict(cnt), "differs:", dict(diffs))

# Part A
A = [json.loads(l) for l in open(os.path.join(D, "merge_corpus_v49b.jsonl"), encoding="utf-8")]
cids = [c["case_id"] for c in A]
if len(cids) != len(set(cids)): err.append("A dup ids")
keys = ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]
lab = collections.Counter(); kinds = collections.Counter(); rw = collections.Counter(); nsrc = collections.Counter()
lens = {"faithful": [], "lossy": []}
alltexts = []
def nums(s):
    out = set(re.findall(r"\d+(?:[.,]\d+)?", s.replace(",", "")))
    return out
for c in A:
    if list(c.keys()) != keys: err.append("keys " + c["case_id"])
    if c["split"] != "final": err.append("split")
    if c["label"] not in ("faithful", "lossy"): err.append("label")
    if c["reword"] not in ("light", "heavy"): err.append("reword")
    if c["label"] == "faithful" and (c["kind"] is not None or c["note"] != ""): err.append("faithful kind/note " + c["case_id"])
    if c["label"] == "lossy" and (c["kind"] not in ("negation","quantity","dropped","detail","status","attribution") or not c["note"]): err.append("lossy kind/note " + c["case_id"])
    if not 2 <= len(c["sources"]) <= 3: err.append("nsrc")
    nsrc[len(c["sources"])] += 1
    lab[c["label"]] += 1; rw[(c["label"], c["reword"])] += 1
    if c["kind"]: kinds[c["kind"]] += 1
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], j) or s["category"] != c["category"]: err.append("src id/cat " + c["case_id"])
        if not 5 <= wc(s["content"]) <= 35: err.append("A src words %d: %s" % (wc(s["content"]), s["content"]))
        lens[c["label"]].append(wc(s["content"]))
        alltexts.append(s["content"])
    alltexts.append(c["merged"])
    if c["label"] == "faithful":
        mn = nums(c["merged"])
        for s in c["sources"]:
            for n in nums(s["content"]):
                if n not in mn and n.lstrip("0") not in mn:
                    # allow number-word forms
                    ok = any(v is not None and str(v) == n and re.search(r"\b%s\b" % w, c["merged"], re.I) for w, v in NUMW.items())
                    # allow year/date reformat e.g. 2025-06-30 -> 30 June 2025
                    if not ok: err.append("number %s missing in faithful merge %s" % (n, c["case_id"]))
for t, k in collections.Counter(alltexts).items():
    if k > 1: err.append("A dup text: " + t)
print("Part A: labels", dict(lab), "kinds", dict(kinds), "reword", {"%s/%s" % k: v for k, v in rw.items()}, "n_sources", dict(nsrc))
for l in ("faithful", "lossy"):
    L = lens[l]
    if L:
        print("  %s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d" % (l, len(L), statistics.mean(L), sum(x >= 18 for x in L) / len(L), min(L), max(L)))
print("ERRORS:", len(err))
for e in err: print("  ", e)
