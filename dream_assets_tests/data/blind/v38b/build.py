#!/usr/bin/env python3
"""Layout only: reads the hand-written raw files, shuffles with a fixed seed, assigns ids, writes JSONL."""
import json, random

def blocks(path):
    with open(path, encoding="utf-8") as f:
        cur = []
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                continue
            if not line.strip():
                if cur:
                    yield cur
                    cur = []
                continue
            cur.append(line)
        if cur:
            yield cur

def build_paraphrase():
    recs = []
    for b in blocks("raw_paraphrase.txt"):
        head = b[0].split()
        if head[0] == "G":
            recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final", "members": b[1:]})
        elif head[0] == "L":
            assert len(b) == 3, b
            recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final", "pair": b[1:]})
        elif head[0] == "F":
            for t in b[1:]:
                recs.append({"kind": "filler", "domain": head[1], "split": "final", "text": t})
        else:
            raise SystemExit("bad block %r" % b)
    random.Random(3801).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        k = n[r["kind"]]
        rid = {"group": "pg38b-%03d", "lookalike": "la38b-%03d", "filler": "f38b-%03d"}[r["kind"]] % k
        o = {"kind": r["kind"], "id": rid}
        o.update({x: y for x, y in r.items() if x != "kind"})
        out.append(o)
    with open("paraphrase_corpus_v38b.jsonl", "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")

def build_merge():
    cases = []
    for b in blocks("raw_merge.txt"):
        head = b[0].split()
        assert head[0] == "C", b
        label, kind, reword, category = head[1:5]
        domain = head[5] if len(head) > 5 else {"tech": "software"}.get(category.split("/")[0], category.split("/")[0])
        srcs = [l[3:] for l in b[1:] if l.startswith("S: ")]
        merged = [l[3:] for l in b[1:] if l.startswith("M: ")]
        note = [l[3:] for l in b[1:] if l.startswith("N: ")]
        assert len(merged) == 1, b
        cases.append({"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                      "category": category, "domain": domain, "sources": srcs, "merged": merged[0],
                      "note": note[0] if note else ""})
    random.Random(3802).shuffle(cases)
    with open("merge_corpus_v38b.jsonl", "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e38b-%04d" % i
            o = {"case_id": cid,
                 "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
                 "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                 "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(o, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    import os
    if os.path.exists("raw_paraphrase.txt"):
        build_paraphrase()
    if os.path.exists("raw_merge.txt"):
        build_merge()
