#!/usr/bin/env python3
import json, re, os, sys, itertools, collections
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import build

errors = []
def err(m): errors.append(m)
def wc(t): return len(t.split())

UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
         "thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split())}
TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if w != "_"}
EXTRA = {"twice": 2, "dozen": 12, "hundred": 100, "thousand": 1000, "million": 1000000, "half": 0.5}
PRON_ONE = set("the next this that each every no any which shy other another last new old first only right wrong same".split())
AFTER_PRON = set("on of in is was for at to that who which and or but".split())
def numbers(text):
    t = text.lower()
    t = re.sub(r"(?<=\d),(?=\d{3})", "", t)
    out = set()
    for m in re.finditer(r"(\d+(?:\.\d+)?)(k|m)?\b", t):
        v = float(m.group(1)); out.add(v)
        if m.group(2) == "k": out.add(v * 1000)
        if m.group(2) == "m": out.add(v * 1000000)
    for m in re.finditer(r"\d+", t):
        out.add(float(int(m.group())))
    words = re.findall(r"[a-z]+(?:-[a-z]+)?", t)
    for i, w in enumerate(words):
        parts = w.split("-")
        if len(parts) == 2 and parts[0] in TENS and parts[1] in UNITS:
            out.add(float(TENS[parts[0]] + UNITS[parts[1]])); continue
        for p in parts:
            if p == "one" and i > 0 and words[i-1] in PRON_ONE: continue  # pronoun "one"
            if p == "one" and (i + 1 >= len(words) or words[i+1] in AFTER_PRON or re.search(r"\bone(\s*[.,;:)]|\s+-\s)", t)): continue
            if p in UNITS: out.add(float(UNITS[p]))
            elif p in TENS: out.add(float(TENS[p]))
            elif p in EXTRA: out.add(float(EXTRA[p]))
    return out

STOP = set("a an the of to in on at for and or but is are was were be been has have had with by from as it its "
           "this that their his her they he she user user's s not no".split())
def content(t): return {w for w in re.findall(r"[a-z0-9]+", t.lower()) if w not in STOP}
def jacc(a, b): return len(a & b) / max(1, len(a | b))

# ---------- Part A ----------
mpath = os.path.join(HERE, "merge_corpus_v14b.jsonl")
cases = [json.loads(l) for l in open(mpath, encoding="utf-8")]
KINDS = ["negation", "quantity", "dropped", "detail", "status", "attribution"]
KEYS = ["case_id", "sources", "merged", "category", "label", "kind", "reword", "domain", "split", "note"]
ids = set(); texts = collections.Counter()
for c in cases:
    if list(c.keys()) != KEYS: err(f"{c.get('case_id')}: keys {list(c.keys())}")
    if c["case_id"] in ids: err(f"dup id {c['case_id']}")
    ids.add(c["case_id"])
    if not re.fullmatch(r"e14b-\d{4}", c["case_id"]): err(f"bad id {c['case_id']}")
    if c["split"] != "final": err(f"{c['case_id']} split")
    if c["label"] not in ("faithful", "lossy"): err(f"{c['case_id']} label")
    if c["reword"] not in ("light", "heavy"): err(f"{c['case_id']} reword")
    if c["label"] == "faithful" and (c["kind"] is not None or c["note"] != ""): err(f"{c['case_id']} faithful kind/note")
    if c["label"] == "lossy" and (c["kind"] not in KINDS or not c["note"]): err(f"{c['case_id']} lossy kind/note")
    if not (2 <= len(c["sources"]) <= 3): err(f"{c['case_id']} n sources")
    if not c["merged"]: err(f"{c['case_id']} empty merge")
    if "/" not in c["category"]: err(f"{c['case_id']} category")
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != f"{c['case_id']}-s{j}": err(f"{c['case_id']} source id")
        ids.add(s["id"])
        if s["category"] != c["category"]: err(f"{c['case_id']} source category")
        if not (5 <= wc(s["content"]) <= 35): err(f"{c['case_id']} source length {wc(s['content'])}: {s['content']}")
        texts[s["content"]] += 1
    texts[c["merged"]] += 1
    if c["label"] == "faithful":
        mn = numbers(c["merged"])
        for s in c["sources"]:
            miss = numbers(s["content"]) - mn
            if miss: err(f"{c['case_id']} faithful merge lacks numbers {sorted(miss)} of: {s['content']}")
for t, n in texts.items():
    if n > 1: err(f"duplicate text x{n}: {t}")

