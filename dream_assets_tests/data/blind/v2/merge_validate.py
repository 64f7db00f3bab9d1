#!/usr/bin/env python3
"""Validate merge_corpus_v2.jsonl: parse, ids, source prefixes, word counts, label/kind counts."""

import json, os, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "merge_corpus_v2.jsonl")
KINDS = {"negation", "quantity", "dropped", "detail", "status", "attribution"}
KEYS = {
    "case_id",
    "sources",
    "merged",
    "category",
    "label",
    "kind",
    "reword",
    "domain",
    "split",
    "note",
}
errs = []
recs = []
for n, line in enumerate(open(path, encoding="utf-8"), 1):
    try:
        r = json.loads(line)
    except Exception as e:
        errs.append(f"line {n}: bad JSON {e}")
        continue
    recs.append(r)
    cid = r.get("case_id")
    if set(r) != KEYS:
        errs.append(f"{cid}: keys {sorted(set(r) ^ KEYS)}")
    if not (2 <= len(r["sources"]) <= 3):
        errs.append(f"{cid}: {len(r['sources'])} sources")
    for s in r["sources"]:
        if not s["id"].startswith(cid + "-s"):
            errs.append(f"{cid}: source id {s['id']}")
        w = len(s["content"].split())
        if not 5 <= w <= 35:
            errs.append(f"{cid}: source {s['id']} has {w} words")
        if s["category"] != r["category"]:
            errs.append(f"{cid}: source category mismatch")
    if len({s["content"] for s in r["sources"]}) != len(r["sources"]):
        errs.append(f"{cid}: duplicate source text")
    if r["label"] == "faithful":
        if r["kind"] is not None or r["note"]:
            errs.append(f"{cid}: faithful with kind/note")
    elif r["label"] == "lossy":
        if r["kind"] not in KINDS or not r["note"]:
            errs.append(f"{cid}: lossy kind/note")
    else:
        errs.append(f"{cid}: label {r['label']}")
    if r["reword"] not in ("light", "heavy"):
        errs.append(f"{cid}: reword")
    if r["split"] != "final":
        errs.append(f"{cid}: split")
    if not r["merged"].strip() or "/" not in r["category"]:
        errs.append(f"{cid}: merged/category")
ids = [r["case_id"] for r in recs]
if len(ids) != len(set(ids)):
    errs.append("duplicate case ids")
sids = [s["id"] for r in recs for s in r["sources"]]
if len(sids) != len(set(sids)):
    errs.append("duplicate source ids")
merged = Counter(r["merged"] for r in recs)
for m, k in merged.items():
    if k > 1:
        errs.append(f"duplicate merged text: {m[:60]}")
lab = Counter(r["label"] for r in recs)
kinds = Counter(r["kind"] for r in recs if r["label"] == "lossy")
heavy_f = sum(1 for r in recs if r["label"] == "faithful" and r["reword"] == "heavy")
if lab["faithful"] != 200:
    errs.append(f"faithful count {lab['faithful']} != 200")
for k in KINDS:
    if kinds[k] != 25:
        errs.append(f"{k} count {kinds[k]} != 25")
if heavy_f < 140:
    errs.append(f"heavy faithful {heavy_f} < 140")
print("cases", len(recs), dict(lab))
print("lossy kinds", dict(kinds))
print("faithful reword", dict(Counter(r["reword"] for r in recs if r["label"] == "faithful")))
print("lossy reword", dict(Counter(r["reword"] for r in recs if r["label"] == "lossy")))
print(
    "lossy reword by kind",
    {k: dict(Counter(r["reword"] for r in recs if r["kind"] == k)) for k in sorted(KINDS)},
)
print("n sources", dict(Counter((r["label"], len(r["sources"])) for r in recs)))
print("domains", len(set(r["domain"] for r in recs)), dict(Counter(r["domain"] for r in recs)))
print("distinct categories", len(set(r["category"] for r in recs)))
if errs:
    print("ERRORS:")
    [print(" ", e) for e in errs]
    sys.exit(1)
print("OK")
