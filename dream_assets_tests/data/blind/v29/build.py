# Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL.
import json, random, glob

def parse_b():
    recs = []
    for fn in sorted(glob.glob('raw/b_*.txt')):
        for line in open(fn):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            parts = line.split('|', 3)
            t = parts[0]
            if t == 'G':
                recs.append({"kind": "group", "difficulty": parts[1], "domain": parts[2],
                             "split": "final", "members": [m.strip() for m in parts[3].split(' || ')]})
            elif t == 'L':
                recs.append({"kind": "lookalike", "differs": parts[1], "domain": parts[2],
                             "split": "final", "pair": [m.strip() for m in parts[3].split(' || ')]})
            elif t == 'F':
                rest = line.split('|', 2)
                recs.append({"kind": "filler", "domain": rest[1], "split": "final", "text": rest[2].strip()})
    return recs

def parse_a():
    cases = []
    for fn in sorted(glob.glob('raw/a_*.txt')):
        import re as _re
        blocks = _re.split(r'\n(?=C\|)', open(fn).read())
        for b in blocks:
            lines = [l.strip() for l in b.strip().split('\n') if l.strip() and not l.startswith('#')]
            if not lines:
                continue
            h = lines[0].split('|')
            assert h[0] == 'C', lines
            _, label, kind, reword, domain, cat = h
            srcs = [l[2:].strip() for l in lines if l.startswith('S:')]
            merged = [l[2:].strip() for l in lines if l.startswith('M:')]
            note = [l[2:].strip() for l in lines if l.startswith('N:')]
            assert len(merged) == 1, lines
            cases.append({"label": label, "kind": None if kind == '-' else kind, "reword": reword,
                          "domain": domain, "category": cat, "srcs": srcs, "merged": merged[0],
                          "note": note[0] if note else ""})
    return cases

rng = random.Random(29)
b = parse_b(); rng.shuffle(b)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pref = {"group": "pg29", "lookalike": "la29", "filler": "f29"}
with open('paraphrase_corpus_v29.jsonl', 'w') as f:
    for r in b:
        cnt[r["kind"]] += 1
        out = {"kind": r["kind"], "id": "%s-%03d" % (pref[r["kind"]], cnt[r["kind"]])}
        out.update({k: v for k, v in r.items() if k != "kind"})
        f.write(json.dumps(out, ensure_ascii=False) + '\n')

a = parse_a(); rng.shuffle(a)
with open('merge_corpus_v29.jsonl', 'w') as f:
    for i, c in enumerate(a, 1):
        cid = "e29-%04d" % i
        out = {"case_id": cid,
               "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                           for j, s in enumerate(c["srcs"], 1)],
               "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
               "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        f.write(json.dumps(out, ensure_ascii=False) + '\n')
print("built", len(b), "paraphrase records,", len(a), "merge cases")
