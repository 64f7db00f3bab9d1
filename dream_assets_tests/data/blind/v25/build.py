# Layout only: parses hand-written raw files into JSONL, shuffles with fixed seed, assigns ids.
import json, random, os
D = os.path.dirname(os.path.abspath(__file__))

def build_b():
    recs = []
    for line in open(os.path.join(D, "raw_paraphrase.txt"), encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"): continue
        p = line.split("|", 3)
        if p[0] == "G":
            recs.append({"kind": "group", "difficulty": p[1], "domain": p[2], "split": "final",
                         "members": [m.strip() for m in p[3].split(" || ")]})
        elif p[0] == "L":
            a, b = [m.strip() for m in p[3].split(" || ")]
            recs.append({"kind": "lookalike", "differs": p[1], "domain": p[2], "split": "final", "pair": [a, b]})
        elif p[0] == "F":
            recs.append({"kind": "filler", "domain": p[1], "split": "final", "text": (p[2] + ("|" + p[3] if len(p) > 3 else "")).strip()})
    random.Random(25).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg25-", "lookalike": "la25-", "filler": "f25-"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = pre[r["kind"]] + "%03d" % n[r["kind"]]
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open(os.path.join(D, "paraphrase_corpus_v25.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    path = os.path.join(D, "raw_merge.txt")
    if not os.path.exists(path): return
    blocks = [b for b in open(path, encoding="utf-8").read().split("\n\n") if b.strip()]
    cases = []
    for b in blocks:
        lines = [l for l in b.strip().split("\n") if l.strip() and not l.startswith("#")]
        if not lines: continue
        h = lines[0].split("|")
        assert h[0] == "C", b
        label, kind, reword, domain, cat = h[1], h[2], h[3], h[4], h[5]
        srcs = [l[3:].strip() for l in lines if l.startswith("S: ")]
        merged = [l[3:].strip() for l in lines if l.startswith("M: ")][0]
        note = ([l[3:].strip() for l in lines if l.startswith("N: ")] or [""])[0]
        cases.append({"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                      "domain": domain, "category": cat, "srcs": srcs, "merged": merged, "note": note})
    random.Random(2525).shuffle(cases)
    with open(os.path.join(D, "merge_corpus_v25.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e25-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")

build_b(); build_a()
