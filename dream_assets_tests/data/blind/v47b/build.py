# Layout only: parses hand-written raw files, shuffles with a fixed seed, assigns ids, writes JSONL.
import json, random, glob, re
random.seed(47002)

def blocks(path):
    txt = open(path, encoding="utf-8").read()
    for b in txt.split("\n\n"):
        lines = [l.rstrip() for l in b.strip().split("\n") if l.strip() and not l.startswith("#")]
        if lines:
            yield lines

# Part B
recs = []
for f in sorted(glob.glob("raw_paraphrase_*.txt")):
    for lines in blocks(f):
        head = lines[0].split()
        body = lines[1:]
        if head[0] == "F":
            dom = head[1]
            for t in body:
                if re.match(r"^F [a-z]+$", t):
                    dom = t.split()[1]
                    continue
                recs.append({"kind": "filler", "domain": dom, "split": "final", "text": t})
            continue
        if head[0] == "G":
            recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final", "members": body})
        elif head[0] == "L":
            assert len(body) == 2, lines
            recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final", "pair": body})
        elif head[0] == "F":
            for t in body:
                recs.append({"kind": "filler", "domain": head[1], "split": "final", "text": t})
        else:
            raise SystemExit("bad head %r" % lines)
random.shuffle(recs)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pref = {"group": "pg47b", "lookalike": "la47b", "filler": "f47b"}
out = []
for r in recs:
    cnt[r["kind"]] += 1
    rid = "%s-%03d" % (pref[r["kind"]], cnt[r["kind"]])
    o = {"kind": r["kind"], "id": rid}
    o.update({k: v for k, v in r.items() if k != "kind"})
    out.append(o)
with open("paraphrase_corpus_v47b.jsonl", "w", encoding="utf-8") as fh:
    for o in out:
        fh.write(json.dumps(o, ensure_ascii=False) + "\n")

# Part A
cases = []
for f in sorted(glob.glob("raw_merge_*.txt")):
    for lines in blocks(f):
        head = lines[0].split()
        assert head[0] == "C", lines
        label = head[1]
        if label == "faithful":
            kind, reword, domain, cat = None, head[2], head[3], head[4]
        else:
            kind, reword, domain, cat = head[2], head[3], head[4], head[5]
        srcs = [l[2:].strip() for l in lines[1:] if l.startswith("S ")]
        merged = [l[2:].strip() for l in lines[1:] if l.startswith("M ")]
        note = [l[2:].strip() for l in lines[1:] if l.startswith("N ")]
        assert len(merged) == 1, lines
        cases.append(dict(label=label, kind=kind, reword=reword, domain=domain, category=cat,
                          sources=srcs, merged=merged[0], note=note[0] if note else ""))
random.shuffle(cases)
with open("merge_corpus_v47b.jsonl", "w", encoding="utf-8") as fh:
    for i, c in enumerate(cases, 1):
        cid = "e47b-%04d" % i
        o = {"case_id": cid,
             "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
             "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
             "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        fh.write(json.dumps(o, ensure_ascii=False) + "\n")
print("built", len(out), "paraphrase records,", len(cases), "merge cases")
