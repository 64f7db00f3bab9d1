#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL."""
import json, random, glob

def blocks(path):
    out, cur = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("#"):
            continue
        if not line.strip():
            if cur: out.append(cur); cur = []
        else:
            cur.append(line.strip())
    if cur: out.append(cur)
    return out

def build_b():
    recs = []
    for path in sorted(glob.glob("raw_b_*.txt")):
        for b in blocks(path):
            h = b[0].split()
            t = h[0]
            if t == "G":
                recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": b[1:]})
            elif t == "L":
                assert len(b) == 3, b
                recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": b[1:]})
            elif t == "F":
                for txt in b[1:]:
                    recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": txt})
            else:
                raise ValueError(b)
    random.Random(2020).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg20", "lookalike": "la20", "filler": "f20"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open("paraphrase_corpus_v20.jsonl", "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for path in sorted(glob.glob("raw_a_*.txt")):
        for b in blocks(path):
            h = b[0].split()
            assert h[0] == "C", b
            label, kind, reword, reg, domain, cat = h[1], h[2], h[3], h[4], h[5], h[6]
            srcs = [l[2:].strip() for l in b[1:] if l.startswith("S ")]
            merged = [l[2:].strip() for l in b[1:] if l.startswith("M ")]
            note = [l[2:].strip() for l in b[1:] if l.startswith("N ")]
            assert len(merged) == 1, b
            cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword, reg=reg,
                              domain=domain, cat=cat, srcs=srcs, merged=merged[0], note=note[0] if note else ""))
    random.Random(2020).shuffle(cases)
    regs = {}
    with open("merge_corpus_v20.jsonl", "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e20-%04d" % i
            regs[cid] = c["reg"]
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["cat"]} for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["cat"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open("registers_v20.json", "w") as f:
        json.dump(regs, f, indent=0)

if __name__ == "__main__":
    build_b()
    if glob.glob("raw_a_*.txt"):
        build_a()
    print("built")
