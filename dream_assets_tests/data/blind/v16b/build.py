#!/usr/bin/env python3
"""Layout only: turn the hand-written raw files into JSONL. No text is generated here."""
import json, random, os
HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 16_2026

def blocks(path):
    cur = None
    for ln in open(path, encoding="utf-8"):
        ln = ln.rstrip("\n")
        if not ln.strip() or ln.startswith("#"):
            continue
        if ln.startswith("@"):
            if cur: yield cur
            cur = {"head": ln[1:].split(), "lines": []}
        else:
            tag, _, text = ln.partition(":")
            cur["lines"].append((tag.strip(), text.strip()))
    if cur: yield cur

def build_paraphrase():
    recs = []
    for b in blocks(os.path.join(HERE, "raw_paraphrase.txt")):
        h = b["head"]
        if h[0] == "group":
            recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final",
                         "members": [t for _, t in b["lines"]]})
        elif h[0] == "lookalike":
            recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final",
                         "pair": [t for _, t in b["lines"]]})
        elif h[0] == "filler":
            for _, t in b["lines"]:
                recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": t})
    random.Random(SEED).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg16b", "lookalike": "la16b", "filler": "f16b"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = f"{pre[r['kind']]}-{n[r['kind']]:03d}"
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open(os.path.join(HERE, "paraphrase_corpus_v16b.jsonl"), "w", encoding="utf-8") as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return len(out)

def build_merge():
    path = os.path.join(HERE, "raw_merge.txt")
    if not os.path.exists(path): return 0
    cases = []
    for b in blocks(path):
        label, reword, kind, domain, category = b["head"][1:6]
        srcs = [t for g, t in b["lines"] if g.startswith("s")]
        merged = [t for g, t in b["lines"] if g == "m"]
        note = [t for g, t in b["lines"] if g == "n"]
        assert len(merged) == 1, b
        cases.append(dict(label=label, reword=reword, kind=None if kind == "-" else kind,
                          domain=domain, category=category, sources=srcs, merged=merged[0],
                          note=note[0] if note else ""))
    random.Random(SEED).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v16b.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = f"e16b-{i:04d}"
            o = {"case_id": cid,
                 "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]}
                             for j, s in enumerate(c["sources"], 1)],
                 "merged": c["merged"], "category": c["category"], "label": c["label"],
                 "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                 "split": "final", "note": c["note"]}
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return len(cases)

if __name__ == "__main__":
    print("paraphrase records:", build_paraphrase())
    print("merge cases:", build_merge())
