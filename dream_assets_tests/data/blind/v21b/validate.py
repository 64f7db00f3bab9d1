#!/usr/bin/env python3
import json, os, re, sys, collections, itertools
HERE = os.path.dirname(os.path.abspath(__file__))
errors = []
def err(m): errors.append(m)
def wc(t): return len(t.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,
        "eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,
        "eighty":80,"ninety":90,"hundred":100,"twice":2,"single":1,"a dozen":12,"dozen":12,"half":0.5,
        "thousand":1000,"third":3,"fourth":4,"fifth":5}
def numbers(t):
    """Numbers in digits and in words; runs like 'fifty thousand' or 'twenty-five' are combined."""
    t = t.lower()
    out = set()
    for m in re.finditer(r"\d[\d,]*(?:\.\d+)?", t):
        s = m.group(0).replace(",", "")
        try: out.add(float(s))
        except ValueError: pass
    t2 = re.sub(r"\ba dozen\b", "dozen", t)
    toks = re.findall(r"[a-z]+", t2.replace("-", " "))
    cur = None
    for w in toks + ["<end>"]:
        if w in NUMW and w not in ("half",):
            v = NUMW[w]
            if cur is None: cur = v
            elif w in ("hundred", "thousand"): cur = cur * v
            else: cur = cur + v
        else:
            if cur is not None: out.add(float(cur)); cur = None
    if re.search(r"\bonce (a|an|per|every|weekly|monthly|yearly)\b", t): out.add(1.0)
    if re.search(r"\bhalf an? hour\b", t): out.add(30.0)
    elif re.search(r"\bhalf\b", t): out.add(0.5)
    return out
def digit_numbers(t):
    return {float(m.group(0).replace(",", "")) for m in re.finditer(r"\d[\d,]*(?:\.\d+)?", t)}

def jacc(a, b):
    A = set(re.findall(r"[a-z0-9']+", a.lower())); B = set(re.findall(r"[a-z0-9']+", b.lower()))
    return len(A & B) / max(1, len(A | B))

# ---------- Part B ----------
p = os.path.join(HERE, "paraphrase_corpus_v21b.jsonl")
texts = []
cnt = collections.Counter(); differs = collections.Counter(); ids = set(); domains = set()
if os.path.exists(p):
    for n, line in enumerate(open(p, encoding="utf-8"), 1):
        try: r = json.loads(line)
        except Exception as e: err("B line %d not JSON: %s" % (n, e)); continue
        if r["id"] in ids: err("dup id " + r["id"])
        ids.add(r["id"])
        if r.get("split") != "final": err("split " + r["id"])
        domains.add(r["domain"])
        k = r["kind"]
        if k == "group":
            if not re.fullmatch(r"pg21b-\d{3}", r["id"]): err("id " + r["id"])
            cnt["group_" + r["difficulty"]] += 1
            if not 2 <= len(r["members"]) <= 4: err("members count " + r["id"])
            tt = r["members"]
            nums = [digit_numbers(m) for m in tt]
            for x in nums[1:]:
                if x and nums[0] and x != nums[0]: print("  info (not an error): members write numbers differently in", r["id"], nums)
        elif k == "lookalike":
            if not re.fullmatch(r"la21b-\d{3}", r["id"]): err("id " + r["id"])
            cnt["lookalike"] += 1; differs[r["differs"]] += 1
            if r["differs"] not in "name number date negation status place person object time".split(): err("differs " + r["id"])
            if len(r["pair"]) != 2: err("pair " + r["id"])
            tt = r["pair"]
        elif k == "filler":
            if not re.fullmatch(r"f21b-\d{3}", r["id"]): err("id " + r["id"])
            cnt["filler"] += 1; tt = [r["text"]]
        else: err("kind " + str(k)); continue
        for t in tt:
            if not 5 <= wc(t) <= 25: err("B word count %d in %s: %s" % (wc(t), r["id"], t))
            texts.append(t)
    print("Part B counts:", dict(cnt), "differs:", dict(differs), "domains:", len(domains))
    want = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
    for k, v in want.items():
        if cnt[k] != v: print("  Part B short/over: %s %d/%d" % (k, cnt[k], v))
    for d, v in differs.items():
        if v != 3: print("  differs %s has %d (want 3)" % (d, v))

