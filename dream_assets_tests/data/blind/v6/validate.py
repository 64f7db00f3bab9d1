#!/usr/bin/env python3
"""Validate the v6 corpora: parse, schema, unique ids, counts, word limits, duplicates, numbers."""
import collections, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
errors, warnings = [], []

UNITS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
         "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
         "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
         "nineteen": 19}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90}
ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
       "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "twentieth": 20,
       "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60,
       "seventieth": 70, "eightieth": 80, "ninetieth": 90, "hundredth": 100, "thirteenth": 13,
       "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
       "nineteenth": 19}
OTHER = {"twice": 2, "dozen": 12, "a dozen": 12, "couple": 2, "half": 0.5, "once": 1,
         "thrice": 3, "dual": 2, "fortnight": 14, "single": 1, "both": 2, "pair": 2}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]
SCALE = {"hundred": 100, "thousand": 1000, "million": 1000000, "k": 1000, "m": 1000000}


def words(t):
    return len(t.split())


def numbers(text, strict=False):
    """Set of numeric values mentioned in text, digits or words.
    strict: the values a faithful merge must keep (no idioms like 'once', no 'one'/'first',
    and a scaled number counts only as its full value)."""
    t = text.lower().replace("\u2019", "'")
    vals = set()
    for m in re.finditer(r"(\d[\d,]*(?:\.\d+)?)(?:\s*(k|m|million|thousand|hundred)\b)?", t):
        raw = m.group(1).rstrip(",.")
        if re.fullmatch(r"\d{1,3}(,\d{3})+", raw):
            parts = [raw.replace(",", "")]
        else:
            parts = [p for p in raw.split(",") if p]
        for p in parts:
            try:
                v = float(p)
            except ValueError:
                continue
            if m.group(2):
                if not strict:
                    vals.add(v)
                v = v * SCALE[m.group(2)]
            vals.add(v)
    toks = re.findall(r"[a-z]+", t)
    if not strict:
        for k, name in enumerate(MONTHS, 1):
            if name in toks or name[:3] in toks:
                vals.add(float(k))   # a month name matches its number in ISO dates
    if not strict:
        for m in re.finditer(r"\b(\d+|" + "|".join(UNITS) + r")[ -]weeks?\b", t):
            w = m.group(1)
            vals.add(7.0 * (float(w) if w.isdigit() else UNITS[w]))   # "two weeks" = 14 days
    if not strict and ("fortnight" in toks or "fortnightly" in toks):
        vals.add(2.0)   # a fortnight is two weeks
    i = 0
    while i < len(toks):
        w = toks[i]
        v = None
        if w in TENS:
            v = TENS[w]
            if i + 1 < len(toks) and toks[i + 1] in UNITS and 0 < UNITS[toks[i + 1]] < 10:
                v += UNITS[toks[i + 1]]
                i += 1
            elif i + 1 < len(toks) and toks[i + 1] in ORD and ORD[toks[i + 1]] < 10:
                v += ORD[toks[i + 1]]
                i += 1
        elif w in UNITS:
            if not (strict and w in ("one", "zero")):
                v = UNITS[w]
        elif w in ORD:
            if not (strict and w in ("first", "second")):
                v = ORD[w]
        elif w in OTHER and not strict:
            v = OTHER[w]
        if v is not None:
            if i + 1 < len(toks) and toks[i + 1] in ("hundred", "thousand", "million"):
                if not strict:
                    vals.add(float(v))
                v = v * SCALE[toks[i + 1]]
                i += 1
                j = i + 1
                if j < len(toks) and toks[j] == "and":
                    j += 1
                if j < len(toks) and (toks[j] in TENS or (toks[j] in UNITS and UNITS[toks[j]] > 0)):
                    add = TENS.get(toks[j]) or UNITS.get(toks[j])
                    if toks[j] in TENS and j + 1 < len(toks) and toks[j + 1] in UNITS and 0 < UNITS[toks[j + 1]] < 10:
                        add += UNITS[toks[j + 1]]
                        j += 1
                    if not strict:
                        vals.add(float(v))
                    v += add
                    i = j
            vals.add(float(v))
        i += 1
    return vals


