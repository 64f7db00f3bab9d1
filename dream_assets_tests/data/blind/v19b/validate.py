import json, re, os, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(s): return len(s.split())

W = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
     "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())}
W.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
          "hundred": 100, "thousand": 1000, "dozen": 12, "twice": 2, "once": 1, "single": 1, "pair": 2, "couple": 2})
def nums(s):
    out = set()
    t = s.lower().replace(",", "")
    for m in re.finditer(r"(\d+(?:\.\d+)?)(k\b)?", t):
        v = float(m.group(1)); v = v * 1000 if m.group(2) else v
        out.add(v)
    for m in re.finditer(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b", t):
        out.add(float(W[m.group(1)] + W[m.group(2)]))
    for w in re.findall(r"[a-z]+", t):
        if w in W: out.add(float(W[w]))
    return out
def srcnums(s):
    # numbers a faithful merge must keep: digits and cardinal words (not once/pair/couple, too loose)
    out = set(); t = s.lower().replace(",", "")
    for ph in ("no one", "one another", "one of", "that one", "the one"):
        t = t.replace(ph, " ")  # pronoun uses of "one", not quantities
    for m in re.finditer(r"(\d+(?:\.\d+)?)(k\b)?", t):
        v = float(m.group(1)); out.add(v * 1000 if m.group(2) else v)
    for w in re.findall(r"[a-z]+", t):
        if w in W and w not in ("once", "single", "pair", "couple", "zero"): out.add(float(W[w]))
    return out

STOP = set("a an the of to in on at for and or but is are was were be been has have had with by from as it its "
           "that this their his her they he she user user's s not no".split())
def cw(s): return {w for w in re.findall(r"[a-z0-9]+", s.lower()) if w not in STOP}

# ---------- Part B ----------
pb = os.path.join(HERE, "paraphrase_corpus_v19b.jsonl")
recs = [json.loads(l) for l in open(pb, encoding="utf-8")]
ids = [r["id"] for r in recs]
if len(ids) != len(set(ids)): errs.append("B: duplicate ids")
texts = []
cnt = Counter()
for r in recs:
    assert r["split"] == "final"
    if r["kind"] == "group":
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("B members count " + r["id"])
        texts += r["members"]
    elif r["kind"] == "lookalike":
        cnt["lookalike"] += 1; cnt["la_" + r["differs"]] += 1
        if r["differs"] not in "name number date negation status place person object time".split(): errs.append("differs " + r["id"])
        texts += r["pair"]
    elif r["kind"] == "filler":
        cnt["filler"] += 1; texts.append(r["text"])
    else: errs.append("B kind " + r["id"])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B length %d: %s" % (wc(t), t))
dup = [t for t, c in Counter(texts).items() if c > 1]
if dup: errs.append("B duplicate text: %s" % dup)
print("Part B:", len(recs), "records", dict(sorted(cnt.items())))
want = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if cnt[k] != v: print("  B count short/over: %s %d/%d" % (k, cnt[k], v))
print("  B mean words per text: %.1f" % (sum(map(wc, texts)) / len(texts)))

# ---------- Part A ----------
pa = os.path.join(HERE, "merge_corpus_v19b.jsonl")
cases = [json.loads(l) for l in open(pa, encoding="utf-8")]
cids = [c["case_id"] for c in cases]
if len(cids) != len(set(cids)): errs.append("A: duplicate case ids")
KINDS = ["negation", "quantity", "dropped", "detail", "status", "attribution"]
acnt = Counter(); alltext = []
stats = {"faithful": [], "lossy": []}
ovl = {"faithful": [], "lossy": []}
mlen = {"faithful": [], "lossy": []}
nsrc = Counter()
doms = Counter()
for c in cases:
    keys = {"case_id", "sources", "merged", "category", "label", "kind", "reword", "domain", "split", "note"}
    if set(c) != keys: errs.append("A keys " + c["case_id"])
    if c["split"] != "final": errs.append("split " + c["case_id"])
    if c["label"] not in ("faithful", "lossy"): errs.append("label " + c["case_id"])
    if c["reword"] not in ("light", "heavy"): errs.append("reword " + c["case_id"])
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append("faithful kind/note " + c["case_id"])
        acnt["faithful_" + c["reword"]] += 1
    else:
        if c["kind"] not in KINDS or not c["note"]: errs.append("lossy kind/note " + c["case_id"])
        acnt[c["kind"]] += 1; acnt["lossy_" + c["reword"]] += 1
    if not 2 <= len(c["sources"]) <= 3: errs.append("nsrc " + c["case_id"])
    nsrc[len(c["sources"])] += 1
    doms[c["domain"]] += 1
    if not re.match(r"^[a-z]+(/[a-z0-9_\-]+)+$", c["category"]): errs.append("category " + c["case_id"])
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], j): errs.append("src id " + s["id"])
        if s["category"] != c["category"]: errs.append("src cat " + s["id"])
        n = wc(s["content"])
        if not 5 <= n <= 35: errs.append("A src length %d: %s" % (n, s["content"]))
        stats[c["label"]].append(n)
        alltext.append(s["content"])
    srcs = [s["content"] for s in c["sources"]]
    pairs = [(a, b) for i, a in enumerate(srcs) for b in srcs[i + 1:]]
    ovl[c["label"]].append(sum(len(cw(a) & cw(b)) / len(cw(a) | cw(b)) for a, b in pairs) / len(pairs))
    mlen[c["label"]].append(wc(c["merged"]))
    alltext.append(c["merged"])
    if c["label"] == "faithful":
        mn = nums(c["merged"])
        for s in srcs:
            miss = srcnums(s) - mn
            if miss: errs.append("faithful merge missing number %s in %s" % (sorted(miss), c["case_id"]))
