"""Layout only: reads hand-written raw files, emits shuffled JSONL with ids. No text is generated."""
import json, random, re

def blocks(path):
    txt = open(path, encoding="utf-8").read()
    for b in re.split(r"\n\s*\n", txt.strip()):
        lines = [l.rstrip() for l in b.strip().split("\n") if l.strip() and not l.startswith("//")]
        if lines:
            yield lines

def build_b():
    recs = []
    for b in blocks("raw_partB.txt"):
        head = b[0].split("|")
        kind = head[0].strip()
        if kind == "G":
            recs.append({"kind": "group", "difficulty": head[1].strip(), "domain": head[2].strip(),
                         "split": "final", "members": b[1:]})
        elif kind == "L":
            assert len(b) == 3, b
            recs.append({"kind": "lookalike", "differs": head[1].strip(), "domain": head[2].strip(),
                         "split": "final", "pair": b[1:]})
        elif kind == "F":
            assert len(b) == 2, b
            recs.append({"kind": "filler", "domain": head[1].strip(), "split": "final", "text": b[1]})
        else:
            raise ValueError(b)
    random.Random(3902).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg39b", "lookalike": "la39b", "filler": "f39b"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open("paraphrase_corpus_v39b.jsonl", "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for b in blocks("raw_partA.txt"):
        head = [h.strip() for h in b[0].lstrip("#").split("|")]
        label, kind, reword, domain, category = head
        srcs = [l[2:].strip() for l in b[1:] if l.startswith("S:")]
        merged = [l[2:].strip() for l in b[1:] if l.startswith("M:")]
        note = [l[2:].strip() for l in b[1:] if l.startswith("N:")]
        assert len(merged) == 1, b
        cases.append({"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                      "domain": domain, "category": category, "sources": srcs, "merged": merged[0],
                      "note": note[0] if note else ""})
    random.Random(3901).shuffle(cases)
    with open("merge_corpus_v39b.jsonl", "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e39b-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    build_b()
    build_a()
