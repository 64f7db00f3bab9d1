#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL."""
import json, random, os, glob
HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")

def blocks(path):
    cur = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            if cur: yield cur; cur = []
            continue
        if line.startswith("//"): continue
        cur.append(line)
    if cur: yield cur

def build_a():
    cases = []
    for p in sorted(glob.glob(os.path.join(RAW, "a_*.txt"))):
        for b in blocks(p):
            head = b[0].split()
            assert head[0] == "#", (p, b)
            label, kind, reword, domain, category = head[1:6]
            srcs = [l[3:].strip() for l in b[1:] if l.startswith("S: ")]
            merged = [l[3:].strip() for l in b[1:] if l.startswith("M: ")]
            note = [l[3:].strip() for l in b[1:] if l.startswith("N: ")]
            assert len(merged) == 1, (p, b)
            cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword,
                              domain=domain, category=category, sources=srcs, merged=merged[0],
                              note=note[0] if note else ""))
    random.Random(1818).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = f"e18-{i:04d}"
        out.append({"case_id": cid,
                    "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]}
                                for j, s in enumerate(c["sources"], 1)],
                    "merged": c["merged"], "category": c["category"], "label": c["label"],
                    "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                    "split": "final", "note": c["note"]})
    with open(os.path.join(HERE, "merge_corpus_v18.jsonl"), "w", encoding="utf-8") as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return len(out)

def build_b():
    recs = []
    for p in sorted(glob.glob(os.path.join(RAW, "b_*.txt"))):
        for b in blocks(p):
            head = b[0].split()
            t = head[0]
            if t == "G":
                recs.append({"kind": "group", "difficulty": head[1], "domain": head[2],
                             "split": "final", "members": b[1:]})
            elif t == "L":
                assert len(b) == 3, b
                recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2],
                             "split": "final", "pair": b[1:]})
            elif t == "F":
                for l in b[1:]:
                    dom, text = l.split("|", 1)
                    recs.append({"kind": "filler", "domain": dom.strip(), "split": "final",
                                 "text": text.strip()})
            else:
                raise ValueError(b)
    random.Random(1818).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg18", "lookalike": "la18", "filler": "f18"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        o = {"kind": r["kind"], "id": f"{pre[r['kind']]}-{n[r['kind']]:03d}"}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open(os.path.join(HERE, "paraphrase_corpus_v18.jsonl"), "w", encoding="utf-8") as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return len(out)

if __name__ == "__main__":
    print("merge cases:", build_a(), "paraphrase records:", build_b())
