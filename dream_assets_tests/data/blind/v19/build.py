#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL."""
import json, random, glob, os, re
HERE = os.path.dirname(os.path.abspath(__file__))

def blocks(path):
    cur = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("#"):
            continue
        if not line.strip():
            if cur: yield cur; cur = []
        else:
            cur.append(line.strip())
    if cur: yield cur

def build_paraphrase():
    recs = []
    for b in blocks(os.path.join(HERE, "raw_paraphrase.txt")):
        head = b[0].split()
        t = head[0]
        if t == "G":
            recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final", "members": b[1:]})
        elif t == "L":
            assert len(b) == 3, b
            recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final", "pair": b[1:]})
        elif t == "F":
            dom = head[1]
            for line in b[1:]:
                if re.fullmatch(r"F [a-z/]+", line):
                    dom = line.split()[1]; continue
                recs.append({"kind": "filler", "domain": dom, "split": "final", "text": line})
        else:
            raise ValueError(b)
    random.Random(1919).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg19", "lookalike": "la19", "filler": "f19"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pref[r["kind"]], n[r["kind"]])
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open(os.path.join(HERE, "paraphrase_corpus_v19.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

def build_merge():
    cases = []
    for path in sorted(glob.glob(os.path.join(HERE, "raw_merge_*.txt"))):
        for b in blocks(path):
            head = b[0].split()
            assert head[0] == "C", b
            label, kind, reword, domain, category = head[1:6]
            srcs = [l[2:].strip() for l in b if l.startswith("S ")]
            merged = [l[2:].strip() for l in b if l.startswith("M ")]
            note = [l[2:].strip() for l in b if l.startswith("N ")]
            assert len(merged) == 1, b
            cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword,
                              domain=domain, category=category, sources=srcs, merged=merged[0],
                              note=note[0] if note else ""))
    random.Random(1919).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v19.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e19-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return len(cases)

if __name__ == "__main__":
    print("paraphrase records:", build_paraphrase())
    print("merge cases:", build_merge())
