import json, re, collections, sys
errs = []
def wc(s): return len(s.split())
W2N = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,"twelve":12,
       "fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,"hundred":100,"once":1,"single":1,"tenth":10,"fortnight":2,"fortnightly":2,"twice":2,"half":0.5,"dozen":12}
MONTHS = {m: i for i, m in enumerate(["jan","feb","mar","apr","may","jun","jul","aug","sep","oct","nov","dec"], 1)}
FREQ = ["monthly","weekly","daily","nightly","yearly","annual","annually","every day","each day"]
def nums(s, merged=False):
    out = set()
    low = s.lower()
    if merged and any(re.search(r"\b" + f + r"\b", low) for f in FREQ): out.add(1.0)
    for m in re.findall(r"\d+(?:[.,]\d+)?", s):
        v = m.replace(",", "")
        try: out.add(float(v))
        except: pass
    for w, v in W2N.items():
        if re.search(r"\b" + w + r"\b", low): out.add(float(v))
    TENS = {"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90}
    UNITS = {"one":1,"first":1,"two":2,"second":2,"three":3,"third":3,"four":4,"fourth":4,"five":5,"fifth":5,"six":6,"sixth":6,"seven":7,"seventh":7,"eight":8,"eighth":8,"nine":9,"ninth":9}
    for a, b in re.findall(r"\b(" + "|".join(TENS) + r")-(" + "|".join(UNITS) + r")\b", low): out.add(float(TENS[a] + UNITS[b]))
    for m in re.findall(r"(\d+(?:\.\d+)?)\s*k\b", low): out.add(float(m) * 1000)
    return out
def month_nums(s):
    return {float(v) for k, v in MONTHS.items() if re.search(r"\b" + k, s.lower())}
# Part B
ids = set(); texts = []; cnt = collections.Counter()
for ln, line in enumerate(open("paraphrase_corpus_v47.jsonl", encoding="utf-8"), 1):
    r = json.loads(line)
    if r["id"] in ids: errs.append("dup id " + r["id"])
    ids.add(r["id"])
    if r.get("split") != "final": errs.append("split " + r["id"])
    if r["kind"] == "group":
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("members " + r["id"])
        ts = r["members"]
    elif r["kind"] == "lookalike":
        cnt["lookalike"] += 1; cnt["differs_" + r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("pair " + r["id"])
        ts = r["pair"]
    else:
        cnt["filler"] += 1; ts = [r["text"]]
    for t in ts:
        if not 5 <= wc(t) <= 25: errs.append("B words %d %s: %s" % (wc(t), r["id"], t))
        texts.append(t)
for t, n in collections.Counter(texts).items():
    if n > 1: errs.append("B dup text: " + t)
print("Part B counts:", dict(sorted(cnt.items())))
# Part A
ids = set(); cnt = collections.Counter(); stats = collections.defaultdict(list); atexts = []
KINDS = {"negation","quantity","dropped","detail","status","attribution"}
for line in open("merge_corpus_v47.jsonl", encoding="utf-8"):
    r = json.loads(line)
    for k in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if k not in r: errs.append("missing %s in %s" % (k, r.get("case_id")))
    if r["case_id"] in ids: errs.append("dup id " + r["case_id"])
    ids.add(r["case_id"])
    if not 2 <= len(r["sources"]) <= 3: errs.append("nsrc " + r["case_id"])
    cnt[r["label"]] += 1; cnt["nsrc%d" % len(r["sources"])] += 1
    if r["label"] == "faithful":
        cnt["faithful_" + r["reword"]] += 1
        if r["kind"] is not None or r["note"] != "": errs.append("faithful kind/note " + r["case_id"])
        mn = nums(r["merged"], merged=True) | month_nums(r["merged"])
        for s in r["sources"]:
            for n in nums(s["content"]):
                if n not in mn: errs.append("number %s missing in merge %s" % (n, r["case_id"]))
    elif r["label"] == "lossy":
        cnt["lossy_" + str(r["kind"])] += 1; cnt["lossy_" + r["reword"]] += 1
        if r["kind"] not in KINDS or not r["note"]: errs.append("lossy kind/note " + r["case_id"])
    else: errs.append("label " + r["case_id"])
    for s in r["sources"]:
        if s["category"] != r["category"]: errs.append("cat " + s["id"])
        if s["id"] != r["case_id"] + "-s%d" % (r["sources"].index(s) + 1): errs.append("sid " + s["id"])
        w = wc(s["content"])
        if not 5 <= w <= 35: errs.append("A words %d %s" % (w, s["id"]))
        stats[r["label"]].append(w); atexts.append(s["content"])
    atexts.append(r["merged"])
for t, n in collections.Counter(atexts).items():
    if n > 1: errs.append("A dup text: " + t)
print("Part A counts:", dict(sorted(cnt.items())))
for lab in ["faithful", "lossy"]:
    v = stats[lab]
    if v:
        print("%s sources: n=%d mean words=%.2f share>=18=%.2f" % (lab, len(v), sum(v)/len(v), sum(x >= 18 for x in v)/len(v)))
# source-to-source overlap within a case (content-word Jaccard), by label: should be similar
ov = collections.defaultdict(list)
for line in open("merge_corpus_v47.jsonl", encoding="utf-8"):
    r = json.loads(line)
    ws = [set(w for w in re.findall(r"[a-z0-9']+", s["content"].lower()) if len(w) > 3) for s in r["sources"]]
    for i in range(len(ws)):
        for j in range(i + 1, len(ws)):
            ov[r["label"]].append(len(ws[i] & ws[j]) / max(1, len(ws[i] | ws[j])))
for lab in ["faithful", "lossy"]:
    print("%s source-pair overlap (Jaccard, words>3 chars): mean=%.3f" % (lab, sum(ov[lab]) / len(ov[lab])))
print("ERRORS:", len(errs))
for e in errs: print("  ", e)
sys.exit(1 if errs else 0)
