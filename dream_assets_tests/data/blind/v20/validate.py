#!/usr/bin/env python3
import json, re, sys, os, collections, statistics

ERR = []
def err(m): ERR.append(m)
def wc(t): return len(t.split())

WORDS = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
 "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
 "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
 "hundred":100,"thousand":1000,"once":1,"twice":2,"single":1,"pair":2,"dozen":12,"half":0.5,"a":None,
 "first":1,"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"seventh":7,"eighth":8,"ninth":9,"tenth":10,
 "twelfth":12,"fifteenth":15,"twentieth":20,"thirtieth":30,"fortieth":40,"fiftieth":50,"sixtieth":60,"seventieth":70,"eightieth":80}
# "one" used as a pronoun ("the new one", "no one") is not a number
PRONOUN_ONE_PREV = {"the","new","old","this","that","each","every","any","no","which","same","another","blue","brown","only","other","big","small","right","wrong"}
MONTHS = ["january","february","march","april","may","june","july","august","september","october","november","december"]

def numbers(t):
    """Set of numeric values a text expresses (digits, number words, k/m suffixes, month numbers)."""
    s = t.lower().replace(",", "")
    vals = set()
    for m in re.finditer(r"(\d+(?:\.\d+)?)(?:st|nd|rd|th)?\s*(k|m|bn)?\b", s):
        v = float(m.group(1))
        if m.group(2) == "k": vals.add(v * 1000)
        elif m.group(2) == "m": vals.add(v * 1e6)
        else: vals.add(v)
    toks = re.findall(r"[a-z]+", s)
    i = 0
    while i < len(toks):
        w = toks[i]
        if w == "one" and i > 0 and toks[i-1] in PRONOUN_ONE_PREV:
            i += 1; continue
        if w in WORDS and WORDS[w] is not None:
            v = WORDS[w]
            # compound: "twenty five", "two hundred", "ninety-five thousand"
            j = i + 1
            while j < len(toks) and toks[j] in WORDS and WORDS[toks[j]] not in (None,):
                n = WORDS[toks[j]]
                if n in (100, 1000): v = v * n
                elif v >= 20 and v % 10 == 0 and n < 10: v = v + n
                else: break
                j += 1
            vals.add(float(v)); vals.add(float(WORDS[w]))
            i = j
        else:
            i += 1
    for k, mname in enumerate(MONTHS, 1):
        pat = r"\b(%s|%s)\b" % (mname, mname[:3])
        if mname == "may": pat = r"(\d\s*may\b|\bmay\s*\d|\bin may\b|\bmay\s+\d{4})"
        if re.search(pat, s): vals.add(float(k)); vals.add("M%d" % k)
    # ISO / numeric dates -> month marker
    for m in re.finditer(r"\b\d{4}-(\d{2})-(\d{2})\b", s):
        vals.add("M%d" % int(m.group(1)))
    return vals

def src_nums(t):
    """Numbers that must be preserved: digits and number words (not month names alone)."""
    return {v for v in numbers(t) if not isinstance(v, str)}

def check_b(path):
    recs = [json.loads(l) for l in open(path, encoding="utf-8")]
    ids, texts = set(), collections.Counter()
    cnt = collections.Counter()
    for r in recs:
        if r["id"] in ids: err("dup id " + r["id"])
        ids.add(r["id"])
        if r.get("split") != "final": err("split " + r["id"])
        if not r.get("domain"): err("domain " + r["id"])
        if r["kind"] == "group":
            cnt["group_" + r["difficulty"]] += 1
            if not 2 <= len(r["members"]) <= 4: err("group size " + r["id"])
            if not re.fullmatch(r"pg20-\d{3}", r["id"]): err("id " + r["id"])
            tt = r["members"]
        elif r["kind"] == "lookalike":
            cnt["la_" + r["differs"]] += 1
            if r["differs"] not in {"name","number","date","negation","status","place","person","object","time"}: err("differs " + r["id"])
            if len(r["pair"]) != 2: err("pair " + r["id"])
            tt = r["pair"]
        elif r["kind"] == "filler":
            cnt["filler"] += 1; tt = [r["text"]]
        else:
            err("kind " + str(r)); tt = []
        for t in tt:
            texts[t] += 1
            if not 5 <= wc(t) <= 25: err("B word count %d: %s" % (wc(t), t))
    for t, n in texts.items():
        if n > 1: err("B duplicate text: " + t)
    print("Part B:", len(recs), "records")
    print("  easy groups %d, hard groups %d, lookalikes %d, fillers %d" % (
        cnt["group_easy"], cnt["group_hard"], sum(v for k, v in cnt.items() if k.startswith("la_")), cnt["filler"]))
    print("  lookalike differs:", dict(sorted((k[3:], v) for k, v in cnt.items() if k.startswith("la_"))))
    targets = {"group_easy": 12, "group_hard": 20, "filler": 40}
    for k, v in targets.items():
        if cnt[k] != v: err("B count %s=%d, target %d" % (k, cnt[k], v))
    for d in ("name","number","date","negation","status","place","person","object","time"):
        if cnt["la_" + d] != 3: err("B lookalike %s=%d, target 3" % (d, cnt["la_" + d]))
    return cnt

def jacc(a, b):
    A = set(re.findall(r"[a-z0-9']+", a.lower())); B = set(re.findall(r"[a-z0-9']+", b.lower()))
    return len(A & B) / max(1, len(A | B))

