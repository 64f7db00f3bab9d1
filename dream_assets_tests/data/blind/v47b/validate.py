import json, re, sys
from collections import Counter
errs = []
def wc(s): return len(s.split())
NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
        "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
        "hundred":100,"thousand":1000,"half":0.5,"dozen":12,"once":1,"twice":2,"first":1,"second":2,"third":3,"fourth":4,"fifth":5}
def nums(s):
    out = set()
    for m in re.findall(r"\d+(?:[.,]\d+)?", s):
        out.add(m.replace(",", ""))
    return out
def num_forms(s):
    low = s.lower()
    f = nums(s)
    for w, v in NUMW.items():
        if re.search(r"\b%s\b" % w, low):
            f.add(str(v))
    # 95k style
    for m in re.findall(r"(\d+)k\b", low):
        f.add(str(int(m) * 1000))
    return f

# Part B
ids = set(); texts = Counter(); kinds = Counter(); diffs = Counter(); diff_by = Counter()
for ln, line in enumerate(open("paraphrase_corpus_v47b.jsonl", encoding="utf-8"), 1):
    o = json.loads(line)
    if o["id"] in ids: errs.append("dup id " + o["id"])
    ids.add(o["id"])
    if o.get("split") != "final": errs.append("split " + o["id"])
    if not o.get("domain"): errs.append("domain " + o["id"])
    k = o["kind"]; kinds[k] += 1
    if k == "group":
        if o["difficulty"] not in ("easy", "hard"): errs.append("diff " + o["id"])
        diffs[o["difficulty"]] += 1
        if not 2 <= len(o["members"]) <= 4: errs.append("members " + o["id"])
        ts = o["members"]
        if not o["id"].startswith("pg47b-"): errs.append("prefix " + o["id"])
    elif k == "lookalike":
        if o["differs"] not in "name number date negation status place person object time".split(): errs.append("differs " + o["id"])
        diff_by[o["differs"]] += 1
        ts = o["pair"]
        if len(ts) != 2: errs.append("pair " + o["id"])
    elif k == "filler":
        ts = [o["text"]]
    else:
        errs.append("kind " + o["id"]); ts = []
    for t in ts:
        texts[t] += 1
        if not 5 <= wc(t) <= 25: errs.append("B words %d %s: %s" % (wc(t), o["id"], t))
for t, n in texts.items():
    if n > 1: errs.append("dup text B: " + t)
print("Part B:", dict(kinds), "groups by difficulty", dict(diffs))
print("  lookalikes by differs", dict(sorted(diff_by.items())))
exp = {"group": 32, "lookalike": 27, "filler": 40}
for k, v in exp.items():
    if kinds[k] != v: print("  SHORT/OVER: %s %d of %d" % (k, kinds[k], v))
if diffs["easy"] != 12 or diffs["hard"] != 20: print("  difficulty counts off target (12 easy / 20 hard)")

# Part A
cids = set(); labels = Counter(); kc = Counter(); rw = Counter(); nsrc = Counter(); domains = Counter()
wl = {"faithful": [], "lossy": []}
alltexts = Counter()
KINDS = ["negation", "quantity", "dropped", "detail", "status", "attribution"]
lossy_rw = Counter()
for line in open("merge_corpus_v47b.jsonl", encoding="utf-8"):
    o = json.loads(line)
    cid = o["case_id"]
    if cid in cids: errs.append("dup case id " + cid)
    cids.add(cid)
    for key in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if key not in o: errs.append("missing %s %s" % (key, cid))
    if o["split"] != "final": errs.append("split " + cid)
    if o["label"] not in ("faithful", "lossy"): errs.append("label " + cid)
    if o["reword"] not in ("light", "heavy"): errs.append("reword " + cid)
    labels[o["label"]] += 1; domains[o["domain"]] += 1
    if o["label"] == "faithful":
        rw[o["reword"]] += 1
        if o["kind"] is not None: errs.append("faithful kind " + cid)
        if o["note"] != "": errs.append("faithful note " + cid)
    else:
        if o["kind"] not in KINDS: errs.append("lossy kind " + cid)
        kc[o["kind"]] += 1; lossy_rw[o["reword"]] += 1
        if not o["note"]: errs.append("lossy note empty " + cid)
    if not 2 <= len(o["sources"]) <= 3: errs.append("nsrc " + cid)
    nsrc[len(o["sources"])] += 1
    for j, s in enumerate(o["sources"], 1):
        if s["id"] != "%s-s%d" % (cid, j): errs.append("src id " + cid)
        if s["category"] != o["category"]: errs.append("src cat " + cid)
        if "/" not in s["category"]: errs.append("cat path " + cid)
        w = wc(s["content"])
        if not 5 <= w <= 35: errs.append("A src words %d %s: %s" % (w, cid, s["content"]))
        wl[o["label"]].append(w)
        alltexts[s["content"]] += 1
    alltexts[o["merged"]] += 1
    if o["label"] == "faithful":
        mf = num_forms(o["merged"])
        for s in o["sources"]:
            for n in nums(s["content"]):
                if n not in mf and n.lstrip("0") not in mf:
                    errs.append("faithful number %s missing in merge %s" % (n, cid))
