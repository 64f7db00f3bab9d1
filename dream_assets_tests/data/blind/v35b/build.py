# Layout only: parses hand-written raw files, shuffles with fixed seed, assigns ids.
import json, random, glob
random.seed(35)
# Part B
recs = []
for line in open('raw/partb.txt'):
    line = line.rstrip('\n')
    if not line.strip(): continue
    p = line.split('|', 3)
    if p[0] == 'G':
        recs.append({"kind": "group", "difficulty": p[1], "domain": p[2], "split": "final",
                     "members": [m.strip() for m in p[3].split(' || ')]})
    elif p[0] == 'L':
        recs.append({"kind": "lookalike", "differs": p[1], "domain": p[2], "split": "final",
                     "pair": [m.strip() for m in p[3].split(' || ')]})
    elif p[0] == 'F':
        t = line.split('|', 2)
        recs.append({"kind": "filler", "domain": t[1], "split": "final", "text": t[2].strip()})
random.shuffle(recs)
c = {"group": 0, "lookalike": 0, "filler": 0}
pre = {"group": "pg35", "lookalike": "la35", "filler": "f35"}
out = []
for r in recs:
    c[r["kind"]] += 1
    o = {"kind": r["kind"], "id": "%s-%03d" % (pre[r["kind"]], c[r["kind"]])}
    o.update({k: v for k, v in r.items() if k != "kind"})
    out.append(o)
with open('paraphrase_corpus_v35b.jsonl', 'w') as f:
    for o in out: f.write(json.dumps(o, ensure_ascii=False) + '\n')
# Part A
cases = []
for fn in sorted(glob.glob('raw/parta_*.txt')):
    for block in open(fn).read().split('\n\n'):
        lines = [l for l in block.strip().split('\n') if l.strip()]
        if not lines: continue
        h = lines[0].split('|')
        assert h[0] == 'C', (fn, lines)
        srcs, merged, note = [], None, ""
        for l in lines[1:]:
            if l.startswith('S: '): srcs.append(l[3:].strip())
            elif l.startswith('M: '): merged = l[3:].strip()
            elif l.startswith('N: '): note = l[3:].strip()
            else: raise ValueError((fn, l))
        kind = None if h[2] == '-' else h[2]
        cases.append(dict(label=h[1], kind=kind, reword=h[3], domain=h[4], category=h[5],
                          srcs=srcs, merged=merged, note=note))
random.shuffle(cases)
with open('merge_corpus_v35b.jsonl', 'w') as f:
    for i, c in enumerate(cases, 1):
        cid = "e35-%04d" % i
        o = {"case_id": cid,
             "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                         for j, s in enumerate(c["srcs"], 1)],
             "merged": c["merged"], "category": c["category"], "label": c["label"],
             "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
             "split": "final", "note": c["note"]}
        f.write(json.dumps(o, ensure_ascii=False) + '\n')
print("built", len(out), "paraphrase records,", len(cases), "merge cases")
