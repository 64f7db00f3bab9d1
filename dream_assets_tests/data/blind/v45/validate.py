import json, re, sys
from collections import Counter
errs = []
def wc(t): return len(t.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,"twelve":12,
        "fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"hundred":100,"half":0.5,"once":1,"twice":2,"single":1,"dozen":12,
        "first":1,"second":2,"third":3,"fourth":4,"fifth":5,"pair":2,"couple":2,"both":2,"thrice":3,"triple":3,"double":2}
MONTHS = ["jan","feb","mar","apr","may","jun","jul","aug","sep","oct","nov","dec"]
# ---- Part B
ids = set(); texts = Counter(); kinds = Counter(); diffs = Counter()
for n, line in enumerate(open("paraphrase_corpus_v45.jsonl", encoding="utf-8"), 1):
    r = json.loads(line)
    if r["id"] in ids: errs.append("dup id " + r["id"])
    ids.add(r["id"])
    if r.get("split") != "final": errs.append("split " + r["id"])
    if not r.get("domain"): errs.append("domain " + r["id"])
    k = r["kind"]
    if k == "group":
        kinds[("group", r["difficulty"])] += 1
        if r["difficulty"] not in ("easy", "hard"): errs.append("diff " + r["id"])
        if not 2 <= len(r["members"]) <= 4: errs.append("members " + r["id"])
        tt = r["members"]
    elif k == "lookalike":
        kinds["lookalike"] += 1; diffs[r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("pair " + r["id"])
        tt = r["pair"]
    elif k == "filler":
        kinds["filler"] += 1; tt = [r["text"]]
    else: errs.append("kind " + r["id"]); tt = []
    for t in tt:
        texts[t] += 1
        if not 5 <= wc(t) <= 25: errs.append("B words %d %s: %s" % (wc(t), r["id"], t))
for t, c in texts.items():
    if c > 1: errs.append("B dup text: " + t)
print("Part B:", dict(kinds), "differs:", dict(diffs))
want = {("group","easy"):12, ("group","hard"):20, "lookalike":27, "filler":40}
for k, v in want.items():
    if kinds[k] != v: errs.append("B count %s %d != %d" % (k, kinds[k], v))
for d in ["name","number","date","negation","status","place","person","object","time"]:
    if diffs[d] != 3: errs.append("differs %s %d" % (d, diffs[d]))
# ---- Part A
def nums(t):
    tl = t.lower()
    out = set(re.findall(r"\d+(?:[.,]\d+)?", tl.replace(",", "")))
    return out
def num_present(n, merged):
    ml = merged.lower().replace(",", "")
    if re.search(r"(?<![\d.])" + re.escape(n) + r"(?![\d])", ml): return True
    try: v = float(n)
    except: return False
    for w, x in NUMW.items():
        if x == v and re.search(r"\b" + w, ml): return True
    # k-suffix / month numbers / year short forms
    if v >= 1000 and v % 1000 == 0 and re.search(r"\b%dk\b" % (v // 1000), ml): return True
    if 1 <= v <= 12 and v == int(v) and re.search(r"\b" + MONTHS[int(v) - 1], ml): return True
    if re.search(r"(?<![\d])%s(?![\d])" % re.escape(n.lstrip("0") or "0"), ml): return True
    # clock times: 3 pm == 15:00, 1 am == 01:00
    if 1 <= v <= 12 and v == int(v) and re.search(r"(?<![\d])(0?%d|%d)[:.]\d\d" % (int(v), int(v) + 12), ml): return True
    return False
cids = set(); labels = Counter(); kc = Counter(); rw = Counter(); nsrc = Counter(); allsrc = Counter()
lens = {"faithful": [], "lossy": []}
three = Counter()
for line in open("merge_corpus_v45.jsonl", encoding="utf-8"):
    c = json.loads(line)
    cid = c["case_id"]
    if cid in cids: errs.append("dup case " + cid)
    cids.add(cid)
    if not re.fullmatch(r"e45-\d{4}", cid): errs.append("cid " + cid)
    if c["split"] != "final": errs.append("split " + cid)
    if c["label"] not in ("faithful", "lossy"): errs.append("label " + cid)
    if c["reword"] not in ("light", "heavy"): errs.append("reword " + cid)
    if "/" not in c["category"]: errs.append("category " + cid)
    three[c["label"]] += len(c["sources"]) == 3
    labels[c["label"]] += 1; rw[(c["label"], c["reword"])] += 1; nsrc[len(c["sources"])] += 1
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append("faithful kind/note " + cid)
    else:
        if c["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): errs.append("kind " + cid)
        if not c["note"]: errs.append("note " + cid)
        kc[c["kind"]] += 1
    if not 2 <= len(c["sources"]) <= 3: errs.append("nsrc " + cid)
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (cid, j): errs.append("sid " + s["id"])
        if s["category"] != c["category"]: errs.append("scat " + s["id"])
        w = wc(s["content"]); lens[c["label"]].append(w)
        if not 5 <= w <= 35: errs.append("A words %d %s: %s" % (w, s["id"], s["content"]))
        allsrc[s["content"]] += 1
        if c["label"] == "faithful":
            for n in nums(s["content"]):
                if not num_present(n, c["merged"]): errs.append("number %s of %s missing in merge" % (n, s["id"]))
    if not c["merged"]: errs.append("merged " + cid)
    if c["merged"] in allsrc: errs.append("merged equals a source " + cid)
for t, k in allsrc.items():
    if k > 1: errs.append("A dup source: " + t)
print("Part A:", dict(labels), "kinds:", dict(kc), "reword:", {"%s/%s" % k: v for k, v in rw.items()}, "n_sources:", dict(nsrc))
for lab, L in lens.items():
    if L:
        print("  %s sources: n=%d mean words=%.2f share>=18=%.3f min=%d max=%d" % (lab, len(L), sum(L)/len(L), sum(1 for x in L if x >= 18)/len(L), min(L), max(L)))
if labels["faithful"] != 120: errs.append("faithful count %d" % labels["faithful"])
if rw[("faithful","heavy")] < 85: errs.append("faithful heavy %d" % rw[("faithful","heavy")])
for k in ("negation","quantity","dropped","detail","status","attribution"):
    if kc[k] != 12: errs.append("lossy %s %d" % (k, kc[k]))
for lab in ("faithful", "lossy"):
    if labels[lab]: print("  %s: share of cases with 3 sources=%.3f" % (lab, three[lab] / labels[lab]))
print("errors:", len(errs))
for e in errs: print("  ", e)
