import json, os, re, collections
D = os.path.dirname(os.path.abspath(__file__))
wc = lambda s: len(s.split())
errs = []
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,
        "twelve":12,"fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"hundred":100,
        "half":0.5,"once":1,"twice":2,"dozen":12}
def nums(s):
    return set(re.findall(r"\d+(?:\.\d+)?", s.replace(",", "")))
# Part B
P = os.path.join(D, "paraphrase_corpus_v28b.jsonl")
recs = [json.loads(l) for l in open(P, encoding="utf-8")]
ids = [r["id"] for r in recs]
if len(ids) != len(set(ids)): errs.append("dup ids B")
cnt = collections.Counter()
texts = []
for r in recs:
    assert r["split"] == "final"
    if r["kind"] == "group":
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("members " + r["id"])
        texts += r["members"]
    elif r["kind"] == "lookalike":
        cnt["lookalike"] += 1; cnt["differs_" + r["differs"]] += 1
        assert len(r["pair"]) == 2
        texts += r["pair"]
    else:
        cnt["filler"] += 1; texts.append(r["text"])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B words %d: %s" % (wc(t), t))
dups = [t for t, n in collections.Counter(texts).items() if n > 1]
if dups: errs.append("B dup texts %s" % dups)
print("Part B:", dict(sorted(cnt.items())))
print("  target: group_easy 12, group_hard 20, lookalike 27 (3 per differs), filler 40")
# Part A
M = os.path.join(D, "merge_corpus_v28b.jsonl")
cases = [json.loads(l) for l in open(M, encoding="utf-8")]
cids = [c["case_id"] for c in cases]
if len(cids) != len(set(cids)): errs.append("dup case ids")
keys = ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]
ac = collections.Counter(); sw = {"faithful": [], "lossy": []}; nsrc = collections.Counter(); doms = set()
alltexts = []
for c in cases:
    if list(c.keys()) != keys: errs.append("keys " + c["case_id"])
    lab = c["label"]
    if lab not in ("faithful", "lossy"): errs.append("label " + c["case_id"])
    if lab == "faithful" and (c["kind"] is not None or c["note"] != ""): errs.append("faithful kind/note " + c["case_id"])
    if lab == "lossy" and (c["kind"] not in ("negation","quantity","dropped","detail","status","attribution") or not c["note"]):
        errs.append("lossy kind/note " + c["case_id"])
    if c["reword"] not in ("light", "heavy"): errs.append("reword " + c["case_id"])
    ac[(lab, c["kind"], c["reword"])] += 1
    nsrc[len(c["sources"])] += 1; doms.add(c["domain"])
    if not 2 <= len(c["sources"]) <= 3: errs.append("nsrc " + c["case_id"])
    for i, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], i) or s["category"] != c["category"]: errs.append("src id/cat " + c["case_id"])
        w = wc(s["content"]); sw[lab].append(w)
        if not 5 <= w <= 35: errs.append("src words %d %s" % (w, c["case_id"]))
        alltexts.append(s["content"])
    alltexts.append(c["merged"])
    if lab == "faithful":
        mn = nums(c["merged"]); ml = c["merged"].lower()
        for s in c["sources"]:
            for n in nums(s["content"]):
                if n in mn: continue
                # allow number words in merge
                if any(str(v) == n or (isinstance(v, float) and str(v) == n) for k, v in NUMW.items() if re.search(r"\b%s\b" % k, ml)):
                    continue
                # allow year/day in other spelling (e.g. 2025 -> '25)
                if len(n) == 4 and n[2:] in mn: continue
                errs.append("faithful number %s missing in merge %s" % (n, c["case_id"]))
d = [t for t, n in collections.Counter(alltexts).items() if n > 1]
if d: errs.append("A dup texts %s" % d)
f = sum(1 for c in cases if c["label"] == "faithful"); l = len(cases) - f
print("Part A: %d cases: faithful %d (heavy %d), lossy %d" % (len(cases), f,
      sum(1 for c in cases if c["label"] == "faithful" and c["reword"] == "heavy"), l))
kc = collections.Counter(c["kind"] for c in cases if c["label"] == "lossy")
kh = collections.Counter(c["kind"] for c in cases if c["label"] == "lossy" and c["reword"] == "heavy")
print("  lossy kinds:", dict(kc), " heavy:", dict(kh))
print("  sources per case:", dict(nsrc), " domains:", len(doms))
for lab in ("faithful", "lossy"):
    ws = sw[lab]
    if ws:
        print("  %s sources: n=%d mean words %.2f, share >=18 words %.2f, min %d max %d" % (
            lab, len(ws), sum(ws) / len(ws), sum(1 for w in ws if w >= 18) / len(ws), min(ws), max(ws)))
print("ERRORS:" if errs else "OK: no errors")
for e in errs: print("  ", e)
# surface statistics per label (should look alike)
def toks(s): return set(re.findall(r"[a-z0-9']+", s.lower())) - {"the","a","an","and","of","to","in","on","for","is","at","with","by","their","user","user's"}
for lab in ("faithful", "lossy"):
    cs = [c for c in cases if c["label"] == lab]
    if not cs: continue
    jac = []
    for c in cs:
        ss = [toks(s["content"]) for s in c["sources"]]
        for i in range(len(ss)):
            for j in range(i + 1, len(ss)):
                jac.append(len(ss[i] & ss[j]) / max(1, len(ss[i] | ss[j])))
    three = sum(1 for c in cs if len(c["sources"]) == 3) / len(cs)
    reg = collections.Counter()
    for c in cs:
        for s in c["sources"]:
            t = s["content"]
            if re.match(r"(The )?[Uu]ser", t): reg["user"] += 1
            elif c["category"].startswith("tech/"): reg["system"] += 1
            elif re.match(r"[A-Z][a-z]+", t) and not re.match(r"(The|A|An|In|On|For|If|Every|Each|Only|After|Since|During|Until|Plays|Makes|Bakes|Uses|Prefers|Pays|Shoots|Drinks|Taking|Planning|Card|Nightly|Mobile|Push|Marketing|Release|Reporting|Login|Alerts|Dashboards|Service|Session|Sprint|Search|Orders|Deploys|Refunds|Dedup|Contract|Terraform|Only|Performance|Company|Desk|Most|New|Home|Broadband|Eating|Mortgage|Physio|Pages|Bathroom|Cold|Kitchen|Spare|All|Each|Sentry|A|Two|Fewer)\b", t): reg["named"] += 1
            else: reg["other/terse"] += 1
    print("  %s: 3-source share %.2f, mean within-case source token Jaccard %.3f, registers %s" % (
        lab, three, sum(jac) / len(jac), dict(reg)))
