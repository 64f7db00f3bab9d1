import json, re, sys, collections
errs = []
def wc(t): return len(t.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"hundred":100,
        "once":1,"twice":2,"single":1,"half":0.5,"dozen":12}
def nums(t):
    t = t.lower().replace(",", "")
    out = set()
    for m in re.findall(r"\d+(?:\.\d+)?", t):
        out.add(float(m))
    for w in re.findall(r"[a-z]+", t):
        if w in NUMW: out.add(float(NUMW[w]))
    return out
def digit_nums(t):
    return set(float(m) for m in re.findall(r"\d+(?:\.\d+)?", t.lower().replace(",", "")))

# Part B
ids = set(); texts = collections.Counter(); cnt = collections.Counter()
for ln, line in enumerate(open("paraphrase_corpus_v54b.jsonl", encoding="utf-8"), 1):
    r = json.loads(line)
    if r["id"] in ids: errs.append("dup id " + r["id"])
    ids.add(r["id"])
    if r.get("split") != "final": errs.append("split " + r["id"])
    if r["kind"] == "group":
        assert set(r) == {"kind","id","difficulty","domain","split","members"}, r
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("members count " + r["id"])
        ts = r["members"]
    elif r["kind"] == "lookalike":
        assert set(r) == {"kind","id","differs","domain","split","pair"}, r
        cnt["lookalike"] += 1; cnt["differs_" + r["differs"]] += 1
        if r["differs"] not in "name number date negation status place person object time".split(): errs.append("differs " + r["id"])
        ts = r["pair"]; assert len(ts) == 2
    elif r["kind"] == "filler":
        assert set(r) == {"kind","id","domain","split","text"}, r
        cnt["filler"] += 1; ts = [r["text"]]
    else:
        errs.append("kind " + str(r)); ts = []
    for t in ts:
        texts[t] += 1
        if not 5 <= wc(t) <= 25: errs.append("B word count %d: %s" % (wc(t), t))
for t, n in texts.items():
    if n > 1: errs.append("B duplicate text: " + t)
print("Part B:", dict(sorted(cnt.items())))
exp = {"group_easy":12, "group_hard":20, "lookalike":27, "filler":40}
for k, v in exp.items():
    if cnt[k] != v: print("  B count short/off: %s = %d (target %d)" % (k, cnt[k], v))
for d in "name number date negation status place person object time".split():
    if cnt["differs_" + d] != 3: print("  B differs %s = %d (target 3)" % (d, cnt["differs_" + d]))

# Part A
ids = set(); texts = collections.Counter(); cnt = collections.Counter()
lens = collections.defaultdict(list); nsrc = collections.Counter()
for line in open("merge_corpus_v54b.jsonl", encoding="utf-8"):
    c = json.loads(line)
    assert set(c) == {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}, c
    if c["case_id"] in ids: errs.append("dup id " + c["case_id"])
    ids.add(c["case_id"])
    if c["label"] not in ("faithful", "lossy"): errs.append("label " + c["case_id"])
    if c["reword"] not in ("light", "heavy"): errs.append("reword " + c["case_id"])
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append("faithful kind/note " + c["case_id"])
        cnt["faithful"] += 1; cnt["faithful_" + c["reword"]] += 1
    else:
        if c["kind"] not in ("negation","quantity","dropped","detail","status","attribution") or not c["note"]:
            errs.append("lossy kind/note " + c["case_id"])
        cnt["lossy"] += 1; cnt["lossy_" + str(c["kind"])] += 1; cnt["lossy_" + c["reword"]] += 1
    if not 2 <= len(c["sources"]) <= 3: errs.append("n sources " + c["case_id"])
    nsrc[len(c["sources"])] += 1
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], j): errs.append("src id " + s["id"])
        if s["category"] != c["category"]: errs.append("src cat " + s["id"])
        n = wc(s["content"])
        if not 5 <= n <= 35: errs.append("A source word count %d: %s" % (n, s["content"]))
        lens[c["label"]].append(n)
        texts[s["content"]] += 1
    texts[c["merged"]] += 1
    if c["label"] == "faithful":
        mn = nums(c["merged"])
        for s in c["sources"]:
            for x in digit_nums(s["content"]) | nums(s["content"]):
                if x not in mn:
                    errs.append("faithful %s: number %s of source missing in merge" % (c["case_id"], x))
for t, n in texts.items():
    if n > 1: errs.append("A duplicate text: " + t)
print("Part A:", dict(sorted(cnt.items())), "sources per case:", dict(nsrc))
for lab in ("faithful", "lossy"):
    L = lens[lab]
    if L:
        print("  %s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d" % (
            lab, len(L), sum(L)/len(L), sum(1 for x in L if x >= 18)/len(L), min(L), max(L)))
# how much the sources of one case overlap each other (Jaccard of lower-cased word sets), per label
ov = collections.defaultdict(list)
for line in open("merge_corpus_v54b.jsonl", encoding="utf-8"):
    c = json.loads(line)
    S = [set(re.findall(r"[a-z0-9]+", s["content"].lower())) for s in c["sources"]]
    for i in range(len(S)):
        for j in range(i + 1, len(S)):
            ov[c["label"]].append(len(S[i] & S[j]) / len(S[i] | S[j]))
for lab in ("faithful", "lossy"):
    if ov[lab]:
        print("  %s within-case source overlap (Jaccard) mean=%.3f" % (lab, sum(ov[lab]) / len(ov[lab])))
if cnt["faithful"] != 120: print("  A faithful count %d (target 120)" % cnt["faithful"])
for k in ("negation","quantity","dropped","detail","status","attribution"):
    if cnt["lossy_" + k] != 12: print("  A lossy %s = %d (target 12)" % (k, cnt["lossy_" + k]))
if errs:
    print("ERRORS (%d):" % len(errs)); [print("  " + e) for e in errs]; sys.exit(1)
print("OK: no schema/id/length/duplicate/number errors")
