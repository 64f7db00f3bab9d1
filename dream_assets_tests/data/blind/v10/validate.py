"""Validate the v10 corpora: parse, schema, unique ids, counts, word limits, duplicates,
number coverage of faithful merges, and source-length statistics per label."""
import json, re, sys, os
from collections import Counter, defaultdict
HERE = os.path.dirname(os.path.abspath(__file__))
errors, warnings = [], []

UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
         "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
       "ninth": 9, "tenth": 10, "twelfth": 12, "twentieth": 20, "twenty-sixth": 26}
# Equivalences a reader would accept (written out here, each one checked by hand).
EXTRA = {"half-case": {6}, "decade": {10}, "fortnightly": {2}, "fortnight": {2}, "twice": {2}, "dozen": {12},
         "three nines": {99.9}, "a fifth": {20}, "every other": {2}, "alternate": {2}, "silver": {25},
         "couple": {2}, "a year later": {1}, "quarter past": {15}, "weekly": {1}, "daily": {1},
         "both": {2}, "midday": {12}, "noon": {12}, "a thousand": {1000}}

def _val(parts):
    return sum(UNITS.get(p, 0) + TENS.get(p, 0) for p in parts)

def _isnum(tok):
    parts = tok.split("-")
    return bool(parts) and all(p in UNITS or p in TENS for p in parts)

def words_to_numbers(text, merge_side):
    """Number words -> values. "ten-week" counts as 10; "four hundred and twenty" as 420.
    On the merge side every component and ordinal is also offered; on the source side only
    whole values, and the ambiguous "one" (pronoun/article) and ordinals are skipped."""
    raw = re.findall(r"[a-z]+(?:-[a-z]+)*", text.lower())
    toks = []
    for r in raw:  # "ten-week" -> "ten", "week"; "twenty-five" stays whole
        parts = r.split("-")
        k = len(parts)
        while k > 0 and not _isnum("-".join(parts[:k])):
            k -= 1
        if 0 < k < len(parts):
            toks += ["-".join(parts[:k])] + parts[k:]
        else:
            toks.append(r)
    out, i = set(), 0
    while i < len(toks):
        t = toks[i]
        if t in ORD:
            if merge_side: out.add(ORD[t])
            i += 1; continue
        if _isnum(t):
            val, total, j = _val(t.split("-")), 0, i + 1
            while j < len(toks):
                if toks[j] == "hundred":
                    val *= 100; j += 1
                elif toks[j] == "thousand":
                    total += val * 1000; val = 0; j += 1
                elif toks[j] == "and" and j + 1 < len(toks) and _isnum(toks[j+1]) and (total or val >= 100):
                    val += _val(toks[j+1].split("-")); j += 2
                elif _isnum(toks[j]) and (total or val >= 100):
                    val += _val(toks[j].split("-")); j += 1
                else:
                    break
            whole = total + val
            if merge_side:
                out.add(whole); out.add(_val(t.split("-")))
            elif not (t == "one" and j == i + 1):
                out.add(whole)
            i = j; continue
        i += 1
    return out

# Unit conversions accepted in a merge (checked by hand): phrase in merge -> source values it covers.
UNIT_EQUIV = {"35 days": {5}, "90 days": {3}, "24 months": {2}, "first month": {4}, "99.9": {3},
              "20%": {5}, "a week": {1}, "every 12 weeks": {12}}

DIGITS = r"(?<![A-Za-z0-9/.-])(\d+(?:,\d{3})*(?:\.\d+)?)\s*(k\b)?"

def numbers(text):
    s = set()
    low = text.lower()
    for m in re.finditer(r"(\d+(?:,\d{3})*(?:\.\d+)?)\s*(k\b)?", low):
        v = float(m.group(1).replace(",", ""))
        if m.group(2): v *= 1000
        s.add(v)
    for m in re.finditer(r"\b(\d{1,2}):(\d{2})\b", low):  # clock times: add 12h/24h forms
        h = int(m.group(1)); s.add(h - 12 if h > 12 else h + 12)
    for m in re.finditer(r"\b(\d{1,2})\s*pm\b", low):
        s.add(int(m.group(1)) + 12)
    for m in re.finditer(r"\b(\d{4})-(\d{2})-(\d{2})\b", low):
        s |= {float(m.group(1)), float(int(m.group(2))), float(int(m.group(3)))}
    s |= {float(x) for x in words_to_numbers(low, True)}
    for k, v in list(EXTRA.items()) + list(UNIT_EQUIV.items()):
        if k in low: s |= {float(x) for x in v}
    return s

