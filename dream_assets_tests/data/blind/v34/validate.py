import json, re, os, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())
WORDS = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
 "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
 "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"hundred":100,"thousand":1000,
 "once":1,"twice":2,"single":1,"half":0.5,"dozen":12,"first":1,"second":2,"third":3,"fourth":4,"fifth":5}
def nums(t):
    t = t.lower().replace(",", "")
    out = set()
    for m in re.findall(r"\d+(?:\.\d+)?", t):
        out.add(float(m))
    for w in re.findall(r"[a-z]+", t):
        if w in WORDS: out.add(float(WORDS[w]))
    return out
def nums_strict(t):
    t = t.lower().replace(",", "").replace("half past", "")
    out = set(float(m) for m in re.findall(r"\d+(?:\.\d+)?", t))
    for w in re.findall(r"[a-z]+", t):
        if w in WORDS and w not in ("first","second","single","once"): out.add(float(WORDS[w]))
    return out

# Part B
B = [json.loads(l) for l in open(os.path.join(HERE, "paraphrase_corpus_v34.jsonl"))]
ids = [r["id"] for r in B]
if len(ids) != len(set(ids)): errs.append("B dup ids")
texts = []
c = Counter()
for r in B:
    assert r["split"] == "final"
    if r["kind"] == "group":
        c["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("group size " + r["id"])
        texts += r["members"]
    elif r["kind"] == "lookalike":
        c["lookalike"] += 1; c["differs_" + r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("pair " + r["id"])
        texts += r["pair"]
    elif r["kind"] == "filler":
        c["filler"] += 1; texts.append(r["text"])
    else: errs.append("kind " + r["id"])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B word limit: %r" % t)
dup = [t for t, n in Counter(texts).items() if n > 1]
if dup: errs.append("B dup texts %r" % dup)
print("Part B:", dict(sorted(c.items())))

# Part A
A = [json.loads(l) for l in open(os.path.join(HERE, "merge_corpus_v34.jsonl"))]
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
ca = Counter(); atexts = []
stats = {"faithful": [], "lossy": []}
ids = set()
for r in A:
    if set(r) != keys: errs.append("A keys " + r["case_id"])
    if r["case_id"] in ids: errs.append("A dup id")
    ids.add(r["case_id"])
    if r["split"] != "final": errs.append("split")
    if not 2 <= len(r["sources"]) <= 3: errs.append("nsrc " + r["case_id"])
    for s in r["sources"]:
        if s["category"] != r["category"]: errs.append("cat " + r["case_id"])
        if s["id"] in ids: errs.append("dup src id")
        ids.add(s["id"])
        n = wc(s["content"])
        if not 5 <= n <= 35: errs.append("A src word limit %s %d" % (r["case_id"], n))
        stats[r["label"]].append(n)
        atexts.append(s["content"])
    atexts.append(r["merged"])
    if r["reword"] not in ("light", "heavy"): errs.append("reword")
    if r["label"] == "faithful":
        if r["kind"] is not None or r["note"] != "": errs.append("faithful kind/note " + r["case_id"])
        ca["faithful"] += 1; ca["faithful_" + r["reword"]] += 1
        mn = nums(r["merged"])
        for s in r["sources"]:
            for x in nums_strict(s["content"]):
                if x not in mn:
                    errs.append("number %s missing in merge %s: %r" % (x, r["case_id"], s["content"]))
    elif r["label"] == "lossy":
        if r["kind"] not in ("negation","quantity","dropped","detail","status","attribution") or not r["note"]:
            errs.append("lossy kind/note " + r["case_id"])
        ca["lossy"] += 1; ca["lossy_" + str(r["kind"])] += 1; ca["lossy_" + r["reword"]] += 1
    else: errs.append("label")
    ca["nsrc_%d" % len(r["sources"])] += 1
dup = [t for t, n in Counter(atexts).items() if n > 1]
if dup: errs.append("A dup texts %r" % dup)
print("Part A:", dict(sorted(ca.items())))
for lab, v in stats.items():
    if v:
        print("  %s sources: n=%d mean words=%.2f share>=18=%.2f" % (lab, len(v), sum(v)/len(v), sum(1 for x in v if x >= 18)/len(v)))
def toks(t): return set(re.findall(r"[a-z0-9]+", t.lower()))
for lab in ("faithful", "lossy"):
    ov = []
    for r in A:
        if r["label"] != lab: continue
        ss = [toks(x["content"]) for x in r["sources"]]
        for i in range(len(ss)):
            for j in range(i + 1, len(ss)):
                ov.append(len(ss[i] & ss[j]) / len(ss[i] | ss[j]))
    if ov: print("  %s within-case source overlap (Jaccard): %.3f" % (lab, sum(ov) / len(ov)))
    rs = [r for r in A if r["label"] == lab]
    if rs: print("  %s share of 3-source cases: %.2f" % (lab, sum(len(r["sources"]) == 3 for r in rs) / len(rs)))
for e in errs: print("ERROR:", e)
print("OK" if not errs else "FAILED (%d errors)" % len(errs))
sys.exit(1 if errs else 0)
