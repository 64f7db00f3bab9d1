# Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL.
import json, random
SEED = 34

def build_paraphrase():
    recs = []
    for line in open('raw_paraphrase.txt', encoding='utf-8'):
        line = line.rstrip('\n')
        if not line.strip() or line.startswith('#'):
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
    random.Random(SEED).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg34-", "lookalike": "la34-", "filler": "f34-"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = pref[r["kind"]] + "%03d" % n[r["kind"]]
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open('paraphrase_corpus_v34b.jsonl', 'w', encoding='utf-8') as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')

def build_merge():
    cases = []
    blocks = open('raw_merge.txt', encoding='utf-8').read().split('\n\n')
    for b in blocks:
        lines = [l for l in b.strip().split('\n') if l.strip() and not l.startswith('#')]
        if not lines:
            continue
        head = lines[0].split('|')
        assert head[0] == 'C', b
        _, label, kind, reword, domain, category = head
        srcs, merged, note = [], None, ""
        for l in lines[1:]:
            if l.startswith('S: '): srcs.append(l[3:].strip())
            elif l.startswith('M: '): merged = l[3:].strip()
            elif l.startswith('N: '): note = l[3:].strip()
            else: raise ValueError(l)
        cases.append(dict(label=label, kind=None if kind == '-' else kind, reword=reword,
                          domain=domain, category=category, sources=srcs, merged=merged, note=note))
    random.Random(SEED).shuffle(cases)
    with open('merge_corpus_v34b.jsonl', 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = "e34-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')

if __name__ == '__main__':
    build_paraphrase()
    build_merge()
