#!/usr/bin/env python3
"""Validate paraphrase_corpus_v2.jsonl: structure, counts, lengths, duplicates,
plus a rough word-overlap scan (for eyeballing accidental paraphrases)."""

import json, re, sys, itertools, collections

PATH = sys.argv[1] if len(sys.argv) > 1 else "paraphrase_corpus_v2.jsonl"
DOMAINS = {
    "family",
    "friends",
    "software",
    "hobbies",
    "work",
    "health",
    "home",
    "finance",
    "values",
    "travel",
    "pets",
    "food",
    "education",
    "schedule",
}
DIFFERS = {"name", "number", "date", "negation", "status", "place", "person", "object", "time"}
STOP = set(
    """a an the and or but of to in on at for with by from is are was were be been
has have had it its their they them user user's who that this as so not no than over
into about every each per after before while all any own only still also very""".split()
)

errors = []


def err(m):
    errors.append(m)


recs = []
with open(PATH, encoding="utf-8") as f:
    for i, line in enumerate(f, 1):
        line = line.strip()
        if not line:
            continue
        try:
            recs.append(json.loads(line))
        except Exception as e:
            err(f"line {i}: bad JSON: {e}")

ids = [r.get("id") for r in recs]
for k, v in collections.Counter(ids).items():
    if v > 1:
        err(f"duplicate id {k}")


def words(t):
    return re.findall(r"[\w'’.%$€£/:-]+", t)


def content(t):
    toks = [w.lower().strip(".,;:") for w in re.findall(r"[A-Za-zÀ-ž0-9'’$€£%:.,/-]+", t)]
    return {w for w in toks if w and w not in STOP}


texts = []  # (text, id, kind)
kinds = collections.Counter()
diff = collections.Counter()
dom = collections.Counter()
for r in recs:
    k = r.get("kind")
    kinds[(k, r.get("difficulty"))] += 1
    if r.get("split") != "final":
        err(f"{r.get('id')}: split")
    if r.get("domain") not in DOMAINS:
        err(f"{r.get('id')}: domain {r.get('domain')}")
    dom[r.get("domain")] += 1
    if k == "group":
        if not re.fullmatch(r"pg2-\d{3}", r["id"]):
            err(f"{r['id']}: id format")
        if r.get("difficulty") not in ("easy", "hard"):
            err(f"{r['id']}: difficulty")
        m = r.get("members", [])
        if not 2 <= len(m) <= 4:
            err(f"{r['id']}: {len(m)} members")
        for t in m:
            texts.append((t, r["id"], "group"))
    elif k == "lookalike":
        if not re.fullmatch(r"la2-\d{3}", r["id"]):
            err(f"{r['id']}: id format")
        if r.get("differs") not in DIFFERS:
            err(f"{r['id']}: differs")
        diff[r.get("differs")] += 1
        p = r.get("pair", [])
        if len(p) != 2:
            err(f"{r['id']}: pair size")
        for t in p:
            texts.append((t, r["id"], "lookalike"))
    elif k == "filler":
        if not re.fullmatch(r"f2-\d{3}", r["id"]):
            err(f"{r['id']}: id format")
        texts.append((r.get("text", ""), r["id"], "filler"))
    else:
        err(f"{r.get('id')}: unknown kind {k}")

for t, i, k in texts:
    n = len(t.split())
    if not 5 <= n <= 25:
        err(f"{i}: {n} words: {t!r}")
    if '"' in t:
        err(f"{i}: contains double quote")
norm = collections.defaultdict(list)
for t, i, k in texts:
    norm[re.sub(r"\W+", " ", t.lower()).strip()].append(i)
for t, v in norm.items():
    if len(v) > 1:
        err(f"exact duplicate text {t!r} in {v}")

expect = {
    ("group", "easy"): 30,
    ("group", "hard"): 40,
    ("lookalike", None): 60,
    ("filler", None): 100,
}
for k, v in expect.items():
    if kinds[k] != v:
        err(f"count {k}: {kinds[k]} != {v}")

print("counts:", dict(kinds))
print("differs:", dict(diff))
print("domains:", dict(sorted(dom.items())))
sizes = collections.Counter(len(r["members"]) for r in recs if r["kind"] == "group")
print("group sizes:", dict(sorted(sizes.items())))


# within-group overlap: easy should be higher than hard
def jac(a, b):
    a, b = content(a), content(b)
    return len(a & b) / max(1, len(a | b))


for d in ("easy", "hard"):
    vals = [
        jac(a, b)
        for r in recs
        if r["kind"] == "group" and r["difficulty"] == d
        for a, b in itertools.combinations(r["members"], 2)
    ]
    print(f"mean within-group content-word Jaccard ({d}): {sum(vals) / len(vals):.2f}")

# cross-record overlap scan: every text vs every group member from a different record
grp = [(t, i) for t, i, k in texts if k == "group"]
pairs = []
for t, i, k in texts:
    for g, gi in grp:
        if gi == i:
            continue
        pairs.append((jac(t, g), i, gi, t, g))
pairs.sort(reverse=True)
seen = set()
print("\nTop cross-record overlaps (read by eye):")
n = 0
for s, i, gi, t, g in pairs:
    key = tuple(sorted((i, gi)))
    if key in seen:
        continue
    seen.add(key)
    n += 1
    print(f"{s:.2f} {i} | {t}\n     {gi} | {g}")
    if n >= int(sys.argv[2] if len(sys.argv) > 2 else 40):
        break

# filler/lookalike vs filler/lookalike (different records) - fillers must not paraphrase each other
other = [(t, i) for t, i, k in texts if k != "group"]
op = []
for (t, i), (u, j) in itertools.combinations(other, 2):
    if i != j:
        op.append((jac(t, u), i, j, t, u))
op.sort(reverse=True)
print("\nTop filler/lookalike cross overlaps:")
for s_, i, j, t, u in op[:20]:
    print(f"{s_:.2f} {i} | {t}\n     {j} | {u}")

if errors:
    print("\nERRORS:")
    [print(" -", e) for e in errors]
    sys.exit(1)
print("\nOK: no structural errors")
