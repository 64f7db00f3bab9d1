import json, re, sys, collections
errs = []
def wc(t): return len(t.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
 "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
 "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
 "hundred":100,"thousand":1000,"once":1,"twice":2,"single":1,"pair":2,"dozen":12,"half":0.5,"a half":0.5,
 "first":1,"second":2,"third":3,"fourth":4,"fifth":5}
MONTHS = ["january","february","march","april","may","june","july","august","september","october","november","december"]
def nums(t):
    t = t.lower()
    out = set()
    for m in re.findall(r"\d[\d,]*(?:\.\d+)?", t):
        m = m.replace(",", "")
        try:
            v = float(m); out.add(v)
        except ValueError:
            pass
    for m in re.findall(r"(\d+(?:\.\d+)?)\s*k\b", t):
        out.add(float(m) * 1000)
    for w, v in NUMW.items():
        if re.search(r"\b" + w + r"\b", t):
            out.add(float(v))
    for i, mo in enumerate(MONTHS, 1):
        if re.search(r"\b" + mo[:3], t):
            out.add(float(i))
    return out
def src_nums(t):
    t2 = t.lower()
    out = set()
    for m in re.findall(r"\d[\d,]*(?:\.\d+)?", t2):
        out.add(float(m.replace(",", "")))
    return out

# ---- Part B
ids = set(); texts = collections.Counter(); cnt = collections.Counter()
for ln, line in enumerate(open("paraphrase_corpus_v22.jsonl", encoding="utf-8"), 1):
    r = json.loads(line)
    if r["id"] in ids: errs.append("dup id " + r["id"])
    ids.add(r["id"])
    if r.get("split") != "final": errs.append("split " + r["id"])
    if not r.get("domain"): errs.append("domain " + r["id"])
    k = r["kind"]
    if k == "group":
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("members count " + r["id"])
        ts = r["members"]
    elif k == "lookalike":
        cnt["lookalike"] += 1; cnt["differs_" + r["differs"]] += 1
        if r["differs"] not in "name number date negation status place person object time".split(): errs.append("differs " + r["id"])
        ts = r["pair"]
        if len(ts) != 2: errs.append("pair " + r["id"])
    elif k == "filler":
        cnt["filler"] += 1; ts = [r["text"]]
    else:
        errs.append("kind " + str(k)); ts = []
    for t in ts:
        texts[t.strip().lower()] += 1
        if not 5 <= wc(t) <= 25: errs.append("B word count %d %s: %s" % (wc(t), r["id"], t))
for t, c in texts.items():
    if c > 1: errs.append("B dup text: " + t)
print("Part B counts:", dict(sorted(cnt.items())))
for key, want in [("group_easy", 12), ("group_hard", 20), ("lookalike", 27), ("filler", 40)]:
    if cnt[key] != want: print("  SHORT/OVER %s: %d / %d" % (key, cnt[key], want))
for d in "name number date negation status place person object time".split():
    if cnt["differs_" + d] != 3: print("  differs %s: %d / 3" % (d, cnt["differs_" + d]))

# ---- Part A
ids = set(); texts = collections.Counter(); cnt = collections.Counter()
wstats = collections.defaultdict(list); nsrc = collections.Counter(); regs = collections.Counter()
domains = set()
for line in open("merge_corpus_v22.jsonl", encoding="utf-8"):
    r = json.loads(line)
    need = ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]
    for n in need:
        if n not in r: errs.append("missing %s %s" % (n, r.get("case_id")))
    cid = r["case_id"]
    if cid in ids: errs.append("dup id " + cid)
    ids.add(cid)
    domains.add(r["domain"])
    if r["label"] not in ("faithful", "lossy"): errs.append("label " + cid)
    if r["label"] == "faithful" and (r["kind"] is not None or r["note"]): errs.append("faithful kind/note " + cid)
    if r["label"] == "lossy" and (r["kind"] not in "negation quantity dropped detail status attribution".split() or not r["note"]): errs.append("lossy kind/note " + cid)
    if r["reword"] not in ("light", "heavy"): errs.append("reword " + cid)
    if "/" not in r["category"]: errs.append("category " + cid)
    if not 2 <= len(r["sources"]) <= 3: errs.append("nsources " + cid)
    nsrc[len(r["sources"])] += 1
    for s in r["sources"]:
        if s["category"] != r["category"]: errs.append("src cat " + cid)
        if not s["id"].startswith(cid + "-s"): errs.append("src id " + cid)
        w = wc(s["content"])
        if not 5 <= w <= 35: errs.append("A src wc %d %s: %s" % (w, cid, s["content"]))
        wstats[r["label"]].append(w)
        texts[s["content"].strip().lower()] += 1
    texts[r["merged"].strip().lower()] += 1
    key = r["label"] if r["label"] == "faithful" else "lossy_" + r["kind"]
    cnt[key] += 1
    cnt[r["label"] + "_" + r["reword"]] += 1
    if r["label"] == "faithful":
        mn = nums(r["merged"])
        for s in r["sources"]:
            for v in src_nums(s["content"]):
                if v not in mn:
                    errs.append("faithful %s: number %g of source missing from merge" % (cid, v))
for t, c in texts.items():
    if c > 1: errs.append("A dup text: " + t)
print("Part A counts:", dict(sorted(cnt.items())))
print("  sources per case:", dict(nsrc), " domains:", len(domains))
for lab in ("faithful", "lossy"):
    ws = wstats[lab]
    if ws:
        mean = sum(ws) / len(ws); share = sum(1 for w in ws if w >= 18) / len(ws)
        print("  %s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d" % (lab, len(ws), mean, share, min(ws), max(ws)))
        if not 14 <= mean <= 20: errs.append("%s mean source words %.2f outside 14-20" % (lab, mean))
        if share < 1/3: errs.append("%s share>=18 %.2f < 1/3" % (lab, share))
want = {"faithful": 120}
want.update({"lossy_" + k: 12 for k in "negation quantity dropped detail status attribution".split()})
for k, v in want.items():
    if cnt[k] != v: print("  SHORT/OVER %s: %d / %d" % (k, cnt[k], v))
print("  faithful heavy: %d (want >=85)" % cnt["faithful_heavy"])
if errs:
    print("ERRORS (%d):" % len(errs)); [print("  " + e) for e in errs]; sys.exit(1)
print("OK: no errors")
