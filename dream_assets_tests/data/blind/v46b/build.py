#!/usr/bin/env python3
"""Layout only: reads hand-written raw files, shuffles with a fixed seed, assigns ids, writes JSONL."""
import json, random, glob, os
HERE = os.path.dirname(os.path.abspath(__file__))

def blocks(pattern):
    out = []
    for fn in sorted(glob.glob(os.path.join(HERE, pattern))):
        cur = []
        for line in open(fn, encoding="utf-8"):
            line = line.rstrip("\n")
            if not line.strip():
                if cur: out.append(cur); cur = []
                continue
            cur.append(line.strip())
        if cur: out.append(cur)
    return out

def build_para():
    recs = []
    for b in blocks("raw_para_*.txt"):
        h = b[0].split("|")
        if h[0] == "G":
            recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": b[1:]})
        elif h[0] == "L":
            assert len(b) == 3, b
            recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": b[1:]})
        elif h[0] == "F":
            dom = h[1]
            for t in b[1:]:
                if t.startswith("F|"):
                    dom = t.split("|")[1]; continue
                recs.append({"kind": "filler", "domain": dom, "split": "final", "text": t})
        else:
            raise ValueError(b)
    random.Random(4646).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg46b", "lookalike": "la46b", "filler": "f46b"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open(os.path.join(HERE, "paraphrase_corpus_v46b.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

def build_merge():
    cases = []
    for b in blocks("raw_merge_*.txt"):
        h = b[0].split("|")
        label, kind, reword, domain, cat = h[1], h[2], h[3], h[4], h[5]
        srcs = [l[2:].strip() for l in b[1:] if l.startswith("S:")]
        merged = [l[2:].strip() for l in b[1:] if l.startswith("M:")]
        note = [l[2:].strip() for l in b[1:] if l.startswith("N:")]
        assert len(merged) == 1, b
        cases.append(dict(label=label, kind=None if kind == "null" else kind, reword=reword, domain=domain,
                          category=cat, sources=srcs, merged=merged[0], note=note[0] if note else ""))
    random.Random(4646).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = "e46b-%04d" % i
        out.append({"case_id": cid,
                    "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
                    "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                    "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]})
    with open(os.path.join(HERE, "merge_corpus_v46b.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

if __name__ == "__main__":
    print("paraphrase records:", build_para())
    print("merge cases:", build_merge())
