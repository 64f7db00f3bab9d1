import json, os, re, sys, collections
D = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,
        "hundred":100,"half":0.5,"once":1,"twice":2,"dozen":12,"first":1,"twentieth":20,"fiftieth":50,"ninetieth":90,"fortieth":40,"second":2,"third":3}
MONTHS = ["january","february","march","april","may","june","july","august","september","october","november","december"]

# Part B
texts = collections.Counter()
ids = set()
kc = collections.Counter(); diffc = collections.Counter(); difsc = collections.Counter()
for i, ln in enumerate(open(os.path.join(D, "paraphrase_corpus_v36.jsonl"), encoding="utf-8")):
    r = json.loads(ln)
    if r.get("split") != "final": errs.append("B split %d" % i)
    if r["id"] in ids: errs.append("B dup id " + r["id"])
    ids.add(r["id"]); kc[r["kind"]] += 1
    if r["kind"] == "group":
        assert set(r) == {"kind","id","difficulty","domain","split","members"}, r
        diffc[r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("group size " + r["id"])
        ts = r["members"]
    elif r["kind"] == "lookalike":
        assert set(r) == {"kind","id","differs","domain","split","pair"}, r
        difsc[r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("pair " + r["id"])
        ts = r["pair"]
    else:
        assert set(r) == {"kind","id","domain","split","text"}, r
        ts = [r["text"]]
    for t in ts:
        texts[t] += 1
        if not 5 <= wc(t) <= 25: errs.append("B words %d %s: %s" % (wc(t), r["id"], t))
for t, n in texts.items():
    if n > 1: errs.append("B duplicate text: " + t)
print("Part B:", dict(kc), "groups:", dict(diffc))
print("  lookalike differs:", dict(sorted(difsc.items())))
for k, want in (("group", 32), ("lookalike", 27), ("filler", 40)):
    if kc[k] != want: errs.append("B count %s %d != %d" % (k, kc[k], want))
if diffc["easy"] != 12 or diffc["hard"] != 20: errs.append("B difficulty counts")
if any(v != 3 for v in difsc.values()) or len(difsc) != 9: errs.append("B differs counts")

# Part A
def nums(t):
    t = t.lower()
    out = set()
    for m in re.findall(r"\d[\d,]*(?:\.\d+)?", t):
        out.add(m.replace(",", ""))
    return out
def norm_set(t):
    s = set()
    tl = t.lower()
    for m in re.findall(r"\d[\d,]*(?:\.\d+)?", tl):
        v = m.replace(",", "")
        s.add(v)
        try:
            f = float(v)
            s.add(str(int(f)) if f == int(f) else str(f))
        except ValueError: pass
    for w, v in NUMW.items():
        if re.search(r"\b%s\b" % w, tl): s.add(str(v))
    for i, mo in enumerate(MONTHS, 1):
        if mo in tl or mo[:3] in tl: s.add(str(i)); s.add("%02d" % i)
    for m in re.findall(r"(\d+)k\b", tl): s.add(str(int(m) * 1000))
    for m in re.findall(r"(\d+)(?:st|nd|rd|th)\b", tl): s.add(m)
    return s
cids = set(); lab = collections.Counter(); kinds = collections.Counter(); rw = collections.Counter()
nsrc = collections.Counter(); doms = set()
wstats = {"faithful": [], "lossy": []}
mtexts = collections.Counter()
for i, ln in enumerate(open(os.path.join(D, "merge_corpus_v36.jsonl"), encoding="utf-8")):
    c = json.loads(ln)
    keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
    if set(c) != keys: errs.append("A keys " + c["case_id"])
    if c["case_id"] in cids: errs.append("A dup id")
    cids.add(c["case_id"])
    if not re.fullmatch(r"e36-\d{4}", c["case_id"]): errs.append("A id fmt")
    lab[c["label"]] += 1; rw[(c["label"], c["reword"])] += 1; nsrc[len(c["sources"])] += 1
    doms.add(c["domain"])
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append("A faithful kind/note " + c["case_id"])
    else:
        if c["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): errs.append("A kind " + c["case_id"])
        if not c["note"]: errs.append("A lossy note " + c["case_id"])
        kinds[c["kind"]] += 1
    if c["reword"] not in ("light", "heavy"): errs.append("A reword")
    if not 2 <= len(c["sources"]) <= 3: errs.append("A nsrc " + c["case_id"])
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], j) or s["category"] != c["category"]: errs.append("A src id/cat " + c["case_id"])
        w = wc(s["content"]); wstats[c["label"]].append(w)
        if not 5 <= w <= 35: errs.append("A src words %d %s" % (w, c["case_id"]))
        mtexts[s["content"]] += 1
    if c["label"] == "faithful":
        ms = norm_set(c["merged"])
        for s in c["sources"]:
            for n in nums(s["content"]):
                n2 = str(int(float(n))) if float(n) == int(float(n)) else n
                if n not in ms and n2 not in ms:
                    errs.append("A faithful number %s missing in merge %s" % (n, c["case_id"]))
for t, n in mtexts.items():
    if n > 1: errs.append("A duplicate source text: " + t)
print("Part A:", dict(lab), "lossy kinds:", dict(sorted(kinds.items())))
print("  reword:", {"%s/%s" % k: v for k, v in sorted(rw.items())}, "sources per case:", dict(sorted(nsrc.items())), "domains:", len(doms))
for l in ("faithful", "lossy"):
    ws = wstats[l]
    if ws:
        print("  %s sources: n=%d mean words=%.2f share>=18=%.3f min=%d max=%d" % (
            l, len(ws), sum(ws)/len(ws), sum(1 for w in ws if w >= 18)/len(ws), min(ws), max(ws)))
if lab["faithful"] != 120: errs.append("A faithful count %d" % lab["faithful"])
for k in ("negation","quantity","dropped","detail","status","attribution"):
    if kinds[k] != 12: errs.append("A kind count %s %d" % (k, kinds[k]))
if rw[("faithful","heavy")] < 85: errs.append("A heavy faithful %d < 85" % rw[("faithful","heavy")])
print("ERRORS (%d):" % len(errs))
for e in errs: print("  ", e)
