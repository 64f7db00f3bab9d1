# Layout only: parses hand-written raw files, shuffles with fixed seed, assigns ids.
import json, random
def blocks(path):
    txt = open(path, encoding="utf-8").read().strip()
    return [b.strip().split("\n") for b in txt.split("\n\n") if b.strip()]
recs = []
for b in blocks("raw_groups.txt"):
    _, diff, dom = b[0].split("|")
    recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final", "members": b[1:]})
for b in blocks("raw_lookalikes.txt"):
    _, differs, dom = b[0].split("|")
    recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": b[1:3]})
for line in open("raw_fillers.txt", encoding="utf-8"):
    if line.strip():
        dom, text = line.strip().split("|", 1)
        recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text})
random.Random(47).shuffle(recs)
c = {"group": 0, "lookalike": 0, "filler": 0}
pre = {"group": "pg47", "lookalike": "la47", "filler": "f47"}
out = []
for r in recs:
    c[r["kind"]] += 1
    r = {"kind": r["kind"], "id": "%s-%03d" % (pre[r["kind"]], c[r["kind"]]), **{k: v for k, v in r.items() if k != "kind"}}
    out.append(r)
with open("paraphrase_corpus_v47.jsonl", "w", encoding="utf-8") as f:
    for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")
cases = []
for b in blocks("raw_merges.txt"):
    _, label, kind, reword, dom, cat = b[0].split("|")
    srcs = [l[3:] for l in b[1:] if l.startswith("S: ")]
    merged = [l[3:] for l in b[1:] if l.startswith("M: ")][0]
    note = ([l[3:] for l in b[1:] if l.startswith("N: ")] or [""])[0]
    cases.append(dict(srcs=srcs, merged=merged, label=label, kind=None if kind == "-" else kind,
                      reword=reword, domain=dom, category=cat, note=note))
random.Random(4747).shuffle(cases)
with open("merge_corpus_v47.jsonl", "w", encoding="utf-8") as f:
    for i, c in enumerate(cases, 1):
        cid = "e47-%04d" % i
        rec = {"case_id": cid,
               "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
               "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
               "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")
print("built", len(out), "paraphrase records,", len(cases), "merge cases")
