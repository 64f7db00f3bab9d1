# Layout only: parses hand-written raw files, shuffles with a fixed seed, assigns ids, writes JSONL.
import json, random, glob

def blocks(path):
    with open(path) as f:
        txt = f.read()
    for b in txt.split("\n\n"):
        lines = [l for l in b.strip().split("\n") if l.strip() and not l.startswith("#")]
        if lines:
            yield lines

# Part B
recs = []
for fn in sorted(glob.glob("raw_b_*.txt")):
    for lines in blocks(fn):
        h = lines[0].split("|")
        body = lines[1:]
        if h[0] == "G":
            recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": body})
        elif h[0] == "L":
            recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": body})
        elif h[0] == "F":
            for t in body:
                recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": t})
random.Random(4343).shuffle(recs)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pre = {"group": "pg43-", "lookalike": "la43-", "filler": "f43-"}
out = []
for r in recs:
    cnt[r["kind"]] += 1
    rid = pre[r["kind"]] + "%03d" % cnt[r["kind"]]
    o = {"kind": r["kind"], "id": rid}
    o.update({k: v for k, v in r.items() if k != "kind"})
    out.append(o)
with open("paraphrase_corpus_v43.jsonl", "w") as f:
    for o in out:
        f.write(json.dumps(o, ensure_ascii=False) + "\n")

# Part A
cases = []
for fn in sorted(glob.glob("raw_a_*.txt")):
    for lines in blocks(fn):
        h = lines[0].split("|")
        label, kind, reword, domain, cat = h[1], h[2], h[3], h[4], h[5]
        srcs = [l[3:].strip() for l in lines if l.startswith("S: ")]
        merged = [l[3:].strip() for l in lines if l.startswith("M: ")]
        note = [l[3:].strip() for l in lines if l.startswith("N: ")]
        cases.append({"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                      "domain": domain, "category": cat, "sources": srcs,
                      "merged": merged[0], "note": note[0] if note else ""})
random.Random(4343).shuffle(cases)
with open("merge_corpus_v43.jsonl", "w") as f:
    for i, c in enumerate(cases, 1):
        cid = "e43-%04d" % i
        o = {"case_id": cid,
             "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
             "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
             "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
print("built", len(out), "B records,", len(cases), "A cases")
