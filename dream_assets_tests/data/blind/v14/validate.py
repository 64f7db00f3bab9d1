#!/usr/bin/env python3
"""Validate merge_corpus_v14.jsonl and paraphrase_corpus_v14.jsonl (schema, ids, counts, limits, numbers)."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
errors, warnings = [], []
KINDS = ["negation", "quantity", "dropped", "detail", "status", "attribution"]
DIFFERS = ["name", "number", "date", "negation", "status", "place", "person", "object", "time"]
UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
         "thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split())}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
       "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fifteenth": 15, "twentieth": 20}
MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}
SCALE = {"hundred": 100, "thousand": 1000, "million": 1000000}


def wc(t):
    return len(t.split())


def numbers(text, ordinals=False):
    """Set of integers/decimals mentioned, digits or words ("twenty-five" -> 25, "3rd" -> 3, "40k" -> 40 and 40000)."""
    out = set()
    t = re.sub(r"\b(no one|one another|one day|one of)\b", " ", text.lower())  # idioms, not counts
    for m in re.finditer(r"\d+(?:[.,]\d+)*", t):
        raw = m.group(0)
        tail = t[m.end():m.end() + 1]
        v = raw.replace(",", "") if re.fullmatch(r"\d{1,3}(,\d{3})+", raw) else raw
        for part in re.split(r"[.,]", v) if not re.fullmatch(r"\d+\.\d+", v) else [v]:
            out.add(part.lstrip("0") or "0")
        if tail == "k":
            out.add(str(int(float(v.replace(",", "")) * 1000)))
    for m in re.finditer(r"[a-z]+(?:-[a-z]+)?", t):
        w = m.group(0)
        parts = w.split("-")
        if len(parts) == 2 and parts[0] in TENS and parts[1] in UNITS:
            out.add(str(TENS[parts[0]] + UNITS[parts[1]]))
        elif len(parts) == 2:  # "six-year-old", "two-bedroom"
            for p in parts:
                if p in UNITS:
                    out.add(str(UNITS[p]))
                elif p in TENS:
                    out.add(str(TENS[p]))
        elif w in UNITS:
            out.add(str(UNITS[w]))
        elif w in TENS:
            out.add(str(TENS[w]))
        elif w == "dozen":
            out.add("12")
        elif w in ("half",):
            out.add("0.5")
        elif ordinals and w in ORD:
            out.add(str(ORD[w]))
        elif ordinals and w[:3] in MONTHS and w in ("jan", "january", "feb", "february", "mar", "march", "apr",
                "april", "may", "jun", "june", "jul", "july", "aug", "august", "sep", "sept", "september",
                "oct", "october", "nov", "november", "dec", "december"):
            out.add(str(MONTHS[w[:3]]))  # a month name in a merge stands for the month number of an ISO date
    # "a couple" and "twice" style multipliers
    if re.search(r"\btwice\b", t):
        out.add("2")
    return out


def check_merge(path):
    recs = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    ids, texts = set(), Counter()
    keys = {"case_id", "sources", "merged", "category", "label", "kind", "reword", "domain", "split", "note"}
    for r in recs:
        cid = r.get("case_id", "?")
        if set(r) != keys:
            errors.append(f"{cid}: keys {sorted(set(r) ^ keys)}")
        if not re.fullmatch(r"e14-\d{4}", cid):
            errors.append(f"{cid}: bad case id")
        if cid in ids:
            errors.append(f"{cid}: duplicate id")
        ids.add(cid)
        if r["split"] != "final":
            errors.append(f"{cid}: split")
        if "/" not in r["category"]:
            errors.append(f"{cid}: category not a slash path")
        if r["label"] not in ("faithful", "lossy"):
            errors.append(f"{cid}: label")
        if r["reword"] not in ("light", "heavy"):
            errors.append(f"{cid}: reword")
        if r["label"] == "faithful" and (r["kind"] is not None or r["note"] != ""):
            errors.append(f"{cid}: faithful case with kind/note")
        if r["label"] == "lossy" and (r["kind"] not in KINDS or not r["note"]):
            errors.append(f"{cid}: lossy case needs kind and note")
        if not 2 <= len(r["sources"]) <= 3:
            errors.append(f"{cid}: {len(r['sources'])} sources")
        for j, s in enumerate(r["sources"], 1):
            if s["id"] != f"{cid}-s{j}":
                errors.append(f"{cid}: source id {s['id']}")
            if s["id"] in ids:
                errors.append(f"{s['id']}: duplicate id")
            ids.add(s["id"])
            if s["category"] != r["category"]:
                errors.append(f"{cid}: source category differs")
            n = wc(s["content"])
            if not 5 <= n <= 35:
                errors.append(f"{s['id']}: source has {n} words")
            texts[s["content"]] += 1
        if not r["merged"]:
            errors.append(f"{cid}: empty merge")
        texts[r["merged"]] += 1
        if r["label"] == "faithful":
            mnums = numbers(r["merged"], ordinals=True)
            for s in r["sources"]:
                miss = numbers(s["content"]) - mnums
                if miss:
                    errors.append(f"{cid}: faithful merge lacks number(s) {sorted(miss)} of {s['id']}")
    for t, c in texts.items():
        if c > 1:
            errors.append(f"merge corpus: exact duplicate text x{c}: {t[:70]!r}")
    return recs


def check_para(path):
    recs = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    ids, texts = set(), Counter()
    for r in recs:
        rid = r.get("id", "?")
        if rid in ids:
            errors.append(f"{rid}: duplicate id")
        ids.add(rid)
        if r.get("split") != "final":
            errors.append(f"{rid}: split")
        k = r.get("kind")
        if k == "group":
            want = {"kind", "id", "difficulty", "domain", "split", "members"}
            if not re.fullmatch(r"pg14-\d{3}", rid):
                errors.append(f"{rid}: bad id")
            if r.get("difficulty") not in ("easy", "hard"):
                errors.append(f"{rid}: difficulty")
            if not 2 <= len(r["members"]) <= 4:
                errors.append(f"{rid}: {len(r['members'])} members")
            tt = r["members"]
        elif k == "lookalike":
            want = {"kind", "id", "differs", "domain", "split", "pair"}
            if not re.fullmatch(r"la14-\d{3}", rid):
                errors.append(f"{rid}: bad id")
            if r.get("differs") not in DIFFERS:
                errors.append(f"{rid}: differs {r.get('differs')}")
            if len(r["pair"]) != 2:
                errors.append(f"{rid}: pair size")
            tt = r["pair"]
        elif k == "filler":
            want = {"kind", "id", "domain", "split", "text"}
            if not re.fullmatch(r"f14-\d{3}", rid):
                errors.append(f"{rid}: bad id")
            tt = [r["text"]]
        else:
            errors.append(f"{rid}: kind {k}")
            continue
        if set(r) != want:
            errors.append(f"{rid}: keys {sorted(set(r) ^ want)}")
        for t in tt:
            n = wc(t)
            if not 5 <= n <= 25:
                errors.append(f"{rid}: text has {n} words: {t[:50]!r}")
            texts[t] += 1
    for t, c in texts.items():
        if c > 1:
            errors.append(f"paraphrase corpus: exact duplicate text x{c}: {t[:70]!r}")
    return recs


CUES = {  # surface cues a reader sees before the merge; they should be about as common in both labels
    "negation": r"\b(not|no|never|without|stopped|refuses|nobody|none|no longer)\b|n't\b",
    "tentative": r"\b(plans?|planning|wants?|thinking|considering|may|might|hoping|hopes|waiting|proposed|"
                 r"applying|interviewing|suggested|asked|used to|once|if|probably|possibly)\b",
    "digit": r"\d",
    "reason": r"\b(because|since|so|due to|as required)\b",
}
STOP = set("a an the of to in on at for and or but is are was were be been has have had with by from as that this "
           "it its their they them he she his her him user user's users who which not no into than then so".split())


def content(t):
    return {w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOP}


def stats(merge, para, final):
    print("\n== merge corpus ==")
    lab = Counter(r["label"] for r in merge)
    print("cases:", len(merge), dict(lab))
    fa = [r for r in merge if r["label"] == "faithful"]
    lo = [r for r in merge if r["label"] == "lossy"]
    print("faithful reword:", dict(Counter(r["reword"] for r in fa)))
    kc = Counter(r["kind"] for r in lo)
    print("lossy kinds:", {k: kc.get(k, 0) for k in KINDS})
    print("lossy heavy per kind:", {k: sum(1 for r in lo if r["kind"] == k and r["reword"] == "heavy") for k in KINDS})
    print("domains:", len(set(r["domain"] for r in merge)), dict(Counter(r["domain"] for r in merge)))
    regs = {}
    rp = os.path.join(HERE, "source_registers_v14.json")
    if os.path.exists(rp):
        regs = json.load(open(rp))
    for name, grp in (("faithful", fa), ("lossy", lo), ("all", merge)):
        if not grp:
            continue
        lens = [wc(s["content"]) for r in grp for s in r["sources"]]
        mean = sum(lens) / len(lens)
        share = sum(1 for n in lens if n >= 18) / len(lens)
        three = sum(1 for r in grp if len(r["sources"]) == 3) / len(grp)
        ov = []
        for r in grp:
            ss = [content(s["content"]) for s in r["sources"]]
            for i in range(len(ss)):
                for j in range(i + 1, len(ss)):
                    ov.append(len(ss[i] & ss[j]) / max(1, len(ss[i] | ss[j])))
        mlen = sum(wc(r["merged"]) for r in grp) / len(grp)
        rc = Counter(regs.get(s["id"]) for r in grp for s in r["sources"])
        tot = sum(rc.values())
        rdist = {k: f"{rc.get(k, 0) / tot:.2f}" for k in (1, 2, 3, 4)}
        print(f"[{name}] sources={len(lens)} mean_source_words={mean:.2f} share_>=18_words={share:.2f} "
              f"min={min(lens)} max={max(lens)} 3-source_share={three:.2f} mean_source_overlap_jaccard="
              f"{sum(ov) / len(ov):.2f} mean_merge_words={mlen:.1f}")
        print(f"[{name}] registers (1 terse, 2 user, 3 named, 4 project/system): {rdist}")
        cue = {k: sum(1 for r in grp if any(re.search(p, s["content"]) for s in r["sources"])) / len(grp)
               for k, p in CUES.items()}
        srcnum = sum(len(numbers(s["content"])) for r in grp for s in r["sources"]) / len(lens)
        print(f"[{name}] share of cases whose sources contain a cue: "
              + " ".join(f"{k}={v:.2f}" for k, v in cue.items()) + f"; numbers per source={srcnum:.2f}")
        if name in ("faithful", "lossy"):
            if not 14 <= mean <= 20:
                (errors if final else warnings).append(f"{name}: mean source words {mean:.2f} not in 14-20")
            if share < 1 / 3:
                (errors if final else warnings).append(f"{name}: share >=18 words {share:.2f} < 1/3")
    print("\n== paraphrase corpus ==")
    kc = Counter(r["kind"] for r in para)
    print("records:", len(para), dict(kc))
    g = [r for r in para if r["kind"] == "group"]
    print("groups by difficulty:", dict(Counter(r["difficulty"] for r in g)),
          "members:", dict(Counter(len(r["members"]) for r in g)))
    la = [r for r in para if r["kind"] == "lookalike"]
    print("lookalikes by differs:", {d: sum(1 for r in la if r["differs"] == d) for d in DIFFERS})
    print("domains:", len(set(r["domain"] for r in para)))
    targets = [("faithful", len(fa), 120), ("faithful heavy", sum(1 for r in fa if r["reword"] == "heavy"), 85)]
    targets += [(f"lossy {k}", sum(1 for r in lo if r["kind"] == k), 12) for k in KINDS]
    targets += [("easy groups", sum(1 for r in g if r["difficulty"] == "easy"), 12),
                ("hard groups", sum(1 for r in g if r["difficulty"] == "hard"), 20),
                ("fillers", kc.get("filler", 0), 40)]
    targets += [(f"lookalike {d}", sum(1 for r in la if r["differs"] == d), 3) for d in DIFFERS]
    for name, have, want in targets:
        if have < want:
            (errors if final else warnings).append(f"count short: {name} {have}/{want}")


if __name__ == "__main__":
    final = "--final" in sys.argv
    mp = os.path.join(HERE, "merge_corpus_v14.jsonl")
    pp = os.path.join(HERE, "paraphrase_corpus_v14.jsonl")
    merge = check_merge(mp) if os.path.exists(mp) else []
    para = check_para(pp) if os.path.exists(pp) else []
    stats(merge, para, final)
    print()
    for w in warnings:
        print("WARN", w)
    for e in errors:
        print("ERROR", e)
    print("VALID" if not errors else f"INVALID ({len(errors)} errors)")
    sys.exit(1 if errors else 0)
