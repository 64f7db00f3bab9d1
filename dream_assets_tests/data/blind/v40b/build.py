#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL."""
import json, random, glob

def blocks(path):
    txt = open(path, encoding="utf-8").read()
    return [b.strip() for b in txt.split("\n\n") if b.strip() and not b.strip().startswith("#")]

# Part B
recs = []
for b in blocks("raw_paraphrase.txt"):
    lines = b.splitlines()
    head, body = lines[0], [l[2:].strip() for l in lines[1:] if l.startswith("- ")]
    if "|" in head:
        tag, dom = [x.strip() for x in head.split("|", 1)]
    else:
        tag, dom = head.split(None, 1)
    t = tag.split()
    if t[0] == "G":
        recs.append({"kind": "group", "difficulty": t[1], "domain": dom, "split": "final", "members": body})
    elif t[0] == "L":
        recs.append({"kind": "lookalike", "differs": t[1], "domain": dom, "split": "final", "pair": body})
    elif t[0] == "F":
        for x in body:
            recs.append({"kind": "filler", "domain": dom, "split": "final", "text": x})
random.Random(4040).shuffle(recs)
n = {"group": 0, "lookalike": 0, "filler": 0}
pre = {"group": "pg40", "lookalike": "la40", "filler": "f40"}
out = []
for r in recs:
    n[r["kind"]] += 1
    rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
    o = {"kind": r["kind"], "id": rid}
    o.update({k: v for k, v in r.items() if k != "kind"})
    out.append(o)
with open("paraphrase_corpus_v40b.jsonl", "w", encoding="utf-8") as f:
    for o in out:
        f.write(json.dumps(o, ensure_ascii=False) + "\n")

# Part A
cases = []
for path in sorted(glob.glob("raw_merge_*.txt")):
    for b in blocks(path):
        lines = b.splitlines()
        head = lines[0]
        tag, dom, cat = [x.strip() for x in head.split("|")]
        t = tag.split()
        label = t[0]; kind = None if t[1] == "-" else t[1]; reword = t[2]
        srcs = [l[2:].strip() for l in lines[1:] if l.startswith("S:")]
        merged = [l[2:].strip() for l in lines[1:] if l.startswith("M:")][0]
        note = ([l[2:].strip() for l in lines[1:] if l.startswith("N:")] or [""])[0]
        cases.append(dict(srcs=srcs, merged=merged, category=cat, label=label, kind=kind,
                          reword=reword, domain=dom, note=note))
random.Random(4041).shuffle(cases)
with open("merge_corpus_v40b.jsonl", "w", encoding="utf-8") as f:
    for i, c in enumerate(cases, 1):
        cid = "e40-%04d" % i
        o = {"case_id": cid,
             "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                         for j, s in enumerate(c["srcs"], 1)],
             "merged": c["merged"], "category": c["category"], "label": c["label"],
             "kind": c["kind"], "reword": c["reword"], "domain": c["domain"], "split": "final",
             "note": c["note"]}
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
print("paraphrase records:", len(out), " merge cases:", len(cases))
