"""Layout only: parse hand-written raw files into JSONL, shuffle with fixed seed, assign ids."""
import json, random, glob, os
HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")

def blocks(path):
    with open(path) as f:
        txt = f.read()
    return [b.strip().split("\n") for b in txt.strip().split("\n\n") if b.strip()]

def build_b():
    recs = []
    for b in blocks(os.path.join(RAW, "groups.txt")):
        _, diff, dom = b[0].split("|")
        recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final", "members": b[1:]})
    for b in blocks(os.path.join(RAW, "lookalikes.txt")):
        _, differs, dom = b[0].split("|")
        assert len(b) == 3, b
        recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": b[1:]})
    with open(os.path.join(RAW, "fillers.txt")) as f:
        for line in f:
            line = line.strip()
            if line:
                dom, text = line.split("|", 1)
                recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text})
    random.Random(3401).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg34", "lookalike": "la34", "filler": "f34"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open(os.path.join(HERE, "paraphrase_corpus_v34.jsonl"), "w") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for p in sorted(glob.glob(os.path.join(RAW, "cases*.txt"))):
        for b in blocks(p):
            _, label, kind, reword, dom, cat = b[0].split("|")
            srcs = [l[3:] for l in b[1:] if l.startswith("S: ")]
            merged = [l[3:] for l in b[1:] if l.startswith("M: ")]
            note = [l[3:] for l in b[1:] if l.startswith("N: ")]
            assert len(merged) == 1, b
            cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword,
                              domain=dom, category=cat, srcs=srcs, merged=merged[0],
                              note=note[0] if note else ""))
    random.Random(3402).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v34.jsonl"), "w") as f:
        for i, c in enumerate(cases, 1):
            cid = "e34-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    build_b()
    build_a()
