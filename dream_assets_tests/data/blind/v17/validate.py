#!/usr/bin/env python3
"""Validate the two v17 corpora: parse, schema, ids, counts, word limits, duplicates, numbers, length stats."""
import json, os, re, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errors, warns = [], []
def err(m): errors.append(m)
def wc(t): return len(t.split())

WORDNUM = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
 "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
 "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
 "hundred":100,"thousand":1000,"million":1000000,"once":1,"twice":2,"single":1,"dozen":12,"half":0.5,
 "first":1,"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"seventh":7,"eighth":8,"ninth":9,"tenth":10,
 "twelfth":12,"fifteenth":15,"twentieth":20,"thirtieth":30}
def compounds(v, nv, w):
    """'twenty five', 'ninety-five thousand' compound; 'four ten-hour' does not."""
    if w in ("once","twice","single","first","second","half","dozen"): return False
    if nv >= 100: return True
    return v >= 20 and v % 10 == 0 and v < 100 and nv < 10

def numbers(t):
    t = t.lower().replace(",", "")
    out = set()
    for m in re.finditer(r"(\d+(?:\.\d+)?)\s*(k|m)?\b", t):
        v = float(m.group(1))
        if m.group(2) == "k": v *= 1000
        if m.group(2) == "m": v *= 1e6
        out.add(v); out.add(float(m.group(1)))
    toks = re.findall(r"[a-z]+", t)
    i = 0
    while i < len(toks):
        w = toks[i]
        if w in WORDNUM:
            v = WORDNUM[w]
            # compounds like "twenty five", "ninety-five thousand"
            j = i + 1
            while j < len(toks) and toks[j] in WORDNUM and compounds(v, WORDNUM[toks[j]], toks[j]):
                nv = WORDNUM[toks[j]]
                v = v * nv if nv >= 100 else v + nv
                j += 1
            out.add(float(v)); out.add(float(WORDNUM[w]))
            i = j
        else:
            i += 1
    return out

def raw_numbers(t):
    """numbers that must be carried: digit groups and number words, first value of each."""
    t2 = t.lower().replace(",", "")
    vals = []
    for m in re.finditer(r"(\d+(?:\.\d+)?)\s*(k|m)?\b", t2):
        v = float(m.group(1)) * (1000 if m.group(2) == "k" else 1e6 if m.group(2) == "m" else 1)
        vals.append((m.group(0), {v, float(m.group(1))}))
    toks = re.findall(r"[a-z]+", t2)
    i = 0
    while i < len(toks):
        w = toks[i]
        if w in WORDNUM and w not in ("first","second","single","half","once"):
            v = WORDNUM[w]; j = i + 1; words = [w]
            while j < len(toks) and toks[j] in WORDNUM and compounds(v, WORDNUM[toks[j]], toks[j]):
                nv = WORDNUM[toks[j]]; v = v * nv if nv >= 100 else v + nv; words.append(toks[j]); j += 1
            vals.append((" ".join(words), {float(v)}))
            i = j
        else:
            i += 1
    return vals

# ---------------- Part B ----------------
pb = os.path.join(HERE, "paraphrase_corpus_v17.jsonl")
recs = [json.loads(l) for l in open(pb, encoding="utf-8")]
ids = Counter(r["id"] for r in recs)
for k, v in ids.items():
    if v > 1: err("dup id " + k)
