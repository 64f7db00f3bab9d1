"""Layout only: parse hand-written raw files into JSONL, shuffle with a fixed seed, assign ids."""
import json, random, glob

def parse_a():
    cases = []
    for fn in sorted(glob.glob("raw/a*.txt")):
        for block in open(fn).read().strip().split("\n\n"):
            lines = [l for l in block.strip().split("\n") if l.strip()]
            head = lines[0].split("|")
            lab, kind, reword, domain, cat = head
            srcs = [l[2:].strip() for l in lines if l.startswith("S ")]
            merged = [l[2:].strip() for l in lines if l.startswith("M ")][0]
            note = " ".join(l[1:].strip() for l in lines if l.startswith("N"))
            cases.append(dict(label="faithful" if lab == "F" else "lossy",
                              kind=None if kind == "-" else kind, reword=reword,
                              domain=domain, category=cat, srcs=srcs, merged=merged,
                              note=note if lab == "L" else ""))
    return cases

def build_a():
    cases = parse_a()
    random.Random(1101).shuffle(cases)
    with open("merge_corpus_v11.jsonl", "w") as f:
        for i, c in enumerate(cases, 1):
            cid = "e11-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return len(cases)

def build_b():
    recs = []
    for fn in sorted(glob.glob("raw/b*.txt")):
        blocks, cur = [], None
        for l in open(fn).read().split("\n"):
            if not l.strip(): continue
            if l.startswith("T "):
                cur[1].append(l[2:].strip())
            else:
                cur = (l.strip().split("|"), []); blocks.append(cur)
        for head, texts in blocks:
            if head[0] == "G":
                recs.append({"kind": "group", "difficulty": head[1], "domain": head[2],
                             "split": "final", "members": texts})
            elif head[0] == "LA":
                recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2],
                             "split": "final", "pair": texts})
            elif head[0] == "FI":
                assert len(texts) == 1
                recs.append({"kind": "filler", "domain": head[1], "split": "final", "text": texts[0]})
    random.Random(1102).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg11-%03d", "lookalike": "la11-%03d", "filler": "f11-%03d"}
    with open("paraphrase_corpus_v11.jsonl", "w") as f:
        for r in recs:
            n[r["kind"]] += 1
            out = {"kind": r["kind"], "id": pre[r["kind"]] % n[r["kind"]]}
            out.update({k: v for k, v in r.items() if k != "kind"})
            f.write(json.dumps(out, ensure_ascii=False) + "\n")
    return len(recs)

if __name__ == "__main__":
    print("part A cases:", build_a())
    print("part B records:", build_b())
