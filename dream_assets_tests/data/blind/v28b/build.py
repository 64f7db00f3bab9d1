# Layout only: parses hand-written raw files, shuffles with fixed seed, assigns ids.
import json, random, os
D = os.path.dirname(os.path.abspath(__file__))

def read_blocks(path):
    if not os.path.exists(path): return []
    txt = open(path, encoding="utf-8").read()
    return [b.strip() for b in txt.split("\n\n") if b.strip()]

def build_b():
    recs = []
    for line in open(os.path.join(D, "raw_paraphrase.txt"), encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"): continue
        parts = line.split("|", 3)
        if parts[0] == "G":
            _, diff, dom, rest = parts
            recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                         "members": [m.strip() for m in rest.split("||")]})
        elif parts[0] == "L":
            _, differs, dom, rest = parts
            a, b = [m.strip() for m in rest.split("||")]
            recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
        elif parts[0] == "F":
            _, dom, text = line.split("|", 2)
            recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
    random.Random(2828).shuffle(recs)
    c = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg28", "lookalike": "la28", "filler": "f28"}
    out = []
    for r in recs:
        c[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], c[r["kind"]])
        out.append(dict([("kind", r["kind"]), ("id", rid)] + [(k, v) for k, v in r.items() if k != "kind"]))
    with open(os.path.join(D, "paraphrase_corpus_v28b.jsonl"), "w", encoding="utf-8") as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for fn in sorted(os.listdir(D)):
        if not (fn.startswith("raw_merge") and fn.endswith(".txt")): continue
        for b in read_blocks(os.path.join(D, fn)):
            lines = [l for l in b.split("\n") if l.strip() and not l.startswith("#")]
            h = lines[0].split("|")
            assert h[0] == "C", (fn, b)
            _, label, kind, reword, dom, cat = [x.strip() for x in h]
            srcs = [l[2:].strip() for l in lines if l.startswith("S:")]
            merged = [l[2:].strip() for l in lines if l.startswith("M:")]
            note = [l[2:].strip() for l in lines if l.startswith("N:")]
            assert len(merged) == 1, b
            cases.append({"label": label, "kind": None if kind == "null" else kind, "reword": reword,
                          "domain": dom, "category": cat, "srcs": srcs, "merged": merged[0],
                          "note": note[0] if note else ""})
    random.Random(2829).shuffle(cases)
    with open(os.path.join(D, "merge_corpus_v28b.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e28-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")

build_b(); build_a()
