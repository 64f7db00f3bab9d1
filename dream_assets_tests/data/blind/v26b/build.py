"""Layout only: turns hand-written raw files into shuffled JSONL with ids."""
import json, random, glob

def build_paraphrase():
    recs = []
    for line in open('raw_paraphrase.txt', encoding='utf-8'):
        line = line.rstrip('\n')
        if not line.strip():
            continue
        parts = line.split('|', 3)
        t = parts[0]
        if t == 'G':
            recs.append({"kind": "group", "difficulty": parts[1], "domain": parts[2], "split": "final",
                         "members": [m.strip() for m in parts[3].split('||')]})
        elif t == 'L':
            a, b = parts[3].split('||')
            recs.append({"kind": "lookalike", "differs": parts[1], "domain": parts[2], "split": "final",
                         "pair": [a.strip(), b.strip()]})
        elif t == 'F':
            recs.append({"kind": "filler", "domain": parts[1], "split": "final", "text": line.split('|', 2)[2].strip()})
    random.Random(2619).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg26", "lookalike": "la26", "filler": "f26"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = f'{pre[r["kind"]]}-{n[r["kind"]]:03d}'
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open('paraphrase_corpus_v26b.jsonl', 'w', encoding='utf-8') as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')

def build_merge():
    cases = []
    for fn in sorted(glob.glob('raw_merge_*.txt')):
        for block in open(fn, encoding='utf-8').read().split('\n\n'):
            lines = [l for l in block.strip().split('\n') if l.strip()]
            if not lines:
                continue
            assert lines[0].startswith('### '), (fn, lines[0])
            label, kind, reword, domain, category = lines[0][4:].split()
            srcs = [l[3:].strip() for l in lines if l.startswith('S: ')]
            merged = [l[3:].strip() for l in lines if l.startswith('M: ')]
            note = [l[3:].strip() for l in lines if l.startswith('N: ')]
            assert len(merged) == 1, (fn, lines)
            cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword, domain=domain,
                              category=category, sources=srcs, merged=merged[0], note=note[0] if note else ""))
    random.Random(2620).shuffle(cases)
    with open('merge_corpus_v26b.jsonl', 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = f'e26-{i:04d}'
            rec = {"case_id": cid,
                   "sources": [{"id": f'{cid}-s{j}', "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')

if __name__ == '__main__':
    build_paraphrase()
    build_merge()
