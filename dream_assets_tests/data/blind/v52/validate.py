#!/usr/bin/env python3
import json, re, sys, os, statistics
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def err(m): errs.append(m)
def wc(t): return len(t.split())

WORDNUM = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
 "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
 "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
 "hundred":100,"thousand":1000,"once":1,"twice":2,"single":1,"pair":2,"dozen":12,"half":0.5,"first":1,
 "second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"seventh":7,"eighth":8,"ninth":9,"tenth":10}
def numbers(t):
    t = t.lower().replace(",", "")
    out = set()
    for m in re.findall(r"\d+(?:\.\d+)?", t):
        out.add(float(m))
    for w in re.findall(r"[a-z]+", t):
        if w in WORDNUM: out.add(float(WORDNUM[w]))
    for a, b in re.findall(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b", t):
        out.add(float(WORDNUM[a] + WORDNUM[b]))
        out.discard(float(WORDNUM[a])); out.discard(float(WORDNUM[b]))
    if "half an hour" in t or "half-hour" in t: out.discard(0.5); out.add(30.0)
    for m in re.findall(r"(\d+(?:\.\d+)?)\s*k\b", t):
        out.add(float(m) * 1000)
    return out
MONTHS = ["january","february","march","april","may","june","july","august","september","october","november","december"]
def src_numbers(t):
    # ISO dates: split into year / month / day; "1" is not checked (one/once/a/weekly are interchangeable)
    s = numbers(t)
    s.discard(1.0)
    return s
def num_forms(t):
    s = numbers(t)
    tl = t.lower()
    # unit equivalences a paraphrase may use: days <-> weeks, months <-> years
    for n, u in re.findall(r"(\d+)[- ](day|month)s?\b", tl):
        n = int(n)
        if u == "day" and n % 7 == 0: s.add(float(n // 7))
        if u == "month" and n % 12 == 0: s.add(float(n // 12))
    for i, m in enumerate(MONTHS, 1):
        if m in tl or (" " + m[:3] + " ") in " " + tl.replace(".", " ") + " ": s.add(float(i))
    # include 2-digit year forms and day numbers from ordinals like 3rd
    t2 = t.lower()
    for m in re.findall(r"(\d+)(?:st|nd|rd|th)\b", t2): s.add(float(m))
    return s

# ---------- Part B ----------
pb = os.path.join(HERE, "paraphrase_corpus_v52.jsonl")
B = [json.loads(l) for l in open(pb, encoding="utf-8")]
ids = Counter(r["id"] for r in B)
for k, v in ids.items():
    if v > 1: err("dup id " + k)
cnt = Counter(); diffs = Counter(); texts = []
for r in B:
    if r.get("split") != "final": err("split " + r["id"])
    if not r.get("domain"): err("domain " + r["id"])
    k = r["kind"]
    if k == "group":
        if not re.fullmatch(r"pg52-\d{3}", r["id"]): err("id " + r["id"])
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: err("members " + r["id"])
        texts += r["members"]
    elif k == "lookalike":
        if not re.fullmatch(r"la52-\d{3}", r["id"]): err("id " + r["id"])
        cnt["lookalike"] += 1; diffs[r["differs"]] += 1
        if len(r["pair"]) != 2: err("pair " + r["id"])
        texts += r["pair"]
    elif k == "filler":
        if not re.fullmatch(r"f52-\d{3}", r["id"]): err("id " + r["id"])
        cnt["filler"] += 1; texts.append(r["text"])
    else: err("kind " + str(k))
for t in texts:
    if not 5 <= wc(t) <= 25: err("B word limit (%d): %s" % (wc(t), t))
for t, c in Counter(texts).items():
    if c > 1: err("B dup text: " + t)
print("Part B:", dict(cnt), "differs:", dict(diffs))
exp = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in exp.items():
    if cnt[k] != v: err("B count %s = %d, want %d" % (k, cnt[k], v))
for d in ["name","number","date","negation","status","place","person","object","time"]:
    if diffs[d] != 3: err("differs %s = %d" % (d, diffs[d]))

# ---------- Part A ----------
pa = os.path.join(HERE, "merge_corpus_v52.jsonl")
A = [json.loads(l) for l in open(pa, encoding="utf-8")]
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
cid = Counter(c["case_id"] for c in A)
for k, v in cid.items():
    if v > 1: err("dup case id " + k)
lab = Counter(); kinds = Counter(); heavy = Counter(); nsrc = Counter(); domains = set()
srcwc = {"faithful": [], "lossy": []}
alltexts = []
for c in A:
    if set(c) != keys: err("keys " + c["case_id"])
    if not re.fullmatch(r"e52-\d{4}", c["case_id"]): err("case id " + c["case_id"])
    if c["split"] != "final": err("split " + c["case_id"])
    lab[c["label"]] += 1; domains.add(c["domain"])
    if c["reword"] not in ("light", "heavy"): err("reword " + c["case_id"])
    heavy[(c["label"], c["reword"])] += 1
    nsrc[len(c["sources"])] += 1
    if not 2 <= len(c["sources"]) <= 3: err("nsrc " + c["case_id"])
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], j): err("src id " + s["id"])
        if s["category"] != c["category"]: err("src cat " + s["id"])
        n = wc(s["content"])
        if not 5 <= n <= 35: err("src words %d: %s" % (n, s["content"]))
        srcwc[c["label"]].append(n)
        alltexts.append(s["content"])
    if not c["merged"]: err("no merge " + c["case_id"])
    alltexts.append(c["merged"])
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": err("faithful kind/note " + c["case_id"])
        mn = num_forms(c["merged"])
        for s in c["sources"]:
            for x in src_numbers(s["content"]):
                if x not in mn:
                    err("number %s of source missing in faithful merge %s: %s || %s" % (x, c["case_id"], s["content"], c["merged"]))
    elif c["label"] == "lossy":
        kinds[c["kind"]] += 1
        if c["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): err("kind " + c["case_id"])
        if not c["note"]: err("lossy without note " + c["case_id"])
    else: err("label " + c["case_id"])
for t, n in Counter(alltexts).items():
    if n > 1: err("A dup text: " + t)
print("Part A:", dict(lab), "kinds:", dict(kinds))
print("reword:", {"%s/%s" % k: v for k, v in sorted(heavy.items())})
print("sources per case:", dict(sorted(nsrc.items())), "domains:", len(domains))
for l in ("faithful", "lossy"):
    v = srcwc[l]
    if v:
        print("%s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d" % (
            l, len(v), statistics.mean(v), sum(x >= 18 for x in v) / len(v), min(v), max(v)))
        if not 14 <= statistics.mean(v) <= 20: err("%s mean words out of 14-20" % l)
        if sum(x >= 18 for x in v) / len(v) < 1/3: err("%s share>=18 below a third" % l)
def _toks(x): return set(w for w in re.findall(r"[a-z0-9]+", x.lower()) if len(w) > 3)
for l in ("faithful", "lossy"):
    ov = []; n3 = 0; nc = 0
    for c in A:
        if c["label"] != l: continue
        nc += 1; s = [_toks(x["content"]) for x in c["sources"]]; n3 += len(s) == 3
        ov.append(statistics.mean(len(a & b) / len(a | b) for i, a in enumerate(s) for b in s[i + 1:]))
    if nc: print("%s: mean pairwise source word-overlap (Jaccard) %.3f, 3-source share %.2f" % (l, statistics.mean(ov), n3 / nc))
if lab["faithful"] != 120: err("faithful count %d, want 120" % lab["faithful"])
if heavy[("faithful","heavy")] < 85: err("faithful heavy %d < 85" % heavy[("faithful","heavy")])
for k in ("negation","quantity","dropped","detail","status","attribution"):
    if kinds[k] != 12: err("lossy %s = %d, want 12" % (k, kinds[k]))
if len(domains) < 12: err("domains %d < 12" % len(domains))
print("ERRORS: %d" % len(errs))
for e in errs: print("  -", e)
sys.exit(1 if errs else 0)
