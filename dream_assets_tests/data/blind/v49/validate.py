#!/usr/bin/env python3
import json, re, sys
from collections import Counter

errs = []
def err(m): errs.append(m)
def wc(t): return len(t.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,
        "eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,
        "eighty":80,"ninety":90,"hundred":100,"first":1,"second":2,"third":3,"fourth":4,"fifth":5,
        "once":1,"twice":2,"half":0.5,"dozen":12,"single":1,"pair":2,"both":2,"a":None}
MONTHS = ["jan","feb","mar","apr","may","jun","jul","aug","sep","oct","nov","dec"]

def numbers(t):
    t = t.lower()
    out = set()
    for m in re.findall(r"\d+(?:[.,]\d+)*", t):
        out.add(m.replace(",", ""))
    return out

def num_forms(t):
    t = t.lower()
    forms = set(x.replace(",", "") for x in re.findall(r"\d+(?:[.,]\d+)*", t))
    for w, v in NUMW.items():
        if v is not None and re.search(r"\b%s\b" % w, t):
            forms.add(str(v) if not isinstance(v, float) else "0.5")
    # compound words like twenty-five
    for a, b in re.findall(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b", t):
        forms.add(str(NUMW[a] + NUMW[b]))
    # month names -> month numbers, "k" suffix
    for i, mo in enumerate(MONTHS, 1):
        if re.search(r"\b%s" % mo, t):
            forms.add(str(i)); forms.add("%02d" % i)
    for m in re.findall(r"(\d+(?:\.\d+)?)\s*k\b", t):
        forms.add(str(int(float(m) * 1000)))
    for m in re.findall(r"\b(\d+)(?:st|nd|rd|th)\b", t):
        forms.add(m)
    extra = set()
    for f in forms:
        if re.fullmatch(r"0\d", f): extra.add(f[1:])
        if re.fullmatch(r"\d+", f) and len(f) == 4 and f.startswith("20"): extra.add(f[2:])
        if re.fullmatch(r"\d+\.0+", f): extra.add(f.split(".")[0])
    forms |= extra
    return forms

# ---------- Part B ----------
pb = [json.loads(l) for l in open("paraphrase_corpus_v49.jsonl", encoding="utf-8")]
ids = Counter(r["id"] for r in pb)
for i, c in ids.items():
    if c > 1: err("dup id " + i)
texts = []
kinds = Counter(); diffs = Counter(); differs = Counter()
VALID_DIFFERS = {"name","number","date","negation","status","place","person","object","time"}
for r in pb:
    if r.get("split") != "final": err("split " + r["id"])
    if "domain" not in r: err("domain " + r["id"])
    kinds[r["kind"]] += 1
    if r["kind"] == "group":
        diffs[r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: err("members " + r["id"])
        texts += r["members"]
        if not r["id"].startswith("pg49-"): err("id " + r["id"])
    elif r["kind"] == "lookalike":
        if r["differs"] not in VALID_DIFFERS: err("differs " + r["id"])
        differs[r["differs"]] += 1
        if len(r["pair"]) != 2: err("pair " + r["id"])
        texts += r["pair"]
    elif r["kind"] == "filler":
        texts.append(r["text"])
    else:
        err("kind " + r["kind"])
for t in texts:
    if not 5 <= wc(t) <= 25: err("B word count %d: %s" % (wc(t), t))
for t, c in Counter(texts).items():
    if c > 1: err("B dup text: " + t)
print("Part B:", dict(kinds), "groups by difficulty:", dict(diffs))
print("  lookalikes by differs:", dict(sorted(differs.items())))
want = {"group": 32, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if kinds[k] != v: print("  COUNT SHORT/OVER: %s %d (target %d)" % (k, kinds[k], v))
if diffs["easy"] != 12 or diffs["hard"] != 20: print("  difficulty counts off target (12 easy / 20 hard)")

# ---------- Part A ----------
pa = [json.loads(l) for l in open("merge_corpus_v49.jsonl", encoding="utf-8")]
KINDS = {"negation","quantity","dropped","detail","status","attribution"}
cids = Counter(c["case_id"] for c in pa)
for i, c in cids.items():
    if c > 1: err("dup case id " + i)
labels = Counter(); lk = Counter(); rw = Counter(); nsrc = Counter(); lossy_rw = Counter()
alltexts = []
srcwc = {"faithful": [], "lossy": []}
for c in pa:
    for k in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if k not in c: err("missing %s in %s" % (k, c.get("case_id")))
    if not re.fullmatch(r"e49-\d{4}", c["case_id"]): err("case id " + c["case_id"])
    if c["split"] != "final": err("split " + c["case_id"])
    if "/" not in c["category"]: err("category " + c["case_id"])
    labels[c["label"]] += 1
    nsrc[len(c["sources"])] += 1
    if not 2 <= len(c["sources"]) <= 3: err("nsources " + c["case_id"])
    sids = set()
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], j): err("source id " + s["id"])
        if s["category"] != c["category"]: err("source category " + s["id"])
        n = wc(s["content"])
        if not 5 <= n <= 35: err("source wc %d: %s" % (n, s["content"]))
        srcwc[c["label"]].append(n)
        alltexts.append(s["content"])
    alltexts.append(c["merged"])
    if c["reword"] not in ("light", "heavy"): err("reword " + c["case_id"])
    if c["label"] == "faithful":
        rw[c["reword"]] += 1
        if c["kind"] is not None or c["note"] != "": err("faithful kind/note " + c["case_id"])
        mf = num_forms(c["merged"])
        for s in c["sources"]:
            for n in numbers(s["content"]):
                cand = {n}
                if re.fullmatch(r"0\d", n): cand.add(n[1:])
                if len(n) == 4 and n.startswith("20"): cand.add(n[2:])
                if not (cand & mf):
                    err("faithful %s: number %s of source missing in merge" % (c["case_id"], n))
            for w, v in NUMW.items():
                if v is None or w in ("a",): continue
                if re.search(r"\b%s\b" % w, s["content"].lower()) and w not in ("first","second","both","single","pair","half","once","one"):
                    if str(v) not in mf:
                        err("faithful %s: number word '%s' missing in merge" % (c["case_id"], w))
    elif c["label"] == "lossy":
        if c["kind"] not in KINDS: err("lossy kind " + c["case_id"])
        lk[c["kind"]] += 1
        lossy_rw[c["reword"]] += 1
        if not c["note"]: err("lossy note " + c["case_id"])
    else:
        err("label " + c["label"])
for t, c in Counter(alltexts).items():
    if c > 1: err("A dup text: " + t)
print("Part A:", dict(labels), "faithful reword:", dict(rw), "lossy kinds:", dict(sorted(lk.items())),
      "lossy reword:", dict(lossy_rw), "sources per case:", dict(sorted(nsrc.items())))
for lab in ("faithful", "lossy"):
    L = srcwc[lab]
    if L:
        mean = sum(L) / len(L); share = sum(1 for x in L if x >= 18) / len(L)
        print("  %s sources: n=%d mean words=%.2f share>=18=%.2f" % (lab, len(L), mean, share))
        if not 14 <= mean <= 20: err("%s mean source wc %.2f outside 14-20" % (lab, mean))
        if share < 1/3: err("%s share>=18 %.2f below 1/3" % (lab, share))
if labels["faithful"] != 120 or labels["lossy"] != 72: print("  COUNT SHORT/OVER vs 120 faithful / 72 lossy")
if errs:
    print("ERRORS (%d):" % len(errs))
    for e in errs: print("  " + e)
    sys.exit(1)
print("OK: no errors")
