# Layout only: reads hand-written raw files, emits shuffled JSONL with ids.
import json, random, glob
random.seed(3333)

def pb():
    recs = []
    for ln in open('raw_groups.txt', encoding='utf-8'):
        ln = ln.strip()
        if not ln: continue
        diff, dom, rest = ln.split('|', 2)
        recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                     "members": [m.strip() for m in rest.split(' || ')]})
    for ln in open('raw_lookalikes.txt', encoding='utf-8'):
        ln = ln.strip()
        if not ln: continue
        d, dom, rest = ln.split('|', 2)
        recs.append({"kind": "lookalike", "differs": d, "domain": dom, "split": "final",
                     "pair": [m.strip() for m in rest.split(' || ')]})
    for ln in open('raw_fillers.txt', encoding='utf-8'):
        ln = ln.strip()
        if not ln: continue
        dom, t = ln.split('|', 1)
        recs.append({"kind": "filler", "domain": dom, "split": "final", "text": t.strip()})
    random.shuffle(recs)
    c = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg33", "lookalike": "la33", "filler": "f33"}
    out = []
    for r in recs:
        c[r["kind"]] += 1
        r = {"kind": r["kind"], "id": "%s-%03d" % (pre[r["kind"]], c[r["kind"]]), **{k: v for k, v in r.items() if k != "kind"}}
        out.append(r)
    with open('paraphrase_corpus_v33.jsonl', 'w', encoding='utf-8') as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + '\n')

def pa():
    cases = []
    for fn in sorted(glob.glob('raw_merge_*.txt')):
        for blk in open(fn, encoding='utf-8').read().split('\n\n'):
            lines = [l.strip() for l in blk.strip().split('\n') if l.strip()]
            if not lines: continue
            assert lines[0].startswith('@ '), (fn, lines[0])
            label, kind, reword, dom, cat = [x.strip() for x in lines[0][2:].split('|')]
            srcs = [l[2:].strip() for l in lines if l.startswith('S:')]
            merged = [l[2:].strip() for l in lines if l.startswith('M:')]
            notes = [l[2:].strip() for l in lines if l.startswith('N:')]
            assert len(merged) == 1, (fn, lines)
            cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword,
                              domain=dom, category=cat, sources=srcs, merged=merged[0],
                              note=notes[0] if notes else ''))
    random.shuffle(cases)
    with open('merge_corpus_v33.jsonl', 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = 'e33-%04d' % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c['category']} for j, s in enumerate(c['sources'], 1)],
                   "merged": c['merged'], "category": c['category'], "label": c['label'], "kind": c['kind'],
                   "reword": c['reword'], "domain": c['domain'], "split": "final", "note": c['note']}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')

pb(); pa()
