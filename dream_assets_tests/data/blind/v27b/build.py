#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL."""
import json, random, os
D = os.path.dirname(os.path.abspath(__file__))

def blocks(path, heads):
    out, cur = [], None
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if not line.strip():
            continue
        if line.split('|')[0] in heads and '|' in line:
            cur = [line.split('|'), []]
            out.append(cur)
        else:
            cur[1].append(line.strip())
    return out

def para():
    recs = []
    for h, body in blocks(os.path.join(D, 'raw_para.txt'), {'G', 'L', 'F'}):
        if h[0] == 'G':
            recs.append({"kind": "group", "difficulty": h[1], "domain": h[2], "split": "final", "members": body})
        elif h[0] == 'L':
            assert len(body) == 2, body
            recs.append({"kind": "lookalike", "differs": h[1], "domain": h[2], "split": "final", "pair": body})
        else:
            assert len(body) == 1, body
            recs.append({"kind": "filler", "domain": h[1], "split": "final", "text": body[0]})
    random.Random(2727).shuffle(recs)
    n = {'group': 0, 'lookalike': 0, 'filler': 0}
    pre = {'group': 'pg27-', 'lookalike': 'la27-', 'filler': 'f27-'}
    res = []
    for r in recs:
        n[r['kind']] += 1
        rid = pre[r['kind']] + '%03d' % n[r['kind']]
        res.append({'kind': r['kind'], 'id': rid, **{k: v for k, v in r.items() if k != 'kind'}})
    with open(os.path.join(D, 'paraphrase_corpus_v27b.jsonl'), 'w', encoding='utf-8') as f:
        for r in res:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')
    return len(res)

def merge():
    p = os.path.join(D, 'raw_merge.txt')
    if not os.path.exists(p):
        return 0
    cases = []
    for h, body in blocks(p, {'C'}):
        _, label, kind, reword, domain, cat = h
        srcs = [b[2:].strip() for b in body if b.startswith('S:')]
        m = [b[2:].strip() for b in body if b.startswith('M:')]
        nt = [b[2:].strip() for b in body if b.startswith('N:')]
        assert len(m) == 1, (h, body)
        cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword,
                          domain=domain, category=cat, sources=srcs, merged=m[0],
                          note=nt[0] if nt else ''))
    random.Random(2728).shuffle(cases)
    with open(os.path.join(D, 'merge_corpus_v27b.jsonl'), 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = 'e27-%04d' % i
            rec = {"case_id": cid,
                   "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c['category']}
                               for j, s in enumerate(c['sources'], 1)],
                   "merged": c['merged'], "category": c['category'], "label": c['label'],
                   "kind": c['kind'], "reword": c['reword'], "domain": c['domain'],
                   "split": "final", "note": c['note']}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')
    return len(cases)

if __name__ == '__main__':
    print('paraphrase records:', para())
    print('merge cases:', merge())
