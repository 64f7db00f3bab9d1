"""Layout only: turn hand-written raw files into shuffled JSONL with ids."""
import json, random

def build_para():
    recs = []
    for line in open("para_raw.txt", encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("|", 3)
        t = parts[0]
        if t == "G":
            _, diff, dom, rest = parts
            recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                         "members": [m.strip() for m in rest.split(" || ")]})
        elif t == "L":
            _, differs, dom, rest = parts
            a, b = [m.strip() for m in rest.split(" || ")]
            recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
        elif t == "F":
            _, dom, text = line.split("|", 2)
            recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
    random.Random(5050).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg50", "lookalike": "la50", "filler": "f50"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pref[r["kind"]], n[r["kind"]])
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open("paraphrase_corpus_v50.jsonl", "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_merge():
    cases = []
    cur = None
    for line in open("merge_raw.txt", encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("C|"):
            _, label, kind, reword, dom, cat = line.split("|")
            cur = {"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                   "domain": dom, "category": cat, "sources": [], "merged": None, "note": ""}
            cases.append(cur)
        elif line.startswith("S: "):
            cur["sources"].append(line[3:].strip())
        elif line.startswith("M: "):
            cur["merged"] = line[3:].strip()
        elif line.startswith("N: "):
            cur["note"] = line[3:].strip()
        else:
            raise ValueError("bad line: " + line)
    random.Random(5050).shuffle(cases)
    with open("merge_corpus_v50.jsonl", "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e50-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    build_para()
    import os
    if os.path.exists("merge_raw.txt"):
        build_merge()
