#!/usr/bin/env python3
"""Layout only: reads hand-written raw files, shuffles with a fixed seed, assigns ids, writes JSONL."""
import json, random, glob, os
HERE = os.path.dirname(os.path.abspath(__file__))

def split_members(s):
    return [m.strip() for m in s.split("||")]

def build_paraphrase():
    recs = []
    for line in open(os.path.join(HERE, "raw_groups.txt"), encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"): continue
        diff, dom, rest = line.split("|", 2)
        recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final", "members": split_members(rest)})
    for line in open(os.path.join(HERE, "raw_lookalikes.txt"), encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"): continue
        differs, dom, rest = line.split("|", 2)
        recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": split_members(rest)})
    for line in open(os.path.join(HERE, "raw_fillers.txt"), encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"): continue
        dom, text = line.split("|", 1)
        recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
    random.Random(15015).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg15b", "lookalike": "la15b", "filler": "f15b"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pref[r["kind"]], n[r["kind"]])
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open(os.path.join(HERE, "paraphrase_corpus_v15b.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

def build_merge():
    cases = []
    for fn in sorted(glob.glob(os.path.join(HERE, "raw_merge_*.txt"))):
        txt = open(fn, encoding="utf-8").read()
        for block in txt.split("\n\n"):
            lines = [l for l in block.strip().split("\n") if l.strip() and not l.startswith("#")]
            if not lines: continue
            label, kind, reword, dom, cat = [x.strip() for x in lines[0].split("|")]
            srcs, merged, note = [], None, ""
            for l in lines[1:]:
                if l.startswith("S:"): srcs.append(l[2:].strip())
                elif l.startswith("M:"): merged = l[2:].strip()
                elif l.startswith("N:"): note = l[2:].strip()
                else: raise SystemExit("bad line in %s: %r" % (fn, l))
            cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword,
                              domain=dom, category=cat, srcs=srcs, merged=merged, note=note))
    random.Random(15016).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v15b.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e15b-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return len(cases)

if __name__ == "__main__":
    print("paraphrase records:", build_paraphrase())
    print("merge cases:", build_merge())
