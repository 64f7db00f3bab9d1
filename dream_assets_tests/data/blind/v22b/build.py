"""Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL."""
import json, random, re, glob
HERE = '/work/blind22b/v22b/'

def blocks(path):
    txt = open(path, encoding='utf-8').read()
    return [b.strip('\n') for b in re.split(r'\n\s*\n', txt) if b.strip()]

def build_merge():
    cases = []
    for f in sorted(glob.glob(HERE + 'raw/merge_*.txt')):
        for b in blocks(f):
            lines = b.split('\n')
            head = lines[0].split()
            assert head[0] == '##', (f, b)
            label, kind, reword, domain, cat = head[1:6]
            srcs = [l[3:].strip() for l in lines[1:] if l.startswith('S: ')]
            merged = [l[3:].strip() for l in lines[1:] if l.startswith('M: ')]
            note = [l[3:].strip() for l in lines[1:] if l.startswith('N: ')]
            assert len(merged) == 1, b
            cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword,
                              domain=domain, category=cat, sources=srcs, merged=merged[0],
                              note=note[0] if note else ''))
    random.Random(2202).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = 'e22b-%04d' % i
        out.append({'case_id': cid,
                    'sources': [{'id': '%s-s%d' % (cid, j), 'content': s, 'category': c['category']}
                                for j, s in enumerate(c['sources'], 1)],
                    'merged': c['merged'], 'category': c['category'], 'label': c['label'],
                    'kind': c['kind'], 'reword': c['reword'], 'domain': c['domain'],
                    'split': 'final', 'note': c['note']})
    with open(HERE + 'merge_corpus_v22b.jsonl', 'w', encoding='utf-8') as fh:
        for o in out:
            fh.write(json.dumps(o, ensure_ascii=False) + '\n')

def build_para():
    recs = []
    for f in sorted(glob.glob(HERE + 'raw/para_*.txt')):
        for b in blocks(f):
            lines = b.split('\n')
            head = lines[0].split()
            body = [l.strip() for l in lines[1:] if l.strip()]
            if head[0] == 'G':
                recs.append({'kind': 'group', 'difficulty': head[1], 'domain': head[2], 'members': body})
            elif head[0] == 'L':
                assert len(body) == 2, b
                recs.append({'kind': 'lookalike', 'differs': head[1], 'domain': head[2], 'pair': body})
            elif head[0] == 'F':
                assert len(body) == 1, b
                recs.append({'kind': 'filler', 'domain': head[1], 'text': body[0]})
            else:
                raise ValueError(b)
    random.Random(2203).shuffle(recs)
    n = {'group': 0, 'lookalike': 0, 'filler': 0}
    pre = {'group': 'pg22b-%03d', 'lookalike': 'la22b-%03d', 'filler': 'f22b-%03d'}
    out = []
    for r in recs:
        n[r['kind']] += 1
        rid = pre[r['kind']] % n[r['kind']]
        o = {'kind': r['kind'], 'id': rid}
        for k in ('difficulty', 'differs'):
            if k in r: o[k] = r[k]
        o['domain'] = r['domain']; o['split'] = 'final'
        for k in ('members', 'pair', 'text'):
            if k in r: o[k] = r[k]
        out.append(o)
    with open(HERE + 'paraphrase_corpus_v22b.jsonl', 'w', encoding='utf-8') as fh:
        for o in out:
            fh.write(json.dumps(o, ensure_ascii=False) + '\n')

if __name__ == '__main__':
    build_para(); build_merge(); print('built')
