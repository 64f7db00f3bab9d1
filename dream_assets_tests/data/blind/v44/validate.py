import json, re, collections
def wc(t): return len(t.split())
errs = []
# Part B
ids = set(); texts = []; cnt = collections.Counter(); differs = collections.Counter()
for ln in open("paraphrase_corpus_v44.jsonl", encoding="utf-8"):
    r = json.loads(ln)
    assert r["split"] == "final"
    if r["id"] in ids: errs.append("dup id " + r["id"])
    ids.add(r["id"])
    if r["kind"] == "group":
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("group size " + r["id"])
        ts = r["members"]
    elif r["kind"] == "lookalike":
        cnt["lookalike"] += 1; differs[r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("pair size " + r["id"])
        ts = r["pair"]
    else:
        cnt["filler"] += 1; ts = [r["text"]]
    for t in ts:
        if not 5 <= wc(t) <= 25: errs.append("B word limit %s: %s" % (r["id"], t))
        texts.append(t)
dups = [t for t, c in collections.Counter(texts).items() if c > 1]
errs += ["B dup text: " + t for t in dups]
print("Part B:", dict(cnt), "differs:", dict(differs))
# Part A
ids = set(); cnt = collections.Counter(); kinds = collections.Counter(); rew = collections.Counter(); nsrc = collections.Counter()
texts = []; lens = {"faithful": [], "lossy": []}; doms = set()
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,"twelve":12,
        "thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"eighteen":18,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"hundred":100,"half":0.5,"dozen":12,"once":1,"twice":2,"thrice":3}
def nums(t):
    out = set()
    for m in re.findall(r"\d+(?:[.,]\d+)*", t):
        m = m.replace(",", "").lstrip("0")
        if "." in m: m = m.rstrip("0").rstrip(".")
        if m and not m.startswith("."): out.add(m)
    return out
def has_num(n, merged):
    if n in nums(merged) or n in merged.replace(",", ""): return True
    roman = {"2": "II", "3": "III", "4": "IV"}
    if n in roman and re.search(r"\b" + roman[n] + r"\b", merged): return True
    if n == "50" and re.search(r"\bhalf\b", merged, re.I): return True  # 50% == half
    for w, v in NUMW.items():
        if str(v) == n and re.search(r"\b" + w + r"\b", merged, re.I): return True
    return False
for ln in open("merge_corpus_v44.jsonl", encoding="utf-8"):
    r = json.loads(ln)
    for k in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if k not in r: errs.append("missing %s in %s" % (k, r.get("case_id")))
    if r["case_id"] in ids: errs.append("dup case id")
    ids.add(r["case_id"]); doms.add(r["domain"])
    cnt[r["label"]] += 1; rew[(r["label"], r["reword"])] += 1; nsrc[len(r["sources"])] += 1
    if r["label"] == "faithful":
        if r["kind"] is not None or r["note"] != "": errs.append("faithful kind/note " + r["case_id"])
    else:
        kinds[r["kind"]] += 1
        if not r["note"]: errs.append("lossy without note " + r["case_id"])
    if not 2 <= len(r["sources"]) <= 3: errs.append("n sources " + r["case_id"])
    for s in r["sources"]:
        if s["id"] in ids: errs.append("dup source id")
        ids.add(s["id"])
        if s["category"] != r["category"]: errs.append("category mismatch " + r["case_id"])
        if not 5 <= wc(s["content"]) <= 35: errs.append("A word limit %s: %s" % (r["case_id"], s["content"]))
        lens[r["label"]].append(wc(s["content"])); texts.append(s["content"])
        if r["label"] == "faithful":
            for n in nums(s["content"]):
                if not has_num(n, r["merged"]): errs.append("number %s missing in faithful merge %s" % (n, r["case_id"]))
    texts.append(r["merged"])
dups = [t for t, c in collections.Counter(texts).items() if c > 1]
errs += ["A dup text: " + t for t in dups]
print("Part A:", dict(cnt), "kinds:", dict(kinds), "reword:", {"%s/%s" % k: v for k, v in rew.items()}, "n_sources:", dict(nsrc), "domains:", len(doms))
for lab in ["faithful", "lossy"]:
    L = lens[lab]
    if L:
        print("%s sources: n=%d mean words=%.2f share>=18=%.2f" % (lab, len(L), sum(L)/len(L), sum(1 for x in L if x >= 18)/len(L)))
allL = lens["faithful"] + lens["lossy"]
if allL: print("all sources: mean=%.2f share>=18=%.2f" % (sum(allL)/len(allL), sum(1 for x in allL if x >= 18)/len(allL)))
# within-case source overlap (mean pairwise Jaccard of lowercased word sets) per label
ov = {"faithful": [], "lossy": []}; n3 = collections.Counter()
for ln in open("merge_corpus_v44.jsonl", encoding="utf-8"):
    r = json.loads(ln)
    S = [set(re.findall(r"[a-z0-9']+", s["content"].lower())) for s in r["sources"]]
    n3[(r["label"], len(S))] += 1
    for i in range(len(S)):
        for j in range(i + 1, len(S)):
            ov[r["label"]].append(len(S[i] & S[j]) / len(S[i] | S[j]))
for lab in ov:
    print("%s: mean pairwise source Jaccard=%.3f; 3-source cases=%d/%d" % (lab, sum(ov[lab])/len(ov[lab]), n3[(lab, 3)], n3[(lab, 2)] + n3[(lab, 3)]))
print("ERRORS:", len(errs))
for e in errs: print("  ", e)
