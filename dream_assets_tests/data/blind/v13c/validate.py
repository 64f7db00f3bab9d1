#!/usr/bin/env python3
import json, os, re, collections, statistics
HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,
        "eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,
        "eighty":80,"ninety":90,"hundred":100,"half":0.5,"twice":2,"once":1,"dozen":12,"thousand":1000}
MONTHS = ["jan","feb","mar","apr","may","jun","jul","aug","sep","oct","nov","dec"]
def nums(t):
    s = set()
    for m in re.findall(r"\d+(?:[.,]\d+)*", t):
        m2 = m.replace(",", "")
        try:
            v = float(m2); s.add(v)
        except ValueError:
            pass
    # word numbers, combining compounds ("ninety-five thousand" -> 95000, "eighteen hundred and fifty" -> 1850)
    toks = re.findall(r"[a-z]+", t.lower())
    total = cur = 0; active = False
    def flush():
        nonlocal total, cur, active
        if active: s.add(float(total + cur))
        total = cur = 0; active = False
    for i, w in enumerate(toks):
        if w in ("hundred",) and active:
            cur *= 100
        elif w in ("thousand",) and active:
            total += cur * 1000; cur = 0
        elif w == "and" and active and i + 1 < len(toks) and toks[i + 1] in NUMW:
            continue
        elif w in NUMW and w not in ("hundred", "thousand"):
            if active and NUMW[w] < 10 and cur % 10 == 0 and cur >= 20:
                cur += NUMW[w]
            elif active and cur >= 100 and cur % 100 == 0 and NUMW[w] < 100:
                cur += NUMW[w]
            else:
                flush(); cur = NUMW[w]; active = True
        else:
            flush()
    flush()
    return s
def num_forms(t):
    """all numeric values appearing in text, including k/m suffix expansions and digit pieces."""
    s = nums(t)
    for m in re.findall(r"(\d+(?:\.\d+)?)\s*([km])\b", t.lower()):
        v = float(m[0]) * (1000 if m[1] == "k" else 1e6); s.add(v)
    for m in re.findall(r"\d+", t):
        s.add(float(m))
    tl = t.lower()
    for w, v in (("first",1),("second",2),("thrice",3),("pair",2),("double",2),("couple",2),("fortnight",2),("third",3),("fourth",4),("fortnight",14),("weekly",1),("daily",1),("annual",1),("yearly",1)):
        if re.search(r"\b" + w + r"\b", tl): s.add(float(v))
    for h in re.findall(r"\b(\d{1,2}):\d{2}\b", t):
        if int(h) > 12: s.add(float(int(h) - 12))
    for i, mo in enumerate(MONTHS, 1):
        if re.search(r"\b" + mo, tl): s.add(float(i))
    # compound word numbers like "twenty-five", "forty thousand"
    for a, b in re.findall(r"(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)", tl):
        s.add(float(NUMW[a] + NUMW[b]))
    for a in re.findall(r"(\w+)[- ]thousand", tl):
        if a in NUMW: s.add(float(NUMW[a] * 1000))
    for a in re.findall(r"(\w+)[- ]hundred", tl):
        if a in NUMW: s.add(float(NUMW[a] * 100))
    return s

