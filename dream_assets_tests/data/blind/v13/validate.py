#!/usr/bin/env python3
"""Validate the two v13 corpora: parse, schema, ids, counts, word limits, duplicates,
numbers of faithful sources present in the merge, and length/overlap/register balance
between faithful and lossy cases."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
errors, warnings = [], []

def wc(t):
    return len(t.split())

UNITS = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,
         "ten":10,"eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,
         "seventeen":17,"eighteen":18,"nineteen":19}
TENS = {"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90}
EXTRA = {"twice":2,"thrice":3,"dozen":12,"half":0.5,"once":1,"single":1,"pair":2,"couple":2,
         "hundred":100,"thousand":1000,"million":1000000,"noon":12,"midnight":0}
ORD = {"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"seventh":7,"eighth":8,"ninth":9,"tenth":10,
       "first":1,"twelfth":12,"twentieth":20,"fifteenth":15}
MONTHS = {m:i for i,m in enumerate(["january","february","march","april","may","june","july","august",
          "september","october","november","december"],1)}
MONTHS.update({m[:3]:i for m,i in list(MONTHS.items())})
MONTHS["sept"] = 9

def numbers(text, loose=False):
    """Set of numeric values mentioned in text. Strict (source side): digits and cardinal words.
    Loose (merge side): also ordinals, month names, multiplier words, k/m suffix expansions."""
    t = text.lower().replace("\u2013", "-")
    vals = set()
    for m in re.finditer(r"(\d[\d,]*(?:\.\d+)?)(?:st|nd|rd|th)?\s*(k|m|bn|million|thousand|hundred)?\b", t):
        raw = m.group(1).replace(",", "")
        try:
            v = float(raw)
        except ValueError:
            continue
        vals.add(v)
        suf = m.group(2)
        mult = {"k":1000,"thousand":1000,"m":1e6,"million":1e6,"bn":1e9,"hundred":100}.get(suf)
        if mult:
            vals.add(v*mult)
    words = re.findall(r"[a-z]+", t)
    i = 0
    while i < len(words):
        w = words[i]
        v = None
        if w in TENS:
            v = TENS[w]
            if i+1 < len(words) and words[i+1] in UNITS and UNITS[words[i+1]] < 10:
                v += UNITS[words[i+1]]; i += 1
        elif w in UNITS:
            v = UNITS[w]
        if v is not None:
            if i+1 < len(words) and words[i+1] in ("hundred","thousand","million"):
                vals.add(v); v = v*{"hundred":100,"thousand":1000,"million":1000000}[words[i+1]]; i += 1
            vals.add(v)
        elif loose and w in EXTRA:
            vals.add(EXTRA[w])
        elif w in ("twice","dozen"):
            vals.add(EXTRA[w])
        if loose:
            if w in ORD: vals.add(ORD[w])
            if w in MONTHS: vals.add(MONTHS[w])
            if w in EXTRA: vals.add(EXTRA[w])
        i += 1
    return {float(v) for v in vals}

def check_part_a(path):
    recs = [json.loads(l) for l in open(path, encoding="utf-8")]
    regs = json.load(open(os.path.join(HERE, "merge_registers_v13.json")))
    ids = Counter()
    kinds = ("negation","quantity","dropped","detail","status","attribution")
    keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
    texts = Counter()
    for r in recs:
        cid = r.get("case_id")
        if set(r) != keys: errors.append(f"{cid}: keys {sorted(set(r)^keys)}")
        ids[cid] += 1
        if not re.fullmatch(r"e13-\d{4}", cid or ""): errors.append(f"bad case id {cid}")
        if r["split"] != "final": errors.append(f"{cid}: split")
        if r["label"] not in ("faithful","lossy"): errors.append(f"{cid}: label")
        if r["reword"] not in ("light","heavy"): errors.append(f"{cid}: reword")
        if r["label"] == "faithful" and (r["kind"] is not None or r["note"] != ""):
            errors.append(f"{cid}: faithful needs kind null and empty note")
        if r["label"] == "lossy" and (r["kind"] not in kinds or not r["note"]):
            errors.append(f"{cid}: lossy needs kind and note")
        if not (2 <= len(r["sources"]) <= 3): errors.append(f"{cid}: {len(r['sources'])} sources")
        if "/" not in r["category"]: errors.append(f"{cid}: category not a path")
        for j, s in enumerate(r["sources"], 1):
            ids[s["id"]] += 1
            if s["id"] != f"{cid}-s{j}": errors.append(f"{cid}: source id {s['id']}")
            if s["category"] != r["category"]: errors.append(f"{cid}: source category differs")
            n = wc(s["content"])
            if not 5 <= n <= 35: errors.append(f"{cid}: source {j} has {n} words")
            texts[s["content"]] += 1
        texts[r["merged"]] += 1
        if not r["merged"]: errors.append(f"{cid}: empty merge")
        if r["label"] == "faithful":
            mnums = numbers(r["merged"], loose=True)
            for s in r["sources"]:
                for v in numbers(s["content"]):
                    if v not in mnums:
                        errors.append(f"{cid}: number {v:g} of source '{s['content'][:50]}...' missing from merge")
        if cid not in regs: errors.append(f"{cid}: no register tag")
    for k, c in ids.items():
        if c > 1: errors.append(f"duplicate id {k}")
    for t, c in texts.items():
        if c > 1: errors.append(f"duplicate text x{c}: {t[:60]}")
    fa = [r for r in recs if r["label"] == "faithful"]
    lo = [r for r in recs if r["label"] == "lossy"]
    print(f"Part A: {len(recs)} cases: {len(fa)} faithful ({sum(r['reword']=='heavy' for r in fa)} heavy), "
          f"{len(lo)} lossy ({sum(r['reword']=='heavy' for r in lo)} heavy)")
    print("  lossy kinds:", dict(Counter(r["kind"] for r in lo)))
    print("  lossy heavy by kind:", dict(Counter(r["kind"] for r in lo if r["reword"] == "heavy")))
    print("  sources per case:", dict(Counter(len(r["sources"]) for r in recs)),
          f"({100*sum(len(r['sources'])==3 for r in recs)/max(1,len(recs)):.0f}% with 3)")
    print("  domains:", len(set(r["domain"] for r in recs)), dict(Counter(r["domain"] for r in recs)))
    def jacc(a, b):
        A = set(re.findall(r"[a-z0-9']+", a.lower())); B = set(re.findall(r"[a-z0-9']+", b.lower()))
        return len(A & B) / max(1, len(A | B))
    for name, grp in (("faithful", fa), ("lossy", lo)):
        srcs = [s["content"] for r in grp for s in r["sources"]]
        ws = [wc(s) for s in srcs]
        if not ws: continue
        mean = sum(ws)/len(ws); share = sum(w >= 18 for w in ws)/len(ws)
        ov = []
        for r in grp:
            ss = [s["content"] for s in r["sources"]]
            ov += [jacc(ss[i], ss[j]) for i in range(len(ss)) for j in range(i+1, len(ss))]
        mw = [wc(r["merged"]) for r in grp]
        rc = Counter(regs.get(r["case_id"]) for r in grp)
        print(f"  {name:8s}: {len(ws)} sources, mean source words {mean:.2f}, share >= 18 words {share:.2f}, "
              f"min {min(ws)}, max {max(ws)}; mean within-case source overlap (Jaccard) {sum(ov)/len(ov):.3f}; "
              f"mean merge words {sum(mw)/len(mw):.1f}; registers {dict(sorted(rc.items()))}; "
              f"3-source cases {sum(len(r['sources'])==3 for r in grp)}/{len(grp)}")
        if not 14 <= mean <= 20: errors.append(f"{name}: mean source words {mean:.2f} outside 14-20")
        if share < 1/3: errors.append(f"{name}: share >=18 words {share:.2f} < 1/3")
    return len(fa), len(lo)

def check_part_b(path):
    recs = [json.loads(l) for l in open(path, encoding="utf-8")]
    ids = Counter(); texts = Counter()
    cnt = Counter(); diffs = Counter(); doms = Counter()
    for r in recs:
        ids[r.get("id")] += 1
        if r.get("split") != "final": errors.append(f"{r.get('id')}: split")
        k = r.get("kind")
        doms[r.get("domain")] += 1
        if k == "group":
            if set(r) != {"kind","id","difficulty","domain","split","members"}: errors.append(f"{r['id']}: keys")
            if not re.fullmatch(r"pg13-\d{3}", r["id"]): errors.append(f"bad id {r['id']}")
            if r["difficulty"] not in ("easy","hard"): errors.append(f"{r['id']}: difficulty")
            if not 2 <= len(r["members"]) <= 4: errors.append(f"{r['id']}: {len(r['members'])} members")
            cnt["group_"+r["difficulty"]] += 1
            tt = r["members"]
        elif k == "lookalike":
            if set(r) != {"kind","id","differs","domain","split","pair"}: errors.append(f"{r['id']}: keys")
            if not re.fullmatch(r"la13-\d{3}", r["id"]): errors.append(f"bad id {r['id']}")
            if len(r["pair"]) != 2: errors.append(f"{r['id']}: pair size")
            diffs[r["differs"]] += 1; cnt["lookalike"] += 1
            tt = r["pair"]
        elif k == "filler":
            if set(r) != {"kind","id","domain","split","text"}: errors.append(f"{r['id']}: keys")
            if not re.fullmatch(r"f13-\d{3}", r["id"]): errors.append(f"bad id {r['id']}")
            cnt["filler"] += 1; tt = [r["text"]]
        else:
            errors.append(f"unknown kind {k}"); tt = []
        for t in tt:
            texts[t] += 1
            if not 5 <= wc(t) <= 25: errors.append(f"{r.get('id')}: text has {wc(t)} words: {t[:50]}")
    for k2, c in ids.items():
        if c > 1: errors.append(f"duplicate id {k2}")
    for t, c in texts.items():
        if c > 1: errors.append(f"duplicate text: {t[:60]}")
    allowed = {"name","number","date","negation","status","place","person","object","time"}
    for d in diffs:
        if d not in allowed: errors.append(f"bad differs {d}")
    print(f"Part B: {len(recs)} records: {dict(cnt)}; lookalike differs {dict(sorted(diffs.items()))}; "
          f"{len(doms)} domains")
    return cnt, diffs

def main():
    a = os.path.join(HERE, "merge_corpus_v13.jsonl")
    b = os.path.join(HERE, "paraphrase_corpus_v13.jsonl")
    nf, nl = check_part_a(a)
    cnt, diffs = check_part_b(b)
    target = {"faithful":120, "lossy":72, "group_easy":12, "group_hard":20, "lookalike":27, "filler":40}
    have = {"faithful":nf, "lossy":nl, **cnt}
    short = {k:(have.get(k,0), v) for k, v in target.items() if have.get(k,0) != v}
    print("counts vs target:", "all met" if not short else {k:f"{h}/{v}" for k,(h,v) in short.items()})
    for e in errors: print("ERROR:", e)
    print("ERRORS:", len(errors))
    sys.exit(1 if errors else 0)

if __name__ == "__main__":
    main()
