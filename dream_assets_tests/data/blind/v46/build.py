# Layout only: reads hand-written raw files, shuffles with fixed seed, assigns ids, writes JSONL.
import json, random, glob

def build_b():
    recs = []
    for fn in sorted(glob.glob('raw_b_*.txt')):
        for line in open(fn, encoding='utf-8'):
            line = line.strip()
            if not line or line.startswith('#'):
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
                raise ValueError(line)
    random.Random(4646).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg46", "lookalike": "la46", "filler": "f46"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        out.append(dict([("kind", r["kind"]), ("id", rid)] + [(k, v) for k, v in r.items() if k != "kind"]))
    with open('paraphrase_corpus_v46.jsonl', 'w', encoding='utf-8') as f:
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
            label, kind, reword, domain, cat = [x.strip() for x in lines[0].split('|')]
            srcs, merged, note = [], None, ""
            for l in lines[1:]:
                if l.startswith('S: '):
                    srcs.append(l[3:].strip())
                elif l.startswith('M: '):
                    merged = l[3:].strip()
                elif l.startswith('N: '):
                    note = l[3:].strip()
                else:
                    raise ValueError(l)
            cases.append(dict(srcs=srcs, merged=merged, label=label, kind=None if kind == '-' else kind,
                              reword=reword, domain=domain, category=cat, note=note))
    random.Random(4647).shuffle(cases)
    with open('merge_corpus_v46.jsonl', 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = "e46-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')

if __name__ == '__main__':
    build_b()
    build_a()
