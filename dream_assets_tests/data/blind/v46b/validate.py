#!/usr/bin/env python3
import json, re, os, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,
"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,"nineteen":19,
"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,"hundred":100,
"once":1,"twice":2,"pair":2,"half":0.5,"dozen":12,"first":1,"second":2,"third":3,"fourth":4,"fifth":5}
PRON_ONE = re.compile(r"\b(the|last|this|that|each|every|no|any|recent|new|old|next|other|which)\s+one\b", re.I)
def nums(t):
    t = PRON_ONE.sub(" ", t)
    s = set()
    for a, b in re.findall(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b", t.lower()):
        s.add(str(NUMW[a] + NUMW[b]))
    t = re.sub(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b", " ", t, flags=re.I)
    for m in re.findall(r"\d+(?:[.,]\d+)*", t):
        s.add(m.replace(",", ""))
        for part in re.split(r"[.,]", m): pass
    for w in re.findall(r"[a-z]+", t.lower()):
        if w in NUMW: s.add(str(NUMW[w]))
    return s
def numforms(t):
    s = set(nums(t))
    for m in re.findall(r"\d+(?:[.,]\d+)*", t):
        s.add(m.replace(",", ""))
        s.update(p for p in re.split(r"[.,]", m) if p)
        try: s.add(str(int(m.replace(",", ""))))
        except ValueError: pass
    for w in re.findall(r"[a-z]+", t.lower()):
        if w in NUMW: s.add(str(NUMW[w]))
    # "4pm" -> 16 forms, "k" thousands
    for m in re.findall(r"(\d+)\s*k\b", t.lower()): s.add(str(int(m)*1000))
    for m in re.findall(r"(\d+)\s*(?:pm|p\.m\.)", t.lower()):
        s.add(str(int(m)+12))
    for m in re.findall(r"\b(\d{1,2}):\d\d", t):
        h=int(m); s.add(str(h-12) if h>12 else str(h))
    return s

# ---------- Part B ----------
P = [json.loads(l) for l in open(os.path.join(HERE, "paraphrase_corpus_v46b.jsonl"), encoding="utf-8")]
ids = [r["id"] for r in P]
if len(ids) != len(set(ids)): errs.append("dup paraphrase ids")
texts = []
kc = Counter(); dc = Counter(); diffc = Counter()
for r in P:
    if r.get("split") != "final": errs.append("split " + r["id"])
    if "domain" not in r: errs.append("domain " + r["id"])
    k = r["kind"]; kc[k] += 1
    if k == "group":
        if not re.fullmatch(r"pg46b-\d{3}", r["id"]): errs.append("id " + r["id"])
        if r["difficulty"] not in ("easy", "hard"): errs.append("difficulty " + r["id"])
        dc[r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("members count " + r["id"])
        texts += r["members"]
    elif k == "lookalike":
        if not re.fullmatch(r"la46b-\d{3}", r["id"]): errs.append("id " + r["id"])
        if r["differs"] not in "name number date negation status place person object time".split(): errs.append("differs " + r["id"])
        diffc[r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("pair " + r["id"])
        texts += r["pair"]
    elif k == "filler":
        if not re.fullmatch(r"f46b-\d{3}", r["id"]): errs.append("id " + r["id"])
        texts.append(r["text"])
    else: errs.append("kind " + r["id"])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B word limit (%d): %s" % (wc(t), t))
dup = [t for t, c in Counter(x.strip().lower() for x in texts).items() if c > 1]
if dup: errs.append("B duplicate texts: %s" % dup)
print("Part B:", dict(kc), "groups:", dict(dc), "lookalike differs:", dict(sorted(diffc.items())))
print("Part B texts: %d, mean words %.1f" % (len(texts), sum(map(wc, texts)) / max(1, len(texts))))

# ---------- Part A ----------
M = [json.loads(l) for l in open(os.path.join(HERE, "merge_corpus_v46b.jsonl"), encoding="utf-8")]
cids = [c["case_id"] for c in M]
if len(cids) != len(set(cids)): errs.append("dup case ids")
lab = Counter(); kinds = Counter(); rew = Counter(); nsrc = Counter(); doms = Counter()
heavy_f = 0; heavy_l = 0
alltexts = []
stats = {"faithful": [], "lossy": []}
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
for c in M:
    if set(c) != keys: errs.append("keys " + c["case_id"])
    if not re.fullmatch(r"e46b-\d{4}", c["case_id"]): errs.append("case id " + c["case_id"])
    if c["split"] != "final": errs.append("split " + c["case_id"])
    if c["label"] not in ("faithful", "lossy"): errs.append("label " + c["case_id"])
    if c["reword"] not in ("light", "heavy"): errs.append("reword " + c["case_id"])
    if "/" not in c["category"]: errs.append("category " + c["case_id"])
    lab[c["label"]] += 1; rew[(c["label"], c["reword"])] += 1; nsrc[len(c["sources"])] += 1; doms[c["domain"]] += 1
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append("faithful kind/note " + c["case_id"])
    else:
        if c["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): errs.append("kind " + c["case_id"])
        if not c["note"]: errs.append("lossy note " + c["case_id"])
        kinds[c["kind"]] += 1
    if not 2 <= len(c["sources"]) <= 3: errs.append("n sources " + c["case_id"])
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (c["case_id"], j): errs.append("src id " + s["id"])
        if s["category"] != c["category"]: errs.append("src category " + s["id"])
        if not 5 <= wc(s["content"]) <= 35: errs.append("A source word limit (%d): %s" % (wc(s["content"]), s["content"]))
        stats[c["label"]].append(wc(s["content"]))
        alltexts.append(s["content"])
    alltexts.append(c["merged"])
    if c["label"] == "faithful":
        mf = numforms(c["merged"])
        for s in c["sources"]:
            for n in nums(s["content"]):
                if n not in mf: errs.append("faithful number %s missing in %s: %s" % (n, c["case_id"], c["merged"]))
dupA = [t for t, k in Counter(x.strip().lower() for x in alltexts).items() if k > 1]
if dupA: errs.append("A duplicate texts: %s" % dupA[:5])
print("Part A:", dict(lab), "lossy kinds:", dict(sorted(kinds.items())))
print("Part A reword:", {"%s/%s" % k: v for k, v in sorted(rew.items())})
print("Part A sources per case:", dict(sorted(nsrc.items())), "domains:", len(doms))
for l in ("faithful", "lossy"):
    w = stats[l]
    if w:
        print("  %-8s sources: n=%d mean words %.2f, share >=18 words %.1f%%" % (l, len(w), sum(w)/len(w), 100*sum(x >= 18 for x in w)/len(w)))
        m = sum(w)/len(w)
        if not 14 <= m <= 20: errs.append("%s mean out of 14-20: %.2f" % (l, m))
        if sum(x >= 18 for x in w)/len(w) < 1/3: errs.append("%s share >=18 below a third" % l)

# ---------- informational: surface parity between faithful and lossy sources ----------
def register(c, s):
    if re.match(r"(The )?[Uu]ser('s)?\b", s): return "user"
    if c["category"].startswith(("tech/", "work/")) and not re.match(r"[A-Z][a-zà-ž]+('s)?\s", s.split(",")[0]) : return "system"
    if c["category"].startswith(("tech/", "work/")): return "system"
    if re.match(r"[A-Z][\w\u00C0-\u024F-]+('s)? ", s) and not re.match(r"(Two|Keeps|Takes|Runs|Has|Needs|Started|Sends|Fasting|Breaks|Waters|Growing|Raised|Learning|Currently|Registered|Uses|Applied|Physio|Told|Moved|Electrician|Loft|Renting|Would|Rent|Self|Pays|Hosting|Games|Mum|Brother|Booked|Proms|Cycles|Brompton|Short|Gets|Considering|Coeliac|Favourite|Eats|Doesn|Planning|Prefers|Interrail|Holds|Wants|Likes|Never|Retaking|Best|Plays|Adopted|Hens|Guinea|Divorce|Agreed|Used|Still|Godparent|Usually|Pension|Thinking|Roof|Iron|Follow|Thyroid|Rabbits|Sprocket|Partner|Needs|Last|PR|Flaky|Schema|Node|Frontend|Feature|Commit|Secrets|Doppler|Contracts|Local|Offline|Warehouse|Training|Checkpoints|Processed|Components|Synonyms|Product|Breaking|Model|Uploads|Mobile|Clients|Pages|Payments|On-call|New|Pricing|Migrating|Error|Sentry|Broken|If|A|An|Every|Five-a-side|Keeps|Sits)\b", s): return "named"
    return "terse"
reg = {"faithful": Counter(), "lossy": Counter()}
ov = {"faithful": [], "lossy": []}
tok = lambda t: set(w for w in re.findall(r"[a-z0-9']+", t.lower()) if len(w) > 3)
for c in M:
    for s in c["sources"]: reg[c["label"]][register(c, s["content"])] += 1
    ss = [tok(s["content"]) for s in c["sources"]]
    js = [len(a & b) / max(1, len(a | b)) for i, a in enumerate(ss) for b in ss[i+1:]]
    ov[c["label"]].append(sum(js) / len(js))
for l in ("faithful", "lossy"):
    n = sum(reg[l].values())
    print("  %-8s source registers (heuristic): %s; mean within-case source overlap (Jaccard) %.3f" % (
        l, ", ".join("%s %.0f%%" % (k, 100 * v / n) for k, v in sorted(reg[l].items())), sum(ov[l]) / len(ov[l])))

if errs:
    print("ERRORS (%d):" % len(errs)); [print("  -", e) for e in errs]; sys.exit(1)
print("OK: all checks passed")
