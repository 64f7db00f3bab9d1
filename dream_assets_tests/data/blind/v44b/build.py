# Layout only: parses hand-written raw files, shuffles with fixed seed, assigns ids.
import json, random
def parse_b(path):
    recs = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"): continue
        f = [x.strip() for x in line.split("|")]
        if f[0] == "G":
            recs.append({"kind": "group", "difficulty": f[1], "domain": f[2], "split": "final", "members": f[3:]})
        elif f[0] == "L":
            recs.append({"kind": "lookalike", "differs": f[1], "domain": f[2], "split": "final", "pair": f[3:5]})
        elif f[0] == "F":
            recs.append({"kind": "filler", "domain": f[1], "split": "final", "text": f[2]})
        else: raise ValueError(line)
    return recs
def parse_a(path):
    cases = []
    for block in open(path, encoding="utf-8").read().split("\n\n"):
        lines = [l.strip() for l in block.strip().splitlines() if l.strip() and not l.strip().startswith("#")]
        if not lines: continue
        h = lines[0].split()
        assert h[0] == "@", lines
        label, reword, kind, domain, cat = h[1:6]
        srcs = [l[2:].strip() for l in lines if l.startswith("S:")]
        merged = [l[2:].strip() for l in lines if l.startswith("M:")][0]
        note = " ".join(l[2:].strip() for l in lines if l.startswith("N:"))
        cases.append({"label": label, "reword": reword, "kind": None if kind == "null" else kind,
                      "domain": domain, "category": cat, "srcs": srcs, "merged": merged, "note": note})
    return cases
b = parse_b("raw_partB.txt")
rng = random.Random(4402)
rng.shuffle(b)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pref = {"group": "pg44b", "lookalike": "la44b", "filler": "f44b"}
with open("paraphrase_corpus_v44b.jsonl", "w", encoding="utf-8") as out:
    for r in b:
        cnt[r["kind"]] += 1
        rec = {"kind": r["kind"], "id": "%s-%03d" % (pref[r["kind"]], cnt[r["kind"]])}
        rec.update({k: v for k, v in r.items() if k != "kind"})
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")
try:
    a = parse_a("raw_partA.txt")
except FileNotFoundError:
    a = []
rng = random.Random(4403)
rng.shuffle(a)
with open("merge_corpus_v44b.jsonl", "w", encoding="utf-8") as out:
    for i, c in enumerate(a, 1):
        cid = "e44b-%04d" % i
        rec = {"case_id": cid,
               "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
               "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
               "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")
print("built", len(b), "partB records,", len(a), "partA cases")
