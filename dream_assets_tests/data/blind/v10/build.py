"""Layout only: parse hand-written raw files into JSONL, shuffle with a fixed seed, assign ids."""
import glob, json, random, re, os
HERE = os.path.dirname(os.path.abspath(__file__))

def parse_merge_file(path):
    cases, cur = [], None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            continue
        if line.startswith("@ "):
            head, domain, category = [x.strip() for x in line[2:].split("|")]
            parts = head.split()
            if parts[0] == "F":
                label, kind, reword = "faithful", None, parts[1]
            else:
                label, kind, reword = "lossy", parts[1], parts[2]
            cur = {"label": label, "kind": kind, "reword": reword, "domain": domain,
                   "category": category, "sources": [], "merged": None, "note": ""}
            cases.append(cur)
        elif line.startswith("- "):
            cur["sources"].append(line[2:].strip())
        elif line.startswith("= "):
            cur["merged"] = line[2:].strip()
        elif line.startswith("! "):
            cur["note"] = line[2:].strip()
        else:
            raise ValueError(f"{path}: bad line {line!r}")
    return cases

def build_merge():
    cases = []
    for p in sorted(glob.glob(os.path.join(HERE, "raw_faithful_*.txt")) + glob.glob(os.path.join(HERE, "raw_lossy_*.txt"))):
        cases += parse_merge_file(p)
    random.Random(10).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = f"e10-{i:04d}"
        out.append({"case_id": cid,
                    "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
                    "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                    "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]})
    with open(os.path.join(HERE, "merge_corpus_v10.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return out

def build_para():
    recs = []
    for p in sorted(glob.glob(os.path.join(HERE, "raw_para_*.txt"))):
        cur = None
        for line in open(p, encoding="utf-8"):
            line = line.rstrip("\n")
            if not line.strip():
                continue
            if line.startswith("@ "):
                head, domain = [x.strip() for x in line[2:].split("|")]
                parts = head.split()
                if parts[0] == "group":
                    cur = {"kind": "group", "difficulty": parts[1], "domain": domain, "members": []}
                elif parts[0] == "lookalike":
                    cur = {"kind": "lookalike", "differs": parts[1], "domain": domain, "pair": []}
                else:
                    cur = {"kind": "filler", "domain": domain, "text": None}
                recs.append(cur)
            elif line.startswith("- "):
                t = line[2:].strip()
                if cur["kind"] == "group": cur["members"].append(t)
                elif cur["kind"] == "lookalike": cur["pair"].append(t)
                else: cur["text"] = t
            else:
                raise ValueError(f"{p}: bad line {line!r}")
    random.Random(10).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg10", "lookalike": "la10", "filler": "f10"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = f"{pref[r['kind']]}-{n[r['kind']]:03d}"
        if r["kind"] == "group":
            o = {"kind": "group", "id": rid, "difficulty": r["difficulty"], "domain": r["domain"], "split": "final", "members": r["members"]}
        elif r["kind"] == "lookalike":
            o = {"kind": "lookalike", "id": rid, "differs": r["differs"], "domain": r["domain"], "split": "final", "pair": r["pair"]}
        else:
            o = {"kind": "filler", "id": rid, "domain": r["domain"], "split": "final", "text": r["text"]}
        out.append(o)
    with open(os.path.join(HERE, "paraphrase_corpus_v10.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return out

if __name__ == "__main__":
    m = build_merge(); print("merge cases:", len(m))
    p = build_para(); print("paraphrase records:", len(p))
