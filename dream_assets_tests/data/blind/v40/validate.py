import json, re, os, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,
        "eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,
        "eighty":80,"ninety":90,"hundred":100,"twice":2,"dozen":12}
def nums(t):
    s = set()
    for m in re.findall(r"\d+(?:\.\d+)?", t.replace(",", "")):
        s.add(float(m))
    low = t.lower()
    for w, v in NUMW.items():
        if re.search(r"\b%s\b" % w, low): s.add(float(v))
    return s

# ---- Part B
pb = os.path.join(HERE, "paraphrase_corpus_v40.jsonl")
recs = [json.loads(l) for l in open(pb, encoding="utf-8")]
ids, texts = set(), []
kc = Counter(); diff = Counter(); differs = Counter()
for r in recs:
    if r["id"] in ids: errs.append("dup id " + r["id"])
    ids.add(r["id"])
    if r.get("split") != "final": errs.append("split " + r["id"])
    if not r.get("domain"): errs.append("domain " + r["id"])
    kc[r["kind"]] += 1
    if r["kind"] == "group":
        assert set(r) == {"kind","id","difficulty","domain","split","members"}, r
        diff[r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("members " + r["id"])
        t = r["members"]
    elif r["kind"] == "lookalike":
        assert set(r) == {"kind","id","differs","domain","split","pair"}, r
        differs[r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("pair " + r["id"])
        t = r["pair"]
    else:
        assert set(r) == {"kind","id","domain","split","text"}, r
        t = [r["text"]]
    for x in t:
        if not 5 <= wc(x) <= 25: errs.append("B words %d %s: %s" % (wc(x), r["id"], x))
        texts.append(x)
print("Part B:", dict(kc), "groups by difficulty:", dict(diff))
print("  lookalikes by differs:", dict(sorted(differs.items())))
want = {"group": 32, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if kc[k] != v: errs.append("B count %s=%d want %d" % (k, kc[k], v))
if diff["easy"] != 12 or diff["hard"] != 20: errs.append("B difficulty counts")
for d in ["name","number","date","negation","status","place","person","object","time"]:
    if differs[d] != 3: errs.append("differs %s=%d" % (d, differs[d]))

# ---- Part A
pa = os.path.join(HERE, "merge_corpus_v40.jsonl")
cases = [json.loads(l) for l in open(pa, encoding="utf-8")]
lc = Counter(); kinds = Counter(); rw = Counter(); nsrc = Counter(); doms = Counter()
stats = {"faithful": [], "lossy": []}
cids = set()
for c in cases:
    keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
    if set(c) != keys: errs.append("A keys " + c["case_id"])
    if c["case_id"] in cids: errs.append("dup case " + c["case_id"])
    cids.add(c["case_id"])
    for s in c["sources"]:
        if s["id"] in ids or s["id"] in cids: errs.append("dup sid " + s["id"])
        ids.add(s["id"])
        if s["category"] != c["category"]: errs.append("cat " + s["id"])
        if not 5 <= wc(s["content"]) <= 35: errs.append("A src words %d %s" % (wc(s["content"]), s["id"]))
        stats[c["label"]].append(wc(s["content"]))
        texts.append(s["content"])
    texts.append(c["merged"])
    if "/" not in c["category"]: errs.append("category " + c["case_id"])
    if c["split"] != "final": errs.append("split " + c["case_id"])
    if c["reword"] not in ("light","heavy"): errs.append("reword " + c["case_id"])
    if not 2 <= len(c["sources"]) <= 3: errs.append("nsrc " + c["case_id"])
    nsrc[len(c["sources"])] += 1; doms[c["domain"]] += 1
    lc[c["label"]] += 1; rw[(c["label"], c["reword"])] += 1
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append("faithful kind/note " + c["case_id"])
        mn = nums(c["merged"])
        for s in c["sources"]:
            for n in nums(s["content"]):
                if n not in mn: errs.append("number %s of %s missing in merge" % (n, s["id"]))
    elif c["label"] == "lossy":
        kinds[c["kind"]] += 1
        if c["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): errs.append("kind " + c["case_id"])
        if not c["note"]: errs.append("lossy note " + c["case_id"])
    else:
        errs.append("label " + c["case_id"])
print("Part A:", dict(lc), "lossy kinds:", dict(sorted(kinds.items())))
print("  reword:", {"%s/%s" % k: v for k, v in sorted(rw.items())}, "sources per case:", dict(nsrc))
print("  domains (%d):" % len(doms), dict(sorted(doms.items())))
for lab in ("faithful", "lossy"):
    w = stats[lab]
    if w:
        print("  %s sources: n=%d mean words=%.2f share>=18=%.2f" % (lab, len(w), sum(w)/len(w), sum(x >= 18 for x in w)/len(w)))
def toks(t): return set(re.findall(r"[a-z0-9']+", t.lower()))
for lab in ("faithful", "lossy"):
    cs = [c for c in cases if c["label"] == lab]
    if not cs: continue
    jac = []
    for c in cs:
        ss = [toks(x["content"]) for x in c["sources"]]
        for i in range(len(ss)):
            for j in range(i + 1, len(ss)):
                jac.append(len(ss[i] & ss[j]) / len(ss[i] | ss[j]))
    three = sum(len(c["sources"]) == 3 for c in cs) / len(cs)
    subj = sum(bool(re.match(r"(the )?user", x["content"].lower())) for c in cs for x in c["sources"]) / sum(len(c["sources"]) for c in cs)
    print("  %s cases: share with 3 sources=%.2f, mean source-source Jaccard=%.3f, share of sources starting 'User/The user'=%.2f" % (lab, three, sum(jac)/len(jac), subj))
if lc["faithful"] != 120: errs.append("faithful count %d" % lc["faithful"])
if lc["lossy"] != 72: errs.append("lossy count %d" % lc["lossy"])
for k in ("negation","quantity","dropped","detail","status","attribution"):
    if kinds[k] != 12: errs.append("kind %s=%d" % (k, kinds[k]))
if rw[("faithful","heavy")] < 85: errs.append("heavy faithful %d" % rw[("faithful","heavy")])
dup = [t for t, n in Counter(texts).items() if n > 1]
for t in dup: errs.append("duplicate text: " + t)
print("ERRORS (%d):" % len(errs))
for e in errs: print("  " + e)
