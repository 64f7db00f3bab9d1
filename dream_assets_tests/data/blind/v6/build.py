#!/usr/bin/env python3
"""Layout only: parse hand-written raw files into JSONL, shuffle with a fixed seed, assign ids."""
import glob, json, os, random, re

HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")
SEED = 6006


def parse_blocks(path):
    blocks, cur = [], None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("@"):
            cur = {"head": [x.strip() for x in line[1:].split("|")], "lines": []}
            blocks.append(cur)
        elif line.startswith("- "):
            cur["lines"].append(("-", line[2:].strip()))
        else:
            tag, _, text = line.partition(":")
            cur["lines"].append((tag.strip(), text.strip()))
    return blocks


def build_merge():
    cases = []
    for path in sorted(glob.glob(os.path.join(RAW, "a_*.txt"))):
        name = os.path.basename(path)[2:-4]          # faithful1 / lossy_negation ...
        if name.startswith("faithful"):
            label, kind = "faithful", None
        else:
            label, kind = "lossy", name.split("_", 1)[1]
        for b in parse_blocks(path):
            reword, domain, category = b["head"]
            srcs = [t for g, t in b["lines"] if g == "s"]
            merged = [t for g, t in b["lines"] if g == "m"]
            note = [t for g, t in b["lines"] if g == "n"]
            assert len(merged) == 1, (path, b)
            cases.append({"sources": srcs, "merged": merged[0], "category": category,
                          "label": label, "kind": kind, "reword": reword, "domain": domain,
                          "note": note[0] if note else ""})
    random.Random(SEED).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = "e6-%04d" % i
        out.append({"case_id": cid,
                    "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                                for j, s in enumerate(c["sources"], 1)],
                    "merged": c["merged"], "category": c["category"], "label": c["label"],
                    "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                    "split": "final", "note": c["note"]})
    with open(os.path.join(HERE, "merge_corpus_v6.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)


def build_para():
    recs = []
    for b in parse_blocks(os.path.join(RAW, "b_groups.txt")):
        diff, domain = b["head"]
        recs.append({"kind": "group", "difficulty": diff, "domain": domain, "split": "final",
                     "members": [t for g, t in b["lines"]]})
    for b in parse_blocks(os.path.join(RAW, "b_lookalikes.txt")):
        differs, domain = b["head"]
        pair = [t for g, t in b["lines"]]
        recs.append({"kind": "lookalike", "differs": differs, "domain": domain, "split": "final",
                     "pair": pair})
    for line in open(os.path.join(RAW, "b_fillers.txt"), encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        domain, _, text = line.partition("|")
        recs.append({"kind": "filler", "domain": domain.strip(), "split": "final", "text": text.strip()})
    random.Random(SEED).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg6", "lookalike": "la6", "filler": "f6"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open(os.path.join(HERE, "paraphrase_corpus_v6.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)


if __name__ == "__main__":
    print("merge cases:", build_merge())
    if os.path.exists(os.path.join(RAW, "b_groups.txt")):
        print("paraphrase records:", build_para())