def source_numbers(text):
    """Numbers a faithful merge must keep: free-standing digits (not parts of identifiers such as
    k8s, C03, TP1351 or file paths), minutes of clock times other than :00, and number words."""
    s = set()
    low = text.lower()
    clock = set()
    for m in re.finditer(r"\b(\d{1,2}):(\d{2})\b", low):
        clock.add(m.start(2))
        s.add(float(int(m.group(1))))
        if int(m.group(2)): s.add(float(int(m.group(2))))
    for m in re.finditer(DIGITS, low):
        if m.start(1) in clock: continue
        v = float(m.group(1).replace(",", ""))
        if m.group(2): v *= 1000
        s.add(v)
    s |= {float(x) for x in words_to_numbers(low, False)}
    return s

def wc(t): return len(t.split())

# ---------------- Part A ----------------
path = os.path.join(HERE, "merge_corpus_v10.jsonl")
rows = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
KEYS = {"case_id", "sources", "merged", "category", "label", "kind", "reword", "domain", "split", "note"}
KINDS = {"negation", "quantity", "dropped", "detail", "status", "attribution"}
ids, texts = set(), Counter()
lab, kinds, rew, nsrc = Counter(), Counter(), Counter(), Counter()
lens = defaultdict(list)
num_miss = []
for r in rows:
    if set(r) != KEYS: errors.append(f"{r.get('case_id')}: keys {sorted(set(r) ^ KEYS)}")
    cid = r["case_id"]
    if not re.fullmatch(r"e10-\d{4}", cid): errors.append(f"bad case_id {cid}")
    if cid in ids: errors.append(f"dup id {cid}")
    ids.add(cid)
    if r["split"] != "final": errors.append(f"{cid}: split")
    if r["label"] not in ("faithful", "lossy"): errors.append(f"{cid}: label")
    if r["reword"] not in ("light", "heavy"): errors.append(f"{cid}: reword")
    if r["label"] == "faithful" and (r["kind"] is not None or r["note"] != ""): errors.append(f"{cid}: faithful kind/note")
    if r["label"] == "lossy" and (r["kind"] not in KINDS or not r["note"]): errors.append(f"{cid}: lossy kind/note")
    if not 2 <= len(r["sources"]) <= 3: errors.append(f"{cid}: {len(r['sources'])} sources")
    if not re.fullmatch(r"[a-z]+(/[a-z0-9-]+)+", r["category"]): errors.append(f"{cid}: category {r['category']}")
    for j, s in enumerate(r["sources"], 1):
        if set(s) != {"id", "content", "category"}: errors.append(f"{cid}: source keys")
        if s["id"] != f"{cid}-s{j}": errors.append(f"{cid}: source id {s['id']}")
        if s["id"] in ids: errors.append(f"dup id {s['id']}")
        ids.add(s["id"])
        if s["category"] != r["category"]: errors.append(f"{cid}: source category differs")
        n = wc(s["content"])
        if not 5 <= n <= 35: errors.append(f"{cid}: source {j} has {n} words")
        lens[r["label"]].append(n)
        texts[s["content"]] += 1
    texts[r["merged"]] += 1
    lab[r["label"]] += 1; kinds[r["kind"]] += 1; rew[(r["label"], r["kind"], r["reword"])] += 1
    nsrc[(r["label"], len(r["sources"]))] += 1
    if r["merged"] in [s["content"] for s in r["sources"]]:
        warnings.append(f"{cid}: merged identical to a source")
    if r["label"] == "faithful":
        have = numbers(r["merged"])
        for s in r["sources"]:
            for v in source_numbers(s["content"]):
                if v not in have:
                    num_miss.append(f"{cid}: number {v:g} of source not in merge: {s['content']!r} -> {r['merged']!r}")
for t, c in texts.items():
    if c > 1: errors.append(f"exact duplicate text x{c}: {t!r}")
errors += num_miss
if lab["faithful"] != 200: errors.append(f"faithful count {lab['faithful']}")
for k in KINDS:
    if kinds[k] != 20: errors.append(f"lossy kind {k} count {kinds[k]}")
heavy_f = sum(v for (l, k, rw), v in rew.items() if l == "faithful" and rw == "heavy")
if heavy_f < 140: errors.append(f"faithful heavy {heavy_f} < 140")

print("== Part A: merge_corpus_v10.jsonl ==")
print("cases:", len(rows), dict(lab))
print("lossy kinds:", {k: kinds[k] for k in sorted(KINDS)})
print("faithful heavy/light:", heavy_f, lab["faithful"] - heavy_f)
for k in sorted(KINDS):
    print(f"  lossy {k:12s} heavy={rew[('lossy', k, 'heavy')]} light={rew[('lossy', k, 'light')]}")
for l in ("faithful", "lossy"):
    n3 = nsrc[(l, 3)]; tot = nsrc[(l, 2)] + n3
    print(f"  {l}: {nsrc[(l, 2)]} cases with 2 sources, {n3} with 3 ({100*n3/tot:.0f}%)")
