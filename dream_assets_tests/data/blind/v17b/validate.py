import json, re, sys, os
from collections import Counter
errs, warns, infos = [], [], []
def wc(s): return len(s.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
        "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
        "hundred":100,"first":1,"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"seventh":7,"eighth":8,"ninth":9,"tenth":10,"thousand":1000,"twice":2,"once":1,"dozen":12,"half":0.5,"single":1,"both":2,"pair":2,"couple":2,"double":2}
def nums(s):
    s2 = s.lower().replace(",", "")
    out = set()
    for m in re.findall(r"\d+(?:\.\d+)?", s2):
        v = float(m); out.add(v)
    tens = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
    for t, u in re.findall(r"\b(%s)-(one|two|three|four|five|six|seven|eight|nine)\b" % tens, s2):
        out.add(float(NUMW[t] + NUMW[u]))
    s2 = re.sub(r"\b(%s)-(one|two|three|four|five|six|seven|eight|nine)\b" % tens, " ", s2)
    for w in re.findall(r"[a-z]+", s2):
        if w in NUMW: out.add(float(NUMW[w]))
    return out
def num_ok(v, merged):
    mv = nums(merged)
    if v in mv: return True
    # forms like 95k, 1.5m, 2pm, 14:00, 'twenty-five'
    ml = merged.lower()
    if v >= 1000 and (v/1000) in mv and re.search(r"\d(?:\.\d+)?\s*k\b|thousand", ml): return True
    if v in (1, 2, 0.5) : return True  # too ambiguous ('a', 'both', 'half') - checked by hand
    if v <= 12 and (v + 12) in mv: return True
    if v > 12 and v < 24 and (v - 12) in mv: return True
    return False

# ---------- Part B ----------
if os.path.exists("paraphrase_corpus_v17b.jsonl"):
    recs = [json.loads(l) for l in open("paraphrase_corpus_v17b.jsonl", encoding="utf-8")]
    ids = [r["id"] for r in recs]
    if len(ids) != len(set(ids)): errs.append("B duplicate ids")
    texts = []
    c = Counter()
    for r in recs:
        if r.get("split") != "final": errs.append("B split " + r["id"])
        if r["kind"] == "group":
            c["group_" + r["difficulty"]] += 1
            if not 2 <= len(r["members"]) <= 4: errs.append("B members count " + r["id"])
            texts += r["members"]
            ref = nums(r["members"][0])
            for m in r["members"][1:]:
                if nums(m) != ref: infos.append("B group number forms differ (checked by hand: 2025-06-30 vs 30 June 2025, 6 pm vs 18:00, first vs 1st, etc.) %s: %s | %s" % (r["id"], sorted(ref), sorted(nums(m))))
        elif r["kind"] == "lookalike":
            c["lookalike"] += 1; c["differs_" + r["differs"]] += 1
            texts += r["pair"]
            assert r["differs"] in "name number date negation status place person object time".split(), r
        elif r["kind"] == "filler":
            c["filler"] += 1; texts.append(r["text"])
        else: errs.append("B bad kind")
    for t in texts:
        if not 5 <= wc(t) <= 25: errs.append("B word limit (%d): %s" % (wc(t), t))
    d = [t for t, n in Counter(texts).items() if n > 1]
    if d: errs.append("B exact duplicate texts: %s" % d)
    print("Part B:", len(recs), "records", dict(sorted(c.items())))
    want = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
    for k, v in want.items():
        if c[k] != v: warns.append("B count %s = %d (target %d)" % (k, c[k], v))

# ---------- Part A ----------
if os.path.exists("merge_corpus_v17b.jsonl"):
    cases = [json.loads(l) for l in open("merge_corpus_v17b.jsonl", encoding="utf-8")]
    KEYS = ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]
    ids = [c["case_id"] for c in cases]
    if len(ids) != len(set(ids)): errs.append("A duplicate case ids")
    alltexts = []
    cnt = Counter(); stats = {"faithful": [], "lossy": []}; nsrc = Counter(); rw = Counter()
    for c in cases:
        if sorted(c.keys()) != sorted(KEYS): errs.append("A keys " + c["case_id"])
        if c["split"] != "final": errs.append("A split")
        if c["label"] not in ("faithful", "lossy"): errs.append("A label")
        if c["label"] == "faithful" and (c["kind"] is not None or c["note"] != ""): errs.append("A faithful kind/note " + c["case_id"])
        if c["label"] == "lossy" and (c["kind"] not in ["negation","quantity","dropped","detail","status","attribution"] or not c["note"]):
            errs.append("A lossy kind/note " + c["case_id"])
        if c["reword"] not in ("light", "heavy"): errs.append("A reword")
        if not 2 <= len(c["sources"]) <= 3: errs.append("A n sources " + c["case_id"])
        nsrc[len(c["sources"])] += 1
        for j, s in enumerate(c["sources"], 1):
            if s["id"] != "%s-s%d" % (c["case_id"], j): errs.append("A source id")
            if s["category"] != c["category"]: errs.append("A source category")
            n = wc(s["content"])
            if not 5 <= n <= 35: errs.append("A source words (%d) %s: %s" % (n, c["case_id"], s["content"]))
            stats[c["label"]].append(n)
            alltexts.append(s["content"])
        alltexts.append(c["merged"])
        cnt[(c["label"], c["kind"])] += 1
        rw[(c["label"], c["reword"])] += 1
        if c["label"] == "faithful":
            for s in c["sources"]:
                for v in nums(s["content"]):
                    if not num_ok(v, c["merged"]):
                        errs.append("A faithful number %s missing in merge %s: %s" % (v, c["case_id"], c["merged"]))
    d = [t for t, n in Counter(alltexts).items() if n > 1]
    if d: errs.append("A exact duplicate texts: %s" % d)
    print("Part A:", len(cases), "cases")
    for k, v in sorted(cnt.items(), key=str): print("  ", k, v)
    print("   reword:", dict(rw))
    print("   sources per case:", dict(nsrc))
    for lab in ("faithful", "lossy"):
        L = stats[lab]
        if L:
            mean = sum(L) / len(L); share = sum(1 for x in L if x >= 18) / len(L)
            print("   %s sources: n=%d mean words=%.2f share>=18=%.1f%% min=%d max=%d" % (lab, len(L), mean, 100*share, min(L), max(L)))
            if not 14 <= mean <= 20: warns.append("A %s mean source words %.2f outside 14-20" % (lab, mean))
            if share < 1/3: warns.append("A %s share>=18 %.2f below 1/3" % (lab, share))
    want = {("faithful", None): 120}
    for k in ["negation","quantity","dropped","detail","status","attribution"]: want[("lossy", k)] = 12
    for k, v in want.items():
        if cnt[k] != v: warns.append("A count %s = %d (target %d)" % (k, cnt[k], v))


