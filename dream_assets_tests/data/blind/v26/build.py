#!/usr/bin/env python3
"""Layout only: read hand-written raw files, shuffle with fixed seed, assign ids, write JSONL."""
import json, random, glob, os
D = os.path.dirname(os.path.abspath(__file__))

def build_b():
    recs = []
    for fn in sorted(glob.glob(os.path.join(D, "raw", "b_*.txt"))):
        for line in open(fn, encoding="utf-8"):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split("|", 3)
            if parts[0] == "G":
                _, diff, dom, rest = parts
                recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                             "members": [m.strip() for m in rest.split(" || ")]})
            elif parts[0] == "L":
                _, differs, dom, rest = parts
                a, b = [m.strip() for m in rest.split(" || ")]
                recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
            elif parts[0] == "F":
                _, dom, text = line.split("|", 2)
                recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
            else:
                raise SystemExit("bad line: " + line)
    random.Random(2626).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg26", "lookalike": "la26", "filler": "f26"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        out.append({"kind": r["kind"], "id": "%s-%03d" % (pre[r["kind"]], n[r["kind"]]), **{k: v for k, v in r.items() if k != "kind"}})
    with open(os.path.join(D, "paraphrase_corpus_v26.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

def build_a():
    cases = []
    for fn in sorted(glob.glob(os.path.join(D, "raw", "a_*.txt"))):
        block = []
        for line in open(fn, encoding="utf-8").read().split("\n") + [""]:
            if line.strip() == "":
                if block:
                    cases.append(block); block = []
                continue
            if line.startswith("#"):
                continue
            block.append(line)
    recs = []
    for b in cases:
        h = b[0].split("|")
        assert h[0] == "C", b
        _, label, kind, reword, domain, cat = [x.strip() for x in h]
        srcs = [l[2:].strip() for l in b[1:] if l.startswith("S:")]
        merged = [l[2:].strip() for l in b[1:] if l.startswith("M:")]
        note = [l[2:].strip() for l in b[1:] if l.startswith("N:")]
        assert len(merged) == 1, b
        recs.append({"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                     "domain": domain, "category": cat, "sources": srcs, "merged": merged[0],
                     "note": note[0] if note else ""})
    random.Random(2626).shuffle(recs)
    with open(os.path.join(D, "merge_corpus_v26.jsonl"), "w", encoding="utf-8") as f:
        for i, r in enumerate(recs, 1):
            cid = "e26-%04d" % i
            o = {"case_id": cid,
                 "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": r["category"]} for j, s in enumerate(r["sources"], 1)],
                 "merged": r["merged"], "category": r["category"], "label": r["label"], "kind": r["kind"],
                 "reword": r["reword"], "domain": r["domain"], "split": "final", "note": r["note"]}
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return len(recs)

if __name__ == "__main__":
    print("paraphrase records:", build_b())
    print("merge cases:", build_a())
