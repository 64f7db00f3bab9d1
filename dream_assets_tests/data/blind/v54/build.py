# Layout only: parses hand-written raw files into JSONL, shuffles with fixed seed, assigns ids.
import json, random
def blocks(path):
    out, cur = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            if cur: out.append(cur); cur = []
        else:
            cur.append(line)
    if cur: out.append(cur)
    return out

# Part B
recs = []
for b in blocks("paraphrase_raw.txt"):
    head = b[0].split("|")
    if head[0] == "G":
        recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final",
                     "members": [l[2:] for l in b[1:]]})
    elif head[0] == "L":
        recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final",
                     "pair": [l[2:] for l in b[1:]]})
    elif head[0] == "F":
        for l in b[1:]:
            d, t = l.split("|", 1)
            recs.append({"kind": "filler", "domain": d, "split": "final", "text": t})
random.Random(54).shuffle(recs)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pref = {"group": "pg54", "lookalike": "la54", "filler": "f54"}
with open("paraphrase_corpus_v54.jsonl", "w", encoding="utf-8") as f:
    for r in recs:
        cnt[r["kind"]] += 1
        rid = "%s-%03d" % (pref[r["kind"]], cnt[r["kind"]])
        r = {"kind": r.pop("kind"), "id": rid, **r}
        f.write(json.dumps(r, ensure_ascii=False) + "\n")

# Part A
cases = []
for b in blocks("merge_raw.txt"):
    label, reword, domain, category, kind = b[0].split("|")
    srcs = [l[2:] for l in b[1:] if l.startswith("S ")]
    merged = [l[2:] for l in b[1:] if l.startswith("M ")][0]
    notes = [l[2:] for l in b[1:] if l.startswith("N ")]
    cases.append(dict(label=label, reword=reword, domain=domain, category=category,
                      kind=None if kind == "-" else kind, srcs=srcs, merged=merged,
                      note=notes[0] if notes else ""))
random.Random(5454).shuffle(cases)
with open("merge_corpus_v54.jsonl", "w", encoding="utf-8") as f:
    for i, c in enumerate(cases, 1):
        cid = "e54-%04d" % i
        r = {"case_id": cid,
             "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                         for j, s in enumerate(c["srcs"], 1)],
             "merged": c["merged"], "category": c["category"], "label": c["label"],
             "kind": c["kind"], "reword": c["reword"], "domain": c["domain"], "split": "final",
             "note": c["note"]}
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print("built", len(recs), "paraphrase records,", len(cases), "merge cases")
