#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL."""
import json, random, re, glob

def read_b():
    recs = []
    for fn in sorted(glob.glob('raw_b_*.txt')):
        for line in open(fn, encoding='utf-8'):
            line = line.strip()
            if not line or line.startswith('#'):
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
                raise SystemExit('bad line in %s: %s' % (fn, line))
    return recs

def read_a():
    cases = []
    for fn in sorted(glob.glob('raw_a_*.txt')):
        text = open(fn, encoding='utf-8').read()
        for block in re.split(r'\n\s*\n', text):
            lines = [l.rstrip() for l in block.strip().split('\n') if l.strip() and not l.startswith('#')]
            if not lines:
                continue
            h = lines[0].split()
            assert h[0] == 'H', (fn, lines[0])
            label, kind, reword, domain, category = h[1:6]
            srcs, merged, note = [], None, ''
            for l in lines[1:]:
                tag, body = l[:2], l[2:].strip()
                if tag == 'S ':
                    srcs.append(body)
                elif tag == 'M ':
                    merged = body
                elif tag == 'N ':
                    note = body
                else:
                    raise SystemExit('bad line %s: %s' % (fn, l))
            cases.append({"sources": srcs, "merged": merged, "category": category, "label": label,
                          "kind": None if kind == '-' else kind, "reword": reword, "domain": domain,
                          "split": "final", "note": note})
    return cases

def main():
    rng = random.Random(15)
    b = read_b()
    rng.shuffle(b)
    cnt = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg15", "lookalike": "la15", "filler": "f15"}
    with open('paraphrase_corpus_v15.jsonl', 'w', encoding='utf-8') as f:
        for r in b:
            cnt[r['kind']] += 1
            out = {"kind": r['kind'], "id": "%s-%03d" % (pre[r['kind']], cnt[r['kind']])}
            out.update({k: v for k, v in r.items() if k != 'kind'})
            f.write(json.dumps(out, ensure_ascii=False) + '\n')
    a = read_a()
    rng2 = random.Random(1515)
    rng2.shuffle(a)
    with open('merge_corpus_v15.jsonl', 'w', encoding='utf-8') as f:
        for i, c in enumerate(a, 1):
            cid = 'e15-%04d' % i
            out = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c['category']}
                               for j, s in enumerate(c['sources'], 1)]}
            out.update({k: c[k] for k in ("merged", "category", "label", "kind", "reword", "domain", "split", "note")})
            f.write(json.dumps(out, ensure_ascii=False) + '\n')
    print('wrote %d paraphrase records, %d merge cases' % (len(b), len(a)))

if __name__ == '__main__':
    main()
