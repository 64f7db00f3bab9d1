# Layout only: parses hand-written raw files, shuffles with a fixed seed, assigns ids, writes JSONL.
import json, random, glob, os
D = os.path.dirname(os.path.abspath(__file__))

def blocks(path):
    out, cur = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            if cur: out.append(cur); cur = []
        elif not line.startswith("#"):
            cur.append(line)
    if cur: out.append(cur)
    return out

def build_b():
    recs = []
    for f in sorted(glob.glob(os.path.join(D, "raw_b_*.txt"))):
        for b in blocks(f):
            head = b[0].split("|")
            t = head[0].strip()
            if t == "G":
                recs.append({"kind": "group", "difficulty": head[1].strip(), "domain": head[2].strip(), "split": "final", "members": [x.strip() for x in b[1:]]})
            elif t == "L":
                recs.append({"kind": "lookalike", "differs": head[1].strip(), "domain": head[2].strip(), "split": "final", "pair": [x.strip() for x in b[1:]]})
            elif t == "F":
                recs.append({"kind": "filler", "domain": head[1].strip(), "split": "final", "text": b[1].strip()})
            else:
                raise SystemExit("bad block %r" % b)
    random.Random(4949).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg49b", "lookalike": "la49b", "filler": "f49b"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        out.append(dict([("kind", r["kind"]), ("id", rid)] + [(k, v) for k, v in r.items() if k != "kind"]))
    with open(os.path.join(D, "paraphrase_corpus_v49b.jsonl"), "w", encoding="utf-8") as fh:
        for r in out: fh.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for f in sorted(glob.glob(os.path.join(D, "raw_a_*.txt"))):
        for b in blocks(f):
            head = [h.strip() for h in b[0].split("|")]
            assert head[0] == "C", b
            label, kind, reword, domain, cat = head[1:6]
            srcs = [x[2:].strip() for x in b[1:] if x.startswith("S:")]
            merged = [x[2:].strip() for x in b[1:] if x.startswith("M:")]
            note = [x[2:].strip() for x in b[1:] if x.startswith("N:")]
            assert len(merged) == 1, b
            cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword, domain=domain, category=cat, sources=srcs, merged=merged[0], note=note[0] if note else ""))
    random.Random(4949).shuffle(cases)
    with open(os.path.join(D, "merge_corpus_v49b.jsonl"), "w", encoding="utf-8") as fh:
        for i, c in enumerate(cases, 1):
            cid = "e49b-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")

build_b(); build_a()