def source_numbers(text):
    return numbers(text, strict=True)


def check_merge(path):
    rows = [json.loads(l) for l in open(path, encoding="utf-8")]
    ids, texts = set(), collections.Counter()
    lab = collections.Counter(); kinds = collections.Counter(); heavy = collections.Counter()
    nsrc = collections.Counter(); srclens = []; domains = collections.Counter()
    keys = {"case_id", "sources", "merged", "category", "label", "kind", "reword", "domain",
            "split", "note"}
    for r in rows:
        cid = r.get("case_id")
        if set(r) != keys:
            errors.append("%s: keys %s" % (cid, sorted(set(r) ^ keys)))
        if not re.fullmatch(r"e6-\d{4}", cid or ""):
            errors.append("bad case id %r" % cid)
        if cid in ids:
            errors.append("dup case id %s" % cid)
        ids.add(cid)
        if r["split"] != "final":
            errors.append("%s split" % cid)
        if r["label"] not in ("faithful", "lossy"):
            errors.append("%s label" % cid)
        if r["reword"] not in ("light", "heavy"):
            errors.append("%s reword" % cid)
        if r["label"] == "faithful":
            if r["kind"] is not None or r["note"] != "":
                errors.append("%s faithful with kind/note" % cid)
        else:
            if r["kind"] not in ("negation", "quantity", "dropped", "detail", "status", "attribution"):
                errors.append("%s kind %r" % (cid, r["kind"]))
            if not r["note"].strip():
                errors.append("%s lossy without note" % cid)
        if not re.fullmatch(r"[a-z0-9_-]+(/[a-z0-9_.-]+)+", r["category"]):
            errors.append("%s category %r" % (cid, r["category"]))
        srcs = r["sources"]
        if not 2 <= len(srcs) <= 3:
            errors.append("%s has %d sources" % (cid, len(srcs)))
        for j, s in enumerate(srcs, 1):
            if s.get("id") != "%s-s%d" % (cid, j):
                errors.append("%s source id %r" % (cid, s.get("id")))
            if s.get("category") != r["category"]:
                errors.append("%s source category" % cid)
            n = words(s["content"])
            srclens.append(n)
            if not 5 <= n <= 35:
                errors.append("%s source %d has %d words" % (cid, j, n))
            texts[s["content"]] += 1
        texts[r["merged"]] += 1
        lab[r["label"]] += 1
        domains[r["domain"]] += 1
        nsrc[len(srcs)] += 1
        if r["label"] == "lossy":
            kinds[r["kind"]] += 1
        heavy[(r["label"], r["reword"])] += 1
        if r["label"] == "faithful":
            mnums = numbers(r["merged"])
            for s in srcs:
                for v in source_numbers(s["content"]):
                    if v not in mnums:
                        errors.append("%s: number %g of source not in merge" % (cid, v))
    for t, c in texts.items():
        if c > 1:
            errors.append("duplicate text in merge corpus: %r" % t)
    if lab["faithful"] != 200:
        errors.append("faithful count %d != 200" % lab["faithful"])
    for k in ("negation", "quantity", "dropped", "detail", "status", "attribution"):
        if kinds[k] != 20:
            errors.append("lossy kind %s count %d != 20" % (k, kinds[k]))
    if heavy[("faithful", "heavy")] < 140:
        errors.append("heavy faithful %d < 140" % heavy[("faithful", "heavy")])
    print("== %s" % os.path.basename(path))
    print("cases:", len(rows), dict(lab))
    print("lossy kinds:", dict(kinds))
    print("reword:", {"%s/%s" % k: v for k, v in sorted(heavy.items())})
    print("sources per case:", dict(nsrc), "(3-source share %.0f%%)" % (100.0 * nsrc[3] / max(1, len(rows))))
    print("source words: mean %.1f, min %d, max %d, >=18 words %.0f%%" % (
        sum(srclens) / len(srclens), min(srclens), max(srclens),
        100.0 * sum(1 for n in srclens if n >= 18) / len(srclens)))
    print("domains (%d):" % len(domains), dict(sorted(domains.items())))
    return texts


