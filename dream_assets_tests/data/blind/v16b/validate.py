#!/usr/bin/env python3
"""Validate both v16b corpora: parse, schema, ids, counts, word limits, duplicates, number retention."""
import json, os, re, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errors = []
def err(m): errors.append(m)
def wc(t): return len(t.split())

NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,
        "eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,
        "seventy":70,"eighty":80,"ninety":90,"hundred":100,"thousand":1000,"twice":2,"once":1,
        "first":1,"second":2,"third":3,"fourth":4,"fifth":5,"ninetieth":90,"tenth":10,"single":1,
        "a dozen":12,"dozen":12,"half":0.5}
MONTHS = {m: i for i, m in enumerate(["jan","feb","mar","apr","may","jun","jul","aug","sep","oct","nov","dec"], 1)}

def numbers(text):
    """Set of numeric values in a text: digits (commas/k stripped) and number words."""
    t = text.lower().replace(",", "")
    t = re.sub(r"\bone of\b", "", t)  # "one of the twins" is not a quantity
    out = set()
    for m in re.finditer(r"(\d+(?:\.\d+)?)(k\b)?", t):
        out.add(float(m.group(1)))
        if m.group(2): out.add(float(m.group(1)) * 1000)
    for w, v in NUMW.items():
        if re.search(r"\b" + w + r"\b", t):
            out.add(float(v))
    # hyphenated compounds such as "twenty-five"
    for a, b in re.findall(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b", t):
        out.add(float(NUMW[a] + NUMW[b]))
    # "two thousand" / "three hundred"
    for a, b in re.findall(r"\b(\w+)[ -](hundred|thousand)\b", t):
        if a in NUMW: out.add(float(NUMW[a] * NUMW[b]))
    return out

def digit_numbers(text):
    t = text.lower().replace(",", "")
    return {float(x) for x in re.findall(r"\d+(?:\.\d+)?", t)}

# ---------------- Part B ----------------
pb = os.path.join(HERE, "paraphrase_corpus_v16b.jsonl")
recs = [json.loads(l) for l in open(pb, encoding="utf-8")]
ids = Counter(r["id"] for r in recs)
for k, v in ids.items():
    if v > 1: err(f"B dup id {k}")
kinds = Counter(r["kind"] for r in recs)
diff = Counter(r.get("difficulty") for r in recs if r["kind"] == "group")
differs = Counter(r.get("differs") for r in recs if r["kind"] == "lookalike")
textsB = []
KEYS = {"group": {"kind","id","difficulty","domain","split","members"},
        "lookalike": {"kind","id","differs","domain","split","pair"},
        "filler": {"kind","id","domain","split","text"}}
PRE = {"group": r"pg16b-\d{3}", "lookalike": r"la16b-\d{3}", "filler": r"f16b-\d{3}"}
for r in recs:
    if set(r) != KEYS[r["kind"]]: err(f"B keys {r['id']}: {sorted(r)}")
    if not re.fullmatch(PRE[r["kind"]], r["id"]): err(f"B id form {r['id']}")
    if r["split"] != "final": err(f"B split {r['id']}")
    ts = r.get("members") or r.get("pair") or [r.get("text")]
    if r["kind"] == "group" and not 2 <= len(ts) <= 4: err(f"B group size {r['id']}")
    if r["kind"] == "lookalike" and len(ts) != 2: err(f"B pair size {r['id']}")
    if r["kind"] == "group" and r["difficulty"] not in ("easy", "hard"): err(f"B diff {r['id']}")
    if r["kind"] == "lookalike" and r["differs"] not in ("name","number","date","negation","status","place","person","object","time"):
        err(f"B differs {r['id']}")
    for t in ts:
        if not 5 <= wc(t) <= 25: err(f"B words {r['id']} {wc(t)}: {t}")
        textsB.append(t)
for t, c in Counter(textsB).items():
    if c > 1: err(f"B duplicate text: {t}")
def _toks(t): return set(re.findall(r"[a-z0-9']+", t.lower()))
def _jac(ts):
    v = [len(_toks(a) & _toks(b)) / len(_toks(a) | _toks(b)) for i, a in enumerate(ts) for b in ts[i+1:]]
    return sum(v) / len(v)
for lab, sel in (("easy groups", lambda r: r["kind"] == "group" and r["difficulty"] == "easy"),
                 ("hard groups", lambda r: r["kind"] == "group" and r["difficulty"] == "hard"),
                 ("lookalikes", lambda r: r["kind"] == "lookalike")):
    js = [_jac(r.get("members") or r.get("pair")) for r in recs if sel(r)]
    if js: print(f"  Part B {lab}: mean within-record word Jaccard {sum(js)/len(js):.3f}")
print("Part B:", dict(kinds), "difficulty:", dict(diff), "differs:", dict(differs))
want = {"group": 32, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if kinds[k] != v: err(f"B count {k}={kinds[k]} want {v}")
if diff["easy"] != 12 or diff["hard"] != 20: err(f"B difficulty counts {dict(diff)}")
if any(v != 3 for v in differs.values()) or len(differs) != 9: err(f"B differs counts {dict(differs)}")

# ---------------- Part A ----------------
pa = os.path.join(HERE, "merge_corpus_v16b.jsonl")
cases = [json.loads(l) for l in open(pa, encoding="utf-8")] if os.path.exists(pa) else []
AKEYS = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
cid = Counter(c["case_id"] for c in cases)
for k, v in cid.items():
    if v > 1: err(f"A dup case id {k}")
sids = Counter(s["id"] for c in cases for s in c["sources"])
for k, v in sids.items():
    if v > 1: err(f"A dup source id {k}")
textsA = []
for c in cases:
    i = c["case_id"]
    if set(c) != AKEYS: err(f"A keys {i}")
    if not re.fullmatch(r"e16b-\d{4}", i): err(f"A id {i}")
    if c["label"] not in ("faithful", "lossy"): err(f"A label {i}")
    if c["reword"] not in ("light", "heavy"): err(f"A reword {i}")
    if c["split"] != "final": err(f"A split {i}")
    if "/" not in c["category"]: err(f"A category {i}")
    if c["label"] == "faithful" and (c["kind"] is not None or c["note"] != ""): err(f"A faithful kind/note {i}")
    if c["label"] == "lossy" and (c["kind"] not in ("negation","quantity","dropped","detail","status","attribution") or not c["note"]):
        err(f"A lossy kind/note {i}")
    if not 2 <= len(c["sources"]) <= 3: err(f"A n sources {i}")
    for j, s in enumerate(c["sources"], 1):
        if set(s) != {"id","content","category"}: err(f"A source keys {i}")
        if s["id"] != f"{i}-s{j}": err(f"A source id {s['id']}")
        if s["category"] != c["category"]: err(f"A source category {s['id']}")
        if not 5 <= wc(s["content"]) <= 35: err(f"A source words {s['id']} {wc(s['content'])}")
        textsA.append(s["content"])
    textsA.append(c["merged"])
    if c["label"] == "faithful":
        mn = numbers(c["merged"])
        for s in c["sources"]:
            for v in digit_numbers(s["content"]) | (numbers(s["content"]) - {0.5}):
                if v not in mn:
                    err(f"A faithful {i}: number {v:g} of source missing in merge")
for t, n in Counter(textsA).items():
    if n > 1: err(f"A duplicate text: {t}")

lab = Counter(c["label"] for c in cases)
kinds = Counter(c["kind"] for c in cases if c["label"] == "lossy")
print("Part A: cases", len(cases), dict(lab), "lossy kinds:", dict(kinds))
for L in ("faithful", "lossy"):
    cs = [c for c in cases if c["label"] == L]
    if not cs: continue
    srcw = [wc(s["content"]) for c in cs for s in c["sources"]]
    heavy = sum(c["reword"] == "heavy" for c in cs)
    three = sum(len(c["sources"]) == 3 for c in cs)
    # overlap of sources within a case: mean pairwise Jaccard of lowercased word sets
    def toks(t): return set(re.findall(r"[a-z0-9']+", t.lower()))
    ov = []
    for c in cs:
        ss = [toks(s["content"]) for s in c["sources"]]
        for a in range(len(ss)):
            for b in range(a + 1, len(ss)):
                ov.append(len(ss[a] & ss[b]) / len(ss[a] | ss[b]))
    mw = [wc(c["merged"]) for c in cs]
    print(f"  {L:8s}: n={len(cs)} heavy={heavy} 3-source={three} ({three/len(cs):.0%}) | "
          f"source words mean={sum(srcw)/len(srcw):.2f} share>=18={sum(w>=18 for w in srcw)/len(srcw):.1%} "
          f"min={min(srcw)} max={max(srcw)} | within-case source Jaccard={sum(ov)/len(ov):.3f} | merged words mean={sum(mw)/len(mw):.1f}")
dom = {L: Counter(c["domain"] for c in cases if c["label"] == L) for L in ("faithful", "lossy")}
print("  domains faithful:", dict(sorted(dom["faithful"].items())))
print("  domains lossy   :", dict(sorted(dom["lossy"].items())))
# register distribution from raw tags (s1 terse, s2 user-sentence, s3 named person, s4 project/system)
raw = os.path.join(HERE, "raw_merge.txt")
if os.path.exists(raw):
    reg = {"faithful": Counter(), "lossy": Counter()}; L = None
    for ln in open(raw, encoding="utf-8"):
        if ln.startswith("@case"): L = ln.split()[1]
        m = re.match(r"s([1-4]):", ln)
        if m and L: reg[L][m.group(1)] += 1
    for L, c in reg.items():
        tot = sum(c.values()) or 1
        print(f"  register {L:8s}: " + " ".join(f"r{k}={c[k]/tot:.0%}" for k in "1234"))
for L in ("faithful", "lossy"):
    cs = [c for c in cases if c["label"] == L]
    if cs:
        srcw = [wc(s["content"]) for c in cs for s in c["sources"]]
        m = sum(srcw) / len(srcw)
        if not 14 <= m <= 20: err(f"A {L} mean source words {m:.2f} outside 14-20")
        if sum(w >= 18 for w in srcw) / len(srcw) < 1/3: err(f"A {L} share >=18 words below a third")
if errors:
    print(f"\n{len(errors)} ERRORS"); [print(" -", e) for e in errors]; sys.exit(1)
print("\nOK: no errors")
