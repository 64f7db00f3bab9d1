#!/usr/bin/env python3
"""Validate both v16 corpora. Usage: python3 validate.py [--strict]  (--strict: counts must be exact)"""
import json, re, sys, os, statistics
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
STRICT = "--strict" in sys.argv
errors, warns = [], []
def err(m): errors.append(m)
def wc(t): return len(t.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
 "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
 "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
 "hundred":100,"thousand":1000,"million":1000000,"first":1,"second":2,"third":3,"fourth":4,"fifth":5,
 "sixth":6,"seventh":7,"eighth":8,"ninth":9,"tenth":10,"twelfth":12,"half":0.5,"dozen":12,"twice":2,
 "single":1,"pair":2,"couple":2,"double":2,"triple":3,"a":None}
STOP = set("a an the and or of to in on at for with by from is are was were be been has have had it its "
           "this that as but not no user user's they their them he she his her i my".split())

def numbers(text):
    """Set of numeric values mentioned in text, in digits or words (compound words like twenty-five too)."""
    vals = set()
    t = text.lower().replace(",", "")
    for m in re.finditer(r"\d+(?:\.\d+)?", t):
        s = m.group(0); v = float(s)
        vals.add(v)
        end = t[m.end():m.end()+2]
        if end.startswith("k"): vals.add(v*1000)
        if end.startswith("m") and not t[m.end():m.end()+3].startswith(("mi","mo","mg","ml","mm","m ")): vals.add(v*1e6)
    toks = re.findall(r"[a-z]+", t)
    for i, w in enumerate(toks):
        if w in NUMW and NUMW[w] is not None:
            vals.add(float(NUMW[w]))
    for m in re.finditer(r"(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)", t):
        vals.add(float(NUMW[m.group(1)] + NUMW[m.group(2)]))
    for m in re.finditer(r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|fifty)\s+(hundred|thousand)", t):
        a = float(m.group(1)) if m.group(1).isdigit() else NUMW[m.group(1)]
        vals.add(a * NUMW[m.group(2)])
    return vals

def years_ok(v): return True

all_texts = Counter()
# ---------------- Part B ----------------
pb = os.path.join(HERE, "paraphrase_corpus_v16.jsonl")
precs = []
if os.path.exists(pb):
    for i, line in enumerate(open(pb, encoding="utf-8"), 1):
        try: precs.append(json.loads(line))
        except Exception as e: err(f"B line {i}: bad json {e}")
ids = Counter(r.get("id") for r in precs)
for k, v in ids.items():
    if v > 1: err(f"B duplicate id {k}")
cnt = Counter()
ptexts = []
for r in precs:
    if r.get("split") != "final": err(f"{r.get('id')}: split")
    if not r.get("domain"): err(f"{r.get('id')}: domain")
    k = r.get("kind")
    if k == "group":
        if r.get("difficulty") not in ("easy", "hard"): err(f"{r['id']}: difficulty")
        if not re.fullmatch(r"pg16-\d{3}", r["id"]): err(f"{r['id']}: id form")
        if not 2 <= len(r["members"]) <= 4: err(f"{r['id']}: members {len(r['members'])}")
        cnt["group_" + r["difficulty"]] += 1; ptexts += r["members"]
    elif k == "lookalike":
        if r.get("differs") not in "name number date negation status place person object time".split(): err(f"{r['id']}: differs")
        if not re.fullmatch(r"la16-\d{3}", r["id"]): err(f"{r['id']}: id form")
        if len(r["pair"]) != 2: err(f"{r['id']}: pair")
        cnt["lookalike"] += 1; cnt["la_" + r["differs"]] += 1; ptexts += r["pair"]
    elif k == "filler":
        if not re.fullmatch(r"f16-\d{3}", r["id"]): err(f"{r['id']}: id form")
        cnt["filler"] += 1; ptexts.append(r["text"])
    else: err(f"B unknown kind {k}")
for t in ptexts:
    all_texts[t.strip().lower()] += 1
    if not 5 <= wc(t) <= 25: err(f"B text word count {wc(t)}: {t}")
targetB = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
print("== Part B: paraphrase_corpus_v16.jsonl ==")
for k, v in targetB.items():
    print(f"  {k}: {cnt[k]} / {v}")
    if cnt[k] != v: (err if STRICT else warns.append)(f"B count {k} {cnt[k]} != {v}")
print("  lookalike differs:", {k[3:]: v for k, v in sorted(cnt.items()) if k.startswith("la_")})
for d in "name number date negation status place person object time".split():
    if cnt["la_" + d] != 3: (err if STRICT else warns.append)(f"B lookalike differs {d}: {cnt['la_'+d]} != 3")
