"""Layout only: parse hand-written raw files into JSONL, shuffle with a fixed seed, assign ids."""
import json, random, re
from pathlib import Path
D = Path(__file__).parent

def blocks(text):
    return [b.strip().split("\n") for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]

def build_b():
    recs = []
    for b in blocks((D / "raw_b.txt").read_text()):
        for line in b:
            pass
        head = b[0].split()
        if head[0] == "G":
            recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final",
                         "members": [l.strip() for l in b[1:]]})
        elif head[0] == "L":
            recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final",
                         "pair": [b[1].strip(), b[2].strip()]})
        else:  # filler lines, possibly several per block
            for l in b:
                _, dom, txt = l.split(" ", 2)
                recs.append({"kind": "filler", "domain": dom, "split": "final", "text": txt.strip()})
    random.Random(3131).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg31", "lookalike": "la31", "filler": "f31"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = f"{pre[r['kind']]}-{n[r['kind']]:03d}"
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open(D / "paraphrase_corpus_v31.jsonl", "w") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for fn in sorted(D.glob("raw_a_*.txt")):
        for b in blocks(fn.read_text()):
            head = b[0].split()
            assert head[0] == "C", (fn, b)
            label, kind, reword, domain, cat = head[1:6]
            srcs = [l[3:].strip() for l in b[1:] if l.startswith("S: ")]
            merged = [l[3:].strip() for l in b[1:] if l.startswith("M: ")]
            note = [l[3:].strip() for l in b[1:] if l.startswith("N: ")]
            assert len(merged) == 1, b
            cases.append({"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                          "domain": domain, "category": cat, "sources": srcs, "merged": merged[0],
                          "note": note[0] if note else ""})
    random.Random(3131).shuffle(cases)
    with open(D / "merge_corpus_v31.jsonl", "w") as f:
        for i, c in enumerate(cases, 1):
            cid = f"e31-{i:04d}"
            rec = {"case_id": cid,
                   "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"], "split": "final",
                   "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    build_b()
    build_a()
