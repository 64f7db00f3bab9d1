"""Lay the hand-written raw files out as JSONL (no text is generated here).

Shuffles with a fixed seed, then assigns ids in the shuffled order.
"""
import json, os, random
from parse_raw import merge_cases, para_records

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20250505


def build_merge():
    cases = merge_cases()
    random.Random(SEED).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = f"e5-{i:04d}"
        out.append({
            "case_id": cid,
            "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]}
                        for j, s in enumerate(c["sources"], 1)],
            "merged": c["merged"],
            "category": c["category"],
            "label": c["label"],
            "kind": c["kind"],
            "reword": c["reword"],
            "domain": c["domain"],
            "split": "final",
            "note": c["note"] if c["label"] == "lossy" else "",
        })
    return out


def build_para():
    recs = para_records()
    random.Random(SEED + 1).shuffle(recs)
    counters = {"group": 0, "lookalike": 0, "filler": 0}
    prefix = {"group": "pg5", "lookalike": "la5", "filler": "f5"}
    out = []
    for r in recs:
        k = r["kind"]
        counters[k] += 1
        rid = f"{prefix[k]}-{counters[k]:03d}"
        if k == "group":
            out.append({"kind": "group", "id": rid, "difficulty": r["difficulty"], "domain": r["domain"],
                        "split": "final", "members": r["members"]})
        elif k == "lookalike":
            out.append({"kind": "lookalike", "id": rid, "differs": r["differs"], "domain": r["domain"],
                        "split": "final", "pair": r["pair"]})
        else:
            out.append({"kind": "filler", "id": rid, "domain": r["domain"], "split": "final", "text": r["text"]})
    return out


def write(name, rows):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    m = build_merge()
    write("merge_corpus_v5.jsonl", m)
    p = build_para()
    if p:
        write("paraphrase_corpus_v5.jsonl", p)
    print(f"merge cases: {len(m)}; paraphrase records: {len(p)}")
