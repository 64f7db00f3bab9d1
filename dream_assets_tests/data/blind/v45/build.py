# Layout only: parses hand-written raw files, shuffles with fixed seed, assigns ids.
import json, random
def blocks(path):
    txt = open(path, encoding="utf-8").read()
    return [b.strip().split("\n") for b in txt.strip().split("\n\n") if b.strip()]
# Part B
recs = []
for b in blocks("raw_paraphrase.txt"):
    h = b[0].split()
    if h[0] == "G":
        recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": [l.strip() for l in b[1:]]})
    elif h[0] == "L":
        assert len(b) == 3, b
        recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": [b[1].strip(), b[2].strip()]})
    elif h[0] == "F":
        for l in b[1:]:
            recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": l.strip()})
rng = random.Random(4545)
rng.shuffle(recs)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pre = {"group": "pg45", "lookalike": "la45", "filler": "f45"}
out = []
for r in recs:
    cnt[r["kind"]] += 1
    rid = "%s-%03d" % (pre[r["kind"]], cnt[r["kind"]])
    o = {"kind": r["kind"], "id": rid}
    o.update({k: v for k, v in r.items() if k != "kind"})
    out.append(o)
with open("paraphrase_corpus_v45.jsonl", "w", encoding="utf-8") as f:
    for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
# Part A
cases = []
for b in (blocks("raw_merge.txt") if open("raw_merge.txt").read().strip() else []):
    h = b[0].split()
    assert h[0] == "C", b
    label, kind, reword, domain, cat = h[1], h[2], h[3], h[4], h[5]
    srcs, merged, note = [], None, ""
    for l in b[1:]:
        if l.startswith("S "): srcs.append(l[2:].strip())
        elif l.startswith("M "): merged = l[2:].strip()
        elif l.startswith("N "): note = l[2:].strip()
        else: raise ValueError(l)
    cases.append(dict(srcs=srcs, merged=merged, label=label, kind=None if kind == "-" else kind, reword=reword, domain=domain, category=cat, note=note))
rng2 = random.Random(4546)
rng2.shuffle(cases)
with open("merge_corpus_v45.jsonl", "w", encoding="utf-8") as f:
    for i, c in enumerate(cases, 1):
        cid = "e45-%04d" % i
        o = {"case_id": cid,
             "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
             "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
             "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
print("built", len(out), "paraphrase records,", len(cases), "merge cases")