alltexts = []
cnt = Counter()
for r in recs:
    if r.get("split") != "final": err(r["id"] + " split")
    if not r.get("domain"): err(r["id"] + " domain")
    if r["kind"] == "group":
        assert re.fullmatch(r"pg17-\d{3}", r["id"])
        cnt["group_" + r["difficulty"]] += 1
        if r["difficulty"] not in ("easy", "hard"): err(r["id"] + " difficulty")
        if not 2 <= len(r["members"]) <= 4: err(r["id"] + " member count")
        texts = r["members"]
        nums = [frozenset(numbers(t)) for t in texts]
        if len(set(nums)) > 1: warns.append(r["id"] + " group members carry different number sets: %s" % [sorted(n) for n in nums])
    elif r["kind"] == "lookalike":
        assert re.fullmatch(r"la17-\d{3}", r["id"])
        cnt["lookalike"] += 1; cnt["differs_" + r["differs"]] += 1
        if r["differs"] not in "name number date negation status place person object time".split(): err(r["id"] + " differs")
        if len(r["pair"]) != 2: err(r["id"] + " pair")
        texts = r["pair"]
    elif r["kind"] == "filler":
        assert re.fullmatch(r"f17-\d{3}", r["id"])
        cnt["filler"] += 1; texts = [r["text"]]
    else:
        err("bad kind"); texts = []
    for t in texts:
        if not 5 <= wc(t) <= 25: err("%s text length %d: %s" % (r["id"], wc(t), t))
        alltexts.append(t)
for t, v in Counter(x.strip().lower() for x in alltexts).items():
    if v > 1: err("Part B duplicate text: " + t)
print("Part B:", len(recs), "records;", dict(sorted(cnt.items())))
want = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if cnt[k] != v: err("Part B count %s = %d, want %d" % (k, cnt[k], v))
for d in "name number date negation status place person object time".split():
    if cnt["differs_" + d] != 3: err("differs %s = %d, want 3" % (d, cnt["differs_" + d]))

# ---------------- Part A ----------------
pa = os.path.join(HERE, "merge_corpus_v17.jsonl")
cases = [json.loads(l) for l in open(pa, encoding="utf-8")]
ids = Counter(c["case_id"] for c in cases)
for k, v in ids.items():
    if v > 1: err("dup case id " + k)
KINDS = ["negation", "quantity", "dropped", "detail", "status", "attribution"]
ca = Counter()
srcall = []
stats = {"faithful": [], "lossy": []}
nsrc = Counter()
overlap = {"faithful": [], "lossy": []}
uservoice = {"faithful": [0, 0], "lossy": [0, 0]}
def toks(t): return set(re.findall(r"[a-z0-9]+", t.lower())) - set("the a an of to and in on is at for with his her their its".split())
for c in cases:
    cid = c["case_id"]
    if not re.fullmatch(r"e17-\d{4}", cid): err(cid + " id format")
    for key in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if key not in c: err(cid + " missing " + key)
    if c["split"] != "final": err(cid + " split")
    if c["label"] not in ("faithful", "lossy"): err(cid + " label")
    if c["reword"] not in ("light", "heavy"): err(cid + " reword")
    if "/" not in c["category"]: err(cid + " category not a slash path")
    if c["label"] == "faithful":
        if c["kind"] is not None: err(cid + " faithful with kind")
        if c["note"] != "": err(cid + " faithful with note")
        ca["faithful"] += 1; ca["faithful_" + c["reword"]] += 1
    else:
        if c["kind"] not in KINDS: err(cid + " bad kind")
        if not c["note"]: err(cid + " lossy without note")
        ca["lossy_" + str(c["kind"])] += 1; ca["lossy_reword_" + c["reword"]] += 1
    if not 2 <= len(c["sources"]) <= 3: err(cid + " source count")
    nsrc[len(c["sources"])] += 1
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (cid, j): err(cid + " source id")
        if s["category"] != c["category"]: err(cid + " source category")
        n = wc(s["content"])
        if not 5 <= n <= 35: err("%s source length %d: %s" % (cid, n, s["content"]))
        stats[c["label"]].append(n)
        srcall.append(s["content"])
        uservoice[c["label"]][0] += 1
        if re.match(r"(the )?user\b", s["content"].lower()): uservoice[c["label"]][1] += 1
    ss = [toks(s["content"]) for s in c["sources"]]
    for a in range(len(ss)):
        for b in range(a + 1, len(ss)):
            overlap[c["label"]].append(len(ss[a] & ss[b]) / max(1, len(ss[a] | ss[b])))
    if c["merged"].strip() in [s["content"].strip() for s in c["sources"]]: err(cid + " merged identical to a source")
    if c["label"] == "faithful":
        mnums = numbers(c["merged"])
        for s in c["sources"]:
            for surface, vals in raw_numbers(s["content"]):
                if not (vals & mnums):
                    err("%s faithful merge lacks number %r from source: %s" % (cid, surface, s["content"]))