if ptexts: print(f"  texts: {len(ptexts)}, mean words {statistics.mean(map(wc, ptexts)):.1f}")

STOPB = set("a an the and or of to in on at for with by from is are was were be been has have had it its this that as but they their them he she his her user user's".split())
def cwb(t): return {w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOPB}
def jb(a, b):
    A, B = cwb(a), cwb(b); return len(A & B) / max(1, len(A | B))
for diff in ("easy", "hard"):
    js = []
    for r in precs:
        if r.get("kind") == "group" and r.get("difficulty") == diff:
            m = r["members"]; js += [jb(m[i], m[j]) for i in range(len(m)) for j in range(i + 1, len(m))]
    if js: print(f"  {diff} groups: mean pairwise content-word Jaccard {statistics.mean(js):.2f} (min {min(js):.2f}, max {max(js):.2f})")
ljs = [jb(*r["pair"]) for r in precs if r.get("kind") == "lookalike"]
if ljs: print(f"  lookalike pairs: mean content-word Jaccard {statistics.mean(ljs):.2f} (min {min(ljs):.2f})")

# ---------------- Part A ----------------
pa = os.path.join(HERE, "merge_corpus_v16.jsonl")
cases = []
if os.path.exists(pa):
    for i, line in enumerate(open(pa, encoding="utf-8"), 1):
        try: cases.append(json.loads(line))
        except Exception as e: err(f"A line {i}: bad json {e}")
KEYS = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
KINDS = ["negation","quantity","dropped","detail","status","attribution"]
regs = {}
rp = os.path.join(HERE, "merge_registers_v16.json")
if os.path.exists(rp): regs = json.load(open(rp))
cids = Counter(c.get("case_id") for c in cases)
for k, v in cids.items():
    if v > 1: err(f"A duplicate case id {k}")
sids = Counter(s["id"] for c in cases for s in c.get("sources", []))
for k, v in sids.items():
    if v > 1: err(f"A duplicate source id {k}")
acnt = Counter()
for c in cases:
    cid = c.get("case_id")
    if set(c) != KEYS: err(f"{cid}: keys {sorted(set(c) ^ KEYS)}")
    if not re.fullmatch(r"e16-\d{4}", cid or ""): err(f"{cid}: id form")
    if c["split"] != "final": err(f"{cid}: split")
    if c["label"] not in ("faithful", "lossy"): err(f"{cid}: label")
    if c["reword"] not in ("light", "heavy"): err(f"{cid}: reword")
    if not re.fullmatch(r"[a-z_]+/[a-z0-9_\-]+(/[a-z0-9_\-]+)*", c["category"]): err(f"{cid}: category {c['category']}")
    if not c["domain"]: err(f"{cid}: domain")
    if not 2 <= len(c["sources"]) <= 3: err(f"{cid}: n sources")
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != f"{cid}-s{j}": err(f"{cid}: source id {s['id']}")
        if s["category"] != c["category"]: err(f"{cid}: source category")
        if not 5 <= wc(s["content"]) <= 35: err(f"{cid}: source words {wc(s['content'])}: {s['content']}")
        all_texts[s["content"].strip().lower()] += 1
    if not c["merged"]: err(f"{cid}: empty merged")
    all_texts[c["merged"].strip().lower()] += 1
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": err(f"{cid}: faithful with kind/note")
        mv = numbers(c["merged"])
        for s in c["sources"]:
            missing = numbers(s["content"]) - mv
            if missing: err(f"{cid}: faithful merge lacks number(s) {sorted(missing)} from: {s['content']}")
        acnt["faithful"] += 1; acnt["faithful_" + c["reword"]] += 1
    else:
        if c["kind"] not in KINDS: err(f"{cid}: lossy kind {c['kind']}")
        if not c["note"] or "\n" in c["note"]: err(f"{cid}: lossy note")
        acnt["lossy"] += 1; acnt["lossy_" + str(c["kind"])] += 1; acnt["lossy_" + c["reword"]] += 1
    acnt[f"nsrc_{len(c['sources'])}"] += 1
