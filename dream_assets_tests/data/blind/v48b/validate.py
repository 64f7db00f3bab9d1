#!/usr/bin/env python3
import json, os, re, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errors = []
def err(m): errors.append(m)
def wc(t): return len(t.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
"eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
"hundred":100,"thousand":1000,"twice":2,"single":1,"a dozen":12,"dozen":12,"third":3,"fourth":4,"fifth":5}
def numbers(t):
    t = t.lower().replace(",", "")
    found = set()
    for m in re.finditer(r"(?<![a-z\d.])(\d+(?:\.\d+)?)(k\b)?", t):
        v = float(m.group(1))
        if m.group(2): v *= 1000
        found.add(v)
    # compound words like "twenty-five", "ninety-five thousand"
    for m in re.finditer(r"\b((?:%s)(?:(?:[- ]|\s+and\s+)(?:%s))*)\b" % ("|".join(NUMW), "|".join(NUMW)), t):
        words = [w for w in re.split(r"[- ]+", m.group(1)) if w != "and"]
        total, cur = 0, 0
        for w in words:
            v = NUMW.get(w)
            if v is None: continue
            if v in (100, 1000):
                cur = (cur or 1) * v
                if v == 1000: total += cur; cur = 0
            else:
                cur += v
        big = any(w in ("hundred", "thousand") for w in words)
        tens_unit = len(words) == 2 and NUMW.get(words[0], 0) >= 20 and NUMW.get(words[0], 0) % 10 == 0 and NUMW.get(words[1], 99) < 10
        if len(words) == 1 or big or tens_unit:
            found.add(float(total + cur))
        else:
            for w in words:
                if w in NUMW: found.add(float(NUMW[w]))
    return found

def load(name):
    p = os.path.join(HERE, name)
    out = []
    with open(p, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try: out.append(json.loads(line))
            except Exception as e: err("%s:%d parse %s" % (name, i, e))
    return out

# ---------- Part B ----------
pb = load("paraphrase_corpus_v48b.jsonl")
ids = Counter(r.get("id") for r in pb)
for k, v in ids.items():
    if v > 1: err("dup id " + k)
texts = []
cnt = Counter()
for r in pb:
    if r.get("split") != "final": err("split " + str(r.get("id")))
    if not r.get("domain"): err("domain " + r["id"])
    k = r.get("kind")
    if k == "group":
        if r["difficulty"] not in ("easy", "hard"): err("difficulty " + r["id"])
        if not 2 <= len(r["members"]) <= 4: err("members count " + r["id"])
        if not r["id"].startswith("pg48b-"): err("id " + r["id"])
        texts += r["members"]; cnt["group_" + r["difficulty"]] += 1
    elif k == "lookalike":
        if r["differs"] not in "name number date negation status place person object time".split(): err("differs " + r["id"])
        if len(r["pair"]) != 2: err("pair " + r["id"])
        if not r["id"].startswith("la48b-"): err("id " + r["id"])
        texts += r["pair"]; cnt["lookalike"] += 1; cnt["differs_" + r["differs"]] += 1
    elif k == "filler":
        if not r["id"].startswith("f48b-"): err("id " + r["id"])
        texts.append(r["text"]); cnt["filler"] += 1
    else: err("kind " + str(k))
for t in texts:
    if not 5 <= wc(t) <= 25: err("B word limit (%d): %s" % (wc(t), t))
for t, v in Counter(texts).items():
    if v > 1: err("B duplicate text: " + t)
print("Part B:", dict(sorted(cnt.items())))
want = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if cnt[k] != v: print("  B count short/over: %s = %d (want %d)" % (k, cnt[k], v))

# ---------- Part A ----------
pa = load("merge_corpus_v48b.jsonl")
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
cids = Counter(c.get("case_id") for c in pa)
for k, v in cids.items():
    if v > 1: err("dup case id " + k)
allt = []
ac = Counter(); nsrc = Counter()
stats = {"faithful": [], "lossy": []}
for c in pa:
    if set(c) != keys: err("keys " + c.get("case_id", "?"))
    cid = c["case_id"]
    if not re.fullmatch(r"e48b-\d{4}", cid): err("case id " + cid)
    if c["split"] != "final": err("split " + cid)
    lab = c["label"]
    if lab not in ("faithful", "lossy"): err("label " + cid)
    if c["reword"] not in ("light", "heavy"): err("reword " + cid)
    if lab == "faithful":
        if c["kind"] is not None or c["note"] != "": err("faithful kind/note " + cid)
    else:
        if c["kind"] not in "negation quantity dropped detail status attribution".split(): err("kind " + cid)
        if not c["note"]: err("lossy note empty " + cid)
    if not 2 <= len(c["sources"]) <= 3: err("n sources " + cid)
    nsrc[len(c["sources"])] += 1
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (cid, j): err("source id " + s["id"])
        if s["category"] != c["category"]: err("source category " + s["id"])
        if not 5 <= wc(s["content"]) <= 35: err("A source word limit (%d): %s" % (wc(s["content"]), s["content"]))
        stats[lab].append(wc(s["content"]))
        allt.append(s["content"])
    allt.append(c["merged"])
    ac[(lab, c["kind"], c["reword"])] += 1
    if lab == "faithful":
        mn = numbers(c["merged"])
        for s in c["sources"]:
            for n in numbers(s["content"]):
                if n not in mn: err("faithful %s: number %g of source missing in merge" % (cid, n))
for t, v in Counter(allt).items():
    if v > 1: err("A duplicate text: " + t)
fa = sum(v for (l, k, r), v in ac.items() if l == "faithful")
fh = sum(v for (l, k, r), v in ac.items() if l == "faithful" and r == "heavy")
print("Part A: faithful=%d (heavy %d)" % (fa, fh))
for kind in "negation quantity dropped detail status attribution".split():
    n = sum(v for (l, k, r), v in ac.items() if k == kind)
    h = sum(v for (l, k, r), v in ac.items() if k == kind and r == "heavy")
    print("  lossy %-11s %d (heavy %d)" % (kind, n, h))
print("  sources per case:", dict(nsrc))
for lab in ("faithful", "lossy"):
    xs = stats[lab]
    if xs:
        mean = sum(xs) / len(xs); share = sum(x >= 18 for x in xs) / len(xs)
        print("  %s sources: n=%d mean words=%.2f share>=18=%.2f" % (lab, len(xs), mean, share))
        if not 14 <= mean <= 20: err("%s mean source words %.2f outside 14-20" % (lab, mean))
        if share < 1/3: err("%s share>=18 %.2f below 1/3" % (lab, share))
if errors:
    print("ERRORS (%d):" % len(errors))
    for e in errors: print("  " + e)
    sys.exit(1)
print("OK: no errors")
