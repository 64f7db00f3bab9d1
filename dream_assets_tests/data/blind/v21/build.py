#!/usr/bin/env python3
"""Layout only: reads hand-written raw files, emits JSONL. No text generation."""
import json, random

def build_b():
    recs = []
    for ln in open('raw_paraphrase.txt', encoding='utf-8'):
        ln = ln.strip()
        if not ln or ln.startswith('#'):
            continue
        head, body = ln.split(' | ', 1)
        parts = head.split()
        if parts[0] == 'G':
            recs.append({'kind': 'group', 'difficulty': parts[1], 'domain': parts[2], 'split': 'final',
                         'members': [m.strip() for m in body.split(' || ')]})
        elif parts[0] == 'L':
            a, b = [m.strip() for m in body.split(' || ')]
            recs.append({'kind': 'lookalike', 'differs': parts[1], 'domain': parts[2], 'split': 'final', 'pair': [a, b]})
        elif parts[0] == 'F':
            recs.append({'kind': 'filler', 'domain': parts[1], 'split': 'final', 'text': body.strip()})
        else:
            raise ValueError(ln)
    random.Random(2121).shuffle(recs)
    c = {'group': 0, 'lookalike': 0, 'filler': 0}
    pre = {'group': 'pg21', 'lookalike': 'la21', 'filler': 'f21'}
    out = []
    for r in recs:
        c[r['kind']] += 1
        rid = '%s-%03d' % (pre[r['kind']], c[r['kind']])
        out.append(dict([('kind', r['kind']), ('id', rid)] + [(k, v) for k, v in r.items() if k != 'kind']))
    with open('paraphrase_corpus_v21.jsonl', 'w', encoding='utf-8') as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')

def build_a():
    cases = []
    blocks = open('raw_merge.txt', encoding='utf-8').read().split('\n\n')
    for b in blocks:
        lines = [l for l in b.strip().split('\n') if l.strip() and not l.startswith('#')]
        if not lines:
            continue
        head = lines[0].split()
        assert head[0] == 'C', lines
        label, kind, reword, domain, cat = head[1:6]
        srcs = [l[2:].strip() for l in lines if l.startswith('S ')]
        merged = [l[2:].strip() for l in lines if l.startswith('M ')]
        note = [l[2:].strip() for l in lines if l.startswith('N ')]
        assert len(merged) == 1, lines
        cases.append({'label': label, 'kind': None if kind == '-' else kind, 'reword': reword,
                      'domain': domain, 'category': cat, 'sources': srcs, 'merged': merged[0],
                      'note': note[0] if note else ''})
    random.Random(2121).shuffle(cases)
    with open('merge_corpus_v21.jsonl', 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = 'e21-%04d' % i
            rec = {'case_id': cid,
                   'sources': [{'id': '%s-s%d' % (cid, j), 'content': s, 'category': c['category']}
                               for j, s in enumerate(c['sources'], 1)],
                   'merged': c['merged'], 'category': c['category'], 'label': c['label'], 'kind': c['kind'],
                   'reword': c['reword'], 'domain': c['domain'], 'split': 'final', 'note': c['note']}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')

if __name__ == '__main__':
    build_b()
    build_a()
