#!/usr/bin/env python3
"""Layout only: parse the hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL.
No text is generated here; every string comes verbatim from raw/*.txt."""
import glob, json, os, random

HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")
SEED = 1414


def parse_merge_file(path):
    cases, cur = [], None
    for ln, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("== "):
            if cur:
                cases.append(cur)
            f = [x.strip() for x in line[3:].split("|")]
            assert len(f) == 5, (path, ln, line)
            label, kind, reword, domain, category = f
            cur = {"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                   "domain": domain, "category": category, "sources": [], "merged": None,
                   "note": "", "_src": f"{os.path.basename(path)}:{ln}"}
        elif len(line) > 3 and line[0] == "S" and line[1] in "1234" and line[2] == " ":
            # S1 terse note, S2 "User/The user", S3 named person, S4 software project / workplace system
            cur["sources"].append(line[3:].strip())
            cur.setdefault("registers", []).append(int(line[1]))
        elif line.startswith("M "):
            assert cur["merged"] is None, (path, ln)
            cur["merged"] = line[2:].strip()
        elif line.startswith("N "):
            cur["note"] = line[2:].strip()
        else:
            raise ValueError(f"{path}:{ln}: cannot parse {line!r}")
    if cur:
        cases.append(cur)
    return cases


def build_merge():
    cases = []
    for p in sorted(glob.glob(os.path.join(RAW, "merge_*.txt"))):
        cases += parse_merge_file(p)
    rnd = random.Random(SEED)
    rnd.shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = f"e14-{i:04d}"
        out.append({
            "case_id": cid,
            "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]}
                        for j, s in enumerate(c["sources"], 1)],
            "merged": c["merged"],
            "category": c["category"],
            "label": c["label"],
            "kind": c["kind"],
            "reword": c["reword"],
            "domain": c["domain"],
            "split": "final",
            "note": c["note"],
        })
    regs = {}
    for i, c in enumerate(cases, 1):
        for j, rg in enumerate(c.get("registers", []), 1):
            regs[f"e14-{i:04d}-s{j}"] = rg
    with open(os.path.join(HERE, "source_registers_v14.json"), "w") as f:
        json.dump(regs, f, indent=0, sort_keys=True)
    with open(os.path.join(HERE, "merge_corpus_v14.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)


def build_para():
    recs = []
    for p in sorted(glob.glob(os.path.join(RAW, "para_*.txt"))):
        for ln, line in enumerate(open(p, encoding="utf-8"), 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            f = [x.strip() for x in line.split(" | ")]
            t = f[0]
            if t == "G":
                _, diff, dom, *mem = f
                recs.append({"kind": "group", "difficulty": diff, "domain": dom, "members": mem})
            elif t == "L":
                _, differs, dom, a, b = f
                recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "pair": [a, b]})
            elif t == "F":
                _, dom, text = f
                recs.append({"kind": "filler", "domain": dom, "text": text})
            else:
                raise ValueError(f"{p}:{ln}: {line!r}")
    rnd = random.Random(SEED)
    rnd.shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg14", "lookalike": "la14", "filler": "f14"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = f"{pref[r['kind']]}-{n[r['kind']]:03d}"
        if r["kind"] == "group":
            o = {"kind": "group", "id": rid, "difficulty": r["difficulty"], "domain": r["domain"],
                 "split": "final", "members": r["members"]}
        elif r["kind"] == "lookalike":
            o = {"kind": "lookalike", "id": rid, "differs": r["differs"], "domain": r["domain"],
                 "split": "final", "pair": r["pair"]}
        else:
            o = {"kind": "filler", "id": rid, "domain": r["domain"], "split": "final", "text": r["text"]}
        out.append(o)
    with open(os.path.join(HERE, "paraphrase_corpus_v14.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)


if __name__ == "__main__":
    print("merge cases:", build_merge())
    print("paraphrase records:", build_para())
