#!/usr/bin/env python3
"""Layout only: parse the hand-written raw files in raw/, shuffle with a fixed seed,
assign ids, write the two JSONL corpora. No text is generated here."""
import json, random, glob, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")
SEED = 1313


def parse_part_a():
    cases = []
    for fn in sorted(glob.glob(os.path.join(RAW, "a*.txt"))):
        cur = None
        for ln, line in enumerate(open(fn, encoding="utf-8"), 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if line.startswith("@"):
                if cur:
                    cases.append(cur)
                head = [p.strip() for p in line[1:].split("|")]
                lab, rew, kind = head[0].split()
                cur = {"label": lab, "reword": rew, "kind": None if kind == "-" else kind,
                       "domain": head[1], "category": head[2], "register": head[3],
                       "sources": [], "merged": None, "note": "", "_where": f"{os.path.basename(fn)}:{ln}"}
            elif line.startswith("s:"):
                cur["sources"].append(line[2:].strip())
            elif line.startswith("m:"):
                cur["merged"] = line[2:].strip()
            elif line.startswith("n:"):
                cur["note"] = line[2:].strip()
            else:
                raise SystemExit(f"unparsed line {fn}:{ln}: {line!r}")
        if cur:
            cases.append(cur)
    return cases


def parse_part_b():
    groups, looks, fillers = [], [], []
    for fn in sorted(glob.glob(os.path.join(RAW, "b*.txt"))):
        cur = None
        for ln, line in enumerate(open(fn, encoding="utf-8"), 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if line.startswith("G "):
                diff, dom = [p.strip() for p in line[2:].split("|")]
                cur = {"kind": "group", "difficulty": diff, "domain": dom, "members": []}
                groups.append(cur)
            elif line.startswith("L "):
                diff, dom = [p.strip() for p in line[2:].split("|")]
                cur = {"kind": "lookalike", "differs": diff, "domain": dom, "pair": []}
                looks.append(cur)
            elif line.startswith("F "):
                dom, text = line[2:].split("|", 1)
                fillers.append({"kind": "filler", "domain": dom.strip(), "text": text.strip()})
                cur = None
            elif line.startswith("- "):
                cur["members" if cur["kind"] == "group" else "pair"].append(line[2:].strip())
            else:
                raise SystemExit(f"unparsed line {fn}:{ln}: {line!r}")
    return groups, looks, fillers


def main():
    rng = random.Random(SEED)
    cases = parse_part_a()
    rng.shuffle(cases)
    out, regs = [], {}
    for i, c in enumerate(cases, 1):
        cid = f"e13-{i:04d}"
        regs[cid] = c["register"]
        out.append({
            "case_id": cid,
            "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]}
                        for j, s in enumerate(c["sources"], 1)],
            "merged": c["merged"], "category": c["category"], "label": c["label"],
            "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
            "split": "final", "note": c["note"]})
    with open(os.path.join(HERE, "merge_corpus_v13.jsonl"), "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    # register tags of the hand-written cases (1 terse, 2 user-sentence, 3 named person, 4 project/system)
    with open(os.path.join(HERE, "merge_registers_v13.json"), "w", encoding="utf-8") as f:
        json.dump(regs, f, indent=0, sort_keys=True)

    groups, looks, fillers = parse_part_b()
    rng2 = random.Random(SEED + 1)
    for lst in (groups, looks, fillers):
        rng2.shuffle(lst)
    recs = []
    for i, g in enumerate(groups, 1):
        recs.append({"kind": "group", "id": f"pg13-{i:03d}", "difficulty": g["difficulty"],
                     "domain": g["domain"], "split": "final", "members": g["members"]})
    for i, l in enumerate(looks, 1):
        recs.append({"kind": "lookalike", "id": f"la13-{i:03d}", "differs": l["differs"],
                     "domain": l["domain"], "split": "final", "pair": l["pair"]})
    for i, fl in enumerate(fillers, 1):
        recs.append({"kind": "filler", "id": f"f13-{i:03d}", "domain": fl["domain"],
                     "split": "final", "text": fl["text"]})
    rng2.shuffle(recs)
    with open(os.path.join(HERE, "paraphrase_corpus_v13.jsonl"), "w", encoding="utf-8") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(out)} merge cases, {len(groups)} groups, {len(looks)} lookalikes, {len(fillers)} fillers")


if __name__ == "__main__":
    main()
