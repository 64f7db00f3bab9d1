#!/usr/bin/env python3
"""Layout only: parse hand-written raw files into JSONL, shuffle with fixed seed, assign ids."""
import json, random, glob, os
HERE = os.path.dirname(os.path.abspath(__file__))

def blocks(path):
    txt = open(path, encoding="utf-8").read()
    for b in txt.split("\n\n"):
        lines = [l.rstrip() for l in b.strip().split("\n") if l.strip() and not l.startswith("#")]
        if lines:
            yield lines

def build_paraphrase():
    recs = []
    for p in sorted(glob.glob(os.path.join(HERE, "raw", "b_*.txt"))):
        for lines in blocks(p):
            head = lines[0].split("|")
            if head[0] == "G":
                recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final",
                             "members": lines[1:]})
            elif head[0] == "L":
                assert len(lines) == 3, lines
                recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final",
                             "pair": lines[1:]})
            elif head[0] == "F":
                for l in lines[1:]:
                    recs.append({"kind": "filler", "domain": head[1], "split": "final", "text": l})
            else:
                raise ValueError(lines)
    random.Random(1313).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg13c", "lookalike": "la13c", "filler": "f13c"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open(os.path.join(HERE, "paraphrase_corpus_v13c.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

def build_merge():
    cases = []
    for p in sorted(glob.glob(os.path.join(HERE, "raw", "a_*.txt"))):
        for lines in blocks(p):
            head = lines[0].split("|")
            label, kind, reword, domain, category = head
            srcs = [l[2:].strip() for l in lines[1:] if l.startswith("S:")]
            merged = [l[2:].strip() for l in lines[1:] if l.startswith("M:")]
            note = [l[2:].strip() for l in lines[1:] if l.startswith("N:")]
            assert len(merged) == 1, lines
            cases.append({"sources": srcs, "merged": merged[0], "category": category, "label": label,
                          "kind": None if kind in ("", "-", "none") else kind, "reword": reword,
                          "domain": domain, "note": note[0] if note else ""})
    random.Random(1313).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v13c.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e13c-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return len(cases)

if __name__ == "__main__":
    print("paraphrase records:", build_paraphrase())
    print("merge cases:", build_merge())
