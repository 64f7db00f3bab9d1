#!/usr/bin/env python3
"""Layout only: parse the hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL."""
import json, random, re, os
HERE = os.path.dirname(os.path.abspath(__file__))

def blocks(path):
    text = open(path, encoding="utf-8").read()
    out, cur = [], None
    for line in text.splitlines():
        if line.startswith("## "):
            if cur: out.append(cur)
            cur = {"head": line[3:].split(), "lines": []}
        elif line.strip() and cur is not None:
            cur["lines"].append(line.rstrip())
    if cur: out.append(cur)
    return out

def build_merge():
    cases = []
    for b in blocks(os.path.join(HERE, "merge_raw.txt")):
        label, kind, reword, domain, category = b["head"]
        srcs = [l[3:].strip() for l in b["lines"] if l.startswith("S: ")]
        merged = [l[3:].strip() for l in b["lines"] if l.startswith("M: ")]
        note = [l[2:].strip() for l in b["lines"] if l.startswith("N:")]
        assert len(merged) == 1, b
        cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword,
                          domain=domain, category=category, sources=srcs, merged=merged[0],
                          note=note[0] if note else ""))
    random.Random(20202).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v20b.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e20b-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"] if c["label"] == "lossy" else ""}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return len(cases)

def build_para():
    recs = []
    for b in blocks(os.path.join(HERE, "paraphrase_raw.txt")):
        h = b["head"]
        if h[0] == "GROUP":
            recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": b["lines"]})
        elif h[0] == "LOOK":
            assert len(b["lines"]) == 2, b
            recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": b["lines"]})
        elif h[0] == "FILL":
            for l in b["lines"]:
                recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": l})
        else:
            raise ValueError(h)
    random.Random(20203).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg20b-%03d", "lookalike": "la20b-%03d", "filler": "f20b-%03d"}
    with open(os.path.join(HERE, "paraphrase_corpus_v20b.jsonl"), "w", encoding="utf-8") as f:
        for r in recs:
            n[r["kind"]] += 1
            out = {"kind": r["kind"], "id": pre[r["kind"]] % n[r["kind"]]}
            out.update({k: v for k, v in r.items() if k != "kind"})
            f.write(json.dumps(out, ensure_ascii=False) + "\n")
    return len(recs)

if __name__ == "__main__":
    if os.path.exists(os.path.join(HERE, "paraphrase_raw.txt")):
        print("paraphrase records:", build_para())
    if os.path.exists(os.path.join(HERE, "merge_raw.txt")):
        print("merge cases:", build_merge())
