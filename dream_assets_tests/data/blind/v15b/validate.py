#!/usr/bin/env python3
import json, re, os, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errors, warnings = [], []
def wc(s): return len(s.split())

WORDS = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
 "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
 "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
 "hundred":100,"thousand":1000,"once":1,"twice":2,"single":1,"half":0.5,"dozen":12,"first":1,"second":2,"third":3,
 "fourth":4,"fifth":5,"sixth":6,"tenth":10,"double":2,"pair":2,"couple":2}
ORD = re.compile(r"(\d+)(st|nd|rd|th)\b")
def numbers(s, words=True):
    s2 = s.lower().replace(",", "")
    s2 = ORD.sub(r"\1", s2)
    vals = set()
    for m in re.finditer(r"\d+(?:\.\d+)?", s2):
        v = float(m.group()); vals.add(v)
        tail = s2[m.end():m.end()+1]
        if tail == "k": vals.add(v*1000)
    if words:
        toks = re.findall(r"[a-z]+", s2)
        i = 0
        while i < len(toks):
            t = toks[i]
            if t in WORDS:
                v = WORDS[t]
                # compounds like twenty-five, two hundred, five thousand
                if i+1 < len(toks) and toks[i+1] in WORDS and WORDS[toks[i+1]] < 10 and v >= 20 and v < 100:
                    vals.add(v + WORDS[toks[i+1]])
                if i+1 < len(toks) and toks[i+1] in ("hundred","thousand"):
                    vals.add(v * WORDS[toks[i+1]])
                vals.add(v)
            i += 1
    return vals
MONTHS = "january february march april may june july august september october november december".split()
def months(s):
    return {float(i + 1) for i, m in enumerate(MONTHS) if m in s.lower()}
def digit_numbers(s):
    s2 = ORD.sub(r"\1", s.lower().replace(",", ""))
    out = []
    for m in re.finditer(r"\d+(?:\.\d+)?(k?)", s2):
        v = float(m.group().rstrip("k"))
        out.append(v*1000 if m.group(1) else v)
    return out

# ---------- Part B ----------
pp = os.path.join(HERE, "paraphrase_corpus_v15b.jsonl")
recs = [json.loads(l) for l in open(pp, encoding="utf-8")]
ids = [r["id"] for r in recs]
if len(ids) != len(set(ids)): errors.append("B: duplicate ids")
kinds = Counter(r["kind"] for r in recs)
diffc = Counter(r["difficulty"] for r in recs if r["kind"] == "group")
dfc = Counter(r["differs"] for r in recs if r["kind"] == "lookalike")
texts = []
DIFFERS = {"name","number","date","negation","status","place","person","object","time"}
for r in recs:
    if r.get("split") != "final": errors.append("B %s split" % r["id"])
    if not r.get("domain"): errors.append("B %s domain" % r["id"])
    if r["kind"] == "group":
        if set(r) != {"kind","id","difficulty","domain","split","members"}: errors.append("B %s keys" % r["id"])
        if not 2 <= len(r["members"]) <= 4: errors.append("B %s member count" % r["id"])
        if r["difficulty"] not in ("easy","hard"): errors.append("B %s difficulty" % r["id"])
        t = r["members"]
        # same-specific check: digit numbers must agree across members (as sets), allowing word forms
        base = numbers(t[0]) | months(t[0])
        for m in t[1:]:
            for v in digit_numbers(m):
                if v not in base: warnings.append("B %s number %s not in first member" % (r["id"], v))
    elif r["kind"] == "lookalike":
        if set(r) != {"kind","id","differs","domain","split","pair"}: errors.append("B %s keys" % r["id"])
        if len(r["pair"]) != 2: errors.append("B %s pair" % r["id"])
        if r["differs"] not in DIFFERS: errors.append("B %s differs" % r["id"])
        t = r["pair"]
    elif r["kind"] == "filler":
        if set(r) != {"kind","id","domain","split","text"}: errors.append("B %s keys" % r["id"])
        t = [r["text"]]
    else:
        errors.append("B bad kind"); continue
    for x in t:
        if not 5 <= wc(x) <= 25: errors.append("B %s word count %d: %s" % (r["id"], wc(x), x))
        texts.append(x)
dups = [t for t, c in Counter(texts).items() if c > 1]
if dups: errors.append("B duplicate texts: %r" % dups)
print("Part B:", dict(kinds), "groups by difficulty:", dict(diffc))
print("  lookalikes by differs:", dict(sorted(dfc.items())))
print("  targets: easy 12, hard 20, lookalike 27 (3 per differs), filler 40")

