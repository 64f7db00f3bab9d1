# Layout only: parses hand-written raw files, shuffles with a fixed seed, assigns ids.
import json, random, os
D = os.path.dirname(os.path.abspath(__file__))

def blocks(path):
    if not os.path.exists(path): return []
    out, cur = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            if cur: out.append(cur); cur = []
        else: cur.append(line)
    if cur: out.append(cur)
    return out

# Part B
recs = []
for b in blocks(os.path.join(D, "raw_paraphrase.txt")):
    h = b[0].split("|")
    if h[0] == "G":
        recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": b[1:]})
    elif h[0] == "L":
        assert len(b) == 3, b
        recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": b[1:]})
    elif h[0] == "F":
        for t in b[1:]:
            recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": t})
random.Random(5202).shuffle(recs)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pre = {"group": "pg52b", "lookalike": "la52b", "filler": "f52b"}
out = []
for r in recs:
    cnt[r["kind"]] += 1
    rid = "%s-%03d" % (pre[r["kind"]], cnt[r["kind"]])
    o = {"kind": r["kind"], "id": rid}
    o.update({k: v for k, v in r.items() if k != "kind"})
    out.append(o)
with open(os.path.join(D, "paraphrase_corpus_v52b.jsonl"), "w", encoding="utf-8") as f:
    for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")

# Part A
cases = []
for b in blocks(os.path.join(D, "raw_merge.txt")):
    h = b[0].split("|")
    assert h[0] == "C" and len(h) == 6, b[0]
    label, kind, reword, domain, cat = h[1:]
    srcs = [l[3:] for l in b[1:] if l.startswith("S: ")]
    merged = [l[3:] for l in b[1:] if l.startswith("M: ")]
    note = [l[3:] for l in b[1:] if l.startswith("N: ")]
    assert len(merged) == 1, b
    cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword, domain=domain,
                      category=cat, sources=srcs, merged=merged[0], note=note[0] if note else ""))
random.Random(5203).shuffle(cases)
with open(os.path.join(D, "merge_corpus_v52b.jsonl"), "w", encoding="utf-8") as f:
    for i, c in enumerate(cases, 1):
        cid = "e52b-%04d" % i
        o = {"case_id": cid,
             "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
             "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
             "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
print("built", len(out), "paraphrase records,", len(cases), "merge cases")
