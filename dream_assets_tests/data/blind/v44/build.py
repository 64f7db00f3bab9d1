# Layout only: parses hand-written raw files into JSONL, shuffles with fixed seed, assigns ids.
import json, random, glob

def blocks(path):
    cur = None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            continue
        if line.startswith("@"):
            if cur: yield cur
            cur = {"head": line[1:].split(), "lines": []}
        else:
            cur["lines"].append(line)
    if cur: yield cur

def build_b():
    recs = []
    for f in sorted(glob.glob("raw_b*.txt")):
        for b in blocks(f):
            h = b["head"]
            if h[0] == "group":
                recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": b["lines"]})
            elif h[0] == "lookalike":
                recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": b["lines"]})
            elif h[0] == "filler":
                for t in b["lines"]:
                    recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": t})
    random.Random(4401).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg44", "lookalike": "la44", "filler": "f44"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        r = {"kind": r["kind"], "id": "%s-%03d" % (pre[r["kind"]], n[r["kind"]]), **{k: v for k, v in r.items() if k != "kind"}}
        out.append(r)
    with open("paraphrase_corpus_v44.jsonl", "w", encoding="utf-8") as fh:
        for r in out: fh.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for f in sorted(glob.glob("raw_a*.txt")):
        for b in blocks(f):
            # @label kind reword domain category
            label, kind, reword, domain, cat = b["head"]
            srcs = [l[3:] for l in b["lines"] if l.startswith("S: ")]
            merged = [l[3:] for l in b["lines"] if l.startswith("M: ")]
            note = [l[3:] for l in b["lines"] if l.startswith("N: ")]
            cases.append({"sources": srcs, "merged": merged[0], "category": cat, "label": label,
                          "kind": None if kind == "-" else kind, "reword": reword, "domain": domain,
                          "note": note[0] if note else ""})
    random.Random(4402).shuffle(cases)
    with open("merge_corpus_v44.jsonl", "w", encoding="utf-8") as fh:
        for i, c in enumerate(cases, 1):
            cid = "e44-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")

build_b(); build_a()
