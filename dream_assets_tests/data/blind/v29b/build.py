"""Layout only: reads hand-written raw files, shuffles with fixed seed, assigns ids, writes JSONL."""
import glob, json, random

def build_b():
    recs = []
    for line in open('raw_b.txt', encoding='utf-8'):
        line = line.rstrip('\n')
        if not line.strip():
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
    random.Random(2929).shuffle(recs)
    cnt = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg29-", "lookalike": "la29-", "filler": "f29-"}
    out = []
    for r in recs:
        cnt[r["kind"]] += 1
        rid = pref[r["kind"]] + "%03d" % cnt[r["kind"]]
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open('paraphrase_corpus_v29b.jsonl', 'w', encoding='utf-8') as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + '\n')

def build_a():
    cases = []
    for fn in sorted(glob.glob('raw_a*.txt')):
        block = None
        for line in open(fn, encoding='utf-8'):
            line = line.rstrip('\n')
            if not line.strip():
                continue
            tag, val = line.split('|', 1)
            if tag == 'C':
                label, kind, reword, dom, cat = val.split('|')
                block = {"label": label, "kind": None if kind == '-' else kind, "reword": reword,
                         "domain": dom, "category": cat, "sources": [], "merged": None, "note": ""}
                cases.append(block)
            elif tag == 'S':
                block["sources"].append(val.strip())
            elif tag == 'M':
                block["merged"] = val.strip()
            elif tag == 'N':
                block["note"] = val.strip()
            else:
                raise ValueError(line)
    random.Random(2929).shuffle(cases)
    with open('merge_corpus_v29b.jsonl', 'w', encoding='utf-8') as f:
        for i, c in enumerate(cases, 1):
            cid = "e29-%04d" % i
            o = {"case_id": cid,
                 "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                             for j, s in enumerate(c["sources"], 1)],
                 "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                 "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(o, ensure_ascii=False) + '\n')

if __name__ == '__main__':
    build_b()
    build_a()