def check_para(path, merge_texts):
    rows = [json.loads(l) for l in open(path, encoding="utf-8")]
    ids, texts = set(), collections.Counter()
    c = collections.Counter(); differs = collections.Counter(); lens = []
    for r in rows:
        rid = r.get("id")
        if rid in ids:
            errors.append("dup id %s" % rid)
        ids.add(rid)
        if r.get("split") != "final" or "domain" not in r:
            errors.append("%s split/domain" % rid)
        k = r.get("kind")
        if k == "group":
            if set(r) != {"kind", "id", "difficulty", "domain", "split", "members"}:
                errors.append("%s keys" % rid)
            if not re.fullmatch(r"pg6-\d{3}", rid):
                errors.append("bad id %s" % rid)
            if r["difficulty"] not in ("easy", "hard"):
                errors.append("%s difficulty" % rid)
            if not 2 <= len(r["members"]) <= 4:
                errors.append("%s has %d members" % (rid, len(r["members"])))
            c["group/" + r["difficulty"]] += 1
            tx = r["members"]
            nums = [source_numbers(m) for m in tx]
            allnums = [numbers(m) for m in tx]
            for i, ns in enumerate(nums):
                for j, al in enumerate(allnums):
                    for v in ns:
                        if v not in al:
                            errors.append("%s: number %g of member %d missing in member %d" % (rid, v, i + 1, j + 1))
        elif k == "lookalike":
            if set(r) != {"kind", "id", "differs", "domain", "split", "pair"}:
                errors.append("%s keys" % rid)
            if not re.fullmatch(r"la6-\d{3}", rid):
                errors.append("bad id %s" % rid)
            if r["differs"] not in ("name", "number", "date", "negation", "status", "place",
                                    "person", "object", "time"):
                errors.append("%s differs %r" % (rid, r["differs"]))
            if len(r["pair"]) != 2 or r["pair"][0] == r["pair"][1]:
                errors.append("%s pair" % rid)
            c["lookalike"] += 1
            differs[r["differs"]] += 1
            tx = r["pair"]
        elif k == "filler":
            if set(r) != {"kind", "id", "domain", "split", "text"}:
                errors.append("%s keys" % rid)
            if not re.fullmatch(r"f6-\d{3}", rid):
                errors.append("bad id %s" % rid)
            c["filler"] += 1
            tx = [r["text"]]
        else:
            errors.append("%s kind %r" % (rid, k))
            continue
        for t in tx:
            n = words(t)
            lens.append(n)
            if not 5 <= n <= 25:
                errors.append("%s text has %d words: %r" % (rid, n, t))
            texts[t] += 1
    for t, n in texts.items():
        if n > 1:
            errors.append("duplicate text in paraphrase corpus: %r" % t)
        if t in merge_texts:
            warnings.append("text shared with merge corpus: %r" % t)
    want = {"group/easy": 20, "group/hard": 30, "lookalike": 40, "filler": 60}
    for k, v in want.items():
        if c[k] != v:
            errors.append("%s count %d != %d" % (k, c[k], v))
    for d, v in differs.items():
        if not 4 <= v <= 5:
            errors.append("differs %s count %d not in 4-5" % (d, v))
    print("== %s" % os.path.basename(path))
    print("records:", len(rows), dict(c))
    print("differs:", dict(sorted(differs.items())))
    print("text words: mean %.1f, min %d, max %d" % (sum(lens) / len(lens), min(lens), max(lens)))


if __name__ == "__main__":
    mt = check_merge(os.path.join(HERE, "merge_corpus_v6.jsonl"))
    pp = os.path.join(HERE, "paraphrase_corpus_v6.jsonl")
    if os.path.exists(pp):
        check_para(pp, mt)
    else:
        errors.append("paraphrase corpus missing")
    for w in warnings:
        print("WARN", w)
    for e in errors:
        print("ERROR", e)
    print("OK" if not errors else "%d errors" % len(errors))
    sys.exit(1 if errors else 0)
