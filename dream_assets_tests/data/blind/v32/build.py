"""Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL."""
import glob, json, random, os
HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")

def blocks(path):
    with open(path, encoding="utf-8") as f:
        txt = f.read()
    out, cur = [], []
    for line in txt.splitlines():
        line = line.rstrip()
        if not line:
            if cur: out.append(cur); cur = []
            continue
        if line[:2] in ("F|",) and cur:
            out.append(cur); cur = []
        cur.append(line)
    if cur: out.append(cur)
    return out

def build_b():
    recs = []
    for p in sorted(glob.glob(os.path.join(RAW, "paraphrase_*.txt"))):
        for b in blocks(p):
            h = b[0].split("|")
            if h[0] == "G":
                recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": b[1:]})
            elif h[0] == "L":
                assert len(b) == 3, b
                recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": b[1:]})
            elif h[0] == "F":
                assert len(b) == 2, b
                recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": b[1]})
            else:
                raise ValueError(b)
    random.Random(3201).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg32", "lookalike": "la32", "filler": "f32"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open(os.path.join(HERE, "paraphrase_corpus_v32.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for p in sorted(glob.glob(os.path.join(RAW, "merge_*.txt"))):
        for b in blocks(p):
            h = b[0].split("|")
            assert h[0] == "C", b
            _, label, kind, reword, domain, cat = h
            srcs = [l[3:] for l in b if l.startswith("S: ")]
            merged = [l[3:] for l in b if l.startswith("M: ")]
            note = [l[3:] for l in b if l.startswith("N: ")]
            assert len(merged) == 1, b
            cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword,
                              domain=domain, category=cat, srcs=srcs, merged=merged[0],
                              note=note[0] if note else ""))
    random.Random(3202).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v32.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e32-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    build_b(); build_a()
