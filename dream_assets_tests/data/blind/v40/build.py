# Layout only: reads hand-written raw files, lays them out as JSONL, shuffles with a fixed seed, assigns ids.
import json, random, os
HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")

def blocks(path):
    if not os.path.exists(path):
        return []
    out, cur = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            if cur: out.append(cur); cur = []
            continue
        if line.startswith("#"): continue
        cur.append(line)
    if cur: out.append(cur)
    return out

def build_b():
    recs = []
    for fn in sorted(os.listdir(RAW)):
        if not fn.startswith("b_"): continue
        for b in blocks(os.path.join(RAW, fn)):
            head = b[0].split()
            if head[0] == "G":
                recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final",
                             "members": [l[2:].strip() for l in b[1:]]})
            elif head[0] == "L":
                assert len(b) == 3, b
                recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final",
                             "pair": [b[1][2:].strip(), b[2][2:].strip()]})
            elif head[0] == "F":
                for l in b[1:]:
                    dom, text = l.split("|", 1)
                    recs.append({"kind": "filler", "domain": dom.strip(), "split": "final", "text": text.strip()})
    random.Random(4040).shuffle(recs)
    c = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg40", "lookalike": "la40", "filler": "f40"}
    out = []
    for r in recs:
        c[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], c[r["kind"]])
        r2 = {"kind": r["kind"], "id": rid}
        r2.update({k: v for k, v in r.items() if k != "kind"})
        out.append(r2)
    with open(os.path.join(HERE, "paraphrase_corpus_v40.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for fn in sorted(os.listdir(RAW)):
        if not fn.startswith("a_"): continue
        for b in blocks(os.path.join(RAW, fn)):
            head = b[0].split()
            assert head[0] == "C", b
            label, kind, reword, domain, category = head[1:6]
            srcs = [l[2:].strip() for l in b[1:] if l.startswith("S ")]
            merged = [l[2:].strip() for l in b[1:] if l.startswith("M ")]
            note = [l[2:].strip() for l in b[1:] if l.startswith("N ")]
            assert len(merged) == 1, b
            cases.append({"sources": srcs, "merged": merged[0], "category": category, "label": label,
                          "kind": None if kind == "-" else kind, "reword": reword, "domain": domain,
                          "note": note[0] if note else ""})
    random.Random(4041).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v40.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e40-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    build_b(); build_a()
