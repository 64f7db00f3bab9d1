# Layout only: reads hand-written raw files, shuffles with fixed seed, assigns ids, writes JSONL.
import json, random, glob, re
random.seed(2525)
def blocks(path):
    txt = open(path, encoding='utf-8').read()
    parts = re.split(r'(?m)^(?=C\|)', txt)
    return ['\n'.join(l for l in b.strip().split('\n') if l.strip()) for b in parts if b.strip()]
# Part B
recs = []
for path in sorted(glob.glob('raw_b_*.txt')):
    for line in open(path, encoding='utf-8'):
        line = line.strip()
        if not line or line.startswith('#'): continue
        parts = line.split('|', 3)
        if parts[0] == 'G':
            recs.append({"kind": "group", "difficulty": parts[1], "domain": parts[2], "split": "final",
                         "members": [m.strip() for m in parts[3].split(' || ')]})
        elif parts[0] == 'L':
            a, b = [m.strip() for m in parts[3].split(' || ')]
            recs.append({"kind": "lookalike", "differs": parts[1], "domain": parts[2], "split": "final", "pair": [a, b]})
        elif parts[0] == 'F':
            recs.append({"kind": "filler", "domain": parts[1], "split": "final", "text": line.split('|', 2)[2].strip()})
random.shuffle(recs)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pre = {"group": "pg25b", "lookalike": "la25b", "filler": "f25b"}
out = []
for r in recs:
    cnt[r["kind"]] += 1
    rid = "%s-%03d" % (pre[r["kind"]], cnt[r["kind"]])
    o = {"kind": r["kind"], "id": rid}
    o.update({k: v for k, v in r.items() if k != "kind"})
    out.append(o)
with open('paraphrase_corpus_v25b.jsonl', 'w', encoding='utf-8') as f:
    for o in out: f.write(json.dumps(o, ensure_ascii=False) + '\n')
# Part A
cases = []
for path in sorted(glob.glob('raw_a_*.txt')):
    for b in blocks(path):
        lines = b.split('\n')
        h = lines[0].split('|')
        assert h[0] == 'C', (path, b)
        label, kind, reword, domain, cat = h[1:6]
        srcs = [l[3:].strip() for l in lines if l.startswith('S: ')]
        merged = [l[3:].strip() for l in lines if l.startswith('M: ')][0]
        note = ([l[3:].strip() for l in lines if l.startswith('N: ')] or [''])[0]
        cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword, domain=domain,
                          category=cat, srcs=srcs, merged=merged, note=note))
random.shuffle(cases)
with open('merge_corpus_v25b.jsonl', 'w', encoding='utf-8') as f:
    for i, c in enumerate(cases, 1):
        cid = "e25b-%04d" % i
        o = {"case_id": cid,
             "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
             "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
             "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        f.write(json.dumps(o, ensure_ascii=False) + '\n')
print("built", len(out), "B records,", len(cases), "A cases")
