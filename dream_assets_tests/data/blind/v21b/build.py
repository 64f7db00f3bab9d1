#!/usr/bin/env python3
"""Layout only: reads hand-written raw files, shuffles with a fixed seed, assigns ids, writes JSONL."""
import json, random, os
HERE = os.path.dirname(os.path.abspath(__file__))

def blocks(path):
    with open(path, encoding="utf-8") as f:
        txt = f.read()
    for b in txt.split("\n\n"):
        lines = [l.rstrip() for l in b.strip().split("\n") if l.strip() and not l.startswith("#")]
        if lines:
            yield lines

def build_paraphrase():
    recs = []
    for lines in blocks(os.path.join(HERE, "raw_paraphrase.txt")):
        head = lines[0].split("|")
        if head[0] == "G":
            recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final", "members": lines[1:]})
        elif head[0] == "L":
            assert len(lines) == 3, lines
            recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final", "pair": lines[1:]})
        elif head[0] == "F":
            for l in lines[1:]:
                recs.append({"kind": "filler", "domain": head[1], "split": "final", "text": l})
        else:
            raise ValueError(lines)
    random.Random(2121).shuffle(recs)
    counters = {"group": 0, "lookalike": 0, "filler": 0}
    prefix = {"group": "pg21b", "lookalike": "la21b", "filler": "f21b"}
    out = []
    for r in recs:
        counters[r["kind"]] += 1
        rid = "%s-%03d" % (prefix[r["kind"]], counters[r["kind"]])
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open(os.path.join(HERE, "paraphrase_corpus_v21b.jsonl"), "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return len(out)

def build_merge():
    cases = []
    for lines in blocks(os.path.join(HERE, "raw_merge.txt")):
        head = lines[0].split("|")
        assert head[0] == "C", lines
        _, label, kind, reword, domain, category = head
        srcs = [l[3:].strip() for l in lines[1:] if l.startswith("S: ")]
        merged = [l[3:].strip() for l in lines[1:] if l.startswith("M: ")]
        note = [l[3:].strip() for l in lines[1:] if l.startswith("N: ")]
        assert len(merged) == 1, lines
        cases.append({"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                      "domain": domain, "category": category, "sources": srcs, "merged": merged[0],
                      "note": note[0] if note else ""})
    random.Random(2122).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = "e21b-%04d" % i
        out.append({"case_id": cid,
                    "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                                for j, s in enumerate(c["sources"], 1)],
                    "merged": c["merged"], "category": c["category"], "label": c["label"],
                    "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                    "split": "final", "note": c["note"]})
    with open(os.path.join(HERE, "merge_corpus_v21b.jsonl"), "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return len(out)

if __name__ == "__main__":
    n1 = build_paraphrase() if os.path.exists(os.path.join(HERE, "raw_paraphrase.txt")) else 0
    n2 = build_merge() if os.path.exists(os.path.join(HERE, "raw_merge.txt")) else 0
    print("paraphrase records:", n1, "merge cases:", n2)
