# Layout only: parses hand-written raw files into JSONL, shuffles with fixed seed, assigns ids.
import json, random
R = 'raw/'
def blocks(path):
    txt = open(path, encoding='utf-8').read()
    return [b.strip() for b in txt.split('\n\n') if b.strip()]
# Part B
recs = []
for fn in ['raw/b_groups.txt', 'raw/b_lookalikes.txt', 'raw/b_fillers.txt']:
    try: lines = [l.strip() for l in open(fn, encoding='utf-8') if l.strip() and not l.startswith('#')]
    except FileNotFoundError: continue
    for l in lines:
        p = l.split('|')
        if p[0] == 'G':
            recs.append({"kind": "group", "difficulty": p[1], "domain": p[2], "split": "final",
                         "members": [m.strip() for m in '|'.join(p[3:]).split('||')]})
        elif p[0] == 'L':
            a, b = '|'.join(p[3:]).split('||')
            recs.append({"kind": "lookalike", "differs": p[1], "domain": p[2], "split": "final", "pair": [a.strip(), b.strip()]})
        elif p[0] == 'F':
            recs.append({"kind": "filler", "domain": p[1], "split": "final", "text": '|'.join(p[2:]).strip()})
random.Random(35).shuffle(recs)
cnt = {'group': 0, 'lookalike': 0, 'filler': 0}
pre = {'group': 'pg35', 'lookalike': 'la35', 'filler': 'f35'}
out = []
for r in recs:
    cnt[r['kind']] += 1
    rid = '%s-%03d' % (pre[r['kind']], cnt[r['kind']])
    out.append(dict([('kind', r['kind']), ('id', rid)] + [(k, v) for k, v in r.items() if k != 'kind']))
with open('paraphrase_corpus_v35.jsonl', 'w', encoding='utf-8') as f:
    for r in out: f.write(json.dumps(r, ensure_ascii=False) + '\n')
# Part A
cases = []
import glob
for fn in sorted(glob.glob('raw/a_*.txt')):
    for b in blocks(fn):
        lines = b.split('\n')
        h = lines[0].split('|')  # C|label|kind|reword|domain|category
        srcs = [l[2:].strip() for l in lines if l.startswith('S:')]
        merged = [l[2:].strip() for l in lines if l.startswith('M:')][0]
        note = ([l[2:].strip() for l in lines if l.startswith('N:')] or [''])[0]
        kind = None if h[2] in ('', '-') else h[2]
        cases.append({"label": h[1], "kind": kind, "reword": h[3], "domain": h[4], "category": h[5],
                      "sources": srcs, "merged": merged, "note": note})
random.Random(3535).shuffle(cases)
with open('merge_corpus_v35.jsonl', 'w', encoding='utf-8') as f:
    for i, c in enumerate(cases, 1):
        cid = 'e35-%04d' % i
        rec = {"case_id": cid,
               "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c['category']} for j, s in enumerate(c['sources'], 1)],
               "merged": c['merged'], "category": c['category'], "label": c['label'], "kind": c['kind'],
               "reword": c['reword'], "domain": c['domain'], "split": "final", "note": c['note']}
        f.write(json.dumps(rec, ensure_ascii=False) + '\n')
print('built', len(out), 'paraphrase records,', len(cases), 'merge cases')
