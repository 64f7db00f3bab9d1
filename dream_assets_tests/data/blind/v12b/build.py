# Layout only: parse hand-written raw files into JSONL, shuffle with fixed seed, assign ids.
import json, random, glob
def blocks(path):
    txt = open(path).read().strip()
    return [b.strip().splitlines() for b in txt.split("\n\n") if b.strip()]
cases = []
for f in sorted(glob.glob("raw_merge_*.txt")):
    for b in blocks(f):
        lab, kind, rew, dom, cat = [x.strip() for x in b[0].lstrip("#").split("|")]
        srcs = [l[2:].strip() for l in b[1:] if l.startswith("S ")]
        merged = [l[2:].strip() for l in b[1:] if l.startswith("M ")][0]
        note = ([l[2:].strip() for l in b[1:] if l.startswith("N ")] or [""])[0]
        cases.append(dict(label="faithful" if lab == "F" else "lossy", kind=None if kind == "-" else kind,
                          reword=rew, domain=dom, category=cat, srcs=srcs, merged=merged, note=note))
random.Random(12012).shuffle(cases)
with open("merge_corpus_v12b.jsonl", "w") as out:
    for i, c in enumerate(cases, 1):
        cid = "e12b-%04d" % i
        rec = {"case_id": cid,
               "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
               "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
               "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")
recs = []
for f in sorted(glob.glob("raw_para_*.txt")):
    for b in blocks(f):
        hdr = [x.strip() for x in b[0].lstrip("#").split("|")]
        body = [l.strip() for l in b[1:] if l.strip()]
        if hdr[0] == "group":
            recs.append({"kind": "group", "difficulty": hdr[1], "domain": hdr[2], "split": "final", "members": body})
        elif hdr[0] == "lookalike":
            recs.append({"kind": "lookalike", "differs": hdr[1], "domain": hdr[2], "split": "final", "pair": body})
        elif hdr[0] == "filler":
            for t in body:
                d, txt = t.split("|", 1)
                recs.append({"kind": "filler", "domain": d.strip(), "split": "final", "text": txt.strip()})
random.Random(12013).shuffle(recs)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pre = {"group": "pg12b", "lookalike": "la12b", "filler": "f12b"}
with open("paraphrase_corpus_v12b.jsonl", "w") as out:
    for r in recs:
        cnt[r["kind"]] += 1
        r = {"kind": r["kind"], "id": "%s-%03d" % (pre[r["kind"]], cnt[r["kind"]]), **{k: v for k, v in r.items() if k != "kind"}}
        out.write(json.dumps(r, ensure_ascii=False) + "\n")
print("built", len(cases), "merge cases,", len(recs), "paraphrase records")
