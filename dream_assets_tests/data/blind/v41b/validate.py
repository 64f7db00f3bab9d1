import json, re, collections, os
err = []
def wc(t): return len(t.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,"twelve":12,
        "fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"hundred":100,"half":0.5,"once":1,"twice":2,"dozen":12,"pair":2,"fortnight":2,"fortnightly":2,"a":1,"single":1}
texts = collections.Counter()
# Part B
ids = set(); cnt = collections.Counter()
if os.path.exists("paraphrase_corpus_v41b.jsonl"):
    for ln in open("paraphrase_corpus_v41b.jsonl", encoding="utf-8"):
        r = json.loads(ln)
        if r["id"] in ids: err.append("dup id " + r["id"])
        ids.add(r["id"])
        if r.get("split") != "final": err.append("split " + r["id"])
        if r["kind"] == "group":
            cnt["group_" + r["difficulty"]] += 1; ts = r["members"]
            if not 2 <= len(ts) <= 4: err.append("members count " + r["id"])
        elif r["kind"] == "lookalike":
            cnt["lookalike"] += 1; cnt["differs_" + r["differs"]] += 1; ts = r["pair"]
            if len(ts) != 2: err.append("pair " + r["id"])
        else:
            cnt["filler"] += 1; ts = [r["text"]]
        for t in ts:
            texts[t] += 1
            if not 5 <= wc(t) <= 25: err.append("B words %d %s: %s" % (wc(t), r["id"], t))
print("Part B:", dict(sorted(cnt.items())))
# Part A
cnt = collections.Counter(); ids = set(); wstats = collections.defaultdict(list); nsrc = collections.Counter()
KINDS = {"negation","quantity","dropped","detail","status","attribution"}
if os.path.exists("merge_corpus_v41b.jsonl"):
    for ln in open("merge_corpus_v41b.jsonl", encoding="utf-8"):
        r = json.loads(ln)
        keys = ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]
        if list(r.keys()) != keys: err.append("keys " + r["case_id"])
        if r["case_id"] in ids: err.append("dup " + r["case_id"])
        ids.add(r["case_id"])
        lab = r["label"]; cnt[lab] += 1; nsrc[len(r["sources"])] += 1
        if lab == "faithful":
            cnt["faithful_" + r["reword"]] += 1
            if r["kind"] is not None or r["note"] != "": err.append("faithful kind/note " + r["case_id"])
        else:
            cnt["lossy_" + str(r["kind"])] += 1; cnt["lossy_reword_" + r["reword"]] += 1
            if r["kind"] not in KINDS or not r["note"]: err.append("lossy kind/note " + r["case_id"])
        if r["reword"] not in ("light","heavy"): err.append("reword " + r["case_id"])
        if not 2 <= len(r["sources"]) <= 3: err.append("nsrc " + r["case_id"])
        for j, s in enumerate(r["sources"], 1):
            if s["id"] != "%s-s%d" % (r["case_id"], j) or s["category"] != r["category"]: err.append("src id/cat " + r["case_id"])
            w = wc(s["content"]); wstats[lab].append(w); texts[s["content"]] += 1
            if not 5 <= w <= 35: err.append("A words %d %s" % (w, r["case_id"]))
        texts[r["merged"]] += 1
        if lab == "faithful":
            m = r["merged"].lower().replace(",", "")
            mnums = set(re.findall(r"\d+(?:\.\d+)?", m)); mnums |= {x.lstrip("0") for x in mnums}; mnums = mnums | {str(v) for k, v in NUMW.items() if re.search(r"\b%s\b" % k, m)}
            for s in r["sources"]:
                for n in re.findall(r"\d+(?:\.\d+)?", s["content"].replace(",", "")):
                    if n not in mnums and n.lstrip("0") not in mnums:
                        err.append("number %s missing in merge %s" % (n, r["case_id"]))
                sl = s["content"].lower()
                for k, v in NUMW.items():
                    if k in ("a","single","once") : continue
                    if re.search(r"\b%s\b" % k, sl) and str(v) not in mnums and k not in m:
                        err.append("number word %s missing in merge %s" % (k, r["case_id"]))
print("Part A:", dict(sorted(cnt.items())), "sources per case:", dict(nsrc))
for lab in ("faithful", "lossy"):
    ws = wstats[lab]
    if ws:
        print("  %s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d" % (lab, len(ws), sum(ws)/len(ws), sum(w >= 18 for w in ws)/len(ws), min(ws), max(ws)))
for t, c in texts.items():
    if c > 1: err.append("duplicate text: " + t)
print("errors:", len(err))
for e in err: print("  ", e)