lab = collections.Counter(c["label"] for c in cases)
kinds = collections.Counter(c["kind"] for c in cases if c["label"] == "lossy")
heavyF = sum(1 for c in cases if c["label"] == "faithful" and c["reword"] == "heavy")
heavyL = sum(1 for c in cases if c["label"] == "lossy" and c["reword"] == "heavy")
three = sum(1 for c in cases if len(c["sources"]) == 3)
print(f"Part A: {len(cases)} cases; faithful={lab['faithful']} (heavy {heavyF}), lossy={lab['lossy']} (heavy {heavyL})")
print("  lossy kinds:", dict(sorted(kinds.items())))
print(f"  3-source cases: {three} ({100*three/max(1,len(cases)):.0f}%); domains: {len(set(c['domain'] for c in cases))}")

for L in ("faithful", "lossy"):
    cs = [c for c in cases if c["label"] == L]
    src = [wc(s["content"]) for c in cs for s in c["sources"]]
    if not src: continue
    mean = sum(src) / len(src); share = sum(1 for w in src if w >= 18) / len(src)
    ov = [jacc(content(a["content"]), content(b["content"])) for c in cs for a, b in itertools.combinations(c["sources"], 2)]
    nsrc = sum(len(c["sources"]) for c in cs) / len(cs)
    mw = sum(wc(c["merged"]) for c in cs) / len(cs)
    print(f"  {L:8s}: sources={len(src)} mean source words={mean:.2f} share>=18 words={share:.2f} "
          f"min={min(src)} max={max(src)} | mean within-case source overlap (Jaccard)={sum(ov)/len(ov):.3f} "
          f"| sources/case={nsrc:.2f} | mean merge words={mw:.1f}")
    if not (14 <= mean <= 20): err(f"{L} mean source words {mean:.2f} outside 14-20")
    if share < 1/3: err(f"{L} share>=18 {share:.2f} < 1/3")
# register mix from raw headers (register is a raw-only annotation)
raw = build.parse_merge()
for L in ("faithful", "lossy"):
    reg = collections.Counter(c["register"] for c in raw if c["label"] == L)
    tot = sum(reg.values()) or 1
    print(f"  {L:8s} register mix:", {k: f"{100*v/tot:.0f}%" for k, v in sorted(reg.items())})

# ---------- Part B ----------
ppath = os.path.join(HERE, "paraphrase_corpus_v14b.jsonl")
recs = [json.loads(l) for l in open(ppath, encoding="utf-8")]
pid = set(); ptexts = collections.Counter()
DIFFS = "name number date negation status place person object time".split()
for r in recs:
    if r["id"] in pid: err(f"dup id {r['id']}")
    pid.add(r["id"])
    if r["split"] != "final": err(f"{r['id']} split")
    if r["kind"] == "group":
        if not re.fullmatch(r"pg14b-\d{3}", r["id"]): err(r["id"])
        if r["difficulty"] not in ("easy", "hard"): err(f"{r['id']} difficulty")
        if not (2 <= len(r["members"]) <= 4): err(f"{r['id']} members")
        tt = r["members"]
    elif r["kind"] == "lookalike":
        if not re.fullmatch(r"la14b-\d{3}", r["id"]): err(r["id"])
        if r["differs"] not in DIFFS: err(f"{r['id']} differs")
        if len(r["pair"]) != 2: err(f"{r['id']} pair")
        tt = r["pair"]
    elif r["kind"] == "filler":
        if not re.fullmatch(r"f14b-\d{3}", r["id"]): err(r["id"])
        tt = [r["text"]]
    else:
        err(f"bad kind {r}"); tt = []
    for t in tt:
        if not (5 <= wc(t) <= 25): err(f"{r['id']} length {wc(t)}: {t}")
        ptexts[t] += 1
for t, n in ptexts.items():
    if n > 1: err(f"Part B duplicate text x{n}: {t}")
k = collections.Counter(r["kind"] for r in recs)
dif = collections.Counter(r["difficulty"] for r in recs if r["kind"] == "group")
dd = collections.Counter(r["differs"] for r in recs if r["kind"] == "lookalike")
print(f"Part B: {len(recs)} records; groups easy={dif['easy']} hard={dif['hard']}; lookalikes={k['lookalike']}; fillers={k['filler']}")
print("  lookalike differs:", dict(sorted(dd.items())))
for kind, want in (("easy", 12), ("hard", 20)):
    if dif[kind] != want: print(f"  COUNT: {kind} groups {dif[kind]}/{want}")
if k["lookalike"] != 27: print(f"  COUNT: lookalikes {k['lookalike']}/27")
if k["filler"] != 40: print(f"  COUNT: fillers {k['filler']}/40")
if lab["faithful"] != 120: print(f"  COUNT: faithful {lab['faithful']}/120")
for kk in KINDS:
    if kinds[kk] != 12: print(f"  COUNT: lossy {kk} {kinds[kk]}/12")

if errors:
    print(f"\n{len(errors)} ERRORS:"); [print("  -", e) for e in errors]; sys.exit(1)
print("\nvalidate: OK (schema, ids, word limits, duplicates, faithful-merge numbers)")
