# Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL.
import json, random, glob

def blocks(path):
    cur = None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("="):
            if cur: yield cur
            cur = {"head": line[1:].strip(), "lines": []}
        elif line.strip() and cur is not None:
            cur["lines"].append(line.strip())
    if cur: yield cur

def build_b():
    recs = []
    for f in sorted(glob.glob("raw_b*.txt")):
        for b in blocks(f):
            h = [x.strip() for x in b["head"].split("|")]
            if h[0] in ("easy", "hard"):
                recs.append({"kind": "group", "difficulty": h[0], "domain": h[1], "split": "final", "members": b["lines"]})
            elif h[0] == "L":
                recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": b["lines"]})
            elif h[0] == "F":
                for t in b["lines"]:
                    recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": t})
    random.Random(4141).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg41", "lookalike": "la41", "filler": "f41"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        out.append(dict([("kind", r["kind"]), ("id", rid)] + [(k, v) for k, v in r.items() if k != "kind"]))
    with open("paraphrase_corpus_v41b.jsonl", "w", encoding="utf-8") as fh:
        for r in out: fh.write(json.dumps(r, ensure_ascii=False) + "\n")

def build_a():
    cases = []
    for f in sorted(glob.glob("raw_a*.txt")):
        for b in blocks(f):
            label, kind, reword, domain, cat = [x.strip() for x in b["head"].split("|")]
            srcs = [l[2:].strip() for l in b["lines"] if l.startswith("S:")]
            merged = [l[2:].strip() for l in b["lines"] if l.startswith("M:")][0]
            note = ([l[2:].strip() for l in b["lines"] if l.startswith("N:")] or [""])[0]
            cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword, domain=domain, cat=cat, srcs=srcs, merged=merged, note=note))
    random.Random(4142).shuffle(cases)
    with open("merge_corpus_v41b.jsonl", "w", encoding="utf-8") as fh:
        for i, c in enumerate(cases, 1):
            cid = "e41-%04d" % i
            r = {"case_id": cid,
                 "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["cat"]} for j, s in enumerate(c["srcs"], 1)],
                 "merged": c["merged"], "category": c["cat"], "label": c["label"], "kind": c["kind"],
                 "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")

build_b(); build_a()
