#!/usr/bin/env python3
import json, re, sys
from collections import Counter
errs = []
def wc(s): return len(s.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,
        "eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,
        "eighty":80,"ninety":90,"hundred":100,"thousand":1000,"once":1,"twice":2,"single":1,"half":0.5,
        "first":1,"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"tenth":10,"dozen":12,"both":2,"pair":2,
        "ninetieth":90,"fortieth":40,"thirtieth":30,"fiftieth":50,"sixtieth":60,"twenty-first":21,"twentieth":20,"fortnight":14,"fortnightly":14,"biweekly":14}
MONTHS = {m: i for i, m in enumerate(["january","february","march","april","may","june","july","august",
          "september","october","november","december"], 1)}
MONTHS.update({m[:3]: i for m, i in list(MONTHS.items())})

def nums(s):
    s2 = s.lower().replace(',', '')
    out = set()
    for m in re.findall(r'\d+(?:\.\d+)?', s2):
        v = float(m); out.add(v)
        if len(m) == 4 and m.startswith('20'): out.add(float(m[2:]))  # '25 for 2025
    for w in re.findall(r'[a-z]+', s2):
        if w in NUMW: out.add(float(NUMW[w]))
        if w in MONTHS: out.add(float(MONTHS[w]))
    for m in re.findall(r'(\d+(?:\.\d+)?)k\b', s2): out.add(float(m) * 1000)
    return out

def src_nums(s):
    s2 = s.lower().replace(',', '')
    return set(float(m) for m in re.findall(r'\d+(?:\.\d+)?', s2))

# ---------- Part A
A = [json.loads(l) for l in open('merge_corpus_v28.jsonl', encoding='utf-8')]
ids = set(); texts = Counter()
KINDS = {"negation","quantity","dropped","detail","status","attribution"}
for c in A:
    for k in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if k not in c: errs.append("A missing %s in %s" % (k, c.get("case_id")))
    if c["case_id"] in ids: errs.append("dup id " + c["case_id"])
    ids.add(c["case_id"])
    if not re.fullmatch(r'e28-\d{4}', c["case_id"]): errs.append("bad id " + c["case_id"])
    if c["split"] != "final": errs.append("split " + c["case_id"])
    if not 2 <= len(c["sources"]) <= 3: errs.append("n sources " + c["case_id"])
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], j): errs.append("src id " + s["id"])
        if s["category"] != c["category"]: errs.append("src cat " + s["id"])
        if not 5 <= wc(s["content"]) <= 35: errs.append("src len %d %s: %s" % (wc(s["content"]), s["id"], s["content"]))
        texts[s["content"]] += 1
    texts[c["merged"]] += 1
    if c["reword"] not in ("light", "heavy"): errs.append("reword " + c["case_id"])
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append("faithful kind/note " + c["case_id"])
        mn = nums(c["merged"])
        for s in c["sources"]:
            for n in src_nums(s["content"]):
                if n not in mn: errs.append("number %s missing from merge %s" % (n, c["case_id"]))
    elif c["label"] == "lossy":
        if c["kind"] not in KINDS or not c["note"]: errs.append("lossy kind/note " + c["case_id"])
    else: errs.append("label " + c["case_id"])
    if "/" not in c["category"]: errs.append("category " + c["case_id"])
for t, n in texts.items():
    if n > 1: errs.append("A duplicate text: " + t)
lab = Counter(c["label"] for c in A)
kinds = Counter(c["kind"] for c in A if c["label"] == "lossy")
heavyF = sum(1 for c in A if c["label"] == "faithful" and c["reword"] == "heavy")
heavyL = sum(1 for c in A if c["label"] == "lossy" and c["reword"] == "heavy")
three = sum(1 for c in A if len(c["sources"]) == 3)
print("Part A cases:", len(A), dict(lab), "lossy kinds:", dict(kinds))
print("  faithful heavy:", heavyF, " lossy heavy:", heavyL, " 3-source cases:", three,
      "(%.0f%%)" % (100.0 * three / max(1, len(A))))
print("  domains:", len(set(c["domain"] for c in A)), dict(Counter(c["domain"] for c in A)))
for L in ("faithful", "lossy"):
    ws = [wc(s["content"]) for c in A if c["label"] == L for s in c["sources"]]
    if ws:
        print("  %-8s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d" %
              (L, len(ws), sum(ws) / len(ws), sum(w >= 18 for w in ws) / len(ws), min(ws), max(ws)))
        mw = [wc(c["merged"]) for c in A if c["label"] == L]
        print("  %-8s merges: mean words=%.2f" % (L, sum(mw) / len(mw)))
def _jac(a, b):
    a = set(re.findall(r"\w+", a.lower())); b = set(re.findall(r"\w+", b.lower()))
    return len(a & b) / len(a | b)
for L in ("faithful", "lossy"):
    js = [_jac(x["content"], y["content"]) for c in A if c["label"] == L
          for i, x in enumerate(c["sources"]) for y in c["sources"][i + 1:]]
    if js: print("  %-8s within-case source word overlap (Jaccard, pairwise) mean=%.3f" % (L, sum(js) / len(js)))
allw = [wc(s["content"]) for c in A for s in c["sources"]]
if allw: print("  all sources mean=%.2f share>=18=%.2f" % (sum(allw)/len(allw), sum(w>=18 for w in allw)/len(allw)))

# ---------- Part B
B = [json.loads(l) for l in open('paraphrase_corpus_v28.jsonl', encoding='utf-8')]
ids = set(); texts = Counter()
for r in B:
    if r["id"] in ids: errs.append("B dup id " + r["id"])
    ids.add(r["id"])
    if r["split"] != "final": errs.append("B split " + r["id"])
    if r["kind"] == "group":
        ts = r["members"]
        if not 2 <= len(ts) <= 4: errs.append("group size " + r["id"])
        if r["difficulty"] not in ("easy", "hard"): errs.append("difficulty " + r["id"])
        if not re.fullmatch(r'pg28-\d{3}', r["id"]): errs.append("id " + r["id"])
    elif r["kind"] == "lookalike":
        ts = r["pair"]
        if len(ts) != 2: errs.append("pair size " + r["id"])
        if r["differs"] not in ("name","number","date","negation","status","place","person","object","time"):
            errs.append("differs " + r["id"])
    elif r["kind"] == "filler":
        ts = [r["text"]]
    else:
        errs.append("B kind " + str(r)); ts = []
    for t in ts:
        texts[t] += 1
        if not 5 <= wc(t) <= 25: errs.append("B len %d %s: %s" % (wc(t), r["id"], t))
for t, n in texts.items():
    if n > 1: errs.append("B duplicate text: " + t)
kc = Counter(r["kind"] for r in B)
dc = Counter(r["difficulty"] for r in B if r["kind"] == "group")
lc = Counter(r["differs"] for r in B if r["kind"] == "lookalike")
print("Part B records:", len(B), dict(kc), "groups:", dict(dc))
print("  lookalike differs:", dict(sorted(lc.items())))
print("  domains:", len(set(r["domain"] for r in B)))
if errs:
    print("ERRORS (%d):" % len(errs)); [print("  " + e) for e in errs]; sys.exit(1)
print("OK: no errors")
