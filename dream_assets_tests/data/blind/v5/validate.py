"""Validate the v5 corpora: parse, schema, unique ids, counts, word limits,
exact-duplicate texts, and number preservation in faithful merges."""
import collections, json, os, re, sys
from numwords import numbers

HERE = os.path.dirname(os.path.abspath(__file__))
errors, warnings = [], []


def err(msg):
    errors.append(msg)


def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"{name}:{i}: JSON error {e}")
    return rows


def words(t):
    return len(t.split())


KINDS = ["negation", "quantity", "dropped", "detail", "status", "attribution"]

# ---------------- Part A ----------------
merge = load("merge_corpus_v5.jsonl")
KEYS = {"case_id", "sources", "merged", "category", "label", "kind", "reword", "domain", "split", "note"}
ids = set()
texts = collections.Counter()
for r in merge:
    cid = r.get("case_id", "?")
    if set(r) != KEYS:
        err(f"{cid}: keys {sorted(set(r) ^ KEYS)}")
        continue
    if not re.fullmatch(r"e5-\d{4}", cid):
        err(f"{cid}: bad case_id")
    for i in [cid] + [s.get("id") for s in r["sources"]]:
        if i in ids:
            err(f"duplicate id {i}")
        ids.add(i)
    if r["split"] != "final":
        err(f"{cid}: split")
    if r["label"] not in ("faithful", "lossy"):
        err(f"{cid}: label")
    if r["reword"] not in ("light", "heavy"):
        err(f"{cid}: reword")
    if not re.fullmatch(r"[a-z]+/[a-z0-9-]+", r["category"]):
        err(f"{cid}: category {r['category']}")
    if not (2 <= len(r["sources"]) <= 3):
        err(f"{cid}: {len(r['sources'])} sources")
    for j, s in enumerate(r["sources"], 1):
        if set(s) != {"id", "content", "category"} or s["id"] != f"{cid}-s{j}":
            err(f"{cid}: bad source record {s}")
        if s["category"] != r["category"]:
            err(f"{cid}: source category differs")
        n = words(s["content"])
        if not 5 <= n <= 35:
            err(f"{cid}: source {j} has {n} words")
        texts[s["content"]] += 1
    texts[r["merged"]] += 1
    if r["label"] == "faithful":
        if r["kind"] is not None or r["note"] != "":
            err(f"{cid}: faithful case must have kind null and empty note")
        got = numbers(r["merged"])
        for j, s in enumerate(r["sources"], 1):
            miss = numbers(s["content"]) - got
            if miss:
                err(f"{cid}: faithful merge misses number(s) {sorted(miss)} of source {j}")
    else:
        if r["kind"] not in KINDS:
            err(f"{cid}: lossy kind {r['kind']}")
        if not r["note"] or "\n" in r["note"]:
            err(f"{cid}: lossy note must be one non-empty line")
    if r["merged"] in [s["content"] for s in r["sources"]]:
        err(f"{cid}: merged text equals a source")
for t, c in texts.items():
    if c > 1:
        err(f"merge corpus: exact duplicate text x{c}: {t!r}")

cnt = collections.Counter((r["label"], r["kind"]) for r in merge)
rew = collections.Counter((r["label"], r["reword"]) for r in merge)
if cnt[("faithful", None)] != 200:
    err(f"faithful count {cnt[('faithful', None)]} != 200")
for k in KINDS:
    if cnt[("lossy", k)] != 20:
        err(f"lossy/{k} count {cnt[('lossy', k)]} != 20")
if rew[("faithful", "heavy")] < 140:
    err("fewer than 140 heavy faithful cases")
three = sum(len(r["sources"]) == 3 for r in merge)
domains_a = collections.Counter(r["domain"] for r in merge)
if len(domains_a) < 12:
    err(f"only {len(domains_a)} domains in Part A")

