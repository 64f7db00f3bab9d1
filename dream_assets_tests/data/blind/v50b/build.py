# Layout only: reads hand-written raw files, shuffles with a fixed seed, assigns ids, writes JSONL.
import json, random, os
D = os.path.dirname(os.path.abspath(__file__))

def build_para():
    recs = []
    for fn in sorted(f for f in os.listdir(D) if f.startswith('raw_para') and f.endswith('.txt')):
        for line in open(os.path.join(D, fn), encoding='utf-8'):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            p = line.split('|')
            if p[0] == 'G':
                recs.append({"kind": "group", "difficulty": p[1], "domain": p[2], "split": "final",
                             "members": [m.strip() for m in p[3].split('§')]})
            elif p[0] == 'L':
                a, b = [m.strip() for m in p[3].split('§')]
                recs.append({"kind": "lookalike", "differs": p[1], "domain": p[2], "split": "final", "pair": [a, b]})
            elif p[0] == 'F':
                recs.append({"kind": "filler", "domain": p[1], "split": "final", "text": p[2].strip()})
            else:
                raise SystemExit('bad line: ' + line)
    random.Random(5021).shuffle(recs)
    cnt = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg50b", "lookalike": "la50b", "filler": "f50b"}
    out = []
    for r in recs:
        cnt[r["kind"]] += 1
        o = {"kind": r["kind"], "id": "%s-%03d" % (pre[r["kind"]], cnt[r["kind"]])}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open(os.path.join(D, 'paraphrase_corpus_v50b.jsonl'), 'w', encoding='utf-8') as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + '\n')

def build_merge():
    cases = []
    for fn in sorted(f for f in os.listdir(D) if f.startswith('raw_merge') and f.endswith('.txt')):
        cur = None
        for line in open(os.path.join(D, fn), encoding='utf-8'):
            line = line.rstrip('\n')
            if line.startswith('#'):
                continue
            if not line.strip():
                if cur: cases.append(cur); cur = None
                continue
            tag, _, rest = line.partition('|')
            if tag == 'C':
                label, kind, reword, domain, cat = [x.strip() for x in rest.split('|')]
                cur = {"label": label, "kind": None if kind == '-' else kind, "reword": reword,
                       "domain": domain, "category": cat, "sources": [], "merged": None, "note": ""}
            elif tag == 'S':
                cur["sources"].append(rest.strip())
            elif tag == 'M':
                cur["merged"] = rest.strip()
            elif tag == 'N':
                cur["note"] = rest.strip()
            else:
                raise SystemExit('bad line in %s: %s' % (fn, line))
        if cur: cases.append(cur)
    random.Random(5022).shuffle(cases)
    with open(os.path.join(D, 'merge_corpus_v50b.jsonl'), 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = "e50b-%04d" % i
            o = {"case_id": cid,
                 "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                             for j, s in enumerate(c["sources"], 1)],
                 "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                 "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(o, ensure_ascii=False) + '\n')

build_para()
build_merge()
print('built')
