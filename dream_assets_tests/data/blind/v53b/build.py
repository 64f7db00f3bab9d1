# Layout only: reads hand-written raw files, emits JSONL. No text generation.
import json, random, re
random.seed(53)

def parse_b():
    recs = []
    for line in open('raw_groups.txt', encoding='utf-8'):
        line = line.strip()
        if not line or line.startswith('#'): continue
        diff, dom, rest = line.split('|', 2)
        members = [m.strip() for m in rest.split('||')]
        recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final", "members": members})
    for line in open('raw_lookalikes.txt', encoding='utf-8'):
        line = line.strip()
        if not line or line.startswith('#'): continue
        differs, dom, rest = line.split('|', 2)
        a, b = [m.strip() for m in rest.split('||')]
        recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
    for line in open('raw_fillers.txt', encoding='utf-8'):
        line = line.strip()
        if not line or line.startswith('#'): continue
        dom, text = line.split('|', 1)
        recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
    random.shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg53b", "lookalike": "la53b", "filler": "f53b"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pref[r["kind"]], n[r["kind"]])
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open('paraphrase_corpus_v53b.jsonl', 'w', encoding='utf-8') as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + '\n')

def parse_a():
    import glob
    cases = []
    for fn in sorted(glob.glob('raw_merge_*.txt')):
        blocks = re.split(r'\n\s*\n', open(fn, encoding='utf-8').read().strip())
        for b in blocks:
            lines = [l.strip() for l in b.strip().split('\n') if l.strip() and not l.strip().startswith('#')]
            if not lines: continue
            label, kind, reword, domain, category = [x.strip() for x in lines[0].split('|')]
            srcs, merged, note = [], None, ""
            for l in lines[1:]:
                if l.startswith('S:'): srcs.append(l[2:].strip())
                elif l.startswith('M:'): merged = l[2:].strip()
                elif l.startswith('N:'): note = l[2:].strip()
                else: raise ValueError("bad line in %s: %s" % (fn, l))
            cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword,
                              domain=domain, category=category, srcs=srcs, merged=merged, note=note))
    random.shuffle(cases)
    with open('merge_corpus_v53b.jsonl', 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = "e53b-%04d" % i
            o = {"case_id": cid,
                 "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
                 "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                 "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(o, ensure_ascii=False) + '\n')

parse_b()
parse_a()
