import json, re, os, sys, itertools
from collections import Counter
D = os.path.dirname(os.path.abspath(__file__))
errs, warns = [], []
def wc(t): return len(t.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
 "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
 "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
 "hundred":100,"thousand":1000,"once":1,"twice":2,"thrice":3,"half":0.5,"single":1,"double":2,"dozen":12,
 "first":1,"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"seventh":7,"eighth":8,"ninth":9,"tenth":10,
 "ninetieth":90,"fortieth":40,"fiftieth":50,"thirtieth":30,"twentieth":20,"pair":2,"couple":2}
MONTHS = ["jan","feb","mar","apr","may","jun","jul","aug","sep","oct","nov","dec"]
MONTHS_FULL = set("january february march april may june july august september october november december sept".split())
def nums(t):
    t = t.lower().replace(",", "").replace(":00", "")
    vals = set()
    for m in re.finditer(r"\d+(?:\.\d+)?", t):
        v = float(m.group()); vals.add(v)
        end = t[m.end():m.end()+2]
        if end.startswith("k"): vals.add(v*1000)
    toks = re.findall(r"[a-z]+", t)
    for i, w in enumerate(toks):
        if w[:3] in MONTHS and (w in MONTHS_FULL or len(w) == 3): vals.add(float(MONTHS.index(w[:3]) + 1))
        if w in NUMW:
            v = NUMW[w]; vals.add(float(v))
            if i+1 < len(toks) and toks[i+1] in ("hundred", "thousand"):
                vals.add(float(v*NUMW[toks[i+1]]))
        m = re.match(r"(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(one|two|three|four|five|six|seven|eight|nine)$", w)
        if m: vals.add(float(NUMW[m.group(1)]+NUMW[m.group(2)]))
    # hyphenated compounds e.g. thirty-five
    for m in re.finditer(r"(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)", t):
        vals.add(float(NUMW[m.group(1)]+NUMW[m.group(2)]))
    return vals
def digit_nums(t):
    t = t.lower().replace(",", "").replace(":00", "")
    out = set()
    for m in re.finditer(r"\d+(?:\.\d+)?", t): out.add(float(m.group()))
    for m in re.finditer(r"\b(twice|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand)\b", t):
        out.add(float(NUMW[m.group(1)]))
    return out

def toks(t): return set(re.findall(r"[a-z0-9]+", t.lower())) - STOP
STOP = set("the a an of to in on at for and or is are was were be has have had with by from as it its that this user user's s".split())

