"""Layout only: parse the hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL.
No text is generated here; every string comes verbatim from raw/*.txt."""
import glob, json, os, random

HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, 'raw')
SEED = 9009


def blocks(path):
    cur = None
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if line.startswith('## '):
            if cur: yield cur
            cur = {'head': [x.strip() for x in line[3:].split('|')], 'lines': []}
        elif line.strip():
            tag, _, text = line.partition(':')
            cur['lines'].append((tag.strip(), text.strip()))
    if cur: yield cur


def part_a():
    cases = []
    for path in sorted(glob.glob(os.path.join(RAW, 'a_*.txt')) + glob.glob(os.path.join(RAW, 'b_*.txt'))):
        for b in blocks(path):
            cat, dom, lab, kind, rw = b['head']
            srcs = [t for g, t in b['lines'] if g == 'S']
            merged = [t for g, t in b['lines'] if g == 'M']
            notes = [t for g, t in b['lines'] if g == 'N']
            assert len(merged) == 1, (path, cat)
            cases.append(dict(cat=cat, dom=dom, label='faithful' if lab == 'F' else 'lossy',
                              kind=None if kind == '-' else kind,
                              reword='heavy' if rw == 'H' else 'light',
                              sources=srcs, merged=merged[0], note=notes[0] if notes else ''))
    random.Random(SEED).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = 'e9-%04d' % i
        out.append({'case_id': cid,
                    'sources': [{'id': '%s-s%d' % (cid, j), 'content': s, 'category': c['cat']}
                                for j, s in enumerate(c['sources'], 1)],
                    'merged': c['merged'], 'category': c['cat'], 'label': c['label'], 'kind': c['kind'],
                    'reword': c['reword'], 'domain': c['dom'], 'split': 'final', 'note': c['note']})
    return out


def part_b():
    recs = []
    for path in sorted(glob.glob(os.path.join(RAW, 'p_*.txt'))):
        for b in blocks(path):
            h = b['head']
            if h[0] == 'group':
                recs.append({'kind': 'group', 'difficulty': h[1], 'domain': h[2], 'split': 'final',
                             'members': [t for g, t in b['lines'] if g == 'G']})
            elif h[0] == 'lookalike':
                pair = [t for g, t in b['lines'] if g in ('A', 'B')]
                recs.append({'kind': 'lookalike', 'differs': h[1], 'domain': h[2], 'split': 'final', 'pair': pair})
            elif h[0] == 'filler':
                for g, t in b['lines']:
                    dom, _, text = t.partition('|')
                    recs.append({'kind': 'filler', 'domain': dom.strip(), 'split': 'final', 'text': text.strip()})
    random.Random(SEED + 1).shuffle(recs)
    n = {'group': 0, 'lookalike': 0, 'filler': 0}
    pref = {'group': 'pg9-%03d', 'lookalike': 'la9-%03d', 'filler': 'f9-%03d'}
    out = []
    for r in recs:
        n[r['kind']] += 1
        rid = pref[r['kind']] % n[r['kind']]
        out.append({'kind': r['kind'], 'id': rid, **{k: v for k, v in r.items() if k != 'kind'}})
    return out


if __name__ == '__main__':
    a = part_a()
    with open(os.path.join(HERE, 'merge_corpus_v9.jsonl'), 'w', encoding='utf-8') as f:
        for r in a: f.write(json.dumps(r, ensure_ascii=False) + '\n')
    b = part_b()
    with open(os.path.join(HERE, 'paraphrase_corpus_v9.jsonl'), 'w', encoding='utf-8') as f:
        for r in b: f.write(json.dumps(r, ensure_ascii=False) + '\n')
    print('merge cases', len(a), 'paraphrase records', len(b))
