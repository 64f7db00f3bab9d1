#!/usr/bin/env python3
import json, re, sys, collections
errs = []
def wc(s): return len(s.split())
# Part B
P = [json.loads(l) for l in open("paraphrase_corpus_v40b.jsonl", encoding="utf-8")]
ids = [r["id"] for r in P]
if len(ids) != len(set(ids)): errs.append("dup paraphrase ids")
cnt = collections.Counter()
texts = []
DIFFS = {"name","number","date","negation","status","place","person","object","time"}
dcount = collections.Counter()
for r in P:
    if r.get("split") != "final": errs.append(r["id"] + " split")
    if not r.get("domain"): errs.append(r["id"] + " domain")
    if r["kind"] == "group":
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append(r["id"] + " members")
        texts += r["members"]
    elif r["kind"] == "lookalike":
        cnt["lookalike"] += 1; dcount[r["differs"]] += 1
        if r["differs"] not in DIFFS: errs.append(r["id"] + " differs")
        if len(r["pair"]) != 2: errs.append(r["id"] + " pair")
        texts += r["pair"]
    elif r["kind"] == "filler":
        cnt["filler"] += 1; texts.append(r["text"])
    else: errs.append(r["id"] + " kind")
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B word limit (%d): %s" % (wc(t), t))
dups = [t for t, c in collections.Counter(texts).items() if c > 1]
if dups: errs.append("B dup texts: %s" % dups)
want = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if cnt[k] != v: errs.append("B count %s=%d want %d" % (k, cnt[k], v))
for d in DIFFS:
    if dcount[d] != 3: errs.append("B differs %s=%d want 3" % (d, dcount[d]))
print("Part B:", dict(cnt), "differs:", dict(dcount))
# Part A
M = [json.loads(l) for l in open("merge_corpus_v40b.jsonl", encoding="utf-8")]
cids = [c["case_id"] for c in M]
if len(cids) != len(set(cids)): errs.append("dup case ids")
KINDS = {"negation","quantity","dropped","detail","status","attribution"}
lc = collections.Counter(); rw = collections.Counter(); nsrc = collections.Counter()
allt = []; doms = set()
stats = {"faithful": [], "lossy": []}
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"hundred":100,
        "half":0.5,"once":1,"twice":2,"single":1,"dozen":12,"first":1,"second":2,"third":3,"fourth":4}
def nums(s):
    out = set()
    for m in re.findall(r"\d[\d,]*(?:\.\d+)?", s):
        out.add(m.replace(",", ""))
    return out
def present(n, merged):
    ml = merged.lower()
    mn = nums(merged)
    if n in mn: return True
    # k/thousand forms
    try: v = float(n)
    except: return False
    for m in mn:
        try:
            if float(m) == v or float(m) * 1000 == v or float(m)*1e6 == v: return True
        except: pass
    for w, val in NUMW.items():
        if val == v and re.search(r"\b" + w + r"\b", ml): return True
    # years written as '24 etc
    if len(n) == 4 and ("'" + n[2:]) in merged: return True
    return False
for c in M:
    if c.get("split") != "final": errs.append(c["case_id"] + " split")
    lab = c["label"]; 
    if lab not in ("faithful", "lossy"): errs.append(c["case_id"] + " label")
    if lab == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append(c["case_id"] + " faithful kind/note")
        lc["faithful"] += 1
    else:
        if c["kind"] not in KINDS or not c["note"]: errs.append(c["case_id"] + " lossy kind/note")
        lc[c["kind"]] += 1
    rw[(lab, c["reword"])] += 1
    if c["reword"] not in ("light", "heavy"): errs.append(c["case_id"] + " reword")
    nsrc[len(c["sources"])] += 1
    if not 2 <= len(c["sources"]) <= 3: errs.append(c["case_id"] + " nsrc")
    doms.add(c["domain"])
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], j): errs.append(c["case_id"] + " src id")
        if s["category"] != c["category"]: errs.append(c["case_id"] + " src category")
        w = wc(s["content"])
        stats[lab].append(w)
        if not 5 <= w <= 35: errs.append("A src word limit (%d): %s" % (w, s["content"]))
        allt.append(s["content"])
        if lab == "faithful":
            for n in nums(s["content"]):
                if not present(n, c["merged"]):
                    errs.append("%s faithful merge lacks number %s" % (c["case_id"], n))
    allt.append(c["merged"])
    if "/" not in c["category"]: errs.append(c["case_id"] + " category")
dups = [t for t, k in collections.Counter(allt).items() if k > 1]
if dups: errs.append("A dup texts: %s" % dups)
print("Part A labels:", dict(lc))
print("Part A reword:", {"%s/%s" % k: v for k, v in sorted(rw.items())})
print("Part A sources per case:", dict(nsrc), " domains:", len(doms))
for lab in ("faithful", "lossy"):
    ws = stats[lab]
    if ws:
        mean = sum(ws) / len(ws); share = sum(1 for w in ws if w >= 18) / len(ws)
        print("Part A %s sources: n=%d mean words=%.2f share>=18=%.2f" % (lab, len(ws), mean, share))
        if not 14 <= mean <= 20: errs.append("%s mean %.2f out of 14-20" % (lab, mean))
        if share < 1/3: errs.append("%s share>=18 %.2f < 1/3" % (lab, share))
want = {"faithful": 120, **{k: 12 for k in KINDS}}
short = {k: (lc[k], v) for k, v in want.items() if lc[k] != v}
if short: print("COUNT SHORTFALL (have, want):", short)
if rw[("faithful", "heavy")] < 85: print("faithful heavy < 85:", rw[("faithful", "heavy")])
if errs:
    print("ERRORS (%d):" % len(errs)); [print("  " + e) for e in errs]; sys.exit(1)
print("OK: schema, ids, word limits, duplicates, numbers all valid")
# informational: within-case source overlap (content-word Jaccard) and merge/source overlap per label
def toks(s): return {w.strip(".,;:()\"'").lower() for w in s.split() if len(w.strip(".,;:()\"'")) > 3}
for lab in ("faithful", "lossy"):
    ov = []; mo = []
    for c in M:
        if c["label"] != lab: continue
        ss = [toks(s["content"]) for s in c["sources"]]
        for i in range(len(ss)):
            for j in range(i + 1, len(ss)):
                ov.append(len(ss[i] & ss[j]) / max(1, len(ss[i] | ss[j])))
        allsrc = set().union(*ss); mt = toks(c["merged"])
        mo.append(len(allsrc & mt) / max(1, len(mt)))
    print("info %s: mean source-source Jaccard=%.3f  mean share of merge words found in sources=%.3f" % (lab, sum(ov)/len(ov), sum(mo)/len(mo)))