# ---------- surface statistics of sources, per label (should look alike) ----------
NAMES = set("""Abena Aleksander Amara Amir Ayelet Ayumi Bilal Birgit Biscuit Camille Carmen Chen Chidi Comet Dmitri Eitan Farida
Fatima Gus Hamid Haruto Hyun-woo Ines Joon-ho Jun Kai Kenji Keoni Kofi Kwame Leilani Leyla Lucía Lwazi Mango Marco Mariana
Mateo Mateus Mei Min-jun Mochi Naledi Ngozi Noa Olamide Olga Oluwaseun Parisa Pilar Priya Rahul Ravi Rosa Sade Sakura Siobhan
Sun-hee Tariq Tendai Tomás Yuki Yusuf Zaatar Zainab Aunt Grandma Grandpa Dr. Mr Her When""".split())
STOP = set("""a an the and or but of to in on at for with by from is are was were be been has have had it its this that
their they them he she his her who which as so not no any every each all into than then user user's users""".split())
def register(text, cat):
    toks = text.split()
    first = toks[0].rstrip(",").replace("'s", "")
    if re.match(r"^(The )?[Uu]ser('s)?\b", text): return "user"
    if first in NAMES: return "named"
    if cat.split("/")[0] in ("tech", "work"): return "project"
    return "terse"
def cw(t): return {w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOP}
if os.path.exists("merge_corpus_v17b.jsonl"):
    for lab in ("faithful", "lossy"):
        regs = Counter(); ovs = []; n3 = 0; ncase = 0; digits = []
        for c in cases:
            if c["label"] != lab: continue
            ncase += 1; n3 += len(c["sources"]) == 3
            S = [s["content"] for s in c["sources"]]
            for t in S:
                regs[register(t, c["category"])] += 1
                digits.append(len(re.findall(r"\d+", t)))
            for i in range(len(S)):
                for j in range(i + 1, len(S)):
                    a, b = cw(S[i]), cw(S[j]); ovs.append(len(a & b) / len(a | b))
        tot = sum(regs.values())
        print("   %s: 3-source share=%.1f%%  mean within-case source overlap (Jaccard)=%.3f  digit groups/source=%.2f  registers(approx)=%s"
              % (lab, 100 * n3 / ncase, sum(ovs) / len(ovs), sum(digits) / len(digits),
                 {k: "%.0f%%" % (100 * v / tot) for k, v in sorted(regs.items())}))

for i in infos: print("INFO:", i)
for w in warns: print("WARN:", w)
for e in errs: print("ERROR:", e)
print("OK" if not errs else "FAILED (%d errors)" % len(errs))
sys.exit(1 if errs else 0)