for t, n in alltexts.items():
    if n > 1: errs.append("dup text A: " + t)
print("Part A:", dict(labels), "faithful reword", dict(rw), "lossy by kind", dict(sorted(kc.items())), "lossy reword", dict(lossy_rw))
print("  sources per case", dict(sorted(nsrc.items())), "domains", len(domains))
for lab in ("faithful", "lossy"):
    ws = wl[lab]
    if ws:
        print("  %s sources: n=%d mean words %.2f, share >=18 words %.2f, min %d max %d" % (
            lab, len(ws), sum(ws)/len(ws), sum(1 for w in ws if w >= 18)/len(ws), min(ws), max(ws)))
        m = sum(ws)/len(ws)
        if not 14 <= m <= 20: errs.append("%s mean source words %.2f outside 14-20" % (lab, m))
        if sum(1 for w in ws if w >= 18)/len(ws) < 1/3: errs.append("%s share >=18 below 1/3" % lab)
TERSE = set("Allergic Also Applied Bakes Changed Climbs Commutes Deciding Doesn't Drinks Freelances Gives Goes Has Keeps Loves Might Pays Planning Plays Prefers Renewed Runs Shoots Short-sighted Sings Sits Stopped Training Wants Works Puts Grows Studies Blocks Does Needs Doing Tracks Fasts Installed Sends Sees Driving Checks Passed Cooks Gets Received Follows Bought Building Hosts Took Learns Runs Likes Speaking Takes Waters Travelling Always Looking Manages".split())
# visible-before-merge balance: source overlap within a case and register mix, per label
ov = {"faithful": [], "lossy": []}; reg = {"faithful": Counter(), "lossy": Counter()}
for line in open("merge_corpus_v47b.jsonl", encoding="utf-8"):
    o = json.loads(line)
    sets = [set(re.findall(r"[a-z0-9']+", s["content"].lower())) for s in o["sources"]]
    js = [len(a & b) / len(a | b) for i, a in enumerate(sets) for b in sets[i+1:]]
    ov[o["label"]].append(sum(js) / len(js))
    for s in o["sources"]:
        t = s["content"]
        first = t.split()[0].strip(",")
        if re.match(r"(The )?user", t, re.I): r = "user"
        elif o["category"].startswith("tech/"): r = "tech/workplace-system"
        elif first in TERSE: r = "terse"
        else: r = "named/other"
        reg[o["label"]][r] += 1
for lab in ("faithful", "lossy"):
    n = sum(reg[lab].values())
    print("  %s: mean within-case source word overlap (Jaccard) %.3f; register mix %s" % (
        lab, sum(ov[lab]) / len(ov[lab]), {k: round(v / n, 2) for k, v in sorted(reg[lab].items())}))
if labels["faithful"] != 120: print("  faithful %d of 120" % labels["faithful"])
if labels["lossy"] != 72: print("  lossy %d of 72" % labels["lossy"])
if rw["heavy"] < 85: print("  heavy faithful %d (target >= 85)" % rw["heavy"])
if errs:
    print("ERRORS (%d):" % len(errs))
    for e in errs: print("  " + e)
    sys.exit(1)
print("OK: no schema/limit errors")
