#!/usr/bin/env python3
"""Layout only: turns the hand-written raw files into JSONL. No text is generated here."""
import json, random, glob

def build_b():
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
                             "members": [m.strip() for m in rest.split('||')]})
            elif t == 'L':
                _, differs, dom, rest = parts
                a, b = [m.strip() for m in rest.split('||')]
                recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
            elif t == 'F':
                _, dom, text = line.split('|', 2)
                recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
            else:
                raise SystemExit('bad line: ' + line)
    random.Random(5301).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg53", "lookalike": "la53", "filler": "f53"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        r = {"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}}
        out.append(r)
    with open('paraphrase_corpus_v53.jsonl', 'w', encoding='utf-8') as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')

def build_a():
    cases = []
    for fn in sorted(glob.glob('raw_a_*.txt')):
        blocks = open(fn, encoding='utf-8').read().split('\n\n')
        for b in blocks:
            lines = [l for l in b.strip().split('\n') if l.strip() and not l.startswith('#')]
            if not lines:
                continue
            head = lines[0].split('|')
            assert head[0] == 'C', b
            _, label, kind, reword, domain, category = head
            srcs, merged, note = [], None, ""
            for l in lines[1:]:
                if l.startswith('S: '):
                    srcs.append(l[3:].strip())
                elif l.startswith('M: '):
                    merged = l[3:].strip()
                elif l.startswith('N: '):
                    note = l[3:].strip()
                else:
                    raise SystemExit('bad line in block: ' + l)
            cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword,
                              domain=domain, category=category, srcs=srcs, merged=merged, note=note))
    random.Random(5302).shuffle(cases)
    with open('merge_corpus_v53.jsonl', 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = "e53-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"], "split": "final",
                   "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')

if __name__ == '__main__':
    build_b()
    build_a()
