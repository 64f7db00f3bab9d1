#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL."""
import glob, json, random, os
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
            if line.startswith("//"):
                continue
            cur.append(line)
        if cur: out.append(cur)
    return out

def build_b():
    recs = []
    for b in blocks("raw_b_*.txt"):
        head = b[0].split()
        texts = [l[2:].strip() for l in b[1:] if l.startswith("| ")]
        if head[0] == "G":
            recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final", "members": texts})
        elif head[0] == "L":
            recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final", "pair": texts})
        elif head[0] == "F":
            recs.append({"kind": "filler", "domain": head[1], "split": "final", "text": texts[0]})
        else:
            raise SystemExit("bad head %r" % b[0])
    random.Random(1717).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg17-", "lookalike": "la17-", "filler": "f17-"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = pref[r["kind"]] + "%03d" % n[r["kind"]]
        out.append(dict([("kind", r["kind"]), ("id", rid)] + [(k, v) for k, v in r.items() if k != "kind"]))
    with open(os.path.join(HERE, "paraphrase_corpus_v17.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

def build_a():
    recs = []
    for b in blocks("raw_a_*.txt"):
        h = b[0].split()
        assert h[0] == "@", b[0]
        label, kind, reword, domain, cat = h[1], h[2], h[3], h[4], h[5]
        srcs = [l[2:].strip() for l in b[1:] if l.startswith("S ")]
        merged = [l[2:].strip() for l in b[1:] if l.startswith("M ")]
        note = [l[2:].strip() for l in b[1:] if l.startswith("N ")]
        assert len(merged) == 1, b
        recs.append({"sources": srcs, "merged": merged[0], "category": cat, "label": label,
                     "kind": None if kind == "-" else kind, "reword": reword, "domain": domain,
                     "note": note[0] if note else ""})
    random.Random(1717).shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        cid = "e17-%04d" % i
        out.append({"case_id": cid,
                    "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": r["category"]} for j, s in enumerate(r["sources"], 1)],
                    "merged": r["merged"], "category": r["category"], "label": r["label"], "kind": r["kind"],
                    "reword": r["reword"], "domain": r["domain"], "split": "final", "note": r["note"]})
    with open(os.path.join(HERE, "merge_corpus_v17.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

if __name__ == "__main__":
    print("paraphrase records:", build_b())
    print("merge cases:", build_a())
