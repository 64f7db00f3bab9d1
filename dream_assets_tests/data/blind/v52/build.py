#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL."""
import json, random, glob, os
HERE = os.path.dirname(os.path.abspath(__file__))

def blocks(path):
    cur = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            if cur: yield cur; cur = []
            continue
        if line.startswith("#"): continue
        cur.append(line)
    if cur: yield cur

def build_b():
    recs = []
    for p in sorted(glob.glob(os.path.join(HERE, "raw_b_*.txt"))):
        for b in blocks(p):
            head = b[0].split()
            if head[0] == "G":
                recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final",
                             "members": [l[2:].strip() for l in b[1:]]})
            elif head[0] == "L":
                recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final",
                             "pair": [l[2:].strip() for l in b[1:]]})
            elif head[0] == "F":
                for l in b[1:]:
                    dom, txt = l.split("|", 1)
                    recs.append({"kind": "filler", "domain": dom.strip(), "split": "final", "text": txt.strip()})
    random.Random(52).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg52", "lookalike": "la52", "filler": "f52"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open(os.path.join(HERE, "paraphrase_corpus_v52.jsonl"), "w", encoding="utf-8") as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for p in sorted(glob.glob(os.path.join(HERE, "raw_a_*.txt"))):
        for b in blocks(p):
            head = b[0].split()
            # C label kind reword domain category
            label, kind, reword, domain, cat = head[1], head[2], head[3], head[4], head[5]
            srcs = [l[2:].strip() for l in b[1:] if l.startswith("S ")]
            merged = [l[2:].strip() for l in b[1:] if l.startswith("M ")]
            note = [l[2:].strip() for l in b[1:] if l.startswith("N ")]
            cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword, domain=domain,
                              category=cat, sources=srcs, merged=merged[0] if merged else "",
                              note=note[0] if note else ""))
    random.Random(5252).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v52.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e52-%04d" % i
            o = {"case_id": cid,
                 "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                             for j, s in enumerate(c["sources"], 1)],
                 "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                 "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(o, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    build_b(); build_a()