print("Part A:", len(merge), "cases")
print("  faithful:", cnt[("faithful", None)], f"(heavy {rew[('faithful','heavy')]}, light {rew[('faithful','light')]})")
for k in KINDS:
    kh = sum(1 for r in merge if r["kind"] == k and r["reword"] == "heavy")
    print(f"  lossy/{k}: {cnt[('lossy', k)]} (heavy {kh}, light {cnt[('lossy', k)] - kh})")
print(f"  3-source cases: {three} ({100 * three / len(merge):.0f}%); domains: {len(domains_a)}")
sw = [words(s["content"]) for r in merge for s in r["sources"]]
print(f"  source words: min {min(sw)}, max {max(sw)}, mean {sum(sw) / len(sw):.1f}")

# ---------------- Part B ----------------
para = load("paraphrase_corpus_v5.jsonl")
DIFFS = ["name", "number", "date", "negation", "status", "place", "person", "object", "time"]
pids = set()
ptexts = collections.Counter()
kinds = collections.Counter()
for r in para:
    rid = r.get("id", "?")
    if rid in pids:
        err(f"duplicate id {rid}")
    pids.add(rid)
    if r.get("split") != "final":
        err(f"{rid}: split")
    k = r.get("kind")
    if k == "group":
        if set(r) != {"kind", "id", "difficulty", "domain", "split", "members"} or not re.fullmatch(r"pg5-\d{3}", rid):
            err(f"{rid}: group schema")
        if r["difficulty"] not in ("easy", "hard"):
            err(f"{rid}: difficulty")
        if not 2 <= len(r["members"]) <= 4:
            err(f"{rid}: {len(r['members'])} members")
        tx = r["members"]
        kinds[("group", r["difficulty"])] += 1
        sets = [numbers(m) - {"0"} for m in tx]
        if any(s != sets[0] for s in sets):
            warnings.append(f"{rid}: members' number sets differ {[sorted(s) for s in sets]} (check by hand)")
    elif k == "lookalike":
        if set(r) != {"kind", "id", "differs", "domain", "split", "pair"} or not re.fullmatch(r"la5-\d{3}", rid):
            err(f"{rid}: lookalike schema")
        if r["differs"] not in DIFFS:
            err(f"{rid}: differs {r['differs']}")
        if len(r["pair"]) != 2:
            err(f"{rid}: pair size")
        tx = r["pair"]
        kinds[("lookalike", r["differs"])] += 1
    elif k == "filler":
        if set(r) != {"kind", "id", "domain", "split", "text"} or not re.fullmatch(r"f5-\d{3}", rid):
            err(f"{rid}: filler schema")
        tx = [r["text"]]
        kinds[("filler", None)] += 1
    else:
        err(f"{rid}: kind {k}")
        continue
    for t in tx:
        n = words(t)
        if not 5 <= n <= 25:
            err(f"{rid}: text has {n} words: {t!r}")
        ptexts[t] += 1
for t, c in ptexts.items():
    if c > 1:
        err(f"paraphrase corpus: exact duplicate text x{c}: {t!r}")

easy, hard = kinds[("group", "easy")], kinds[("group", "hard")]
nla = sum(v for (k, _), v in kinds.items() if k == "lookalike")
nf = kinds[("filler", None)]
if (easy, hard, nla, nf) != (20, 30, 40, 60):
    err(f"Part B counts easy {easy} hard {hard} lookalike {nla} filler {nf}")
for d in DIFFS:
    if not 4 <= kinds[("lookalike", d)] <= 5:
        err(f"lookalike differs={d}: {kinds[('lookalike', d)]}")
print("Part B:", len(para), "records")
print(f"  groups: easy {easy}, hard {hard}; members: "
      f"{sum(len(r['members']) for r in para if r['kind'] == 'group')}")
print("  lookalikes:", nla, {d: kinds[("lookalike", d)] for d in DIFFS})
print("  fillers:", nf)
print(f"  domains: {len(collections.Counter(r['domain'] for r in para))}")

for w in warnings:
    print("WARN", w)
if errors:
    for e in errors:
        print("ERROR", e)
    print(f"FAILED: {len(errors)} error(s)")
    sys.exit(1)
print("OK: all checks passed")
