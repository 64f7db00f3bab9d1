# Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids.
import json, random

def build_b():
    groups, looks, fills = [], [], []
    for line in open('raw_paraphrase.txt', encoding='utf-8'):
        line = line.rstrip('\n')
        if not line.strip() or line.startswith('#'):
            continue
        parts = line.split('|', 3)
        if parts[0] == 'G':
            _, diff, dom, rest = parts
            groups.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                           "members": [m.strip() for m in rest.split('||')]})
        elif parts[0] == 'L':
            _, differs, dom, rest = parts
            a, b = [m.strip() for m in rest.split('||')]
            looks.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
        elif parts[0] == 'F':
            _, dom, text = line.split('|', 2)
            fills.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
        else:
            raise SystemExit('bad line: ' + line)
    recs = groups + looks + fills
    random.Random(38).shuffle(recs)
    c = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg38", "lookalike": "la38", "filler": "f38"}
    out = []
    for r in recs:
        c[r["kind"]] += 1
        out.append(dict({"kind": r["kind"], "id": "%s-%03d" % (pre[r["kind"]], c[r["kind"]])},
                        **{k: v for k, v in r.items() if k != "kind"}))
    with open('paraphrase_corpus_v38.jsonl', 'w', encoding='utf-8') as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')

def build_a():
    cases, cur = [], None
    for line in open('raw_merge.txt', encoding='utf-8'):
        line = line.rstrip('\n')
        if line.startswith('#'):
            continue
        if not line.strip():
            if cur: cases.append(cur); cur = None
            continue
        tag, _, val = line.partition('|')
        if tag == 'C':
            if cur: cases.append(cur)
            label, kind, reword, dom, cat = val.split('|')
            cur = {"label": label, "kind": None if kind == '-' else kind, "reword": reword,
                   "domain": dom, "category": cat, "sources": [], "merged": None, "note": ""}
        elif tag == 'S':
            cur["sources"].append(val.strip())
        elif tag == 'M':
            cur["merged"] = val.strip()
        elif tag == 'N':
            cur["note"] = val.strip()
        else:
            raise SystemExit('bad line: ' + line)
    if cur: cases.append(cur)
    random.Random(3838).shuffle(cases)
    with open('merge_corpus_v38.jsonl', 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = "e38-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')

if __name__ == '__main__':
    import os
    if os.path.exists('raw_paraphrase.txt'): build_b()
    if os.path.exists('raw_merge.txt'): build_a()
