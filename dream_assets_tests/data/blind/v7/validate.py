#!/usr/bin/env python3
"""Validate merge_corpus_v7.jsonl and paraphrase_corpus_v7.jsonl: parse, schema, unique ids, counts,
word limits, no exact duplicate texts, numbers of faithful merges preserved."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
errors, warnings = [], []

def err(m): errors.append(m)

def words(t): return len(t.split())

WORDNUM = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
           "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
           "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
           "twice": 2, "thrice": 3, "pair": 2, "couple": 2, "dozen": 12}
ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
UNITS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}

def numbers(text, with_ord=False):
    """Set of numeric values mentioned in text, from digits and number words (incl. 'twenty-five', '95k')."""
    t = text.lower()
    vals = set()
    for m in re.finditer(r"\d[\d,]*(?:\.\d+)?(k)?", t):
        s = m.group(0).rstrip("k").replace(",", "")
        try:
            v = float(s)
        except ValueError:
            continue
        if m.group(1):
            v *= 1000
        vals.add(v)
    toks = re.findall(r"[a-z]+", t)
    for i, w in enumerate(toks):
        if w in WORDNUM:
            v = WORDNUM[w]
            vals.add(float(v))
            if w in UNITS and i + 1 < len(toks) and toks[i + 1] in WORDNUM and WORDNUM[toks[i + 1]] < 10:
                vals.add(float(v + WORDNUM[toks[i + 1]]))
        if with_ord and w in ORD:
            vals.add(float(ORD[w]))
    # "two hundred and ten thousand" style
    m = re.search(r"([a-z]+) hundred(?: and)? ([a-z]+) thousand", t)
    if m and m.group(1) in WORDNUM and m.group(2) in WORDNUM:
        vals.add(float((WORDNUM[m.group(1)] * 100 + WORDNUM[m.group(2)]) * 1000))
    # "N thousand" with a word or digit N
    for m in re.finditer(r"(\d+|[a-z]+)[ -]thousand", t):
        n = m.group(1)
        n = float(n) if n.isdigit() else float(WORDNUM.get(n, -1))
        if n > 0:
            vals.add(n * 1000)
    return vals

def source_numbers(text):
    t = text.lower()
    vals = set()
    for m in re.finditer(r"\d[\d,]*(?:\.\d+)?(k)?", t):
        s = m.group(0).rstrip("k").replace(",", "")
        try:
            v = float(s)
        except ValueError:
            continue
        vals.add(v * 1000 if m.group(1) else v)
    toks = re.findall(r"[a-z]+", t)
    for i, w in enumerate(toks):
        # "one" is skipped: mostly a pronoun/determiner ("one note per meeting", "an electric one")
        if w in WORDNUM and w not in ("pair", "couple", "dozen", "one"):
            v = WORDNUM[w]
            if w in UNITS and i + 1 < len(toks) and toks[i + 1] in WORDNUM and WORDNUM[toks[i + 1]] < 10:
                vals.add(float(v + WORDNUM[toks[i + 1]]))  # "thirty-one" -> 31 only
                continue
            vals.add(float(v))
    return vals

def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err("%s line %d: bad JSON (%s)" % (name, n, e))
    return rows

# ---------------- Part A ----------------
A = load("merge_corpus_v7.jsonl")
KEYS = {"case_id", "sources", "merged", "category", "label", "kind", "reword", "domain", "split", "note"}
KINDS = ["negation", "quantity", "dropped", "detail", "status", "attribution"]
ids, texts = set(), Counter()
src_lens, nsrc = [], Counter()
for r in A:
    if set(r) != KEYS:
        err("A %s: keys %s" % (r.get("case_id"), sorted(set(r) ^ KEYS)))
    cid = r["case_id"]
    if not re.fullmatch(r"e7-\d{4}", cid): err("A bad case_id %s" % cid)
    if cid in ids: err("A duplicate id %s" % cid)
    ids.add(cid)
    if r["split"] != "final": err("A %s split" % cid)
    if r["label"] not in ("faithful", "lossy"): err("A %s label" % cid)
    if r["reword"] not in ("light", "heavy"): err("A %s reword" % cid)
    if r["label"] == "faithful":
        if r["kind"] is not None: err("A %s faithful with kind" % cid)
        if r["note"] != "": err("A %s faithful with note" % cid)
    else:
        if r["kind"] not in KINDS: err("A %s kind %r" % (cid, r["kind"]))
        if not r["note"] or "\n" in r["note"]: err("A %s lossy needs one-line note" % cid)
    if "/" not in r["category"]: err("A %s category not a path" % cid)
    if not (2 <= len(r["sources"]) <= 3): err("A %s has %d sources" % (cid, len(r["sources"])))
    nsrc[len(r["sources"])] += 1
    for j, s in enumerate(r["sources"], 1):
        if set(s) != {"id", "content", "category"}: err("A %s source keys" % cid)
        if s["id"] != "%s-s%d" % (cid, j): err("A %s source id %s" % (cid, s["id"]))
        if s["id"] in ids: err("A duplicate id %s" % s["id"])
        ids.add(s["id"])
        if s["category"] != r["category"]: err("A %s source category differs" % cid)
        n = words(s["content"])
        src_lens.append(n)
        if not (5 <= n <= 35): err("A %s source %d has %d words" % (cid, j, n))
        texts[s["content"]] += 1
    texts[r["merged"]] += 1
    if r["label"] == "faithful":
        have = numbers(r["merged"], with_ord=True)
        for s in r["sources"]:
            for v in source_numbers(s["content"]):
                if v not in have:
                    err("A %s faithful merge lacks number %g from source: %r" % (cid, v, s["content"]))
for t, c in texts.items():
    if c > 1: err("A duplicate text x%d: %r" % (c, t))

lab = Counter(r["label"] for r in A)
kinds = Counter(r["kind"] for r in A if r["label"] == "lossy")
heavyF = sum(1 for r in A if r["label"] == "faithful" and r["reword"] == "heavy")
heavyL = Counter(r["kind"] for r in A if r["label"] == "lossy" and r["reword"] == "heavy")
if lab["faithful"] != 200: err("A faithful count %d != 200" % lab["faithful"])
if lab["lossy"] != 120: err("A lossy count %d != 120" % lab["lossy"])
for k in KINDS:
    if kinds[k] != 20: err("A kind %s count %d != 20" % (k, kinds[k]))
if heavyF < 140: err("A heavy faithful %d < 140" % heavyF)
domainsA = Counter(r["domain"] for r in A)
if len(domainsA) < 12: err("A only %d domains" % len(domainsA))

print("Part A: %d cases; labels %s" % (len(A), dict(lab)))
print("  lossy kinds %s" % dict(kinds))
print("  heavy: faithful %d/%d, lossy per kind %s" % (heavyF, lab["faithful"], dict(heavyL)))
print("  sources per case %s (3-source share %.0f%%)" % (dict(nsrc), 100.0 * nsrc[3] / len(A)))
print("  source words: mean %.1f, min %d, max %d, >=18 words %.0f%%" % (
    sum(src_lens) / len(src_lens), min(src_lens), max(src_lens),
    100.0 * sum(1 for n in src_lens if n >= 18) / len(src_lens)))
print("  domains (%d): %s" % (len(domainsA), dict(sorted(domainsA.items()))))

# ---------------- Part B ----------------
B = load("paraphrase_corpus_v7.jsonl")
DIFFERS = ["name", "number", "date", "negation", "status", "place", "person", "object", "time"]
idsB, textsB, lensB = set(), Counter(), []
cnt = Counter()
for r in B:
    k = r.get("kind")
    if r.get("split") != "final": err("B %s split" % r.get("id"))
    if r.get("id") in idsB: err("B duplicate id %s" % r.get("id"))
    idsB.add(r.get("id"))
    if k == "group":
        if set(r) != {"kind", "id", "difficulty", "domain", "split", "members"}: err("B %s keys" % r["id"])
        if not re.fullmatch(r"pg7-\d{3}", r["id"]): err("B bad id %s" % r["id"])
        if r["difficulty"] not in ("easy", "hard"): err("B %s difficulty" % r["id"])
        if not (2 <= len(r["members"]) <= 4): err("B %s has %d members" % (r["id"], len(r["members"])))
        cnt["group-" + r["difficulty"]] += 1
        tx = r["members"]
    elif k == "lookalike":
        if set(r) != {"kind", "id", "differs", "domain", "split", "pair"}: err("B %s keys" % r["id"])
        if not re.fullmatch(r"la7-\d{3}", r["id"]): err("B bad id %s" % r["id"])
        if r["differs"] not in DIFFERS: err("B %s differs %r" % (r["id"], r["differs"]))
        if len(r["pair"]) != 2: err("B %s pair size" % r["id"])
        cnt["lookalike"] += 1
        cnt["differs-" + r["differs"]] += 1
        tx = r["pair"]
    elif k == "filler":
        if set(r) != {"kind", "id", "domain", "split", "text"}: err("B %s keys" % r["id"])
        if not re.fullmatch(r"f7-\d{3}", r["id"]): err("B bad id %s" % r["id"])
        cnt["filler"] += 1
        tx = [r["text"]]
    else:
        err("B unknown kind %r" % k); continue
    for t in tx:
        n = words(t); lensB.append(n)
        if not (5 <= n <= 25): err("B %s text has %d words: %r" % (r["id"], n, t))
        textsB[t] += 1
    if k == "group":
        # every number stated by one member should appear (as digits or words) in every other member
        for i, t1 in enumerate(tx):
            for j, t2 in enumerate(tx):
                if i != j:
                    miss = source_numbers(t1) - numbers(t2, with_ord=True)
                    if miss:
                        warnings.append("B %s: %s of %r not found in %r (checked by hand, see README)" % (
                            r["id"], sorted(miss), t1, t2))
for t, c in textsB.items():
    if c > 1: err("B duplicate text x%d: %r" % (c, t))
for t in textsB:
    if t in texts: err("text appears in both corpora: %r" % t)
want = {"group-easy": 20, "group-hard": 30, "lookalike": 40, "filler": 60}
for k, v in want.items():
    if cnt[k] != v: err("B %s count %d != %d" % (k, cnt[k], v))
for d in DIFFERS:
    if not (4 <= cnt["differs-" + d] <= 5): err("B differs %s count %d not in 4-5" % (d, cnt["differs-" + d]))
print("Part B: %d records; %s" % (len(B), {k: cnt[k] for k in want}))
print("  differs %s" % {d: cnt["differs-" + d] for d in DIFFERS})
if lensB:
    print("  text words: mean %.1f, min %d, max %d" % (sum(lensB) / len(lensB), min(lensB), max(lensB)))

for w in warnings: print("WARNING:", w)
for e in errors: print("ERROR:", e)
print("OK" if not errors else "%d errors" % len(errors))
sys.exit(1 if errors else 0)
