#!/usr/bin/env python3
"""Layout only: reads hand-written raw files, emits JSONL. Shuffles with fixed seed before assigning ids."""
import json, random, glob, os
HERE = os.path.dirname(os.path.abspath(__file__))

def build_b():
    recs = []
    for fn in sorted(glob.glob(os.path.join(HERE, 'raw_partB*.txt'))):
        for line in open(fn, encoding='utf-8'):
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
    random.Random(4801).shuffle(recs)
    cnt = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg48", "lookalike": "la48", "filler": "f48"}
    out = []
    for r in recs:
        cnt[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], cnt[r["kind"]])
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open(os.path.join(HERE, 'paraphrase_corpus_v48.jsonl'), 'w', encoding='utf-8') as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + '\n')
    return len(out)

def build_a():
    cases = []
    for fn in sorted(glob.glob(os.path.join(HERE, 'raw_partA*.txt'))):
        blocks = open(fn, encoding='utf-8').read().split('\n\n')
        for b in blocks:
            lines = [l for l in b.strip().split('\n') if l.strip() and not l.startswith('#')]
            if not lines:
                continue
            label, kind, reword, domain, category = [x.strip() for x in lines[0].split('|')]
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
            cases.append({"label": label, "kind": None if kind == '-' else kind, "reword": reword,
                          "domain": domain, "category": category, "srcs": srcs, "merged": merged, "note": note})
    random.Random(4802).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = "e48-%04d" % i
        out.append({"case_id": cid,
                    "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                                for j, s in enumerate(c["srcs"], 1)],
                    "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                    "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]})
    with open(os.path.join(HERE, 'merge_corpus_v48.jsonl'), 'w', encoding='utf-8') as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + '\n')
    return len(out)

if __name__ == '__main__':
    print('paraphrase records:', build_b())
    print('merge cases:', build_a())
