"""Layout only: reads hand-written raw files, shuffles with fixed seed, assigns ids, writes JSONL."""
import json, random, glob, os
D = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(D, "raw")

def part_b():
    recs = []
    for line in open(os.path.join(RAW, "partB_groups.txt"), encoding="utf-8"):
        line = line.strip()
        if not line: continue
        diff, dom, rest = line.split("|", 2)
        recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                     "members": [m.strip() for m in rest.split("||")]})
    for line in open(os.path.join(RAW, "partB_lookalikes.txt"), encoding="utf-8"):
        line = line.strip()
        if not line: continue
        differs, dom, rest = line.split("|", 2)
        a, b = [m.strip() for m in rest.split("||")]
        recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
    for line in open(os.path.join(RAW, "partB_fillers.txt"), encoding="utf-8"):
        line = line.strip()
        if not line: continue
        dom, text = line.split("|", 1)
        recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
    random.Random(2424).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg24", "lookalike": "la24", "filler": "f24"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open(os.path.join(D, "paraphrase_corpus_v24.jsonl"), "w", encoding="utf-8") as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return len(out)

def part_a():
    cases = []
    for fn in sorted(glob.glob(os.path.join(RAW, "partA_*.txt"))):
        txt = open(fn, encoding="utf-8").read()
        for block in txt.split("\n\n"):
            lines = [l for l in block.strip().split("\n") if l.strip()]
            if not lines: continue
            label, kind, reword, dom, cat = [x.strip() for x in lines[0].split("|")]
            srcs, merged, note = [], None, ""
            for l in lines[1:]:
                if l.startswith("S:"): srcs.append(l[2:].strip())
                elif l.startswith("M:"): merged = l[2:].strip()
                elif l.startswith("N:"): note = l[2:].strip()
                else: raise ValueError("bad line in %s: %r" % (fn, l))
            cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword,
                              domain=dom, category=cat, sources=srcs, merged=merged, note=note))
    random.Random(2424).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = "e24-%04d" % i
        out.append({"case_id": cid,
                    "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                                for j, s in enumerate(c["sources"], 1)],
                    "merged": c["merged"], "category": c["category"], "label": c["label"],
                    "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                    "split": "final", "note": c["note"]})
    with open(os.path.join(D, "merge_corpus_v24.jsonl"), "w", encoding="utf-8") as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return len(out)

if __name__ == "__main__":
    print("paraphrase records:", part_b())
    print("merge cases:", part_a())
