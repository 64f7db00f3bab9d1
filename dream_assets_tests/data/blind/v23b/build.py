# Layout only: parses hand-written raw files, shuffles with fixed seed, assigns ids.
import json, random
def read_blocks(path):
    txt = open(path, encoding='utf-8').read()
    return [b.strip() for b in txt.split('\n\n') if b.strip()]

# Part B
recs = []
for line in open('raw_paraphrase.txt', encoding='utf-8'):
    line = line.rstrip('\n')
    if not line.strip() or line.startswith('#'):
        continue
    parts = line.split('|', 3)
    t = parts[0]
    if t == 'G':
        _, diff, dom, rest = parts
        recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                     "members": [m.strip() for m in rest.split(' || ')]})
    elif t == 'L':
        _, differs, dom, rest = parts
        a, b = [m.strip() for m in rest.split(' || ')]
        recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
    elif t == 'F':
        _, dom, text = line.split('|', 2)
        recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
    else:
        raise SystemExit('bad line: ' + line)
random.Random(2323).shuffle(recs)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pref = {"group": "pg23b", "lookalike": "la23b", "filler": "f23b"}
out = []
for r in recs:
    cnt[r["kind"]] += 1
    rid = "%s-%03d" % (pref[r["kind"]], cnt[r["kind"]])
    o = {"kind": r["kind"], "id": rid}
    o.update({k: v for k, v in r.items() if k != "kind"})
    out.append(o)
with open('paraphrase_corpus_v23b.jsonl', 'w', encoding='utf-8') as f:
    for o in out:
        f.write(json.dumps(o, ensure_ascii=False) + '\n')

# Part A
cases = []
for b in read_blocks('raw_merge.txt'):
    lines = b.split('\n')
    if lines[0].startswith('#'):
        lines = [l for l in lines if not l.startswith('#')]
        if not lines: continue
    h = lines[0].split('|')
    assert h[0] == 'C', b
    _, label, kind, reword, domain, category = h
    srcs, merged, note = [], None, ''
    for l in lines[1:]:
        if l.startswith('S: '): srcs.append(l[3:].strip())
        elif l.startswith('M: '): merged = l[3:].strip()
        elif l.startswith('N: '): note = l[3:].strip()
        else: raise SystemExit('bad line in block: ' + l)
    cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword,
                      domain=domain, category=category, sources=srcs, merged=merged, note=note))
random.Random(2323).shuffle(cases)
with open('merge_corpus_v23b.jsonl', 'w', encoding='utf-8') as f:
    for i, c in enumerate(cases, 1):
        cid = "e23b-%04d" % i
        o = {"case_id": cid,
             "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
             "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
             "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        f.write(json.dumps(o, ensure_ascii=False) + '\n')
print("paraphrase records:", len(out), "merge cases:", len(cases))
