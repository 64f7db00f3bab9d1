import json, os, re, sys
from collections import Counter
D = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(s): return len(s.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,"twelve":12,
        "fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"hundred":100,"half":0.5,"once":1,"twice":2,"thrice":3,"first":1,"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"tenth":10,"twentieth":20,"thirtieth":30,"fortieth":40,"fiftieth":50,"dozen":12,"fourteen":14,"eighteen":18,"sixteen":16,"thirteen":13,"seventy":70,"eighty":80,"ninety":90}
def nums(s):
    return set(re.findall(r"\d+(?:\.\d+)?", s.replace(",", "")))
def num_present(n, merged):
    m = merged.replace(",", "")
    if re.search(r"(?<![\d.])0*" + re.escape(n) + r"(?![\d])", m): return True
    v = float(n)
    for w, x in NUMW.items():
        if x == v and re.search(r"\b" + w + r"\b", m, re.I): return True
    # 2-digit year forms, k-suffix etc.
    if len(n) == 4 and ("'" + n[2:]) in m: return True
    if n.endswith("000") and (n[:-3] + "k") in m.lower(): return True
    return False

# Part B
B = os.path.join(D, "paraphrase_corpus_v25.jsonl")
recs = [json.loads(l) for l in open(B, encoding="utf-8")]
ids = [r["id"] for r in recs]
if len(ids) != len(set(ids)): errs.append("B dup ids")
texts = []
c = Counter()
dc = Counter()
for r in recs:
    assert r["split"] == "final"
    if r["kind"] == "group":
        c["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("group size " + r["id"])
        texts += r["members"]
    elif r["kind"] == "lookalike":
        c["lookalike"] += 1; dc[r["differs"]] += 1
        assert len(r["pair"]) == 2
        texts += r["pair"]
    elif r["kind"] == "filler":
        c["filler"] += 1; texts.append(r["text"])
    else: errs.append("kind " + r["id"])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B words %d: %s" % (wc(t), t))
dup = [t for t, k in Counter(texts).items() if k > 1]
if dup: errs.append("B dup text %s" % dup)
print("Part B:", dict(c), "lookalike differs:", dict(dc), "texts:", len(texts))
print("  domains:", len(set(r["domain"] for r in recs)))

# Part A
A = os.path.join(D, "merge_corpus_v25.jsonl")
if os.path.exists(A):
    cases = [json.loads(l) for l in open(A, encoding="utf-8")]
    cids = [x["case_id"] for x in cases]
    if len(cids) != len(set(cids)): errs.append("A dup ids")
    lab = Counter(); kinds = Counter(); rw = Counter(); ns = Counter()
    atexts = []
    stat = {"faithful": [], "lossy": []}
    for x in cases:
        keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
        if set(x) != keys: errs.append("schema " + x["case_id"])
        lab[x["label"]] += 1; rw[(x["label"], x["reword"])] += 1; ns[len(x["sources"])] += 1
        if x["label"] == "faithful":
            if x["kind"] is not None or x["note"] != "": errs.append("faithful kind/note " + x["case_id"])
        else:
            if x["kind"] not in {"negation","quantity","dropped","detail","status","attribution"}: errs.append("kind " + x["case_id"])
            if not x["note"]: errs.append("no note " + x["case_id"])
            kinds[x["kind"]] += 1
        for j, s in enumerate(x["sources"], 1):
            if s["id"] != "%s-s%d" % (x["case_id"], j) or s["category"] != x["category"]: errs.append("src id/cat " + x["case_id"])
            if not 5 <= wc(s["content"]) <= 35: errs.append("A src words %d: %s" % (wc(s["content"]), s["content"]))
            stat[x["label"]].append(wc(s["content"]))
            atexts.append(s["content"])
            if x["label"] == "faithful":
                for n in nums(s["content"]):
                    if not num_present(n, x["merged"]): errs.append("number %s missing in merge %s" % (n, x["case_id"]))
        atexts.append(x["merged"])
        if not 2 <= len(x["sources"]) <= 3: errs.append("nsrc " + x["case_id"])
    dup = [t for t, k in Counter(atexts).items() if k > 1]
    if dup: errs.append("A dup text %s" % dup)
    print("Part A:", dict(lab), "kinds:", dict(kinds))
    print("  reword:", {"%s/%s" % k: v for k, v in rw.items()}, "n_sources:", dict(ns))
    for l, v in stat.items():
        if v:
            print("  %s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d" % (l, len(v), sum(v)/len(v), sum(1 for w in v if w >= 18)/len(v), min(v), max(v)))
    print("  domains:", len(set(x["domain"] for x in cases)))
for e in errs: print("ERROR:", e)
print("OK" if not errs else "%d errors" % len(errs))
sys.exit(1 if errs else 0)
