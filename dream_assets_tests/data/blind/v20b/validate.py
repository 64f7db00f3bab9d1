#!/usr/bin/env python3
"""Validate the v20b corpora: parse, schema, ids, counts, word limits, duplicates, number coverage."""
import json, re, os, sys, itertools
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errors, warnings = [], []
def wc(t): return len(t.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
 "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
 "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
 "hundred":100,"thousand":1000,"once":1,"twice":2,"single":1,"pair":2,"dozen":12,"half":0.5,"a half":0.5,
 "first":1,"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"seventh":7,"eighth":8,"ninth":9,"tenth":10,
 "both":2,"double":2,"triple":3}
SCALE = {"k":1000,"m":1000000}
def numbers(t):
    s = t.lower().replace(",", "")
    out = set()
    for m in re.finditer(r"(\d+(?:\.\d+)?)\s*(k|m)?\b", s):
        v = float(m.group(1)); 
        out.add(v)
        if m.group(2): out.add(v*SCALE[m.group(2)])
    for m in re.finditer(r"\d+(?:\.\d+)?", s): out.add(float(m.group(0)))
    for w, v in NUMW.items():
        if re.search(r"\b%s\b" % w, s): out.add(float(v))
    # compound word numbers like "ninety-five", "twenty two"
    for m in re.finditer(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b", s):
        out.add(float(NUMW[m.group(1)] + NUMW[m.group(2)]))
    for m in re.finditer(r"\b(\w+)[- ](hundred|thousand)\b", s):
        if m.group(1) in NUMW: out.add(float(NUMW[m.group(1)] * NUMW[m.group(2)]))
        elif m.group(1).isdigit(): out.add(float(int(m.group(1)) * NUMW[m.group(2)]))
    for m in re.finditer(r"\b(\d{1,2})(st|nd|rd|th)\b", s): out.add(float(m.group(1)))
    return out
def src_numbers(t):
    """Numbers a source states (digit strings and number words, not 'one' as pronoun heuristically)."""
    s = t.lower().replace(",", "")
    out = set()
    for m in re.finditer(r"(\d+(?:\.\d+)?)", s): out.add(float(m.group(1)))
    for w in ["two","three","four","five","six","seven","eight","nine","ten","eleven","twelve","fifteen","twenty","thirty","forty","fifty","sixty","hundred","thousand","twice","dozen"]:
        if re.search(r"\b%s\b" % w, s): out.add(float(NUMW[w]))
    for m in re.finditer(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b", s):
        out.discard(float(NUMW[m.group(1)])); out.discard(float(NUMW[m.group(2)]))
        out.add(float(NUMW[m.group(1)] + NUMW[m.group(2)]))
    for m in re.finditer(r"\b(\w+)[- ](hundred|thousand)\b", s):
        base = NUMW.get(m.group(1)) if not m.group(1).isdigit() else int(m.group(1))
        if base is not None:
            out.discard(float(NUMW[m.group(2)])); out.discard(float(base))
            out.add(float(base * NUMW[m.group(2)]))
    return out

STOP = set("a an the of to in on at for and or but is are was were be been has have had with by from as that this it its their his her they he she user user's which who into than then also not no".split())
def content(t): return {w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOP}
def jacc(a, b): 
    a, b = content(a), content(b); return len(a & b) / max(1, len(a | b))

HONORIFIC = {"dr.","dr","mr.","ms.","mrs.","grandfather","grandma","auntie","cousin","nana","little","neighbour","her","his","he","she"}
def case_names(texts):
    """Proper names of a case: words that occur capitalised and never in lower case across its texts."""
    caps, lower = Counter(), set()
    for t in texts:
        for w in t.split():
            w = re.sub(r"(['’]s)?[^\w]*$", "", re.sub(r"^[^\w]+", "", w))
            if not w: continue
            if w[0].isupper(): caps[w.lower()] += 1
            else: lower.add(w.lower())
    return {w for w, c in caps.items() if c >= 2 and w not in lower}
def register(text, category, names):
    """Rough heuristic: user = 'User/The user ...'; person = subject is a named person/animal (or pronoun/relative);
    project = other tech/ or work/ notes; terse = everything else (subject-less notes)."""
    t = text.strip(); first = t.split()[0]
    base = re.sub(r"(['’]s)?[^\w.]*$", "", first).lower()
    if re.match(r"(the )?user\b", t, re.I): return "user"
    if base in HONORIFIC or base in names: return "person"
    if category.split("/")[0] in ("tech", "work"): return "project"
    return "terse"

# ---------------- Part A
mp = os.path.join(HERE, "merge_corpus_v20b.jsonl")
KINDS = ["negation","quantity","dropped","detail","status","attribution"]
if os.path.exists(mp):
    recs = [json.loads(l) for l in open(mp, encoding="utf-8")]
    ids, texts = set(), Counter()
    stats = {"faithful": [], "lossy": []}
    overlap = {"faithful": [], "lossy": []}
    userreg = {"faithful": [0,0], "lossy": [0,0]}
    nsrc = Counter()
    for r in recs:
        keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
        if set(r) != keys: errors.append("keys %s" % r.get("case_id"))
        cid = r["case_id"]
        if not re.fullmatch(r"e20b-\d{4}", cid): errors.append("bad id " + cid)
        if cid in ids: errors.append("dup id " + cid)
        ids.add(cid)
        if r["split"] != "final": errors.append("split " + cid)
        if r["label"] not in ("faithful","lossy"): errors.append("label " + cid)
        if r["reword"] not in ("light","heavy"): errors.append("reword " + cid)
        if r["label"] == "faithful" and (r["kind"] is not None or r["note"] != ""): errors.append("faithful kind/note " + cid)
        if r["label"] == "lossy" and (r["kind"] not in KINDS or not r["note"]): errors.append("lossy kind/note " + cid)
        if not (2 <= len(r["sources"]) <= 3): errors.append("n sources " + cid)
        nsrc[len(r["sources"])] += 1
        for j, s in enumerate(r["sources"], 1):
            if s["id"] != "%s-s%d" % (cid, j): errors.append("src id " + s["id"])
            if s["category"] != r["category"]: errors.append("src category " + s["id"])
            n = wc(s["content"])
            if not (5 <= n <= 35): errors.append("source words %d %s" % (n, s["id"]))
            stats[r["label"]].append(n)
            texts[s["content"]] += 1
            userreg[r["label"]][0] += bool(re.match(r"(the )?user\b", s["content"], re.I)); userreg[r["label"]][1] += 1
        for a, b in itertools.combinations([s["content"] for s in r["sources"]], 2):
            overlap[r["label"]].append(jacc(a, b))
        texts[r["merged"]] += 1
        if "/" not in r["category"]: errors.append("category " + cid)
        if r["label"] == "faithful":
            mn = numbers(r["merged"])
            for s in r["sources"]:
                for v in src_numbers(s["content"]):
                    if v not in mn: errors.append("faithful %s: number %g of %s not in merge" % (cid, v, s["id"]))
    for t, c in texts.items():
        if c > 1: errors.append("duplicate text: " + t[:60])
    lab = Counter(r["label"] for r in recs)
    kinds = Counter(r["kind"] for r in recs if r["label"] == "lossy")
    heavyf = sum(1 for r in recs if r["label"] == "faithful" and r["reword"] == "heavy")
    heavyl = sum(1 for r in recs if r["label"] == "lossy" and r["reword"] == "heavy")
    print("PART A: %d cases; labels %s; lossy kinds %s" % (len(recs), dict(lab), dict(kinds)))
    print("  faithful heavy %d / %d; lossy heavy %d / %d; sources per case %s (3-source share %.0f%%)" % (
        heavyf, lab["faithful"], heavyl, lab["lossy"], dict(nsrc), 100*nsrc[3]/max(1,len(recs))))
    for l in ("faithful", "lossy"):
        xs = stats[l]
        if xs:
            mean = sum(xs)/len(xs); share = sum(1 for x in xs if x >= 18)/len(xs)
            print("  %-8s sources: n=%d mean words %.2f  share >=18 words %.0f%%  min %d max %d  mean within-case overlap (Jaccard) %.2f  'User/The user' share %.0f%%" % (
                l, len(xs), mean, 100*share, min(xs), max(xs), sum(overlap[l])/max(1,len(overlap[l])), 100*userreg[l][0]/max(1,userreg[l][1])))
            if not (14 <= mean <= 20): warnings.append("%s mean source words %.2f outside 14-20" % (l, mean))
            if share < 1/3: warnings.append("%s share>=18 below a third" % l)
    for l in ("faithful", "lossy"):
        regs = Counter(register(sr["content"], r["category"], case_names([x["content"] for x in r["sources"]] + [r["merged"]]))
                       for r in recs if r["label"] == l for sr in r["sources"])
        tot = sum(regs.values())
        print("  %-8s source register (heuristic): %s" % (l, ", ".join("%s %.0f%%" % (k, 100*regs[k]/tot) for k in ("terse","user","person","project"))))
    for l in ("faithful", "lossy"):
        n3 = sum(1 for r in recs if r["label"] == l and len(r["sources"]) == 3)
        print("  %-8s cases with 3 sources: %d / %d" % (l, n3, lab[l]))
    mw = [wc(r["merged"]) for r in recs]
    if mw: print("  merged words: mean %.1f" % (sum(mw)/len(mw)))
    tgt = {"faithful": 120, "lossy": 72}
    for k, v in tgt.items():
        if lab[k] != v: warnings.append("count %s %d (target %d)" % (k, lab[k], v))
    for k in KINDS:
        if kinds[k] != 12: warnings.append("lossy %s %d (target 12)" % (k, kinds[k]))
    print("  domains:", len(set(r["domain"] for r in recs)), dict(Counter(r["domain"] for r in recs)))

# ---------------- Part B
pp = os.path.join(HERE, "paraphrase_corpus_v20b.jsonl")
if os.path.exists(pp):
    recs = [json.loads(l) for l in open(pp, encoding="utf-8")]
    ids, texts = set(), Counter()
    cnt = Counter(); diff = Counter()
    for r in recs:
        if r["id"] in ids: errors.append("dup id " + r["id"])
        ids.add(r["id"])
        if r["split"] != "final": errors.append("split " + r["id"])
        if r["kind"] == "group":
            if set(r) != {"kind","id","difficulty","domain","split","members"}: errors.append("keys " + r["id"])
            if not re.fullmatch(r"pg20b-\d{3}", r["id"]): errors.append("id " + r["id"])
            if not 2 <= len(r["members"]) <= 4: errors.append("members " + r["id"])
            cnt["group_" + r["difficulty"]] += 1; ts = r["members"]
        elif r["kind"] == "lookalike":
            if set(r) != {"kind","id","differs","domain","split","pair"}: errors.append("keys " + r["id"])
            if not re.fullmatch(r"la20b-\d{3}", r["id"]): errors.append("id " + r["id"])
            if len(r["pair"]) != 2: errors.append("pair " + r["id"])
            cnt["lookalike"] += 1; diff[r["differs"]] += 1; ts = r["pair"]
        elif r["kind"] == "filler":
            if set(r) != {"kind","id","domain","split","text"}: errors.append("keys " + r["id"])
            if not re.fullmatch(r"f20b-\d{3}", r["id"]): errors.append("id " + r["id"])
            cnt["filler"] += 1; ts = [r["text"]]
        else: errors.append("kind " + str(r)); ts = []
        for t in ts:
            if not 5 <= wc(t) <= 25: errors.append("words %d in %s: %s" % (wc(t), r["id"], t))
            texts[t] += 1
    for t, c in texts.items():
        if c > 1: errors.append("duplicate text: " + t[:60])
    print("PART B: %d records; %s; differs %s" % (len(recs), dict(cnt), dict(sorted(diff.items()))))
    tgt = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
    for k, v in tgt.items():
        if cnt[k] != v: warnings.append("count %s %d (target %d)" % (k, cnt[k], v))
    for d in ["name","number","date","negation","status","place","person","object","time"]:
        if diff[d] != 3: warnings.append("differs %s %d (target 3)" % (d, diff[d]))
    hard = [r for r in recs if r["kind"] == "group" and r["difficulty"] == "hard"]
    easy = [r for r in recs if r["kind"] == "group" and r["difficulty"] == "easy"]
    def mj(rs): 
        xs = [jacc(a, b) for r in rs for a, b in itertools.combinations(r["members"], 2)]
        return sum(xs)/max(1, len(xs))
    la = [jacc(*r["pair"]) for r in recs if r["kind"] == "lookalike"]
    print("  mean member overlap (Jaccard): easy %.2f hard %.2f; lookalike pairs %.2f" % (mj(easy), mj(hard), sum(la)/max(1,len(la))))

for w in warnings: print("WARNING:", w)
for e in errors: print("ERROR:", e)
print("OK" if not errors else "FAILED (%d errors)" % len(errors))
sys.exit(1 if errors else 0)
