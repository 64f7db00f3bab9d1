#!/usr/bin/env python3
"""Layout only: read hand-written raw files, emit JSONL, shuffle with seed 7007, assign ids.
No text is generated here; every sentence comes verbatim from raw/*.txt."""
import glob, json, os, random

HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")
SEED = 7007


def blocks(path):
    """Split a raw file into blocks starting with '@ ' header lines."""
    cur = None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("@ "):
            if cur:
                yield cur
            cur = {"head": line[2:].strip(), "lines": []}
        elif line.strip() and cur is not None:
            cur["lines"].append(line)
    if cur:
        yield cur


def build_merge():
    cases = []
    for path in sorted(glob.glob(os.path.join(RAW, "merge_*.txt"))):
        for b in blocks(path):
            parts = [x.strip() for x in b["head"].split("|")]
            if parts[0] == "faithful":
                label, reword, domain, category = parts
                kind = None
            else:
                label, kind, reword, domain, category = parts
            srcs = [l[2:].strip() for l in b["lines"] if l.startswith("- ")]
            merged = [l[2:].strip() for l in b["lines"] if l.startswith("= ")]
            note = [l[2:].strip() for l in b["lines"] if l.startswith("# ")]
            assert len(merged) == 1, (path, b["head"])
            cases.append({"sources": srcs, "merged": merged[0], "category": category, "label": label,
                          "kind": kind, "reword": reword, "domain": domain,
                          "note": note[0] if note else ""})
    random.Random(SEED).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = "e7-%04d" % i
        out.append({"case_id": cid,
                    "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                                for j, s in enumerate(c["sources"], 1)],
                    "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                    "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]})
    with open(os.path.join(HERE, "merge_corpus_v7.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)


def build_para():
    recs = []
    for path in sorted(glob.glob(os.path.join(RAW, "para_groups*.txt"))):
        for b in blocks(path):
            _, diff, domain = [x.strip() for x in b["head"].split("|")]
            recs.append({"kind": "group", "difficulty": diff, "domain": domain, "split": "final",
                         "members": [l[2:].strip() for l in b["lines"] if l.startswith("- ")]})
    for path in sorted(glob.glob(os.path.join(RAW, "para_lookalikes*.txt"))):
        for b in blocks(path):
            _, differs, domain = [x.strip() for x in b["head"].split("|")]
            recs.append({"kind": "lookalike", "differs": differs, "domain": domain, "split": "final",
                         "pair": [l[2:].strip() for l in b["lines"] if l.startswith("- ")]})
    for path in sorted(glob.glob(os.path.join(RAW, "para_fillers*.txt"))):
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            domain, text = line.split("|", 1)
            recs.append({"kind": "filler", "domain": domain.strip(), "split": "final", "text": text.strip()})
    random.Random(SEED).shuffle(recs)
    counters = {"group": 0, "lookalike": 0, "filler": 0}
    prefix = {"group": "pg7-%03d", "lookalike": "la7-%03d", "filler": "f7-%03d"}
    out = []
    for r in recs:
        counters[r["kind"]] += 1
        rid = prefix[r["kind"]] % counters[r["kind"]]
        r2 = {"kind": r["kind"], "id": rid}
        r2.update({k: v for k, v in r.items() if k != "kind"})
        out.append(r2)
    with open(os.path.join(HERE, "paraphrase_corpus_v7.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)


if __name__ == "__main__":
    print("merge cases:", build_merge())
    print("paraphrase records:", build_para())
