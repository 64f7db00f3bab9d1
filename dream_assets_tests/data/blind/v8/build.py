#!/usr/bin/env python3
"""Layout only: parse the hand-written raw files, shuffle with a fixed seed,
assign ids, write the two JSONL corpora. No text is generated here."""
import glob, json, random, re, os

SEED = 8008
HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")


def blocks(path):
    cur = None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            continue
        if line.startswith("@"):
            if cur:
                yield cur
            cur = {"head": line[1:].strip(), "lines": []}
        else:
            cur["lines"].append(line)
    if cur:
        yield cur


def parse_a():
    cases = []
    for path in sorted(glob.glob(os.path.join(RAW, "a_*.txt"))):
        for b in blocks(path):
            parts = [p.strip() for p in b["head"].split("|")]
            lab, reword, domain, category = parts
            if lab == "F":
                label, kind = "faithful", None
            else:
                l, kind = lab.split()
                assert l == "L", b
                label = "lossy"
            srcs, merged, note = [], None, ""
            for ln in b["lines"]:
                tag, _, txt = ln.partition(":")
                txt = txt.strip()
                if tag == "s":
                    srcs.append(txt)
                elif tag == "m":
                    assert merged is None, b
                    merged = txt
                elif tag == "n":
                    note = txt
                else:
                    raise ValueError(f"{path}: bad line {ln!r}")
            cases.append(dict(sources=srcs, merged=merged, category=category,
                              label=label, kind=kind, reword=reword,
                              domain=domain, note=note, _file=os.path.basename(path)))
    return cases


def parse_b():
    recs = []
    for path in sorted(glob.glob(os.path.join(RAW, "b_*.txt"))):
        for b in blocks(path):
            head, domain = [p.strip() for p in b["head"].split("|")]
            items = []
            for ln in b["lines"]:
                assert ln.startswith("- "), f"{path}: {ln!r}"
                items.append(ln[2:].strip())
            hk = head.split()
            if hk[0] == "G":
                recs.append({"kind": "group", "difficulty": hk[1], "domain": domain,
                             "split": "final", "members": items})
            elif hk[0] == "LA":
                assert len(items) == 2, b
                recs.append({"kind": "lookalike", "differs": hk[1], "domain": domain,
                             "split": "final", "pair": items})
            elif hk[0] == "X":
                for it in items:
                    recs.append({"kind": "filler", "domain": domain, "split": "final", "text": it})
            else:
                raise ValueError(b)
    return recs


def main():
    rng = random.Random(SEED)
    cases = parse_a()
    rng.shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v8.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = f"e8-{i:04d}"
            rec = {"case_id": cid,
                   "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    recs = parse_b()
    rng.shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg8", "lookalike": "la8", "filler": "f8"}
    with open(os.path.join(HERE, "paraphrase_corpus_v8.jsonl"), "w", encoding="utf-8") as f:
        for r in recs:
            n[r["kind"]] += 1
            rec = {"kind": r["kind"], "id": f"{pref[r['kind']]}-{n[r['kind']]:03d}"}
            rec.update({k: v for k, v in r.items() if k != "kind"})
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"merge cases: {len(cases)}; paraphrase records: {len(recs)} {n}")


if __name__ == "__main__":
    main()