# ---------- Part A ----------
mp = os.path.join(HERE, "merge_corpus_v15b.jsonl")
cases = [json.loads(l) for l in open(mp, encoding="utf-8")]
KEYS = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
KINDS = {"negation","quantity","dropped","detail","status","attribution"}
cids = [c["case_id"] for c in cases]
if len(cids) != len(set(cids)): errors.append("A duplicate case ids")
sids = [s["id"] for c in cases for s in c["sources"]]
if len(sids) != len(set(sids)): errors.append("A duplicate source ids")
alltexts = []
stats = {"faithful": [], "lossy": []}
nsrc = Counter()
for c in cases:
    cid = c["case_id"]
    if set(c) != KEYS: errors.append("A %s keys %s" % (cid, set(c) ^ KEYS))
    if c["split"] != "final": errors.append("A %s split" % cid)
    if c["label"] not in ("faithful","lossy"): errors.append("A %s label" % cid)
    if c["label"] == "faithful" and (c["kind"] is not None or c["note"] != ""): errors.append("A %s faithful kind/note" % cid)
    if c["label"] == "lossy" and (c["kind"] not in KINDS or not c["note"]): errors.append("A %s lossy kind/note" % cid)
    if c["reword"] not in ("light","heavy"): errors.append("A %s reword" % cid)
    if not re.fullmatch(r"[a-z_]+/[a-z0-9_\-]+", c["category"]): errors.append("A %s category %s" % (cid, c["category"]))
    if not 2 <= len(c["sources"]) <= 3: errors.append("A %s source count" % cid)
    nsrc[len(c["sources"])] += 1
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (cid, j): errors.append("A %s source id" % cid)
        if s["category"] != c["category"]: errors.append("A %s source category" % cid)
        n = wc(s["content"])
        if not 5 <= n <= 35: errors.append("A %s source words %d" % (cid, n))
        stats[c["label"]].append(n)
        alltexts.append(s["content"])
    if not c["merged"]: errors.append("A %s no merge" % cid)
    alltexts.append(c["merged"])
    if c["label"] == "faithful":
        mnums = numbers(c["merged"])
        for s in c["sources"]:
            for v in numbers(s["content"], words=False):
                if v not in mnums: errors.append("A %s faithful merge lacks number %s from source: %s" % (cid, v, s["content"]))
            # number words in sources too (except ambiguous 'one','first','second','pair','couple','single','half')
            for w, v in WORDS.items():
                if w in ("one","first","second","pair","couple","single","half","double","once"): continue
                if re.search(r"\b%s\b" % w, s["content"].lower()) and v not in mnums and w not in ("hundred","thousand"):
                    warnings.append("A %s number word '%s' maybe missing in merge" % (cid, w))
d = [t for t, k in Counter(alltexts).items() if k > 1]
if d: errors.append("A duplicate texts: %r" % d)
lab = Counter(c["label"] for c in cases)
kc = Counter(c["kind"] for c in cases if c["label"] == "lossy")
rw = Counter((c["label"], c["reword"]) for c in cases)
print("Part A: cases", len(cases), dict(lab), "sources per case", dict(sorted(nsrc.items())))
print("  lossy by kind:", dict(sorted(kc.items())))
print("  reword:", {"%s/%s" % k: v for k, v in sorted(rw.items())})
print("  targets: 120 faithful (>=85 heavy), 12 lossy per kind (72), ~25% with 3 sources")
for lab_ in ("faithful", "lossy"):
    xs = stats[lab_]
    if xs:
        mean = sum(xs)/len(xs); share = sum(1 for x in xs if x >= 18)/len(xs)
        print("  %-8s sources: n=%d mean words=%.2f share>=18=%.1f%% min=%d max=%d" % (lab_, len(xs), mean, 100*share, min(xs), max(xs)))
        if not 14 <= mean <= 20: errors.append("A %s mean source words %.2f outside 14-20" % (lab_, mean))
        if share < 1/3: errors.append("A %s share>=18 %.2f below 1/3" % (lab_, share))
# surface balance between labels (what a reader sees before the merge)
STOP = set("the a an and or of to in on for with at by is are was be it its their his her".split())
def cwords(t): return set(w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOP)
for lab_ in ("faithful", "lossy"):
    sub = [c for c in cases if c["label"] == lab_]
    if not sub: continue
    jac = []
    for c in sub:
        S = [cwords(s["content"]) for s in c["sources"]]
        jac += [len(S[i] & S[j]) / len(S[i] | S[j]) for i in range(len(S)) for j in range(i + 1, len(S))]
    srcs = [s["content"] for c in sub for s in c["sources"]]
    user = sum(1 for x in srcs if re.match(r"(The user|User)\b", x)) / len(srcs)
    print("  %-8s 3-source share=%.2f  mean within-case source overlap (Jaccard)=%.3f  'User/The user' sources=%.2f" % (
        lab_, sum(len(c["sources"]) == 3 for c in sub) / len(sub), sum(jac) / len(jac), user))
for w in warnings: print("WARN", w)
for e in errors: print("ERROR", e)
print("OK" if not errors else "FAILED (%d errors)" % len(errors))
sys.exit(1 if errors else 0)
