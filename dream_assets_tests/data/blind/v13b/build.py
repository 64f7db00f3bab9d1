# Layout only: parses hand-written raw files into JSONL, shuffles with a fixed seed, assigns ids.
import json, random, glob, os
D = os.path.dirname(os.path.abspath(__file__))

def parse_merge():
    cases = []
    for fn in sorted(glob.glob(os.path.join(D, 'raw', 'merge_*.txt'))):
        blocks = open(fn).read().strip().split('\n\n')
        for b in blocks:
            lines = [l for l in b.strip().split('\n') if l.strip()]
            if not lines: continue
            h = lines[0].split()
            assert h[0] == '==', (fn, lines[0])
            # faithful: == faithful REWORD DOMAIN CATEGORY ; lossy: == lossy REWORD KIND DOMAIN CATEGORY
            if h[1] == 'faithful':
                label, kind, reword, domain, category = h[1], '-', h[2], h[3], h[4]
            else:
                label, reword, kind, domain, category = h[1], h[2], h[3], h[4], h[5]
            srcs, merged, note = [], None, ''
            for l in lines[1:]:
                t, _, txt = l.partition(' ')
                if t == 'S': srcs.append(txt.strip())
                elif t == 'M': merged = txt.strip()
                elif t == 'N': note = txt.strip()
                else: raise ValueError((fn, l))
            cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword,
                              domain=domain, category=category, srcs=srcs, merged=merged, note=note))
    return cases

def build_merge():
    cases = parse_merge()
    random.Random(1313).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = 'e13b-%04d' % i
        out.append({'case_id': cid,
                    'sources': [{'id': '%s-s%d' % (cid, j), 'content': s, 'category': c['category']}
                                for j, s in enumerate(c['srcs'], 1)],
                    'merged': c['merged'], 'category': c['category'], 'label': c['label'],
                    'kind': c['kind'], 'reword': c['reword'], 'domain': c['domain'],
                    'split': 'final', 'note': c['note']})
    with open(os.path.join(D, 'merge_corpus_v13b.jsonl'), 'w') as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + '\n')

def build_para():
    recs = []
    for fn in sorted(glob.glob(os.path.join(D, 'raw', 'para_*.txt'))):
        blocks = open(fn).read().strip().split('\n\n')
        for b in blocks:
            lines = [l for l in b.strip().split('\n') if l.strip()]
            if not lines: continue
            h = lines[0].split()
            assert h[0] == '==', (fn, lines[0])
            texts = [l[2:].strip() for l in lines[1:]]
            assert all(l.startswith('T ') for l in lines[1:]), (fn, b)
            if h[1] == 'group':
                recs.append({'kind': 'group', 'difficulty': h[2], 'domain': h[3], 'members': texts})
            elif h[1] == 'lookalike':
                recs.append({'kind': 'lookalike', 'differs': h[2], 'domain': h[3], 'pair': texts})
            elif h[1] == 'filler':
                for t in texts:
                    recs.append({'kind': 'filler', 'domain': h[2], 'text': t})
    random.Random(1313).shuffle(recs)
    n = {'group': 0, 'lookalike': 0, 'filler': 0}
    pre = {'group': 'pg13b-%03d', 'lookalike': 'la13b-%03d', 'filler': 'f13b-%03d'}
    out = []
    for r in recs:
        n[r['kind']] += 1
        rid = pre[r['kind']] % n[r['kind']]
        if r['kind'] == 'group':
            o = {'kind': 'group', 'id': rid, 'difficulty': r['difficulty'], 'domain': r['domain'],
                 'split': 'final', 'members': r['members']}
        elif r['kind'] == 'lookalike':
            o = {'kind': 'lookalike', 'id': rid, 'differs': r['differs'], 'domain': r['domain'],
                 'split': 'final', 'pair': r['pair']}
        else:
            o = {'kind': 'filler', 'id': rid, 'domain': r['domain'], 'split': 'final', 'text': r['text']}
        out.append(o)
    with open(os.path.join(D, 'paraphrase_corpus_v13b.jsonl'), 'w') as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + '\n')

if __name__ == '__main__':
    build_merge(); build_para()