for t, v in Counter(x.strip().lower() for x in srcall).items():
    if v > 1: err("Part A duplicate source text: " + t)
merged_dup = Counter(c["merged"].strip().lower() for c in cases)
for t, v in merged_dup.items():
    if v > 1: err("Part A duplicate merged text: " + t)
print("Part A:", len(cases), "cases;", dict(sorted(ca.items())), "sources per case:", dict(nsrc))
if ca["faithful"] != 120: err("faithful = %d, want 120" % ca["faithful"])
if ca["faithful_heavy"] < 85: err("faithful heavy = %d, want >= 85" % ca["faithful_heavy"])
for k in KINDS:
    if ca["lossy_" + k] != 12: err("lossy %s = %d, want 12" % (k, ca["lossy_" + k]))
for lab in ("faithful", "lossy"):
    xs = stats[lab]
    if not xs: continue
    mean = sum(xs) / len(xs); share = sum(1 for x in xs if x >= 18) / len(xs)
    ov = overlap[lab]; uv = uservoice[lab]
    print("  %-8s sources=%d  mean words=%.2f  share>=18 words=%.1f%%  min=%d max=%d  mean within-case Jaccard=%.3f  'User/The user' openers=%.1f%%"
          % (lab, len(xs), mean, 100 * share, min(xs), max(xs), sum(ov) / max(1, len(ov)), 100 * uv[1] / max(1, uv[0])))
    if not 14 <= mean <= 20: err("%s mean source words %.2f outside 14-20" % (lab, mean))
    if share < 1 / 3: err("%s share >=18 words %.2f below 1/3" % (lab, share))
# approximate register of each source (surface heuristic, for the report only):
#   user = opens with "User"/"The user"; project/workplace = category tech/* or work/*;
#   named = opens with a capitalised word (or honorific + name) that recurs in another text of the case;
#   terse = everything else (subjectless notes such as "Booked a pitch ...", "Younger brother is Dmitri ...").
COMMON = set("The A An In On For Each After Under Every When If Since Two No Not Only Has Had".split())
def register(text, cat, others):
    t = text.strip(); low = t.lower()
    if re.match(r"(the )?user\b|user's\b", low): return "user"
    if cat.split("/")[0] in ("tech", "work"): return "project/workplace"
    words = t.split()
    first = words[0]
    if first in ("Dr.", "Mrs.", "Mr.", "Professor", "Abuela", "Grandma", "Aunt") and len(words) > 1: first = words[1]
    first = re.sub(r"('s|’s)?[,;:]?$", "", first)
    if first[:1].isupper() and first not in COMMON and any(first in o for o in others): return "named"
    return "terse"
regs = {"faithful": Counter(), "lossy": Counter()}
for c in cases:
    for s in c["sources"]:
        others = [x["content"] for x in c["sources"] if x is not s] + [c["merged"]]
        regs[c["label"]][register(s["content"], c["category"], others)] += 1
for lab in ("faithful", "lossy"):
    tot = sum(regs[lab].values()) or 1
    print("  %-8s approx. register shares: %s" % (lab, ", ".join("%s %.0f%%" % (k, 100 * v / tot) for k, v in sorted(regs[lab].items()))))
for w in warns: print("WARN", w)
for e in errors: print("ERROR", e)
print("OK" if not errors else "FAILED with %d errors" % len(errors))
sys.exit(1 if errors else 0)