print("== Part A: merge_corpus_v16.jsonl ==")
print(f"  faithful: {acnt['faithful']} / 120  (heavy {acnt['faithful_heavy']} >= 85, light {acnt['faithful_light']})")
print(f"  lossy: {acnt['lossy']} / 72  (heavy {acnt['lossy_heavy']}, light {acnt['lossy_light']})")
print("  lossy kinds:", {k: acnt['lossy_' + k] for k in KINDS})
print(f"  cases with 2 sources: {acnt['nsrc_2']}, with 3 sources: {acnt['nsrc_3']} ({100*acnt['nsrc_3']/max(1,len(cases)):.0f}%)")
if acnt["faithful"] != 120: (err if STRICT else warns.append)(f"A faithful {acnt['faithful']} != 120")
if acnt["faithful_heavy"] < 85: (err if STRICT else warns.append)(f"A faithful heavy {acnt['faithful_heavy']} < 85")
for k in KINDS:
    if acnt["lossy_" + k] != 12: (err if STRICT else warns.append)(f"A lossy {k} {acnt['lossy_'+k]} != 12")

def cw(t): return {w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOP}
def jacc(a, b):
    A, B = cw(a), cw(b); return len(A & B) / max(1, len(A | B))
print("  -- source statistics by label (must look alike) --")
for lab in ("faithful", "lossy"):
    cs = [c for c in cases if c["label"] == lab]
    src = [s["content"] for c in cs for s in c["sources"]]
    if not src: continue
    w = [wc(s) for s in src]
    ov = []
    for c in cs:
        ss = [s["content"] for s in c["sources"]]
        ov += [jacc(ss[i], ss[j]) for i in range(len(ss)) for j in range(i + 1, len(ss))]
    rc = Counter(regs.get(c["case_id"], "?") for c in cs)
    n3 = sum(len(c["sources"]) == 3 for c in cs)
    mw = [wc(c["merged"]) for c in cs]
    print(f"  {lab:8s}: n_sources={len(src)} mean source words={statistics.mean(w):.2f} "
          f"share>=18 words={sum(x >= 18 for x in w)/len(w):.2f} min={min(w)} max={max(w)} "
          f"mean within-case overlap (Jaccard)={statistics.mean(ov):.2f} 3-source share={n3/len(cs):.2f} "
          f"mean merged words={statistics.mean(mw):.1f}")
    print(f"            registers: " + ", ".join(f"{k}={v/len(cs):.2f}" for k, v in sorted(rc.items())))
    m = statistics.mean(w)
    if not 14 <= m <= 20: err(f"A {lab} mean source words {m:.2f} outside 14-20")
    if sum(x >= 18 for x in w) / len(w) < 1/3: err(f"A {lab} share >=18 words below a third")

NEG_CUE = r"\b(not|no|never|without|nobody|nothing|refuses?|refused|stopped|longer|anymore)\b|n't\b"
STAT_CUE = r"\b(plans?|planning|might|may|considering|thinking|if|hoping|hopes?|wants?|waiting|pending|probably|scheduled|applying|leaning|would)\b"
print("  -- surface cues in SOURCES by label (share of cases; should be similar) --")
for lab in ("faithful", "lossy"):
    cs = [c for c in cases if c["label"] == lab]
    if not cs: continue
    def share(p): return sum(bool(re.search(p, " ".join(s["content"] for s in c["sources"]).lower())) for c in cs) / len(cs)
    ratio = sum(wc(c["merged"]) for c in cs) / sum(wc(s["content"]) for c in cs for s in c["sources"])
    print(f"  {lab:8s}: negation cue={share(NEG_CUE):.2f} hedge/status cue={share(STAT_CUE):.2f} "
          f"digit={share(r'[0-9]'):.2f} merged/source word ratio={ratio:.2f}")
kr = {}
for k in KINDS:
    cs = [c for c in cases if c["kind"] == k]
    if cs: kr[k] = round(sum(wc(c["merged"]) for c in cs) / sum(wc(s["content"]) for c in cs for s in c["sources"]), 2)
print("  merged/source word ratio by lossy kind:", kr)

def bigr(t):
    w = re.findall(r"[a-z0-9']+", t.lower()); return set(zip(w, w[1:]))
print("  -- share of merged word bigrams copied from sources (heavy should be low) --")
for lab in ("faithful", "lossy"):
    for rw in ("heavy", "light"):
        xs = []
        for c in cases:
            if c["label"] == lab and c["reword"] == rw:
                mb = bigr(c["merged"]); sb = set().union(*[bigr(s["content"]) for s in c["sources"]])
                xs.append(len(mb & sb) / max(1, len(mb)))
        if xs: print(f"  {lab:8s} {rw}: n={len(xs)} mean={statistics.mean(xs):.2f} min={min(xs):.2f} max={max(xs):.2f}")

for t, n in all_texts.items():
    if n > 1: err(f"exact duplicate text x{n}: {t}")
for w in warns: print("  WARN (in progress):", w)
for e in errors: print("  ERROR:", e)
print("VALID" if not errors else f"INVALID ({len(errors)} errors)")
sys.exit(1 if errors else 0)
