# Layout only: reads hand-written raw files, shuffles with fixed seed, assigns ids, writes JSONL.
import json, random, glob
random.seed(3636)

def para():
    recs = []
    for fn in sorted(glob.glob('raw_para_*.txt')):
        for line in open(fn):
            line = line.strip()
            if not line or line.startswith('#'): continue
            parts = line.split('|', 3)
            if parts[0] == 'G':
                _, diff, dom, rest = parts
                recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                             "members": [m.strip() for m in rest.split('||')]})
            elif parts[0] == 'L':
                _, differs, dom, rest = parts
                a, b = [m.strip() for m in rest.split('||')]
                recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
            elif parts[0] == 'F':
                _, dom, text = line.split('|', 2)
                recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
            else:
                raise SystemExit('bad line: ' + line)
    random.shuffle(recs)
    c = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg36-", "lookalike": "la36-", "filler": "f36-"}
    out = []
    for r in recs:
        c[r["kind"]] += 1
        rid = pref[r["kind"]] + "%03d" % c[r["kind"]]
        out.append(dict([("kind", r["kind"]), ("id", rid)] + [(k, v) for k, v in r.items() if k != "kind"]))
    with open('paraphrase_corpus_v36b.jsonl', 'w') as f:
        for r in out: f.write(json.dumps(r, ensure_ascii=False) + '\n')

def merge():
    cases = []
    for fn in sorted(glob.glob('raw_merge_*.txt')):
        cur = None
        for line in open(fn):
            line = line.rstrip('\n')
            if not line.strip() or line.startswith('#'): continue
            if line.startswith('@@'):
                label, kind, reword, domain, cat = [x.strip() for x in line[2:].split('|')]
                cur = {"label": label, "kind": None if kind == '-' else kind, "reword": reword,
                       "domain": domain, "category": cat, "sources": [], "merged": None, "note": ""}
                cases.append(cur)
            elif line.startswith('S:'): cur["sources"].append(line[2:].strip())
            elif line.startswith('M:'): cur["merged"] = line[2:].strip()
            elif line.startswith('N:'): cur["note"] = line[2:].strip()
            else: raise SystemExit('bad line: ' + line)
    random.shuffle(cases)
    with open('merge_corpus_v36b.jsonl', 'w') as f:
        for i, c in enumerate(cases, 1):
            cid = "e36-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')

para(); merge()
