import json, re, os, collections
D = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(s): return len(s.split())
NUMW = {"zero":0,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
        "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
        "hundred":100,"twice":2,"dozen":12}
# "one", "first", "second", "half" etc. are left out: too often pronouns/ordinals ("when one starts", "second half")
def nums(s):
    out = set()
    for m in re.findall(r"\d[\d,]*(?:\.\d+)?", s):
        try: out.add(float(m.replace(",", "")))
        except ValueError: pass
    for w in re.findall(r"[A-Za-z]+", s.lower()):
        if w in NUMW: out.add(float(NUMW[w]))
    return out
def numset_forms(s):
    base = nums(s)
    extra = set()
    for m in re.findall(r"(\d+(?:\.\d+)?)\s*k\b", s.lower()): extra.add(float(m) * 1000)
    low = s.lower()
    # accepted equivalent forms: "fortnight(ly)" = two weeks, "half-hour" = 30 minutes, "a decade" = ten years
    if "fortnight" in low: extra |= {2.0, 14.0}
    if "half-hour" in low or "half an hour" in low: extra.add(30.0)
    if "decade" in low: extra.add(10.0)
    return base | extra

# ---- Part B
p = os.path.join(D, "paraphrase_corpus_v45b.jsonl")
recs = [json.loads(l) for l in open(p, encoding="utf-8")]
ids = [r["id"] for r in recs]
if len(ids) != len(set(ids)): errs.append("B dup ids")
texts = []
c = collections.Counter()
diffs = collections.Counter()
for r in recs:
    if r.get("split") != "final": errs.append("B split " + r["id"])
    if "domain" not in r: errs.append("B domain " + r["id"])
    if r["kind"] == "group":
        c["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("B members " + r["id"])
        texts += r["members"]
    elif r["kind"] == "lookalike":
        c["lookalike"] += 1; diffs[r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("B pair " + r["id"])
        texts += r["pair"]
    elif r["kind"] == "filler":
        c["filler"] += 1; texts.append(r["text"])
    else: errs.append("B kind " + r["id"])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B words %d: %s" % (wc(t), t))
dup = [t for t, n in collections.Counter(texts).items() if n > 1]
if dup: errs.append("B dup text %s" % dup)
print("Part B:", dict(c), "differs:", dict(diffs))
for k, v in {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}.items():
    if c[k] != v: print("  B count short/over: %s=%d (target %d)" % (k, c[k], v))

# ---- Part A
p = os.path.join(D, "merge_corpus_v45b.jsonl")
cases = [json.loads(l) for l in open(p, encoding="utf-8")]
KEYS = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
cids = [x["case_id"] for x in cases]
if len(cids) != len(set(cids)): errs.append("A dup case ids")
sids = [s["id"] for x in cases for s in x["sources"]]
if len(sids) != len(set(sids)): errs.append("A dup source ids")
atexts = []
lab = collections.Counter(); kinds = collections.Counter(); rw = collections.Counter(); nsrc = collections.Counter()
doms = collections.Counter()
wstats = {"faithful": [], "lossy": []}
for x in cases:
    if set(x) != KEYS: errs.append("A keys " + x["case_id"])
    if x["split"] != "final": errs.append("A split")
    if x["label"] not in ("faithful", "lossy"): errs.append("A label " + x["case_id"])
    if x["reword"] not in ("light", "heavy"): errs.append("A reword " + x["case_id"])
    if not 2 <= len(x["sources"]) <= 3: errs.append("A nsrc " + x["case_id"])
    nsrc[len(x["sources"])] += 1
    doms[x["domain"]] += 1
    for s in x["sources"]:
        if s["category"] != x["category"]: errs.append("A cat " + x["case_id"])
        if not 5 <= wc(s["content"]) <= 35: errs.append("A src words %d %s" % (wc(s["content"]), x["case_id"]))
        wstats[x["label"]].append(wc(s["content"]))
        atexts.append(s["content"])
    atexts.append(x["merged"])
    lab[x["label"]] += 1
    if x["label"] == "faithful":
        rw[x["reword"]] += 1
        if x["kind"] is not None or x["note"] != "": errs.append("A faithful kind/note " + x["case_id"])
        mn = numset_forms(x["merged"])
        for s in x["sources"]:
            for n in nums(s["content"]):
                if n not in mn: errs.append("A faithful number %s missing in merge %s" % (n, x["case_id"]))
    else:
        kinds[x["kind"]] += 1
        rw["lossy_" + x["reword"]] += 1
        if x["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): errs.append("A kind " + x["case_id"])
        if not x["note"]: errs.append("A lossy note " + x["case_id"])
dupa = [t for t, n in collections.Counter(atexts).items() if n > 1]
if dupa: errs.append("A dup text %s" % dupa)
print("Part A: cases=%d labels=%s kinds=%s reword=%s nsources=%s domains=%d" % (len(cases), dict(lab), dict(kinds), dict(rw), dict(nsrc), len(doms)))
for L in ("faithful", "lossy"):
    w = wstats[L]
    if w:
        print("  %s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d" % (L, len(w), sum(w)/len(w), sum(1 for v in w if v >= 18)/len(w), min(w), max(w)))
if lab["faithful"] != 120 or any(kinds[k] != 12 for k in ("negation","quantity","dropped","detail","status","attribution")):
    print("  A counts not at target (120 faithful, 12 per lossy kind)")
print("ERRORS:" if errs else "OK: no errors")
for e in errs: print("  ", e)
