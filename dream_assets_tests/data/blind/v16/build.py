#!/usr/bin/env python3
"""Layout only: parse the hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL.
No text is generated here; every string comes verbatim from raw_merge_*.txt / raw_paraphrase.txt."""
import json, random, glob, os
HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 16016

def blocks(path):
    with open(path, encoding="utf-8") as f:
        cur = []
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#!"):
                continue
            if not line.strip():
                if cur: yield cur; cur = []
                continue
            cur.append(line)
        if cur: yield cur

def build_merge():
    cases = []
    for p in sorted(glob.glob(os.path.join(HERE, "raw_merge_*.txt"))):
        for b in blocks(p):
            # header: label|kind|reword|domain|category|register
            label, kind, reword, domain, category, register = [x.strip() for x in b[0].split("|")]
            srcs, merged, note = [], None, ""
            for line in b[1:]:
                tag, _, text = line.partition(":")
                text = text.strip()
                if tag == "S": srcs.append(text)
                elif tag == "M": merged = text
                elif tag == "N": note = text
                else: raise ValueError(f"bad line in {p}: {line}")
            cases.append(dict(label=label, kind=None if kind == "null" else kind, reword=reword,
                              domain=domain, category=category, register=register,
                              sources=srcs, merged=merged, note=note))
    random.Random(SEED).shuffle(cases)
    out, meta = [], {}
    for i, c in enumerate(cases, 1):
        cid = f"e16-{i:04d}"
        rec = {"case_id": cid,
               "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]}
                           for j, s in enumerate(c["sources"], 1)],
               "merged": c["merged"], "category": c["category"], "label": c["label"],
               "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
               "split": "final", "note": c["note"]}
        out.append(rec); meta[cid] = c["register"]
    with open(os.path.join(HERE, "merge_corpus_v16.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "merge_registers_v16.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=0)
    return len(out)

def build_para():
    recs = []
    p = os.path.join(HERE, "raw_paraphrase.txt")
    if not os.path.exists(p): return 0
    for b in blocks(p):
        h = [x.strip() for x in b[0].split("|")]
        texts = [l.strip() for l in b[1:]]
        if h[0] == "group":
            recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": texts})
        elif h[0] == "lookalike":
            assert len(texts) == 2, b
            recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": texts})
        elif h[0] == "filler":
            for t in texts:
                recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": t})
        else: raise ValueError(b[0])
    random.Random(SEED).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg16", "lookalike": "la16", "filler": "f16"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = f"{pref[r['kind']]}-{n[r['kind']]:03d}"
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open(os.path.join(HERE, "paraphrase_corpus_v16.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

if __name__ == "__main__":
    print("paraphrase records:", build_para())
    print("merge cases:", build_merge())
