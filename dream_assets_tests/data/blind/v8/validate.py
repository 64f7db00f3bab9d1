#!/usr/bin/env python3
"""Validate the v8 corpora: parse, schema, unique ids, counts, word limits,
no exact duplicate text, numbers of faithful merges' sources present in the merge."""
import json, re, sys, os
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
errors, warns = [], []

def err(m): errors.append(m)

UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
       "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fifteenth": 15,
       "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "hundredth": 100}
MISC = {"twice": 2, "thrice": 3, "dozen": 12, "once": 1, "both": 2, "pair": 2, "couple": 2, "noon": 12, "midday": 12}
WORDNUM = {w: i for i, w in enumerate(UNITS)}
WORDNUM.update(TENS); WORDNUM.update(ORD)
MONTHS = {m: i for i, m in enumerate("january february march april may june july august september october november december".split(), 1)}
MONTHS.update({m[:3]: i for m, i in list(MONTHS.items())})
MONTHS["sept"] = 9


def numbers(text, with_misc=False):
    t = text.lower()
    out = set()
    for m in re.finditer(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?", t):
        s = m.group(0).replace(",", "")
        if "." in s:
            s = s.rstrip("0").rstrip(".") if s.split(".")[1].strip("0") == "" else s
        if "." not in s:
            s = str(int(s))
        out.add(s)
    toks = re.findall(r"[a-z]+", t)
    i = 0
    while i < len(toks):
        w = toks[i]
        val = None
        if w in TENS:
            val = TENS[w]
            if i + 1 < len(toks) and toks[i + 1] in WORDNUM and WORDNUM[toks[i + 1]] < 10 and toks[i + 1] in UNITS:
                val += WORDNUM[toks[i + 1]]; i += 1
        elif w in WORDNUM:
            val = WORDNUM[w]
        elif with_misc and w in MISC:
            val = MISC[w]
        if val is not None:
            if i + 1 < len(toks) and toks[i + 1] in ("hundred", "thousand"):
                val *= 100 if toks[i + 1] == "hundred" else 1000; i += 1
            out.add(str(val))
        i += 1
    return out


def check_numbers(case):
    merged = case["merged"]
    mnums = numbers(merged, with_misc=True)
    # month names <-> month digits in ISO dates
    low = merged.lower()
    mnums |= {str(v) for k, v in MONTHS.items() if re.search(r"\b" + k + r"\b", low)}
    missing = []
    for s in case["sources"]:
        snums = numbers(s["content"])
        slow = s["content"].lower()
        soft = {str(WORDNUM[w]) for w in ("one", "first", "second") if re.search(r"\b" + w + r"\b", slow)}
        hard_digits = numbers(re.sub(r"\b(one|first|second)\b", " ", slow))
        for n in snums:
            if n not in mnums:
                if n in soft and n not in hard_digits:
                    warns.append(f"{case['case_id']}: soft number word for {n} not in merge (pronoun/ordinal use?)")
                else:
                    missing.append(n)
        # month of a source date in digits (ISO) must appear as month name or digits
    return missing


def words(t):
    return len(t.split())


def load(name):
    recs = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            try:
                recs.append(json.loads(line))
            except Exception as e:
                err(f"{name}:{ln}: parse error {e}")
    return recs


def val_a():
    recs = load("merge_corpus_v8.jsonl")
    keys = {"case_id", "sources", "merged", "category", "label", "kind", "reword", "domain", "split", "note"}
    ids, texts = Counter(), Counter()
    lab, kinds, reword, nsrc, lossy_reword = Counter(), Counter(), Counter(), Counter(), Counter()
    domains = Counter()
    src_lens = []
    for r in recs:
        cid = r.get("case_id")
        if set(r) != keys:
            err(f"{cid}: keys {sorted(set(r) ^ keys)}")
            continue
        if not re.fullmatch(r"e8-\d{4}", cid): err(f"{cid}: bad id")
        ids[cid] += 1
        if r["split"] != "final": err(f"{cid}: split")
        if r["label"] not in ("faithful", "lossy"): err(f"{cid}: label")
        if r["reword"] not in ("light", "heavy"): err(f"{cid}: reword")
        if not re.fullmatch(r"[a-z0-9-]+/[a-z0-9-]+", r["category"]): err(f"{cid}: category {r['category']}")
        if r["label"] == "faithful":
            if r["kind"] is not None: err(f"{cid}: faithful with kind")
            if r["note"] != "": err(f"{cid}: faithful with note")
            miss = check_numbers(r)
            if miss: err(f"{cid}: faithful merge lacks source numbers {miss}")
        else:
            if r["kind"] not in ("negation", "quantity", "dropped", "detail", "status", "attribution"):
                err(f"{cid}: kind {r['kind']}")
            if not r["note"].strip() or "\n" in r["note"]: err(f"{cid}: lossy note")
            lossy_reword[(r["kind"], r["reword"])] += 1
        lab[r["label"]] += 1; kinds[r["kind"]] += 1; reword[(r["label"], r["reword"])] += 1
        nsrc[(r["label"], len(r["sources"]))] += 1; domains[r["domain"]] += 1
        if not (2 <= len(r["sources"]) <= 3): err(f"{cid}: {len(r['sources'])} sources")
        for j, s in enumerate(r["sources"], 1):
            if set(s) != {"id", "content", "category"}: err(f"{cid}: source keys")
            if s["id"] != f"{cid}-s{j}": err(f"{cid}: source id {s['id']}")
            if s["category"] != r["category"]: err(f"{cid}: source category")
            n = words(s["content"]); src_lens.append(n)
            if not 5 <= n <= 35: err(f"{cid}: source {j} has {n} words")
            texts[s["content"]] += 1
        texts[r["merged"]] += 1
        if not r["merged"].strip(): err(f"{cid}: empty merge")
        if r["merged"] in [s["content"] for s in r["sources"]]: err(f"{cid}: merge equals a source")
    for i, c in ids.items():
        if c > 1: err(f"duplicate id {i}")
    for t, c in texts.items():
        if c > 1: err(f"A duplicate text x{c}: {t[:60]}")
    if lab["faithful"] != 200: err(f"A: faithful {lab['faithful']} != 200")
    for k in ("negation", "quantity", "dropped", "detail", "status", "attribution"):
        if kinds[k] != 20: err(f"A: kind {k} {kinds[k]} != 20")
    if reword[("faithful", "heavy")] < 140: err(f"A: heavy faithful {reword[('faithful','heavy')]} < 140")
    print("A cases:", len(recs), dict(lab))
    print("A kinds:", {k: v for k, v in kinds.items() if k})
    print("A reword:", {f"{a}/{b}": v for (a, b), v in sorted(reword.items())})
    print("A lossy reword by kind:", {f"{a}/{b}": v for (a, b), v in sorted(lossy_reword.items())})
    print("A sources per case:", {f"{a}/{b}": v for (a, b), v in sorted(nsrc.items())})
    n3 = sum(v for (a, b), v in nsrc.items() if b == 3)
    print(f"A 3-source share: {n3}/{len(recs)} = {n3/len(recs):.0%}")
    print(f"A source words: mean {sum(src_lens)/len(src_lens):.1f}, min {min(src_lens)}, max {max(src_lens)}, "
          f">=18 words {sum(1 for x in src_lens if x >= 18)/len(src_lens):.0%}")
    print(f"A domains ({len(domains)}):", dict(sorted(domains.items())))


def val_b():
    recs = load("paraphrase_corpus_v8.jsonl")
    ids, texts, kinds, diff, differs, domains = Counter(), Counter(), Counter(), Counter(), Counter(), Counter()
    for r in recs:
        k = r.get("kind"); i = r.get("id")
        ids[i] += 1; kinds[k] += 1; domains[r.get("domain")] += 1
        if r.get("split") != "final": err(f"{i}: split")
        if k == "group":
            if set(r) != {"kind", "id", "difficulty", "domain", "split", "members"}: err(f"{i}: keys")
            if not re.fullmatch(r"pg8-\d{3}", i): err(f"{i}: id")
            if r["difficulty"] not in ("easy", "hard"): err(f"{i}: difficulty")
            diff[r["difficulty"]] += 1
            if not 2 <= len(r["members"]) <= 4: err(f"{i}: {len(r['members'])} members")
            tl = r["members"]
            nums = [numbers(t, True) for t in tl]
            base = numbers(tl[0])
            for t, ns in zip(tl[1:], nums[1:]):
                if numbers(t) != base and not (numbers(t) <= nums[0] and base <= ns):
                    warns.append(f"{i}: number sets differ {sorted(base)} vs {sorted(numbers(t))}")
        elif k == "lookalike":
            if set(r) != {"kind", "id", "differs", "domain", "split", "pair"}: err(f"{i}: keys")
            if not re.fullmatch(r"la8-\d{3}", i): err(f"{i}: id")
            if r["differs"] not in ("name", "number", "date", "negation", "status", "place", "person", "object", "time"):
                err(f"{i}: differs {r['differs']}")
            differs[r["differs"]] += 1
            tl = r["pair"]
            if len(tl) != 2 or tl[0] == tl[1]: err(f"{i}: pair")
        elif k == "filler":
            if set(r) != {"kind", "id", "domain", "split", "text"}: err(f"{i}: keys")
            if not re.fullmatch(r"f8-\d{3}", i): err(f"{i}: id")
            tl = [r["text"]]
        else:
            err(f"{i}: kind {k}"); continue
        for t in tl:
            n = words(t)
            if not 5 <= n <= 25: err(f"{i}: text has {n} words: {t[:50]}")
            texts[t] += 1
    for i, c in ids.items():
        if c > 1: err(f"duplicate id {i}")
    for t, c in texts.items():
        if c > 1: err(f"B duplicate text x{c}: {t[:60]}")
    if diff["easy"] != 20: err(f"B easy groups {diff['easy']} != 20")
    if diff["hard"] != 30: err(f"B hard groups {diff['hard']} != 30")
    if kinds["lookalike"] != 40: err(f"B lookalikes {kinds['lookalike']} != 40")
    if kinds["filler"] != 60: err(f"B fillers {kinds['filler']} != 60")
    for d, c in differs.items():
        if not 4 <= c <= 5: err(f"B differs {d}: {c} not in 4-5")
    print("B records:", len(recs), dict(kinds), "groups:", dict(diff))
    print("B lookalike differs:", dict(sorted(differs.items())))
    print(f"B domains ({len(domains)}):", dict(sorted(domains.items())))


if __name__ == "__main__":
    val_a()
    val_b()
    for w in warns: print("WARN", w)
    for e in errors: print("ERROR", e)
    print("OK" if not errors else f"{len(errors)} errors")
    sys.exit(1 if errors else 0)
