#!/usr/bin/env python3
import json, re, os, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,
        "twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,"nineteen":19,
        "twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,"hundred":100,
        "first":1,"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"seventh":7,"eighth":8,"ninth":9,"tenth":10,"twelfth":12,"twentieth":20,"thirtieth":30,"fortieth":40,"fiftieth":50,"sixtieth":60,"once":1,"twice":2,"half":0.5,"dozen":12,"single":1,"both":2,"pair":2,"couple":2}
MONTHS = {m: i for i, m in enumerate(["january","february","march","april","may","june","july","august","september","october","november","december"], 1)}
def nums(t):
    s = set()
    tl = t.lower().replace(",", "")
    for m in re.finditer(r"\d+(?:\.\d+)?", tl):
        v = float(m.group()); s.add(v)
        # 2nd/3rd etc and k suffix
        if tl[m.end():m.end()+1] == "k": s.add(v*1000)
    for w in re.findall(r"[a-z]+", tl):
        if w in NUMW: s.add(float(NUMW[w]))
        if w in MONTHS: s.add(float(MONTHS[w]))
    return s
def src_nums(t):
    tl = t.lower().replace(",", "")
    s = set()
    for m in re.finditer(r"\d+(?:\.\d+)?", tl):
        v = float(m.group())
        if tl[m.end():m.end()+1] == "k": v *= 1000
        s.add(v)
    for w in re.findall(r"[a-z]+", tl):
        if w in NUMW and w not in ("first","second","single","both","pair","couple","once","half"): s.add(float(NUMW[w]))
    return s

# ---------- Part B
B = [json.loads(l) for l in open(os.path.join(HERE, "paraphrase_corpus_v39.jsonl"), encoding="utf-8")]
ids = [r["id"] for r in B]
if len(ids) != len(set(ids)): errs.append("B: duplicate ids")
texts = []
kc = Counter(); dc = Counter(); lc = Counter()
for r in B:
    assert r["split"] == "final"
    k = r["kind"]; kc[k] += 1
    if k == "group":
        dc[r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append(f"{r['id']} members {len(r['members'])}")
        if not re.fullmatch(r"pg39-\d{3}", r["id"]): errs.append(r["id"])
        texts += r["members"]
    elif k == "lookalike":
        lc[r["differs"]] += 1
        if r["differs"] not in "name number date negation status place person object time".split(): errs.append(r["id"])
        if len(r["pair"]) != 2: errs.append(r["id"])
        texts += r["pair"]
    elif k == "filler":
        texts.append(r["text"])
    else: errs.append("bad kind")
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append(f"B word count {wc(t)}: {t}")
dup = [t for t, n in Counter(texts).items() if n > 1]
if dup: errs.append(f"B duplicate texts: {dup}")
print("Part B:", dict(kc), "groups by difficulty:", dict(dc))
print("  lookalikes by differs:", dict(sorted(lc.items())))
want = {"group": 32, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if kc[k] != v: print(f"  COUNT SHORT/OVER: {k} {kc[k]}/{v}")
if dc["easy"] != 12 or dc["hard"] != 20: print(f"  COUNT: easy {dc['easy']}/12 hard {dc['hard']}/20")

# ---------- Part A
A = [json.loads(l) for l in open(os.path.join(HERE, "merge_corpus_v39.jsonl"), encoding="utf-8")]
cids = [r["case_id"] for r in A]
if len(cids) != len(set(cids)): errs.append("A dup ids")
alltexts = []
lab = Counter(); kinds = Counter(); rew = Counter(); nsrc = Counter(); doms = Counter(); lossy_heavy = 0
wcs = {"faithful": [], "lossy": []}
reg = Counter()
for r in A:
    keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
    if set(r) != keys: errs.append(f"{r['case_id']} keys")
    if not re.fullmatch(r"e39-\d{4}", r["case_id"]): errs.append(r["case_id"])
    lab[r["label"]] += 1; rew[(r["label"], r["reword"])] += 1; nsrc[len(r["sources"])] += 1; doms[r["domain"]] += 1
    if r["reword"] not in ("light", "heavy"): errs.append(f"{r['case_id']} reword")
    if not 2 <= len(r["sources"]) <= 3: errs.append(f"{r['case_id']} nsrc")
    for j, s in enumerate(r["sources"], 1):
        if s["id"] != f"{r['case_id']}-s{j}": errs.append(s["id"])
        if s["category"] != r["category"]: errs.append(f"{r['case_id']} cat")
        n = wc(s["content"])
        if not 5 <= n <= 35: errs.append(f"{r['case_id']} src words {n}: {s['content']}")
        wcs[r["label"]].append(n); alltexts.append(s["content"])
    alltexts.append(r["merged"])
    if r["label"] == "faithful":
        if r["kind"] is not None or r["note"] != "": errs.append(f"{r['case_id']} faithful kind/note")
        mn = nums(r["merged"])
        for s in r["sources"]:
            for v in src_nums(s["content"]):
                if v not in mn: errs.append(f"{r['case_id']} number {v:g} missing from merge")
    elif r["label"] == "lossy":
        kinds[r["kind"]] += 1
        if r["reword"] == "heavy": lossy_heavy += 1
        if r["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): errs.append(f"{r['case_id']} kind")
        if not r["note"]: errs.append(f"{r['case_id']} note empty")
    else: errs.append(f"{r['case_id']} label")
dup = [t for t, n in Counter(alltexts).items() if n > 1]
if dup: errs.append(f"A duplicate texts: {dup}")
print("Part A:", dict(lab), "lossy kinds:", dict(sorted(kinds.items())))
print("  reword:", {f"{a}/{b}": v for (a, b), v in sorted(rew.items())}, "lossy heavy:", lossy_heavy)
print("  sources per case:", dict(sorted(nsrc.items())), "domains:", len(doms))
for l in ("faithful", "lossy"):
    w = wcs[l]
    if w:
        print(f"  {l}: sources={len(w)} mean words={sum(w)/len(w):.2f} share>=18={sum(x>=18 for x in w)/len(w):.2%} min={min(w)} max={max(w)}")
if lab["faithful"] != 120: print(f"  COUNT: faithful {lab['faithful']}/120")
for k in ("negation","quantity","dropped","detail","status","attribution"):
    if kinds[k] != 12: print(f"  COUNT: {k} {kinds[k]}/12")
if errs:
    print("ERRORS:"); [print("  ", e) for e in errs]; sys.exit(1)
print("OK: no errors")
