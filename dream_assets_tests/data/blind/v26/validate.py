#!/usr/bin/env python3
import json, os, re, collections
D = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(s): return len(s.split())

# ---------- Part B
B = [json.loads(l) for l in open(os.path.join(D, "paraphrase_corpus_v26.jsonl"), encoding="utf-8")]
ids = [r["id"] for r in B]
if len(ids) != len(set(ids)): errs.append("B: duplicate ids")
cnt = collections.Counter()
texts = []
DIFFS = {"name", "number", "date", "negation", "status", "place", "person", "object", "time"}
dcnt = collections.Counter()
for r in B:
    assert r["split"] == "final" and "domain" in r
    if r["kind"] == "group":
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("B size " + r["id"])
        texts += r["members"]
    elif r["kind"] == "lookalike":
        cnt["lookalike"] += 1
        if r["differs"] not in DIFFS: errs.append("B differs " + r["id"])
        dcnt[r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("B pair " + r["id"])
        texts += r["pair"]
    elif r["kind"] == "filler":
        cnt["filler"] += 1
        texts.append(r["text"])
    else:
        errs.append("B kind " + r["id"])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B words %d: %s" % (wc(t), t))
dup = [t for t, c in collections.Counter(texts).items() if c > 1]
if dup: errs.append("B exact duplicate texts: %s" % dup)
print("Part B counts:", dict(cnt), "| lookalike differs:", dict(dcnt))

# ---------- Part A
A = [json.loads(l) for l in open(os.path.join(D, "merge_corpus_v26.jsonl"), encoding="utf-8")]
cids = [r["case_id"] for r in A]
if len(cids) != len(set(cids)): errs.append("A: duplicate case ids")
sids = [s["id"] for r in A for s in r["sources"]]
if len(sids) != len(set(sids)): errs.append("A: duplicate source ids")
KINDS = {"negation", "quantity", "dropped", "detail", "status", "attribution"}
lab = collections.Counter(); kinds = collections.Counter(); rw = collections.Counter(); nsrc = collections.Counter()
doms = collections.Counter()
atexts = []
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,
        "twelve":12,"fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"hundred":100,"half":0.5,"once":1,"twice":2}
def nums(s):
    s2 = s.replace(",", "")
    out = set(re.findall(r"\d+(?:\.\d+)?", s2))
    return out
def numset_loose(s):
    s2 = s.lower().replace(",", "")
    out = set(re.findall(r"\d+(?:\.\d+)?", s2))
    for w, v in NUMW.items():
        if re.search(r"\b" + w + r"\b", s2): out.add(str(v))
    # expand 2026 -> 26 etc., times 9:30 -> 9,30
    return out
MON = "january february march april may june july august september october november december".split()
def merged_forms(m):
    f = numset_loose(m)
    ml = m.lower()
    for i, mo in enumerate(MON, 1):
        if mo in ml or mo[:3] in ml: f.add(str(i)); f.add("%02d" % i)
    extra = set()
    for x in list(f):
        if x.startswith("0") and len(x) > 1: extra.add(x.lstrip("0"))
        if len(x) == 4 and x.startswith("20"): extra.add(x[2:])
        if x.isdigit(): extra.add(str(int(x) * 1000)); extra.add(str(int(x)*1000000))
        try:
            fl = float(x); extra.add(str(int(fl)) if fl == int(fl) else x)
        except: pass
    return f | extra
for r in A:
    for k in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if k not in r: errs.append("A missing %s in %s" % (k, r.get("case_id")))
    lab[r["label"]] += 1; rw[(r["label"], r["reword"])] += 1; nsrc[len(r["sources"])] += 1; doms[r["domain"]] += 1
    if r["label"] == "faithful":
        if r["kind"] is not None or r["note"] != "": errs.append("A faithful kind/note " + r["case_id"])
    else:
        if r["kind"] not in KINDS or not r["note"]: errs.append("A lossy kind/note " + r["case_id"])
        kinds[r["kind"]] += 1
    if r["reword"] not in ("light", "heavy"): errs.append("A reword " + r["case_id"])
    if not 2 <= len(r["sources"]) <= 3: errs.append("A nsrc " + r["case_id"])
    for s in r["sources"]:
        if s["category"] != r["category"]: errs.append("A cat " + r["case_id"])
        if not 5 <= wc(s["content"]) <= 35: errs.append("A src words %d %s: %s" % (wc(s["content"]), r["case_id"], s["content"]))
        atexts.append(s["content"])
    atexts.append(r["merged"])
    if r["label"] == "faithful":
        mf = merged_forms(r["merged"])
        for s in r["sources"]:
            for n in nums(s["content"]):
                if n not in mf and n.lstrip("0") not in mf:
                    errs.append("A faithful number %s of source missing in merge %s" % (n, r["case_id"]))
dup = [t for t, c in collections.Counter(atexts).items() if c > 1]
if dup: errs.append("A exact duplicate texts: %s" % dup[:5])
print("Part A labels:", dict(lab), "| lossy kinds:", dict(kinds))
print("Part A reword:", {"%s/%s" % k: v for k, v in sorted(rw.items())}, "| n sources:", dict(nsrc))
print("Part A domains (%d):" % len(doms), dict(doms))
for L in ("faithful", "lossy"):
    w = [wc(s["content"]) for r in A if r["label"] == L for s in r["sources"]]
    if w:
        print("  %-8s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d" % (L, len(w), sum(w)/len(w), sum(x >= 18 for x in w)/len(w), min(w), max(w)))
    mw = [wc(r["merged"]) for r in A if r["label"] == L]
    if mw: print("  %-8s merges: mean words=%.2f" % (L, sum(mw)/len(mw)))

# ---- reader-visible source features, per label (should look alike)
def toks(s): return set(w.strip(".,;:()'\"").lower() for w in s.split() if len(w.strip(".,;:()'\"")) > 3)
def register(s, dom):
    w = s.split()
    if dom == "software" or dom == "work" and not (w[0] in ("User", "The", "User's") ): 
        if dom == "software": return "4-project/system"
    if w[0] in ("User", "User's") or s.startswith("The user"): return "2-user"
    if w[0][0].isupper() and w[0] not in ("The", "A", "An", "Every", "All", "Only", "In", "On", "For", "After", "Once", "No", "Nobody", "Static", "Site", "Production", "Infrastructure", "Secrets", "Product", "Transactional", "Background", "Logs", "Mobile", "Database", "Travel", "Sprint", "Token", "Progress", "Crown", "Dining", "Charity", "Therapy", "Twelve", "Tenancy", "Tax", "Speeds", "Boiler", "Asthma", "Freelance", "Analytics", "Messages", "Consumers", "Preview", "Cache", "Water", "Ayo", "Meal-preps", "Keeps", "Holds", "Sells", "Skiing", "Runs", "Wears", "Shoots", "Colour", "Drinks", "Observes", "During", "Moving", "Needs", "Got", "Going", "Booked", "Bouldering", "Tore", "Presenting", "Prefers", "Dislikes", "Sings", "Plays", "Uses", "Also", "Bounce", "Access", "While"):
        return "3-named"
    return "1-terse/other"
for L in ("faithful", "lossy"):
    ov = []
    for r in A:
        if r["label"] != L: continue
        ss = [toks(s["content"]) for s in r["sources"]]
        for i in range(len(ss)):
            for j in range(i + 1, len(ss)):
                u = ss[i] | ss[j]
                ov.append(len(ss[i] & ss[j]) / len(u) if u else 0)
    reg = collections.Counter(register(s["content"], r["domain"]) for r in A if r["label"] == L for s in r["sources"])
    print("  %-8s within-case source overlap (Jaccard, words>3 chars): mean=%.3f | registers (heuristic): %s" % (L, sum(ov)/len(ov), dict(sorted(reg.items()))))

print("ERRORS: %d" % len(errs))
for e in errs: print("  ", e)
