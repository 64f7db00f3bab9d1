import json, re, sys, os
from collections import Counter
errs = []
def wc(s): return len(s.split())

# ---- Part B
ids = set(); texts = []
cnt = Counter()
for ln, line in enumerate(open("paraphrase_corpus_v50.jsonl", encoding="utf-8"), 1):
    r = json.loads(line)
    if r.get("split") != "final": errs.append("B%d split" % ln)
    if r["id"] in ids: errs.append("dup id " + r["id"])
    ids.add(r["id"])
    if r["kind"] == "group":
        cnt["group_" + r["difficulty"]] += 1
        assert set(r) == {"kind","id","difficulty","domain","split","members"}, r
        if not 2 <= len(r["members"]) <= 4: errs.append(r["id"] + " members")
        t = r["members"]
    elif r["kind"] == "lookalike":
        cnt["lookalike"] += 1; cnt["differs_" + r["differs"]] += 1
        assert set(r) == {"kind","id","differs","domain","split","pair"}, r
        if len(r["pair"]) != 2: errs.append(r["id"] + " pair")
        t = r["pair"]
    elif r["kind"] == "filler":
        cnt["filler"] += 1
        assert set(r) == {"kind","id","domain","split","text"}, r
        t = [r["text"]]
    else:
        errs.append("bad kind"); t = []
    for s in t:
        if not 5 <= wc(s) <= 25: errs.append("%s word count %d: %s" % (r["id"], wc(s), s))
    texts += t
for t, c in Counter(texts).items():
    if c > 1: errs.append("dup text B: " + t)
print("Part B counts:", dict(sorted(cnt.items())))
exp = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in exp.items():
    if cnt[k] != v: print("  NOTE: %s = %d (target %d)" % (k, cnt[k], v))
for d in ["name","number","date","negation","status","place","person","object","time"]:
    if cnt["differs_" + d] != 3: print("  NOTE: differs %s = %d" % (d, cnt["differs_" + d]))

# ---- Part A
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,
        "thirteen":13,"fourteen":14,"sixteen":16,"eighteen":18,"nineteen":19,"seventy":70,"eighty":80,"ninety":90,"hundred":100,"twice":2,"half":0.5,"dozen":12}
def nums(s):
    s2 = s.lower().replace(",", "")
    out = set(float(x) for x in re.findall(r"\d+(?:\.\d+)?", s2))
    for w in re.findall(r"[a-z]+", s2):
        if w in NUMW: out.add(float(NUMW[w]))
    return out
def nums_k(s):
    base = nums(s)
    s2 = s.lower().replace(",", "")
    for m in re.findall(r"(\d+(?:\.\d+)?)k\b", s2): base.add(float(m) * 1000)
    for w in ["thousand"]:
        pass
    return base
if os.path.exists("merge_corpus_v50.jsonl"):
    ids = set(); allt = []
    c = Counter(); fw = {"faithful": [], "lossy": []}
    for ln, line in enumerate(open("merge_corpus_v50.jsonl", encoding="utf-8"), 1):
        r = json.loads(line)
        keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
        if set(r) != keys: errs.append("A schema %d" % ln)
        if not re.fullmatch(r"e50-\d{4}", r["case_id"]): errs.append("bad case id")
        if r["case_id"] in ids: errs.append("dup case id")
        ids.add(r["case_id"])
        if r["split"] != "final": errs.append("split")
        if r["label"] not in ("faithful", "lossy"): errs.append("label")
        if r["reword"] not in ("light", "heavy"): errs.append("reword")
        if r["label"] == "faithful":
            if r["kind"] is not None or r["note"] != "": errs.append(r["case_id"] + " faithful kind/note")
        else:
            if r["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): errs.append(r["case_id"] + " kind")
            if not r["note"] or "\n" in r["note"]: errs.append(r["case_id"] + " note")
        if not 2 <= len(r["sources"]) <= 3: errs.append(r["case_id"] + " n sources")
        c[(r["label"], r["kind"], r["reword"])] += 1
        c["nsrc_%d" % len(r["sources"])] += 1
        for j, s in enumerate(r["sources"], 1):
            if s["id"] != "%s-s%d" % (r["case_id"], j): errs.append("source id")
            if s["category"] != r["category"]: errs.append("category mismatch")
            if not 5 <= wc(s["content"]) <= 35: errs.append("%s source wc %d" % (r["case_id"], wc(s["content"])))
            fw[r["label"]].append(wc(s["content"]))
            allt.append(s["content"])
        allt.append(r["merged"])
        if r["label"] == "faithful":
            mn = nums_k(r["merged"])
            for s in r["sources"]:
                for n in nums_k(s["content"]):
                    if n not in mn: errs.append("%s number %g of source missing in merge" % (r["case_id"], n))
    for t, k in Counter(allt).items():
        if k > 1: errs.append("dup text A: " + t)
    fa = sum(v for k, v in c.items() if isinstance(k, tuple) and k[0] == "faithful")
    fh = sum(v for k, v in c.items() if isinstance(k, tuple) and k[0] == "faithful" and k[2] == "heavy")
    print("Part A: faithful=%d (heavy %d)" % (fa, fh))
    for kind in ["negation","quantity","dropped","detail","status","attribution"]:
        n = sum(v for k, v in c.items() if isinstance(k, tuple) and k[1] == kind)
        h = sum(v for k, v in c.items() if isinstance(k, tuple) and k[1] == kind and k[2] == "heavy")
        print("  lossy %-11s %d (heavy %d)" % (kind, n, h))
    print("  sources per case:", {k: v for k, v in c.items() if isinstance(k, str)})
    for lab in ("faithful", "lossy"):
        L = fw[lab]
        if L:
            print("  %s sources: n=%d mean words %.2f, share >=18 words %.2f" % (lab, len(L), sum(L)/len(L), sum(1 for x in L if x >= 18)/len(L)))
if errs:
    print("ERRORS (%d):" % len(errs)); [print("  " + e) for e in errs]; sys.exit(1)
print("OK")
