import json, re, sys
from collections import Counter

errs = []
def err(m): errs.append(m)
def wc(t): return len(t.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,
        "eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,
        "eighty":80,"ninety":90,"hundred":100,"thousand":1000,"twice":2,"half":0.5,"dozen":12,
        "single":1,"pair":2,"double":2,"triple":3,"a":None}
MONTHS = {m: i for i, m in enumerate(["january","february","march","april","may","june","july","august",
          "september","october","november","december"], 1)}
MONTHS.update({m[:3]: i for m, i in list(MONTHS.items())})
MONTHS["sept"] = 9

def nums(t):
    t = t.lower().replace(",", "")
    out = set()
    for m in re.finditer(r"\d+(?:\.\d+)?", t):
        v = float(m.group()); out.add(v)
        if v >= 1000: out.add(v / 1000)   # 95000 ~ 95k
    for m in re.finditer(r"(\d+(?:\.\d+)?)\s*k\b", t):
        out.add(float(m.group(1)) * 1000)
    for a, b in re.findall(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b", t):
        out.add(float(NUMW[a] + NUMW[b]))
    t = re.sub(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b", " ", t)
    for w in re.findall(r"[a-z]+", t):
        if w in NUMW and NUMW[w] is not None: out.add(float(NUMW[w]))
        if w in MONTHS: out.add(float(MONTHS[w]))
    return out

def src_nums(t):
    """numbers a source states (digits + number words), excluding months handled as numbers too"""
    return nums(t)

# ---------- Part B ----------
B = [json.loads(l) for l in open("paraphrase_corpus_v39b.jsonl", encoding="utf-8")]
ids = [r["id"] for r in B]
if len(ids) != len(set(ids)): err("B: duplicate ids")
texts = []
c = Counter()
for r in B:
    if r.get("split") != "final": err("B split " + r["id"])
    k = r["kind"]
    if k == "group":
        c["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: err("B members count " + r["id"])
        texts += r["members"]
        if r["difficulty"] not in ("easy", "hard"): err("difficulty " + r["id"])
    elif k == "lookalike":
        c["lookalike"] += 1; c["differs_" + r["differs"]] += 1
        if len(r["pair"]) != 2 or r["pair"][0] == r["pair"][1]: err("pair " + r["id"])
        texts += r["pair"]
        if r["differs"] not in "name number date negation status place person object time".split(): err("differs " + r["id"])
    elif k == "filler":
        c["filler"] += 1; texts.append(r["text"])
    else: err("kind " + r["id"])
    if not r.get("domain"): err("domain " + r["id"])
for t in texts:
    if not 5 <= wc(t) <= 25: err("B word limit (%d): %s" % (wc(t), t))
dup = [t for t, n in Counter(texts).items() if n > 1]
if dup: err("B duplicate texts: %s" % dup)
print("Part B counts:", dict(sorted(c.items())))
want = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if c[k] != v: print("  NOTE B count %s = %d (target %d)" % (k, c[k], v))

# ---------- Part A ----------
A = [json.loads(l) for l in open("merge_corpus_v39b.jsonl", encoding="utf-8")]
cids = [r["case_id"] for r in A]
if len(cids) != len(set(cids)): err("A duplicate case ids")
ca = Counter(); allsrc = []; lens = {"faithful": [], "lossy": []}; nsrc = Counter()
keys = ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]
for r in A:
    if list(r.keys()) != keys: err("A keys " + r["case_id"])
    if r["split"] != "final": err("A split")
    lab = r["label"]
    nsrc[len(r["sources"])] += 1
    if not 2 <= len(r["sources"]) <= 3: err("A nsrc " + r["case_id"])
    for s in r["sources"]:
        if s["category"] != r["category"]: err("A cat " + r["case_id"])
        if not re.fullmatch(r"e39b-\d{4}-s\d", s["id"]): err("A sid")
        n = wc(s["content"]); lens[lab].append(n); allsrc.append(s["content"])
        if not 5 <= n <= 35: err("A source word limit (%d) %s" % (n, s["content"]))
    if "/" not in r["category"]: err("A category " + r["case_id"])
    if r["reword"] not in ("light", "heavy"): err("reword " + r["case_id"])
    if lab == "faithful":
        ca["faithful"] += 1; ca["faithful_" + r["reword"]] += 1
        if r["kind"] is not None or r["note"] != "": err("A faithful kind/note " + r["case_id"])
        mn = nums(r["merged"])
        for s in r["sources"]:
            for v in src_nums(s["content"]):
                if v not in mn: err("A number %s of source missing in merge %s" % (v, r["case_id"]))
    elif lab == "lossy":
        ca["lossy"] += 1; ca["lossy_" + r["kind"]] += 1; ca["lossy_" + r["reword"]] += 1
        if r["kind"] not in "negation quantity dropped detail status attribution".split(): err("kind " + r["case_id"])
        if not r["note"]: err("A lossy note " + r["case_id"])
    else: err("label " + r["case_id"])
    if r["merged"] in [s["content"] for s in r["sources"]]: err("merge equals a source " + r["case_id"])
d = [t for t, n in Counter(allsrc).items() if n > 1]
if d: err("A duplicate source texts %s" % d)
print("Part A counts:", dict(sorted(ca.items())), "sources per case:", dict(nsrc))
for lab in ("faithful", "lossy"):
    L = lens[lab]
    if L:
        print("  %s sources: n=%d mean words=%.2f share>=18=%.2f" % (lab, len(L), sum(L)/len(L), sum(x >= 18 for x in L)/len(L)))

# ---------- diagnostics: what a reader sees before the merge ----------
STOP = set("the a an and or of to in on at for with is are was be by from as it its their they them his her he she this that user user's".split())
def cw(s): return set(w for w in re.findall(r"[a-z0-9']+", s.lower()) if w not in STOP)
TERSE_EXTRA = {"Had", "Was", "Is", "Still", "Already", "Bought", "Ordered", "Adopted", "Submitted", "Replaced", "Switched", "Requested", "Stopped", "Enrolled"}
NAMES_S = {"Marcus"}
def register(s, cat):
    """approximate register: (4) software/system, (2) user-sentence, (1) terse, (3) named/other"""
    w = s.split()
    if cat.startswith("tech/"): return "software/system"
    if s.startswith("The user") or s.startswith("User"): return "user-sentence"
    f = w[0]
    if f not in NAMES_S and (f in TERSE_EXTRA or (re.fullmatch(r"[A-Z][a-z]+(s|ing)", f) and len(w) > 1 and w[1][0].islower())):
        return "terse"
    return "named/other"
for lab in ("faithful", "lossy"):
    rs = [r for r in A if r["label"] == lab]
    ov = []
    for r in rs:
        ss = [cw(s["content"]) for s in r["sources"]]
        for i in range(len(ss)):
            for j in range(i + 1, len(ss)):
                ov.append(len(ss[i] & ss[j]) / max(1, len(ss[i] | ss[j])))
    reg = Counter(register(s["content"], r["category"]) for r in rs for s in r["sources"])
    tot = sum(reg.values())
    three = sum(len(r["sources"]) == 3 for r in rs) / len(rs)
    print("  %s: mean within-case source overlap (Jaccard)=%.3f, 3-source share=%.2f, registers(approx)=%s" % (
        lab, sum(ov) / len(ov), three, {k: round(v / tot, 2) for k, v in sorted(reg.items())}))
wantA = {"faithful": 120, "faithful_heavy": 85, "lossy": 72}
for k, v in wantA.items():
    if ca[k] < v: print("  NOTE A count %s = %d (target %d)" % (k, ca[k], v))
for k in "negation quantity dropped detail status attribution".split():
    if ca["lossy_" + k] != 12: print("  NOTE A lossy %s = %d (target 12)" % (k, ca["lossy_" + k]))
if errs:
    print("ERRORS (%d):" % len(errs)); [print("  " + e) for e in errs]; sys.exit(1)
print("OK: no errors")
