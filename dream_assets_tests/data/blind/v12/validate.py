#!/usr/bin/env python3
import json, re, sys, os
from collections import Counter
errs = []
NUMW = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100,
        "twenty-five": 25, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "fourteen": 14, "eighteen": 18, "single": 1, "twice": 2, "once": 1, "dozen": 12, "decade": 10, "1st": 1, "2nd": 2, "twins": 2, "both": 2}
def wc(s): return len(s.split())
STOP = set("the a an and or of to in on at for with by is are was be it its his her their from that this as has have".split())
def content(s): return {w for w in re.findall(r"[a-z0-9']+", s.lower()) if w not in STOP}

# ---------- Part A ----------
A = [json.loads(l) for l in open("merge_corpus_v12.jsonl", encoding="utf-8")]
ids = set(); texts = Counter()
KINDS = {"negation", "quantity", "dropped", "detail", "status", "attribution"}
for c in A:
    for k in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if k not in c: errs.append(f"{c.get('case_id')}: missing {k}")
    if c["case_id"] in ids: errs.append("dup id " + c["case_id"])
    ids.add(c["case_id"])
    if not re.fullmatch(r"e12-\d{4}", c["case_id"]): errs.append("bad id " + c["case_id"])
    if c["split"] != "final": errs.append(c["case_id"] + " split")
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append(c["case_id"] + " faithful kind/note")
    elif c["label"] == "lossy":
        if c["kind"] not in KINDS or not c["note"]: errs.append(c["case_id"] + " lossy kind/note")
    else: errs.append(c["case_id"] + " label")
    if c["reword"] not in ("light", "heavy"): errs.append(c["case_id"] + " reword")
    if not 2 <= len(c["sources"]) <= 3: errs.append(c["case_id"] + " n sources")
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != f"{c['case_id']}-s{j}": errs.append(s["id"] + " bad source id")
        if s["category"] != c["category"]: errs.append(s["id"] + " category")
        if not 5 <= wc(s["content"]) <= 35: errs.append(f"{s['id']} words={wc(s['content'])}")
        texts[s["content"]] += 1
    texts[c["merged"]] += 1
    if c["label"] == "faithful":
        m = c["merged"].lower().replace(",", "")
        mnums = set(re.findall(r"\d[\d.]*\d|\d", m)) | {str(v) for w, v in NUMW.items() if re.search(r"\b" + w + r"\b", m)}
        for s in c["sources"]:
            sc = s["content"].lower().replace(",", "")
            snums = set(re.findall(r"\d[\d.]*\d|\d", sc)) | {str(v) for w, v in NUMW.items() if re.search(r"\b" + w + r"\b", sc)}
            for n in snums - mnums:
                errs.append(f"{c['case_id']}: number {n} of a source not found in merge")
for t, n in texts.items():
    if n > 1: errs.append("exact duplicate text in Part A: " + t[:60])

lab = Counter(c["label"] for c in A)
kinds = Counter(c["kind"] for c in A if c["label"] == "lossy")
print("Part A cases:", len(A), dict(lab))
print("  faithful reword:", dict(Counter(c["reword"] for c in A if c["label"] == "faithful")))
print("  lossy kinds:", dict(kinds))
print("  lossy reword:", dict(Counter(c["reword"] for c in A if c["label"] == "lossy")))
print("  domains:", len(set(c["domain"] for c in A)), sorted(set(c["domain"] for c in A)))
for L in ("faithful", "lossy"):
    cs = [c for c in A if c["label"] == L]
    srcs = [s["content"] for c in cs for s in c["sources"]]
    w = [wc(s) for s in srcs]
    three = sum(len(c["sources"]) == 3 for c in cs)
    ov = []
    for c in cs:
        ss = [content(s["content"]) for s in c["sources"]]
        for i in range(len(ss)):
            for j in range(i + 1, len(ss)):
                ov.append(len(ss[i] & ss[j]) / max(1, len(ss[i] | ss[j])))
    mw = [wc(c["merged"]) for c in cs]
    print(f"  {L}: sources={len(srcs)} mean_words={sum(w)/len(w):.2f} share>=18={sum(x>=18 for x in w)/len(w):.2f} "
          f"min={min(w)} max={max(w)} 3-source cases={three}/{len(cs)} mean_source_jaccard={sum(ov)/len(ov):.3f} "
          f"mean_merge_words={sum(mw)/len(mw):.1f}")
    if not 14 <= sum(w)/len(w) <= 20: errs.append(f"{L} mean source words out of 14-20")
    if sum(x>=18 for x in w)/len(w) < 1/3: errs.append(f"{L} share>=18 below a third")

# ---------- Part B ----------
if os.path.exists("paraphrase_corpus_v12.jsonl"):
    B = [json.loads(l) for l in open("paraphrase_corpus_v12.jsonl", encoding="utf-8")]
    bid = set(); btexts = Counter()
    DIFFS = {"name","number","date","negation","status","place","person","object","time"}
    for r in B:
        if r["id"] in bid: errs.append("dup id " + r["id"])
        bid.add(r["id"])
        if r.get("split") != "final": errs.append(r["id"] + " split")
        if r["kind"] == "group":
            tt = r["members"]
            if not 2 <= len(tt) <= 4: errs.append(r["id"] + " members")
            if r["difficulty"] not in ("easy", "hard"): errs.append(r["id"] + " difficulty")
        elif r["kind"] == "lookalike":
            tt = r["pair"]
            if len(tt) != 2 or r["differs"] not in DIFFS: errs.append(r["id"] + " pair/differs")
        elif r["kind"] == "filler":
            tt = [r["text"]]
        else:
            errs.append(r["id"] + " kind"); tt = []
        for t in tt:
            if not 5 <= wc(t) <= 25: errs.append(f"{r['id']} words={wc(t)}: {t[:40]}")
            btexts[t] += 1
    for t, n in btexts.items():
        if n > 1: errs.append("exact duplicate text in Part B: " + t[:60])
    print("Part B records:", len(B), dict(Counter(r["kind"] for r in B)))
    print("  groups:", dict(Counter(r["difficulty"] for r in B if r["kind"] == "group")))
    print("  lookalike differs:", dict(Counter(r["differs"] for r in B if r["kind"] == "lookalike")))
print("ERRORS:", len(errs))
for e in errs: print("  ", e)
