#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL.
No text is generated here; every sentence comes verbatim from raw/*.txt."""
import glob, json, random, os
HERE = os.path.dirname(os.path.abspath(__file__))

def blocks(path):
    cur = None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("#"):
            if cur: yield cur
            cur = {"head": line[1:].strip(), "lines": []}
        elif line.strip() and cur is not None:
            cur["lines"].append(line.strip())
    if cur: yield cur

def parse_merge():
    cases = []
    for p in sorted(glob.glob(os.path.join(HERE, "raw", "merge_*.txt"))):
        for b in blocks(p):
            # header: label kind reword register domain | category
            left, cat = [x.strip() for x in b["head"].split("|")]
            label, kind, reword, register, domain = left.split()
            srcs, merged, note = [], None, ""
            for l in b["lines"]:
                tag, _, txt = l.partition(":")
                txt = txt.strip()
                if tag == "S": srcs.append(txt)
                elif tag == "M": merged = txt
                elif tag == "N": note = txt
                else: raise ValueError(f"{p}: bad line {l!r}")
            cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword,
                              register=register, domain=domain, category=cat, sources=srcs,
                              merged=merged, note=note, raw=os.path.basename(p)))
    return cases

def parse_para():
    recs = []
    for p in sorted(glob.glob(os.path.join(HERE, "raw", "para_*.txt"))):
        for b in blocks(p):
            parts = b["head"].split()
            texts = [l[1:].strip() for l in b["lines"] if l.startswith("-")]
            if parts[0] == "group":
                recs.append({"kind": "group", "difficulty": parts[1], "domain": parts[2], "members": texts})
            elif parts[0] == "lookalike":
                recs.append({"kind": "lookalike", "differs": parts[1], "domain": parts[2], "pair": texts})
            elif parts[0] == "filler":
                for t in texts:
                    recs.append({"kind": "filler", "domain": parts[1], "text": t})
            else:
                raise ValueError(b["head"])
    return recs

def main():
    cases = parse_merge()
    random.Random(14).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v14b.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = f"e14b-{i:04d}"
            rec = {"case_id": cid,
                   "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    recs = parse_para()
    random.Random(1414).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg14b", "lookalike": "la14b", "filler": "f14b"}
    with open(os.path.join(HERE, "paraphrase_corpus_v14b.jsonl"), "w", encoding="utf-8") as f:
        for r in recs:
            n[r["kind"]] += 1
            out = {"kind": r["kind"], "id": f"{pre[r['kind']]}-{n[r['kind']]:03d}"}
            if r["kind"] == "group":
                out.update(difficulty=r["difficulty"], domain=r["domain"], split="final", members=r["members"])
            elif r["kind"] == "lookalike":
                out.update(differs=r["differs"], domain=r["domain"], split="final", pair=r["pair"])
            else:
                out.update(domain=r["domain"], split="final", text=r["text"])
            f.write(json.dumps(out, ensure_ascii=False) + "\n")
    print(f"wrote {len(cases)} merge cases, {len(recs)} paraphrase records")

if __name__ == "__main__":
    main()