# ---------- Part B ----------
pb = [json.loads(l) for l in open(os.path.join(D, "paraphrase_corpus_v24.jsonl"), encoding="utf-8")]
ids = [r["id"] for r in pb]
if len(ids) != len(set(ids)): errs.append("B: duplicate ids")
c = Counter()
texts = []
for r in pb:
    if r.get("split") != "final": errs.append("B split " + r["id"])
    if r["kind"] == "group":
        c["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("B members count " + r["id"])
        texts += r["members"]
        if not re.match(r"pg24-\d{3}$", r["id"]): errs.append("B id " + r["id"])
    elif r["kind"] == "lookalike":
        c["lookalike"] += 1; c["differs_" + r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("B pair " + r["id"])
        texts += r["pair"]
        if not re.match(r"la24-\d{3}$", r["id"]): errs.append("B id " + r["id"])
    elif r["kind"] == "filler":
        c["filler"] += 1; texts.append(r["text"])
        if not re.match(r"f24-\d{3}$", r["id"]): errs.append("B id " + r["id"])
    else: errs.append("B kind " + str(r))
    if "domain" not in r: errs.append("B domain " + r["id"])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B word count %d: %s" % (wc(t), t))
dup = [t for t, n in Counter(texts).items() if n > 1]
if dup: errs.append("B duplicate texts: %s" % dup)
exp = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in exp.items():
    if c[k] != v: errs.append("B count %s=%d expected %d" % (k, c[k], v))
for d in "name number date negation status place person object time".split():
    if c["differs_" + d] != 3: errs.append("B differs %s=%d" % (d, c["differs_" + d]))
print("Part B:", dict(sorted(c.items())), "texts:", len(texts))

# ---------- Part A ----------
pa = [json.loads(l) for l in open(os.path.join(D, "merge_corpus_v24.jsonl"), encoding="utf-8")]
KINDS = ["negation", "quantity", "dropped", "detail", "status", "attribution"]
cids = [r["case_id"] for r in pa]
if len(cids) != len(set(cids)): errs.append("A duplicate case ids")
ca = Counter(); alltexts = []
stats = {"faithful": [], "lossy": []}; ovl = {"faithful": [], "lossy": []}; nsrc = {"faithful": [], "lossy": []}
sids = []
for r in pa:
    keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
    if set(r) != keys: errs.append("A keys " + r["case_id"])
    if not re.match(r"e24-\d{4}$", r["case_id"]): errs.append("A id " + r["case_id"])
    if r["split"] != "final": errs.append("A split")
    if r["label"] not in ("faithful", "lossy"): errs.append("A label " + r["case_id"])
    if r["reword"] not in ("light", "heavy"): errs.append("A reword " + r["case_id"])
    if not 2 <= len(r["sources"]) <= 3: errs.append("A nsrc " + r["case_id"])
    for j, s in enumerate(r["sources"], 1):
        if s["id"] != "%s-s%d" % (r["case_id"], j): errs.append("A sid " + s["id"])
        if s["category"] != r["category"]: errs.append("A cat " + s["id"])
        if not 5 <= wc(s["content"]) <= 35: errs.append("A src wc %d: %s" % (wc(s["content"]), s["content"]))
        stats[r["label"]].append(wc(s["content"])); alltexts.append(s["content"]); sids.append(s["id"])
    for a, b in itertools.combinations(r["sources"], 2):
        A, B = toks(a["content"]), toks(b["content"])
        ovl[r["label"]].append(len(A & B) / max(1, len(A | B)))
    nsrc[r["label"]].append(len(r["sources"]))
    alltexts.append(r["merged"])
    if "/" not in r["category"]: errs.append("A category " + r["case_id"])
    if r["label"] == "faithful":
        ca["faithful"] += 1; ca["faithful_" + r["reword"]] += 1
        if r["kind"] is not None or r["note"] != "": errs.append("A faithful kind/note " + r["case_id"])
        mv = nums(r["merged"])
        for s in r["sources"]:
            for v in digit_nums(s["content"]):
                if v not in mv: errs.append("A number %g of source not in merge %s: %s || %s" % (v, r["case_id"], s["content"], r["merged"]))
    else:
        ca["lossy"] += 1; ca["lossy_" + str(r["kind"])] += 1; ca["lossy_" + r["reword"]] += 1
        if r["kind"] not in KINDS: errs.append("A lossy kind " + r["case_id"])
        if not r["note"]: errs.append("A lossy note empty " + r["case_id"])
if len(sids) != len(set(sids)): errs.append("A duplicate source ids")
dup = [t for t, n in Counter(alltexts).items() if n > 1]
if dup: errs.append("A duplicate texts: %s" % dup)
print("Part A:", dict(sorted(ca.items())))
for lab in ("faithful", "lossy"):
    w = stats[lab]
    if w:
        print("  %-8s sources=%d mean_words=%.2f share>=18=%.2f min=%d max=%d mean_jaccard_between_sources=%.3f share_3src=%.2f" % (
            lab, len(w), sum(w)/len(w), sum(x >= 18 for x in w)/len(w), min(w), max(w),
            sum(ovl[lab])/max(1,len(ovl[lab])), sum(n == 3 for n in nsrc[lab])/len(nsrc[lab])))
        if not 14 <= sum(w)/len(w) <= 20: warns.append("%s mean words out of 14-20" % lab)
        if sum(x >= 18 for x in w)/len(w) < 1/3: warns.append("%s share>=18 below 1/3" % lab)
targets = {"faithful": 120, "lossy": 72}
for k, v in targets.items():
    if ca[k] != v: warns.append("A count %s=%d (target %d)" % (k, ca[k], v))
for k in KINDS:
    if ca["lossy_" + k] != 12: warns.append("A lossy %s=%d (target 12)" % (k, ca["lossy_" + k]))
if ca["faithful_heavy"] < 85: warns.append("A faithful heavy=%d (target >=85)" % ca["faithful_heavy"])
for w in warns: print("WARN:", w)
for e in errs: print("ERROR:", e)
print("OK" if not errs else "FAILED (%d errors)" % len(errs))
sys.exit(1 if errs else 0)
