# Layout only: parses hand-written raw files, shuffles with fixed seed, assigns ids.
import json, random, glob
random.seed(24242)

def blocks(path):
    txt = open(path, encoding="utf-8").read()
    return [b.strip() for b in txt.split("\n\n") if b.strip()]

# Part B
recs = []
for path in sorted(glob.glob("raw_b*.txt")):
    for b in blocks(path):
        lines = b.split("\n")
        if lines[0].startswith("FI|"):
            for l in lines:
                h = l.split("|", 2)
                recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": h[2].strip()})
            continue
        head = lines[0].split("|")
        items = [l[2:].strip() for l in lines[1:] if l.startswith("- ")]
        if head[0] == "G":
            recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final", "members": items})
        elif head[0] == "LA":
            recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final", "pair": items})
        elif head[0] == "FI":
            recs.append({"kind": "filler", "domain": head[1], "split": "final", "text": head[2].strip()})
random.shuffle(recs)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pref = {"group": "pg24b-", "lookalike": "la24b-", "filler": "f24b-"}
out = []
for r in recs:
    cnt[r["kind"]] += 1
    rid = pref[r["kind"]] + "%03d" % cnt[r["kind"]]
    o = {"kind": r["kind"], "id": rid}
    o.update({k: v for k, v in r.items() if k != "kind"})
    out.append(o)
with open("paraphrase_corpus_v24b.jsonl", "w", encoding="utf-8") as f:
    for o in out:
        f.write(json.dumps(o, ensure_ascii=False) + "\n")

# Part A
cases = []
for path in sorted(glob.glob("raw_a*.txt")):
    for b in blocks(path):
        lines = b.split("\n")
        head = [h.strip() for h in lines[0].split("|")]
        label = "faithful" if head[0] == "F" else "lossy"
        kind = None if head[1] == "-" else head[1]
        srcs = [l[2:].strip() for l in lines[1:] if l.startswith("S:")]
        merged = [l[2:].strip() for l in lines[1:] if l.startswith("M:")][0]
        cases.append({"label": label, "kind": kind, "reword": head[2], "domain": head[3],
                      "category": head[4], "note": ([l[2:].strip() for l in lines[1:] if l.startswith("N:")] or [""])[0],
                      "sources": srcs, "merged": merged})
random.shuffle(cases)
with open("merge_corpus_v24b.jsonl", "w", encoding="utf-8") as f:
    for i, c in enumerate(cases, 1):
        cid = "e24b-%04d" % i
        o = {"case_id": cid,
             "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
             "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
             "reword": c["reword"], "domain": c["domain"], "split": "final",
             "note": "" if c["label"] == "faithful" else c["note"]}
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
print("built", len(out), "paraphrase records,", len(cases), "merge cases")
