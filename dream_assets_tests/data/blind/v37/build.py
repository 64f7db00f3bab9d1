#!/usr/bin/env python3
"""Layout only: reads hand-written raw files, emits JSONL. No text is generated here."""
import json, random
HERE = __import__('os').path.dirname(__file__) or '.'

def read_blocks(path):
    blocks, cur = [], []
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if not line.strip():
            if cur: blocks.append(cur); cur = []
            continue
        cur.append(line)
    if cur: blocks.append(cur)
    return blocks

def build_paraphrase():
    recs = []
    for b in read_blocks(f'{HERE}/raw_paraphrase.txt'):
        head = b[0].split('|')
        body = [l[2:].strip() for l in b[1:]]
        if head[0] == 'G':
            recs.append({"kind": "group", "difficulty": head[1], "domain": head[2], "split": "final", "members": body})
        elif head[0] == 'L':
            recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2], "split": "final", "pair": body})
        elif head[0] == 'F':
            recs.append({"kind": "filler", "domain": head[1], "split": "final", "text": body[0]})
        else:
            raise ValueError(b)
    random.Random(3707).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg37", "lookalike": "la37", "filler": "f37"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = f'{pre[r["kind"]]}-{n[r["kind"]]:03d}'
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open(f'{HERE}/paraphrase_corpus_v37.jsonl', 'w', encoding='utf-8') as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + '\n')
    return len(out)

def build_merge():
    cases = []
    for b in read_blocks(f'{HERE}/raw_merge.txt'):
        # header: # label|kind|reword|domain|category
        label, kind, reword, domain, cat = [x.strip() for x in b[0][1:].split('|')]
        srcs = [l[2:].strip() for l in b[1:] if l.startswith('S:')]
        merged = [l[2:].strip() for l in b[1:] if l.startswith('M:')]
        note = [l[2:].strip() for l in b[1:] if l.startswith('N:')]
        assert len(merged) == 1, b
        cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword,
                          domain=domain, category=cat, sources=srcs, merged=merged[0],
                          note=note[0] if note else ""))
    random.Random(3717).shuffle(cases)
    with open(f'{HERE}/merge_corpus_v37.jsonl', 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = f'e37-{i:04d}'
            rec = {"case_id": cid,
                   "sources": [{"id": f'{cid}-s{j}', "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')
    return len(cases)

if __name__ == '__main__':
    import os
    p = build_paraphrase() if os.path.exists(f'{HERE}/raw_paraphrase.txt') else 0
    m = build_merge() if os.path.exists(f'{HERE}/raw_merge.txt') else 0
    print(f'built paraphrase={p} merge={m}')
