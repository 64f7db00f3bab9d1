#!/usr/bin/env python3
"""Layout only: reads hand-written raw files, shuffles with a fixed seed, assigns ids, writes JSONL."""
import glob, json, random, os
D = os.path.dirname(os.path.abspath(__file__))

def build_b():
    recs = []
    for line in open(os.path.join(D, 'raw_b.txt'), encoding='utf-8'):
        line = line.rstrip('\n')
        if not line.strip() or line.startswith('#'):
            continue
        parts = line.split('|', 3)
        if parts[0] == 'G':
            _, diff, dom, rest = parts
            recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                         "members": [m.strip() for m in rest.split(' || ')]})
        elif parts[0] == 'L':
            _, differs, dom, rest = parts
            a, b = [m.strip() for m in rest.split(' || ')]
            recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
        elif parts[0] == 'F':
            _, dom, text = line.split('|', 2)
            recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
        else:
            raise SystemExit('bad line: ' + line)
    random.Random(3202).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg32", "lookalike": "la32", "filler": "f32"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        out.append(dict([("kind", r["kind"]), ("id", rid)] + [(k, v) for k, v in r.items() if k != "kind"]))
    with open(os.path.join(D, 'paraphrase_corpus_v32b.jsonl'), 'w', encoding='utf-8') as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')
    return len(out)

def build_a():
    cases = []
    for fn in sorted(glob.glob(os.path.join(D, 'raw_a*.txt'))):
        text = open(fn, encoding='utf-8').read()
        for block in text.split('\n\n'):
            lines = [l for l in block.strip().split('\n') if l.strip() and not l.startswith('#')]
            if not lines:
                continue
            label, kind, reword, dom, cat = [x.strip() for x in lines[0].split('|')]
            srcs, merged, note = [], None, ""
            for l in lines[1:]:
                if l.startswith('S: '):
                    srcs.append(l[3:].strip())
                elif l.startswith('M: '):
                    merged = l[3:].strip()
                elif l.startswith('N: '):
                    note = l[3:].strip()
                else:
                    raise SystemExit('bad line in %s: %s' % (fn, l))
            cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword,
                              domain=dom, category=cat, sources=srcs, merged=merged, note=note))
    random.Random(3201).shuffle(cases)
    with open(os.path.join(D, 'merge_corpus_v32b.jsonl'), 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = "e32-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')
    return len(cases)

if __name__ == '__main__':
    print('part B records:', build_b())
    print('part A cases:', build_a())
