#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL."""
import json, random, glob, os
HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")

def blocks(pattern):
    out = []
    for fn in sorted(glob.glob(os.path.join(RAW, pattern))):
        txt = open(fn, encoding="utf-8").read()
        for b in txt.split("\n\n"):
            lines = [l.rstrip() for l in b.strip().split("\n") if l.strip() and not l.startswith("#")]
            if lines:
                out.append(lines)
    return out

def build_b():
    recs = []
    for lines in blocks("para_*.txt"):
        h = lines[0].split()
        if h[0] == "G":
            recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": lines[1:]})
        elif h[0] == "L":
            assert len(lines) == 3, lines
            recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": lines[1:]})
        elif h[0] == "F":
            assert len(lines) == 2, lines
            recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": lines[1]})
        else:
            raise ValueError(lines)
    random.Random(3939).shuffle(recs)
    c = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg39-", "lookalike": "la39-", "filler": "f39-"}
    out = []
    for r in recs:
        c[r["kind"]] += 1
        rid = pre[r["kind"]] + "%03d" % c[r["kind"]]
        r = {"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}}
        out.append(r)
    with open(os.path.join(HERE, "paraphrase_corpus_v39.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for lines in blocks("merge_*.txt"):
        h = lines[0].split()
        assert h[0] == "C", lines
        label, kind, reword, domain, cat = h[1], h[2], h[3], h[4], h[5]
        srcs = [l[2:].strip() for l in lines[1:] if l.startswith("S ")]
        merged = [l[2:].strip() for l in lines[1:] if l.startswith("M ")]
        note = [l[2:].strip() for l in lines[1:] if l.startswith("N ")]
        assert len(merged) == 1, lines
        cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword, domain=domain,
                          category=cat, srcs=srcs, merged=merged[0], note=note[0] if note else ""))
    random.Random(3939).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v39.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e39-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    build_b(); build_a()