# ---------- Part B
pb = [json.loads(l) for l in open(os.path.join(HERE, "paraphrase_corpus_v13c.jsonl"), encoding="utf-8")]
ids = [r["id"] for r in pb]
if len(ids) != len(set(ids)): errs.append("B: duplicate ids")
texts = []
cnt = collections.Counter()
diffc = collections.Counter()
for r in pb:
    if r.get("split") != "final": errs.append("B split " + r["id"])
    if "domain" not in r: errs.append("B domain " + r["id"])
    k = r["kind"]
    if k == "group":
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("B group size " + r["id"])
        texts += r["members"]
        if not re.match(r"pg13c-\d{3}$", r["id"]): errs.append("B id " + r["id"])
    elif k == "lookalike":
        cnt["lookalike"] += 1; diffc[r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("B pair " + r["id"])
        texts += r["pair"]
        if not re.match(r"la13c-\d{3}$", r["id"]): errs.append("B id " + r["id"])
    elif k == "filler":
        cnt["filler"] += 1; texts.append(r["text"])
        if not re.match(r"f13c-\d{3}$", r["id"]): errs.append("B id " + r["id"])
    else:
        errs.append("B kind " + str(r))
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B words %d: %s" % (wc(t), t))
dups = [t for t, c in collections.Counter(texts).items() if c > 1]
if dups: errs.append("B duplicate texts: %s" % dups)
print("Part B counts:", dict(cnt), "differs:", dict(diffc))
exp = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in exp.items():
    if cnt[k] != v: print("  B count short/over: %s %d/%d" % (k, cnt[k], v))
for d in ["name","number","date","negation","status","place","person","object","time"]:
    if diffc[d] != 3: print("  B differs %s: %d/3" % (d, diffc[d]))

# ---------- Part A
pa = [json.loads(l) for l in open(os.path.join(HERE, "merge_corpus_v13c.jsonl"), encoding="utf-8")]
cids = [c["case_id"] for c in pa]
if len(cids) != len(set(cids)): errs.append("A: duplicate case ids")
KINDS = {"negation","quantity","dropped","detail","status","attribution"}
acnt = collections.Counter(); heavy = collections.Counter(); nsrc = collections.Counter()
allsrc = []; merged_all = []
lens = {"faithful": [], "lossy": []}
for c in pa:
    keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
    if set(c) != keys: errs.append("A keys " + c["case_id"])
    if not re.match(r"e13c-\d{4}$", c["case_id"]): errs.append("A id " + c["case_id"])
    if c["split"] != "final": errs.append("A split")
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append("A faithful kind/note " + c["case_id"])
        acnt["faithful"] += 1
    elif c["label"] == "lossy":
        if c["kind"] not in KINDS or not c["note"]: errs.append("A lossy kind/note " + c["case_id"])
        acnt[c["kind"]] += 1
    else:
        errs.append("A label " + c["case_id"])
    if c["reword"] not in ("light", "heavy"): errs.append("A reword " + c["case_id"])
    heavy[(c["label"], c["reword"])] += 1
    if "/" not in c["category"]: errs.append("A category " + c["case_id"])
    nsrc[len(c["sources"])] += 1
    if not 2 <= len(c["sources"]) <= 3: errs.append("A nsrc " + c["case_id"])
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], j): errs.append("A sid " + s["id"])
        if s["category"] != c["category"]: errs.append("A src category " + s["id"])
        w = wc(s["content"])
        if not 5 <= w <= 35: errs.append("A src words %d: %s" % (w, s["content"]))
        lens[c["label"]].append(w)
        allsrc.append(s["content"])
    merged_all.append(c["merged"])
    if c["label"] == "faithful":
        mf = num_forms(c["merged"])
        for s in c["sources"]:
            for v in nums(s["content"]):
                if v not in mf:
                    errs.append("A faithful number %g missing in merge %s" % (v, c["case_id"]))
d = [t for t, k in collections.Counter(allsrc).items() if k > 1]
if d: errs.append("A duplicate source texts: %s" % d)
d = [t for t, k in collections.Counter(merged_all).items() if k > 1]
if d: errs.append("A duplicate merges: %s" % d)
print("Part A counts:", dict(acnt), "total", len(pa))
print("  reword:", dict(heavy))
print("  sources per case:", dict(nsrc))
for lab in ("faithful", "lossy"):
    L = lens[lab]
    if L:
        print("  %s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d" % (
            lab, len(L), statistics.mean(L), sum(1 for x in L if x >= 18) / len(L), min(L), max(L)))
        if not 14 <= statistics.mean(L) <= 20: print("  WARNING %s mean outside 14-20" % lab)
        if sum(1 for x in L if x >= 18) / len(L) < 1/3: print("  WARNING %s share>=18 below 1/3" % lab)
expA = {"faithful": 120, **{k: 12 for k in KINDS}}
for k, v in expA.items():
    if acnt[k] != v: print("  A count short/over: %s %d/%d" % (k, acnt[k], v))

# ---------- surface parity between labels (what a reader sees before the merge)
STOP = set("the a an and or of to in on at for with is are was were be by from as it its this that their they them he she his her user user's s has have had but not no every each".split())
def cw(t): return set(w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOP)
ov = collections.defaultdict(list); n3 = collections.Counter(); tot = collections.Counter()
for c in pa:
    s = [x["content"] for x in c["sources"]]
    js = [len(cw(a) & cw(b)) / max(1, len(cw(a) | cw(b))) for i, a in enumerate(s) for b in s[i + 1:]]
    ov[c["label"]].append(statistics.mean(js)); tot[c["label"]] += 1
    if len(s) == 3: n3[c["label"]] += 1
for lab in ("faithful", "lossy"):
    if tot[lab]:
        print("  %s: mean pairwise content-word Jaccard between sources=%.3f, 3-source share=%.2f" % (
            lab, statistics.mean(ov[lab]), n3[lab] / tot[lab]))

print("ERRORS:", len(errs))
for e in errs: print("  ", e)
