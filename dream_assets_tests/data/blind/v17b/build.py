"""Layout only: parse hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL."""
import json, random

def blocks(path):
    out, cur = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("#"):
            continue
        if not line.strip():
            if cur: out.append(cur); cur = []
            continue
        cur.append(line)
    if cur: out.append(cur)
    return out

def build_b():
    recs = []
    for b in blocks("partB_raw.txt"):
        head = b[0].split()
        kind = head[0].lstrip("@")
        body = [x.strip() for x in b[1:]]
        if kind == "group":
            recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final", "members": body})
        elif kind == "lookalike":
            assert len(body) == 2, b
            recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final", "pair": body})
        elif kind == "filler":
            assert len(body) == 1, b
            recs.append({"kind": "filler", "domain": head[1], "split": "final", "text": body[0]})
        else:
            raise ValueError(b)
    random.Random(1717).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg17b", "lookalike": "la17b", "filler": "f17b"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pref[r["kind"]], n[r["kind"]])
        out.append(dict([("kind", r["kind"]), ("id", rid)] + [(k, v) for k, v in r.items() if k != "kind"]))
    with open("paraphrase_corpus_v17b.jsonl", "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

def build_a():
    cases = []
    for b in blocks("partA_raw.txt"):
        head = b[0].split()
        assert head[0] == "@case", b
        cat, label, kind, reword, domain = head[1:6]
        srcs, merged, note = [], None, ""
        for line in b[1:]:
            tag, _, txt = line.partition(":")
            txt = txt.strip()
            if tag == "S": srcs.append(txt)
            elif tag == "M": merged = txt
            elif tag == "N": note = txt
            else: raise ValueError(line)
        cases.append(dict(cat=cat, label=label, kind=None if kind == "-" else kind, reword=reword,
                          domain=domain, srcs=srcs, merged=merged, note=note))
    random.Random(1717).shuffle(cases)
    with open("merge_corpus_v17b.jsonl", "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e17b-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["cat"]} for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["cat"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return len(cases)

if __name__ == "__main__":
    import os
    if os.path.exists("partB_raw.txt"): print("B records:", build_b())
    if os.path.exists("partA_raw.txt"): print("A cases:", build_a())