print("source word counts per label:")
for l in ("faithful", "lossy"):
    v = lens[l]
    print(f"  {l:9s} n={len(v)} mean={sum(v)/len(v):.2f} share>=18={sum(x >= 18 for x in v)/len(v):.2f} min={min(v)} max={max(v)}")
    if not 14 <= sum(v)/len(v) <= 20: errors.append(f"{l} mean source length out of 14-20")
    if sum(x >= 18 for x in v)/len(v) < 1/3: errors.append(f"{l} share>=18 below a third")


# Reader-visible surface of the sources, per label (should look alike): register and within-case overlap.
def register(text, category):
    w = text.split()[0]
    if text.startswith(("User ", "User's ", "The user", "User’s")): return "user-sentence"
    if category.startswith("tech/") or category.startswith("work/"): return "project/workplace"
    if re.match(r"[A-Z][a-z]+(s|ed|es)?$", w) and w.endswith(("s", "ed")) and w not in ("Tofu's",): return "terse"
    return "named/other"
STOPW = set("the a an and or of to in on at for with is are was be by from as it its their they them user".split())
def cw(t): return {x for x in re.findall(r"[a-z0-9à-ÿ]+", t.lower()) if x not in STOPW}
reg = defaultdict(Counter); ov = defaultdict(list)
for r in rows:
    ss = [s["content"] for s in r["sources"]]
    for s in ss: reg[r["label"]][register(s, r["category"])] += 1
    a, b = cw(ss[0]), cw(ss[1])
    ov[r["label"]].append(len(a & b) / len(a | b))
print("source register mix per label (heuristic):")
for l in ("faithful", "lossy"):
    tot = sum(reg[l].values())
    print("  " + l, {k: f"{100*v/tot:.0f}%" for k, v in sorted(reg[l].items())})
print("mean content-word Jaccard between sources 1 and 2 of a case:")
for l in ("faithful", "lossy"):
    print(f"  {l}: {sum(ov[l])/len(ov[l]):.2f}")

# ---------------- Part B ----------------
path = os.path.join(HERE, "paraphrase_corpus_v10.jsonl")
if os.path.exists(path):
    recs = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    DIFFS = {"name", "number", "date", "negation", "status", "place", "person", "object", "time"}
    c, diffs, pids, ptexts = Counter(), Counter(), set(), Counter()
    for r in recs:
        k = r.get("kind")
        if r.get("split") != "final": errors.append(f"{r.get('id')}: split")
        if r["id"] in pids: errors.append(f"dup id {r['id']}")
        pids.add(r["id"])
        if k == "group":
            if set(r) != {"kind", "id", "difficulty", "domain", "split", "members"}: errors.append(f"{r['id']}: keys")
            if not re.fullmatch(r"pg10-\d{3}", r["id"]): errors.append(f"bad id {r['id']}")
            if r["difficulty"] not in ("easy", "hard"): errors.append(f"{r['id']}: difficulty")
            if not 2 <= len(r["members"]) <= 4: errors.append(f"{r['id']}: members {len(r['members'])}")
            c["group_" + r["difficulty"]] += 1
            tt = r["members"]
        elif k == "lookalike":
            if set(r) != {"kind", "id", "differs", "domain", "split", "pair"}: errors.append(f"{r['id']}: keys")
            if not re.fullmatch(r"la10-\d{3}", r["id"]): errors.append(f"bad id {r['id']}")
            if r["differs"] not in DIFFS: errors.append(f"{r['id']}: differs {r['differs']}")
            if len(r["pair"]) != 2: errors.append(f"{r['id']}: pair")
            c["lookalike"] += 1; diffs[r["differs"]] += 1
            tt = r["pair"]
        elif k == "filler":
            if set(r) != {"kind", "id", "domain", "split", "text"}: errors.append(f"{r['id']}: keys")
            if not re.fullmatch(r"f10-\d{3}", r["id"]): errors.append(f"bad id {r['id']}")
            c["filler"] += 1
            tt = [r["text"]]
        else:
            errors.append(f"unknown kind {k}"); continue
        for t in tt:
            n = wc(t)
            if not 5 <= n <= 25: errors.append(f"{r['id']}: text has {n} words: {t!r}")
            ptexts[t] += 1
    for t, n in ptexts.items():
        if n > 1: errors.append(f"exact duplicate text x{n}: {t!r}")
    want = {"group_easy": 20, "group_hard": 30, "lookalike": 40, "filler": 60}
    for k, v in want.items():
        if c[k] != v: errors.append(f"Part B {k} count {c[k]} != {v}")
    for d in DIFFS:
        if not 4 <= diffs[d] <= 5: errors.append(f"lookalike differs={d} count {diffs[d]}")
    print("== Part B: paraphrase_corpus_v10.jsonl ==")
    print("records:", len(recs), dict(c))
    print("lookalike differs:", dict(sorted(diffs.items())))
else:
    errors.append("paraphrase_corpus_v10.jsonl missing")

for w in warnings: print("WARN", w)
for e in errors: print("ERROR", e)
print("OK" if not errors else f"{len(errors)} errors")
sys.exit(1 if errors else 0)
