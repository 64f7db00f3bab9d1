"""Layout only: parse hand-written raw files into JSONL, shuffle with a fixed seed, assign ids."""
import glob, json, random

SEED = 18182

def blocks(pattern):
    for fn in sorted(glob.glob(pattern)):
        text = open(fn, encoding="utf-8").read()
        for blk in text.split("\n\n"):
            lines = [l.rstrip() for l in blk.strip().split("\n") if l.strip()]
            if lines:
                yield fn, lines

def build_b():
    recs = []
    for fn, lines in blocks("raw_b_*.txt"):
        head = lines[0].split()
        typ = head[0]
        items = [l[2:].strip() for l in lines[1:] if l.startswith("- ")]
        if typ == "G":
            recs.append({"kind": "group", "difficulty": head[1], "domain": head[2],
                         "split": "final", "members": items})
        elif typ == "L":
            recs.append({"kind": "lookalike", "differs": head[1], "domain": head[2],
                         "split": "final", "pair": items})
        elif typ == "F":
            recs.append({"kind": "filler", "domain": head[1], "split": "final", "text": items[0]})
        else:
            raise SystemExit(f"bad header in {fn}: {lines[0]}")
    random.Random(SEED).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg18b-", "lookalike": "la18b-", "filler": "f18b-"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = pref[r["kind"]] + f"{n[r['kind']]:03d}"
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open("paraphrase_corpus_v18b.jsonl", "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

def build_a():
    cases = []
    for fn, lines in blocks("raw_a_*.txt"):
        head = lines[0].split()
        assert head[0] == "C", (fn, lines[0])
        _, label, kind, reword, domain, category = head
        srcs = [l[2:].strip() for l in lines[1:] if l.startswith("- ")]
        merged = [l[2:].strip() for l in lines[1:] if l.startswith("= ")]
        note = [l[2:].strip() for l in lines[1:] if l.startswith("# ")]
        assert len(merged) == 1, (fn, lines[0], srcs)
        cases.append(dict(label=label, kind=None if kind == "-" else kind, reword=reword,
                          domain=domain, category=category, srcs=srcs, merged=merged[0],
                          note=note[0] if note else ""))
    random.Random(SEED).shuffle(cases)
    with open("merge_corpus_v18b.jsonl", "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = f"e18b-{i:04d}"
            rec = {"case_id": cid,
                   "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]}
                               for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return len(cases)

if __name__ == "__main__":
    print("paraphrase records:", build_b())
    print("merge cases:", build_a())