# ---------- Part A ----------
p = os.path.join(HERE, "merge_corpus_v21b.jsonl")
if os.path.exists(p):
    lab = collections.Counter(); kinds = collections.Counter(); rew = collections.Counter()
    nsrc = collections.Counter(); doms = set()
    wcs = {"faithful": [], "lossy": []}; ov = {"faithful": [], "lossy": []}
    kind_rew = collections.Counter()
    three = collections.Counter()
    cids = set()
    for n, line in enumerate(open(p, encoding="utf-8"), 1):
        try: c = json.loads(line)
        except Exception as e: err("A line %d not JSON: %s" % (n, e)); continue
        cid = c["case_id"]
        if not re.fullmatch(r"e21b-\d{4}", cid): err("case id " + cid)
        if cid in cids: err("dup case id " + cid)
        cids.add(cid)
        for key in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
            if key not in c: err("missing %s in %s" % (key, cid))
        if c["split"] != "final": err("split " + cid)
        if "/" not in c["category"]: err("category " + cid)
        doms.add(c["domain"])
        L = c["label"]; lab[L] += 1; rew[(L, c["reword"])] += 1
        if c["reword"] not in ("light", "heavy"): err("reword " + cid)
        if L == "faithful":
            if c["kind"] is not None or c["note"] != "": err("faithful kind/note " + cid)
        elif L == "lossy":
            if c["kind"] not in "negation quantity dropped detail status attribution".split(): err("kind " + cid)
            if not c["note"]: err("lossy note empty " + cid)
            kinds[c["kind"]] += 1; kind_rew[(c["kind"], c["reword"])] += 1
        else: err("label " + cid)
        srcs = c["sources"]; nsrc[len(srcs)] += 1
        if len(srcs) == 3: three[L] += 1
        if not 2 <= len(srcs) <= 3: err("n sources " + cid)
        for j, s in enumerate(srcs, 1):
            if s["id"] != "%s-s%d" % (cid, j): err("source id " + s["id"])
            if s["category"] != c["category"]: err("source category " + cid)
            w = wc(s["content"])
            if not 5 <= w <= 35: err("source words %d in %s" % (w, cid))
            wcs[L].append(w); texts.append(s["content"])
        ov[L].append(sum(jacc(a["content"], b["content"]) for a, b in itertools.combinations(srcs, 2)) / max(1, len(srcs)*(len(srcs)-1)//2))
        texts.append(c["merged"])
        if L == "faithful":
            mn = numbers(c["merged"])
            for s in srcs:
                for x in numbers(s["content"]):
                    if x not in mn: err("faithful %s: number %s of source not in merge" % (cid, x))
    print("Part A labels:", dict(lab), "kinds:", dict(kinds))
    print("  reword:", dict(rew))
    print("  lossy kind x reword:", dict(sorted(kind_rew.items())))
    print("  sources per case:", dict(nsrc), "domains:", len(doms))
    for L in ("faithful", "lossy"):
        if wcs[L]:
            print("  %s: mean source words %.2f, share >=18 words %.2f, min %d max %d, mean within-case source overlap (Jaccard) %.3f" % (
                L, sum(wcs[L])/len(wcs[L]), sum(1 for w in wcs[L] if w >= 18)/len(wcs[L]), min(wcs[L]), max(wcs[L]),
                sum(ov[L])/len(ov[L])))
            print("    %s: share of cases with 3 sources %.2f" % (L, three[L] / lab[L]))
    if lab["faithful"] != 120: print("  faithful %d/120" % lab["faithful"])
    for k in "negation quantity dropped detail status attribution".split():
        if kinds[k] != 12: print("  lossy %s %d/12" % (k, kinds[k]))

dups = [t for t, v in collections.Counter(texts).items() if v > 1]
for d in dups: err("exact duplicate text: " + d)
print("ERRORS:", len(errors))
for e in errors: print("  ", e)
sys.exit(1 if errors else 0)