dupa = [t for t, k in Counter(alltext).items() if k > 1]
if dupa: errs.append("A duplicate text: %s" % dupa)
print("Part A:", len(cases), "cases", dict(sorted(acnt.items())))
print("  sources per case:", dict(nsrc), " domains:", len(doms))
for lab in ("faithful", "lossy"):
    L = stats[lab]
    if not L: continue
    m = sum(L) / len(L); share = sum(1 for x in L if x >= 18) / len(L)
    print("  %-8s sources=%d mean source words=%.2f share>=18 words=%.2f  mean within-case overlap=%.3f  mean merged words=%.1f"
          % (lab, len(L), m, share, sum(ovl[lab]) / len(ovl[lab]), sum(mlen[lab]) / len(mlen[lab])))
    if not 14 <= m <= 20: print("  WARNING %s mean outside 14-20" % lab)
    if share < 1 / 3: print("  WARNING %s share>=18 below one third" % lab)
wantA = {"faithful_light": None}
if acnt["faithful_heavy"] + acnt["faithful_light"] != 120: print("  A faithful count %d/120" % (acnt["faithful_heavy"] + acnt["faithful_light"]))
for k in KINDS:
    if acnt[k] != 12: print("  A %s count %d/12" % (k, acnt[k]))
# ---------- diagnostics: register mix (heuristic) and Part B member overlap ----------
TERSE = set("""Keeps Prefers Orders Gives Has Donates Uses Takes Allergic Penicillin Training Long Likes Plays Blocks
Doesn't Root Dental Grinds Flights Won't Loves Hosts Bought Camper Three O-negative Hay Rides Wears Mild Does Cycles
Passport Plans Pays Drives Car's Booked Commutes Works Torn Always Holds Climbs Projecting Vegetarian Grows Saves
Freelances Puts Biggest Gets Mom Every Shoots Sends Gave Splits Drinks Oat Dislikes Meal-preps Aims Bakes Recycling
Landlord Neurologist Physio Owns Doing PhD Mare Passed Employer Applied Garden GP, Quit Asked Never Tigre""".split())
SYS = set("""The For If Each On New Production After During Before Christmas Team Expense Finance Concur Meeting Data Read
Write On-call Static Storefront Cache Session Rate Feature Stale Auth Search Ops Billing Runbooks Secrets Vault CI API
Breaking Hotfixes Database Flyway Amplitude Personal Pipeline Grafana Alerts Fraud Bastion Frontend Roth""".split())
def register(t, cat):
    w = t.split()[0]
    if re.match(r"^(The )?[Uu]ser", t): return "2-user"
    if w in TERSE: return "1-terse"
    if cat.startswith("tech/") or w in SYS: return "4-system/other"
    return "3-named"
for lab in ("faithful", "lossy"):
    rc = Counter(register(s["content"], c["category"]) for c in cases if c["label"] == lab for s in c["sources"])
    t = sum(rc.values())
    print("  register mix (heuristic) %-8s %s  3-source cases: %.2f" % (lab, {k: round(v / t, 2) for k, v in sorted(rc.items())},
          sum(1 for c in cases if c["label"] == lab and len(c["sources"]) == 3) / max(1, sum(1 for c in cases if c["label"] == lab))))
for diff in ("easy", "hard"):
    v = []
    for r in recs:
        if r["kind"] == "group" and r["difficulty"] == diff:
            m = r["members"]; ps = [(a, b) for i, a in enumerate(m) for b in m[i + 1:]]
            v.append(sum(len(cw(a) & cw(b)) / len(cw(a) | cw(b)) for a, b in ps) / len(ps))
    print("  B %s groups: mean member content-word Jaccard %.2f" % (diff, sum(v) / len(v)))
if errs:
    print("ERRORS (%d):" % len(errs)); [print("  -", e) for e in errs]; sys.exit(1)
print("OK: no errors")
