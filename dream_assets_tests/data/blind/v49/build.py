#!/usr/bin/env python3
"""Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL."""
import json, random

def parse_b(path):
    recs = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split("|", 3)
        t = parts[0]
        if t == "G":
            _, diff, dom, rest = parts
            recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                         "members": [m.strip() for m in rest.split(" || ")]})
        elif t == "L":
            _, differs, dom, rest = parts
            a, b = [m.strip() for m in rest.split(" || ")]
            recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
        elif t == "F":
            _, dom, text = line.split("|", 2)
            recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
        else:
            raise ValueError(line)
    return recs

def parse_a(path):
    cases, cur = [], None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        tag, _, val = line.partition("|")
        if tag == "C":
            label, kind, reword, domain, category = val.split("|")
            cur = {"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                   "domain": domain, "category": category, "sources": [], "merged": None, "note": ""}
            cases.append(cur)
        elif tag == "S":
            cur["sources"].append(val.strip())
        elif tag == "M":
            cur["merged"] = val.strip()
        elif tag == "N":
            cur["note"] = val.strip()
        else:
            raise ValueError(line)
    return cases

def main():
    recs = parse_b("raw_paraphrase.txt")
    random.Random(4949).shuffle(recs)
    cnt = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg49", "lookalike": "la49", "filler": "f49"}
    out = []
    for r in recs:
        cnt[r["kind"]] += 1
        o = {"kind": r["kind"], "id": "%s-%03d" % (pref[r["kind"]], cnt[r["kind"]])}
        o.update({k: v for k, v in r.items() if k != "kind"})
        out.append(o)
    with open("paraphrase_corpus_v49.jsonl", "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")

    cases = parse_a("raw_merge.txt")
    random.Random(4949).shuffle(cases)
    with open("merge_corpus_v49.jsonl", "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e49-%04d" % i
            o = {"case_id": cid,
                 "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                             for j, s in enumerate(c["sources"], 1)],
                 "merged": c["merged"], "category": c["category"], "label": c["label"],
                 "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                 "split": "final", "note": c["note"]}
            f.write(json.dumps(o, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    main()
