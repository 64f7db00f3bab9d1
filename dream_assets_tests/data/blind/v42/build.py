# Layout only: parses hand-written raw files into JSONL, shuffles with a fixed seed, assigns ids.
import json, random
def blocks(path):
    txt = open(path, encoding="utf-8").read()
    return [b.strip().split("\n") for b in txt.split("\n\n") if b.strip() and not b.strip().startswith("#")]

def build_b():
    recs = []
    for b in blocks("raw_paraphrase.txt"):
        h = b[0].split("|")
        body = [l[2:].strip() for l in b[1:] if l.startswith("- ")]
        if h[0] == "G":
            recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": body})
        elif h[0] == "A":
            recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": body})
        elif h[0] == "F":
            for t in body:
                recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": t})
    random.Random(4242).shuffle(recs)
    c = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg42", "lookalike": "la42", "filler": "f42"}
    out = []
    for r in recs:
        c[r["kind"]] += 1
        rid = f'{pre[r["kind"]]}-{c[r["kind"]]:03d}'
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open("paraphrase_corpus_v42.jsonl", "w", encoding="utf-8") as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")

def build_a():
    recs = []
    import glob
    for path in sorted(glob.glob("raw_merge_*.txt")):
        for b in blocks(path):
            h = b[0].split("|")  # label|kind|reword|domain|category
            srcs = [l[3:].strip() for l in b[1:] if l.startswith("S: ")]
            merged = [l[3:].strip() for l in b[1:] if l.startswith("M: ")][0]
            note = [l[3:].strip() for l in b[1:] if l.startswith("N: ")]
            recs.append(dict(label=h[0], kind=None if h[1] == "-" else h[1], reword=h[2], domain=h[3],
                             category=h[4], sources=srcs, merged=merged, note=note[0] if note else ""))
    random.Random(4242).shuffle(recs)
    with open("merge_corpus_v42.jsonl", "w", encoding="utf-8") as f:
        for i, r in enumerate(recs, 1):
            cid = f"e42-{i:04d}"
            o = {"case_id": cid,
                 "sources": [{"id": f"{cid}-s{j}", "content": s, "category": r["category"]} for j, s in enumerate(r["sources"], 1)],
                 "merged": r["merged"], "category": r["category"], "label": r["label"], "kind": r["kind"],
                 "reword": r["reword"], "domain": r["domain"], "split": "final", "note": r["note"]}
            f.write(json.dumps(o, ensure_ascii=False) + "\n")

build_b(); build_a()
