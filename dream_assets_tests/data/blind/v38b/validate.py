#!/usr/bin/env python3
import json, re, sys, os
from collections import Counter

errs = []
def err(m): errs.append(m)
def wc(t): return len(t.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,
        "eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,
        "eighty":80,"ninety":90,"hundred":100,"thousand":1000,"twice":2,"once":1,"half":0.5,"dozen":12,
        "first":1,"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"tenth":10}
COMPOUND = r"(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b"
SKIPW = {"one", "once"}  # too often a pronoun/article ("the current one"); digits 1 are still checked
def numbers(t):
    t = t.lower().replace(",", "")
    out = set()
    for a, b in re.findall(COMPOUND, t):
        out.add(float(NUMW[a] + NUMW[b]))
    t = re.sub(COMPOUND, " ", t)
    for m in re.findall(r"\d+(?:\.\d+)?", t):
        out.add(float(m))
    for w in re.findall(r"[a-z]+", t):
        if w in NUMW and w not in SKIPW:
            out.add(float(NUMW[w]))
    return out
def num_forms(t):
    """numbers present in t, plus k/m expansions"""
    s = numbers(t)
    tl = t.lower().replace(",", "")
    for m in re.findall(r"(\d+(?:\.\d+)?)\s*k\b", tl):
        s.add(float(m) * 1000)
    for m in re.findall(r"(\d+(?:\.\d+)?)\s*(?:m\b|million)", tl):
        s.add(float(m) * 1e6)
    for m in re.findall(r"\d{4}-(\d{2})-(\d{2})", tl):
        s.add(float(m[0])); s.add(float(m[1]))
    # period words a merge may use for a source's "two weeks"/"every other"
    if re.search(r"fortnight|every other|alternate|biweekly", tl):
        s.add(2.0); s.add(14.0)
    # compound number words like "twenty-five"
    for a, b in re.findall(r"(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)", tl):
        s.add(float(NUMW[a] + NUMW[b]))
    return s

texts_seen = Counter()

# ---------- Part B
pb = "paraphrase_corpus_v38b.jsonl"
if os.path.exists(pb):
    ids = set(); kinds = Counter(); diff = Counter(); differs = Counter()
    for i, line in enumerate(open(pb, encoding="utf-8"), 1):
        try:
            o = json.loads(line)
        except Exception as e:
            err("B line %d: parse %s" % (i, e)); continue
        if o.get("split") != "final": err("B %s split" % o.get("id"))
        if o["id"] in ids: err("B dup id %s" % o["id"])
        ids.add(o["id"]); kinds[o["kind"]] += 1
        if not o.get("domain"): err("B %s no domain" % o["id"])
        if o["kind"] == "group":
            if not re.fullmatch(r"pg38b-\d{3}", o["id"]): err("bad id " + o["id"])
            diff[o["difficulty"]] += 1
            if o["difficulty"] not in ("easy", "hard"): err("difficulty " + o["id"])
            if not 2 <= len(o["members"]) <= 4: err("B %s members %d" % (o["id"], len(o["members"])))
            ts = o["members"]
        elif o["kind"] == "lookalike":
            if not re.fullmatch(r"la38b-\d{3}", o["id"]): err("bad id " + o["id"])
            differs[o["differs"]] += 1
            if len(o["pair"]) != 2: err("B pair " + o["id"])
            ts = o["pair"]
        elif o["kind"] == "filler":
            if not re.fullmatch(r"f38b-\d{3}", o["id"]): err("bad id " + o["id"])
            ts = [o["text"]]
        else:
            err("B kind " + str(o["kind"])); ts = []
        for t in ts:
            if not 5 <= wc(t) <= 25: err("B %s words %d: %s" % (o["id"], wc(t), t))
            texts_seen[t.strip().lower()] += 1
    print("Part B:", dict(kinds), "difficulty", dict(diff), "differs", dict(sorted(differs.items())))
    want = {"group": 32, "lookalike": 27, "filler": 40}
    for k, v in want.items():
        if kinds[k] != v: print("  COUNT SHORT/OFF: %s %d (want %d)" % (k, kinds[k], v))
    if diff["easy"] != 12 or diff["hard"] != 20: print("  COUNT OFF: easy %d hard %d (want 12/20)" % (diff["easy"], diff["hard"]))
    for d in ["name","number","date","negation","status","place","person","object","time"]:
        if differs[d] != 3: print("  COUNT OFF: differs %s = %d (want 3)" % (d, differs[d]))

# ---------- Part A
pa = "merge_corpus_v38b.jsonl"
if os.path.exists(pa):
    ids = set(); lab = Counter(); kinds = Counter(); rew = Counter(); nsrc = Counter(); doms = Counter()
    regs = Counter()
    wcs = {"faithful": [], "lossy": []}
    for i, line in enumerate(open(pa, encoding="utf-8"), 1):
        try:
            o = json.loads(line)
        except Exception as e:
            err("A line %d: parse %s" % (i, e)); continue
        need = ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]
        for k in need:
            if k not in o: err("A %d missing %s" % (i, k))
        cid = o["case_id"]
        if not re.fullmatch(r"e38b-\d{4}", cid): err("A bad id " + cid)
        if cid in ids: err("A dup id " + cid)
        ids.add(cid)
        if o["split"] != "final": err("A split " + cid)
        if o["label"] not in ("faithful", "lossy"): err("A label " + cid)
        if o["reword"] not in ("light", "heavy"): err("A reword " + cid)
        if "/" not in o["category"]: err("A category " + cid)
        lab[o["label"]] += 1; doms[o["domain"]] += 1
        if o["label"] == "faithful":
            rew[("faithful", o["reword"])] += 1
            if o["kind"] is not None: err("A faithful with kind " + cid)
            if o["note"] != "": err("A faithful with note " + cid)
        else:
            rew[("lossy", o["reword"])] += 1
            kinds[o["kind"]] += 1
            if o["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): err("A kind " + cid)
            if not o["note"]: err("A lossy without note " + cid)
        if not 2 <= len(o["sources"]) <= 3: err("A nsrc " + cid)
        nsrc[len(o["sources"])] += 1
        for j, s in enumerate(o["sources"], 1):
            if s["id"] != "%s-s%d" % (cid, j): err("A src id " + s["id"])
            if s["category"] != o["category"]: err("A src category " + cid)
            w = wc(s["content"])
            if not 5 <= w <= 35: err("A %s source words %d" % (cid, w))
            wcs[o["label"]].append(w)
            texts_seen[s["content"].strip().lower()] += 1
        texts_seen[o["merged"].strip().lower()] += 1
        if o["label"] == "faithful":
            mn = num_forms(o["merged"])
            for s in o["sources"]:
                for n in numbers(s["content"]):
                    if n not in mn:
                        err("A %s number %g of source not in merge" % (cid, n))
    print("Part A: labels", dict(lab), "kinds", dict(sorted(kinds.items())))
    print("  reword", {"%s/%s" % k: v for k, v in sorted(rew.items())}, "sources/case", dict(sorted(nsrc.items())))
    print("  domains (%d):" % len(doms), dict(sorted(doms.items())))
    for l in ("faithful", "lossy"):
        ws = wcs[l]
        if ws:
            print("  %s sources: n=%d mean words %.2f, share >=18 words %.2f, min %d max %d" % (
                l, len(ws), sum(ws)/len(ws), sum(1 for w in ws if w >= 18)/len(ws), min(ws), max(ws)))
            m = sum(ws)/len(ws)
            if not 14 <= m <= 20: err("A %s mean source words %.2f outside 14-20" % (l, m))
            if sum(1 for w in ws if w >= 18)/len(ws) < 1/3: err("A %s share >=18 below a third" % l)
    if lab["faithful"] != 120 or lab["lossy"] != 72: print("  COUNT SHORT/OFF: faithful %d lossy %d (want 120/72)" % (lab["faithful"], lab["lossy"]))
    if rew[("faithful","heavy")] < 85: print("  COUNT: faithful heavy %d (want >=85)" % rew[("faithful","heavy")])
    for k in ("negation","quantity","dropped","detail","status","attribution"):
        if kinds[k] != 12: print("  COUNT: lossy %s = %d (want 12)" % (k, kinds[k]))

for t, c in texts_seen.items():
    if c > 1: err("exact duplicate text x%d: %s" % (c, t))
banned = ["code-review", "code review", "berlin", "marathon", "elasticsearch", "concur", "christmas", "oat milk",
          "cilantro", "coriander", "leilani", "kwame", "helix", "lisbon"]
for t in texts_seen:
    for b in banned:
        if b in t: err("banned topic/word %r in: %s" % (b, t))
if errs:
    print("ERRORS (%d):" % len(errs))
    for e in errs: print("  " + e)
    sys.exit(1)
print("OK: no errors")
