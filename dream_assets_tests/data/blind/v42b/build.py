# Layout only: parses hand-written raw files, shuffles with a fixed seed, assigns ids, writes JSONL.
import json, random, glob

def blocks(path):
    txt = open(path, encoding="utf-8").read()
    for b in txt.split("\n\n"):
        lines = [l for l in b.strip().split("\n") if l.strip() and not l.startswith("#")]
        if lines:
            yield lines

def build_merge():
    cases = []
    for f in sorted(glob.glob("raw_merge_*.txt")):
        for lines in blocks(f):
            h = lines[0].split("|")
            srcs = [l[2:].strip() for l in lines[1:] if l.startswith("S ")]
            merged = [l[2:].strip() for l in lines[1:] if l.startswith("M ")][0]
            if h[0] == "F":
                _, reword, domain, cat = h[:4]
                label, kind, note = "faithful", None, ""
            else:
                _, kind, reword, domain, cat, note = h[:6]
                label = "lossy"
            cases.append(dict(sources=srcs, merged=merged, category=cat, label=label, kind=kind,
                              reword=reword, domain=domain, note=note))
    random.Random(4242).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = f"e42b-{i:04d}"
        out.append({"case_id": cid,
                    "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
                    "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                    "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]})
    with open("merge_corpus_v42b.jsonl", "w", encoding="utf-8") as fh:
        for o in out:
            fh.write(json.dumps(o, ensure_ascii=False) + "\n")

def build_para():
    recs = []
    for f in sorted(glob.glob("raw_para_*.txt")):
        for lines in blocks(f):
            h = lines[0].split("|")
            if h[0] == "G":
                recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final",
                             "members": [l[2:].strip() for l in lines[1:]]})
            elif h[0] == "L":
                recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final",
                             "pair": [l[2:].strip() for l in lines[1:]]})
            elif h[0] == "F":
                for l in lines:
                    _, dom, text = l.split("|", 2)
                    recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
    random.Random(4243).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg42b", "lookalike": "la42b", "filler": "f42b"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = f"{pre[r['kind']]}-{n[r['kind']]:03d}"
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open("paraphrase_corpus_v42b.jsonl", "w", encoding="utf-8") as fh:
        for o in out:
            fh.write(json.dumps(o, ensure_ascii=False) + "\n")

build_merge()
build_para()
