#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL."""
import json, random, os
HERE = os.path.dirname(os.path.abspath(__file__))

def build_paraphrase():
    recs = []
    with open(os.path.join(HERE, "raw_paraphrase.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("|", 3)
            if parts[0] == "G":
                _, diff, dom, rest = parts
                recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                             "members": [m.strip() for m in rest.split(" || ")]})
            elif parts[0] == "L":
                _, differs, dom, rest = parts
                a, b = [m.strip() for m in rest.split(" || ")]
                recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
            elif parts[0] == "F":
                _, dom, text = line.split("|", 2)
                recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
            else:
                raise SystemExit("bad line: " + line)
    random.Random(4848).shuffle(recs)
    counters = {"group": 0, "lookalike": 0, "filler": 0}
    prefix = {"group": "pg48b", "lookalike": "la48b", "filler": "f48b"}
    out = []
    for r in recs:
        counters[r["kind"]] += 1
        rid = "%s-%03d" % (prefix[r["kind"]], counters[r["kind"]])
        o = {"kind": r["kind"], "id": rid}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open(os.path.join(HERE, "paraphrase_corpus_v48b.jsonl"), "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return len(out)

def build_merge():
    cases = []
    cur = None
    with open(os.path.join(HERE, "raw_merge.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                continue
            if line.startswith("C|"):
                _, label, kind, reword, domain, category = line.split("|")
                cur = {"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                       "domain": domain, "category": category, "sources": [], "merged": None, "note": ""}
                cases.append(cur)
            elif line.startswith("S: "):
                cur["sources"].append(line[3:].strip())
            elif line.startswith("M: "):
                cur["merged"] = line[3:].strip()
            elif line.startswith("N: "):
                cur["note"] = line[3:].strip()
            elif line.strip():
                raise SystemExit("bad line: " + line)
    random.Random(4848).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = "e48b-%04d" % i
        out.append({"case_id": cid,
                    "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                                for j, s in enumerate(c["sources"], 1)],
                    "merged": c["merged"], "category": c["category"], "label": c["label"],
                    "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                    "split": "final", "note": c["note"]})
    with open(os.path.join(HERE, "merge_corpus_v48b.jsonl"), "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return len(out)

if __name__ == "__main__":
    print("paraphrase records:", build_paraphrase())
    print("merge cases:", build_merge())
