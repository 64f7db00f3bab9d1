# Layout only: parses hand-written raw files, shuffles with a fixed seed, assigns ids.
import json, random, os
D = os.path.dirname(os.path.abspath(__file__))
def build_b():
    recs = []
    for line in open(os.path.join(D, 'raw/partb.txt')):
        line = line.strip()
        if not line or line.startswith('#'): continue
        p = line.split('|')
        if p[0] == 'G':
            recs.append({"kind": "group", "difficulty": p[1], "domain": p[2], "split": "final",
                         "members": [m.strip() for m in p[3].split('~~')]})
        elif p[0] == 'L':
            a, b = [m.strip() for m in p[3].split('~~')]
            recs.append({"kind": "lookalike", "differs": p[1], "domain": p[2], "split": "final", "pair": [a, b]})
        elif p[0] == 'F':
            recs.append({"kind": "filler", "domain": p[1], "split": "final", "text": p[2].strip()})
    random.Random(3302).shuffle(recs)
    c = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg33", "lookalike": "la33", "filler": "f33"}
    out = []
    for r in recs:
        c[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], c[r["kind"]])
        o = {"kind": r["kind"], "id": rid}; o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open(os.path.join(D, 'paraphrase_corpus_v33b.jsonl'), 'w') as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
def build_a():
    cases = []
    txt = open(os.path.join(D, 'raw/parta.txt')).read()
    for block in txt.split('\n\n'):
        lines = [l for l in block.strip().split('\n') if l.strip() and not l.startswith('#')]
        if not lines: continue
        h = lines[0].split('|')
        assert h[0] == 'C', block
        label, kind, reword, domain, cat = h[1], h[2], h[3], h[4], h[5]
        srcs = [l[2:].strip() for l in lines if l.startswith('S:')]
        merged = [l[2:].strip() for l in lines if l.startswith('M:')]
        note = [l[2:].strip() for l in lines if l.startswith('N:')]
        assert len(merged) == 1, block
        cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword, domain=domain,
                          category=cat, sources=srcs, merged=merged[0], note=note[0] if note else ""))
    random.Random(3301).shuffle(cases)
    with open(os.path.join(D, 'merge_corpus_v33b.jsonl'), 'w') as f:
        for i, c in enumerate(cases, 1):
            cid = "e33-%04d" % i
            o = {"case_id": cid,
                 "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
                 "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                 "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
if __name__ == '__main__':
    build_b()
    if os.path.exists(os.path.join(D, 'raw/parta.txt')): build_a()
