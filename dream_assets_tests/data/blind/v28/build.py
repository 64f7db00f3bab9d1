#!/usr/bin/env python3
"""Layout only: turns hand-written raw lines into JSONL, shuffles (fixed seed), assigns ids."""
import json, random, glob
random.seed(28)

def split_line(line):
    return [p.strip() for p in line.split('|')]

# Part B
recs = []
for line in open('raw_groups.txt', encoding='utf-8'):
    line = line.rstrip('\n')
    if not line.strip() or line.startswith('#'):
        continue
    t = line.split('|', 1)[0]
    if t == 'G':
        _, diff, dom, rest = line.split('|', 3)
        recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                     "members": [m.strip() for m in rest.split('||')]})
    elif t == 'L':
        _, differs, dom, rest = line.split('|', 3)
        recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final",
                     "pair": [m.strip() for m in rest.split('||')]})
    elif t == 'F':
        _, dom, text = line.split('|', 2)
        recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
random.shuffle(recs)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pref = {"group": "pg28", "lookalike": "la28", "filler": "f28"}
with open('paraphrase_corpus_v28.jsonl', 'w', encoding='utf-8') as f:
    for r in recs:
        cnt[r["kind"]] += 1
        out = {"kind": r["kind"], "id": "%s-%03d" % (pref[r["kind"]], cnt[r["kind"]])}
        out.update({k: v for k, v in r.items() if k != "kind"})
        f.write(json.dumps(out, ensure_ascii=False) + "\n")

# Part A
cases = []
for fn in sorted(glob.glob('raw_merge_*.txt')):
    for line in open(fn, encoding='utf-8'):
        line = line.rstrip('\n')
        if not line.strip() or line.startswith('#'):
            continue
        parts = line.split('|')
        # C|label|kind|reword|domain|category|sources(with ||)|merged|note
        assert parts[0] == 'C', line
        label, kind, reword, dom, cat = [p.strip() for p in parts[1:6]]
        rest = '|'.join(parts[6:])
        srcpart, merged, note = rest.rsplit('|', 2) if rest.count('|') >= 2 else (None, None, None)
        # sources are joined with '||' so rsplit on single '|' is safe only for last two fields
        srcs = [s.strip() for s in srcpart.split('||')]
        cases.append({"sources": srcs, "merged": merged.strip(), "category": cat, "label": label,
                      "kind": None if kind == '-' else kind, "reword": reword, "domain": dom,
                      "note": note.strip(), "_file": fn})
random.shuffle(cases)
with open('merge_corpus_v28.jsonl', 'w', encoding='utf-8') as f:
    for i, c in enumerate(cases, 1):
        cid = "e28-%04d" % i
        out = {"case_id": cid,
               "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                           for j, s in enumerate(c["sources"], 1)],
               "merged": c["merged"], "category": c["category"], "label": c["label"],
               "kind": c["kind"], "reword": c["reword"], "domain": c["domain"], "split": "final",
               "note": c["note"]}
        f.write(json.dumps(out, ensure_ascii=False) + "\n")
print("paraphrase records:", len(recs), cnt, "merge cases:", len(cases))