def check_a(path):
    recs = [json.loads(l) for l in open(path, encoding="utf-8")]
    regs = json.load(open("registers_v20.json")) if os.path.exists("registers_v20.json") else {}
    ids, texts = set(), collections.Counter()
    keys = ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]
    by = collections.defaultdict(list)
    kinds = collections.Counter(); rew = collections.Counter(); nsrc = collections.Counter()
    for r in recs:
        if list(r.keys()) != keys: err("keys " + r["case_id"])
        cid = r["case_id"]
        if not re.fullmatch(r"e20-\d{4}", cid) or cid in ids: err("case id " + cid)
        ids.add(cid)
        if r["split"] != "final": err("split " + cid)
        if r["label"] not in ("faithful", "lossy"): err("label " + cid)
        if r["reword"] not in ("light", "heavy"): err("reword " + cid)
        if r["label"] == "faithful":
            if r["kind"] is not None or r["note"] != "": err("faithful kind/note " + cid)
        else:
            if r["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): err("kind " + cid)
            if not r["note"]: err("lossy note missing " + cid)
        if not 2 <= len(r["sources"]) <= 3: err("n sources " + cid)
        nsrc[(r["label"], len(r["sources"]))] += 1
        for j, s in enumerate(r["sources"], 1):
            if s["id"] != "%s-s%d" % (cid, j): err("source id " + s["id"])
            if s["category"] != r["category"]: err("source category " + s["id"])
            if not 5 <= wc(s["content"]) <= 35: err("A source word count %d: %s" % (wc(s["content"]), s["content"]))
            texts[s["content"]] += 1
        texts[r["merged"]] += 1
        if "/" not in r["category"]: err("category " + cid)
        by[r["label"]].append(r)
        kinds[(r["label"], r["kind"])] += 1
        rew[(r["label"], r["reword"])] += 1
        if r["label"] == "faithful":
            mn = numbers(r["merged"])
            for s in r["sources"]:
                for v in src_nums(s["content"]):
                    if v not in mn:
                        err("faithful %s: number %s of source missing in merge" % (cid, v))
    for t, n in texts.items():
        if n > 1: err("A duplicate text: " + t)
    print("Part A:", len(recs), "cases")
    print("  faithful %d (heavy %d, light %d); lossy %d (heavy %d, light %d)" % (
        len(by["faithful"]), rew[("faithful","heavy")], rew[("faithful","light")],
        len(by["lossy"]), rew[("lossy","heavy")], rew[("lossy","light")]))
    print("  lossy kinds:", {k[1]: v for k, v in sorted(kinds.items(), key=lambda x: str(x)) if k[0] == "lossy"})
    print("  sources per case:", dict(sorted(nsrc.items())))
    print("  domains:", len({r["domain"] for r in recs}))
    for lab in ("faithful", "lossy"):
        srcs = [s["content"] for r in by[lab] for s in r["sources"]]
        if not srcs: continue
        w = [wc(s) for s in srcs]
        mean = statistics.mean(w); share = sum(x >= 18 for x in w) / len(w)
        ov = [statistics.mean([jacc(a["content"], b["content"]) for i, a in enumerate(r["sources"]) for b in r["sources"][i+1:]]) for r in by[lab]]
        mw = statistics.mean(wc(r["merged"]) for r in by[lab])
        rg = collections.Counter(regs.get(r["case_id"], "?") for r in by[lab])
        print("  %-8s sources=%d mean source words=%.2f share>=18 words=%.1f%% min=%d max=%d | within-case source overlap (Jaccard)=%.3f | mean merged words=%.1f | registers %s" % (
            lab, len(w), mean, 100 * share, min(w), max(w), statistics.mean(ov), mw, dict(sorted(rg.items()))))
        st = lambda f: 100 * sum(1 for x in srcs if f(x)) / len(srcs)
        print("  %-8s source surface: starts 'User'/'The user' %.0f%%, has a digit %.0f%%, has ';' %.0f%%, mean chars %.0f, 3-source cases %.0f%%" % (
            lab, st(lambda x: re.match(r"(The )?[Uu]ser", x) is not None), st(lambda x: re.search(r"\d", x) is not None),
            st(lambda x: ";" in x), statistics.mean(len(x) for x in srcs), 100 * sum(len(r["sources"]) == 3 for r in by[lab]) / len(by[lab])))
        if not 14 <= mean <= 20: err("%s mean source words %.2f outside 14-20" % (lab, mean))
        if share < 1/3: err("%s share >=18 words %.2f < 1/3" % (lab, share))
    if len(by["faithful"]) != 120: print("  NOTE: faithful count %d (target 120)" % len(by["faithful"]))
    if rew[("faithful","heavy")] < 85: print("  NOTE: faithful heavy %d (target >= 85)" % rew[("faithful","heavy")])
    for k in ("negation","quantity","dropped","detail","status","attribution"):
        if kinds[("lossy", k)] != 12: print("  NOTE: lossy %s count %d (target 12)" % (k, kinds[("lossy", k)]))
    return by

if __name__ == "__main__":
    if os.path.exists("paraphrase_corpus_v20.jsonl"): check_b("paraphrase_corpus_v20.jsonl")
    if os.path.exists("merge_corpus_v20.jsonl"): check_a("merge_corpus_v20.jsonl")
    if ERR:
        print("ERRORS (%d):" % len(ERR))
        for e in ERR: print("  " + e)
        sys.exit(1)
    print("OK: no errors")
