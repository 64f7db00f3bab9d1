import json, re, os, sys, collections
HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(s): return len(s.split())
W = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
     "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"eighteen":18,"twenty":20,
     "thirty":30,"forty":40,"fifty":50,"sixty":60,"ninety":90,"hundred":100,"thousand":1000,
     "twice":2,"half":0.5,"dozen":12,"first":1,"second":2,"third":3,"fourth":4,"fifth":5}
def nums(s):
    s2 = s.lower().replace(",", "")
    out = set()
    for m in re.findall(r"(?<![\d.a-z])\d+(?:\.\d+)?(?!\.\d|\d|k\b)", s2):
        out.add(float(m))
    for w in re.findall(r"[a-z]+", s2):
        if w in W: out.add(float(W[w]))
    # expand simple forms: "2pm"/"14:00", "95k"
    if "fortnight" in s2: out.update({2.0, 14.0})
    if "dozen" in s2: out.add(12.0)
    for m in re.findall(r"(\d+(?:\.\d+)?)k\b", s2): out.add(float(m) * 1000)
    for m in re.findall(r"(\d+)(?::00)?\s*pm\b", s2): out.add(float(m) + 12)
    return out

# ---- Part B
B = [json.loads(l) for l in open(os.path.join(HERE, "paraphrase_corpus_v32.jsonl"), encoding="utf-8")]
ids = [r["id"] for r in B]
if len(ids) != len(set(ids)): errs.append("B duplicate ids")
cnt = collections.Counter()
texts = []
for r in B:
    assert r["split"] == "final"
    if r["kind"] == "group":
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("group size " + r["id"])
        texts += r["members"]
    elif r["kind"] == "lookalike":
        cnt["lookalike"] += 1; cnt["differs_" + r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("pair " + r["id"])
        texts += r["pair"]
    elif r["kind"] == "filler":
        cnt["filler"] += 1; texts.append(r["text"])
    else: errs.append("kind " + r["id"])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B length %d: %s" % (wc(t), t))
dups = [t for t, c in collections.Counter(texts).items() if c > 1]
if dups: errs.append("B dup texts %s" % dups)
print("Part B:", dict(sorted(cnt.items())))
print("  B text words mean %.1f" % (sum(map(wc, texts)) / len(texts)))

# ---- Part A
A = [json.loads(l) for l in open(os.path.join(HERE, "merge_corpus_v32.jsonl"), encoding="utf-8")]
cids = [c["case_id"] for c in A]
if len(cids) != len(set(cids)): errs.append("A duplicate ids")
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
acnt = collections.Counter(); allt = []
stats = {"faithful": [], "lossy": []}
nsrc = collections.Counter()
for c in A:
    if set(c) != keys: errs.append("keys " + c["case_id"])
    if c["split"] != "final": errs.append("split")
    lab = c["label"]
    if lab == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append("faithful kind/note " + c["case_id"])
        acnt["faithful_" + c["reword"]] += 1
    elif lab == "lossy":
        if c["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): errs.append("kind " + c["case_id"])
        if not c["note"]: errs.append("lossy note " + c["case_id"])
        acnt["lossy_" + c["kind"]] += 1; acnt["lossy_" + c["reword"]] += 1
    else: errs.append("label " + c["case_id"])
    if c["reword"] not in ("light","heavy"): errs.append("reword " + c["case_id"])
    if not 2 <= len(c["sources"]) <= 3: errs.append("nsrc " + c["case_id"])
    nsrc[len(c["sources"])] += 1
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], j): errs.append("sid " + s["id"])
        if s["category"] != c["category"]: errs.append("cat " + s["id"])
        n = wc(s["content"]); stats[lab].append(n)
        if not 5 <= n <= 35: errs.append("A src length %d: %s" % (n, s["content"]))
        allt.append(s["content"])
    allt.append(c["merged"])
    if lab == "faithful":
        mn = nums(c["merged"])
        for s in c["sources"]:
            for x in nums(s["content"]):
                if x not in mn: errs.append("number %g missing in merge %s: %s" % (x, c["case_id"], c["merged"]))
dups = [t for t, k in collections.Counter(allt).items() if k > 1]
if dups: errs.append("A dup texts %s" % dups)
print("Part A: cases %d" % len(A), dict(sorted(acnt.items())), "sources per case", dict(nsrc))
for lab, L in stats.items():
    if L:
        print("  %s sources: n=%d mean words %.1f, share >=18 words %.2f, min %d max %d" % (
            lab, len(L), sum(L)/len(L), sum(1 for x in L if x >= 18)/len(L), min(L), max(L)))
STOP = set("the a an and or of to in on at for with is was are be by from as his her their its that this it has have had every each user user's s".split())
def cw(t): return set(w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOP)
for lab in ("faithful", "lossy"):
    cs = [c for c in A if c["label"] == lab]
    if not cs: continue
    ov = []
    for c in cs:
        S = [cw(x["content"]) for x in c["sources"]]
        for i in range(len(S)):
            for j in range(i + 1, len(S)):
                ov.append(len(S[i] & S[j]) / max(1, len(S[i] | S[j])))
    three = sum(1 for c in cs if len(c["sources"]) == 3) / len(cs)
    print("  %s: share of 3-source cases %.2f, mean pairwise source content-word Jaccard %.2f" % (lab, three, sum(ov) / len(ov)))
LOWER = set(w for c in A for x in c["sources"] for w in re.findall(r"\b[a-z][a-z'-]*", x["content"]))
def register(c, t):
    if c["category"].startswith("tech/") or c["domain"] == "software": return "project/system"
    if re.match(r"(the )?user\b", t, re.I): return "user-sentence"
    first = re.sub(r"'s$", "", t.split()[0].strip(",;:"))
    if first in ("The", "A", "An", "Our", "Each", "Every", "Mrs.", "Mr.", "Dr.", "Dr", "Sister"):
        return "named-or-thing"
    if first.lower() in LOWER or not first[0].isupper(): return "terse"
    return "named-or-thing"
for lab in ("faithful", "lossy"):
    rc = collections.Counter(register(c, x["content"]) for c in A if c["label"] == lab for x in c["sources"])
    print("  %s source registers (heuristic): %s" % (lab, dict(rc)))
if errs:
    print("ERRORS (%d):" % len(errs)); [print("  " + e) for e in errs]; sys.exit(1)
print("OK")
