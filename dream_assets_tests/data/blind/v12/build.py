#!/usr/bin/env python3
"""Layout only: parse hand-written raw files into JSONL, shuffle with a fixed seed, assign ids."""
import json, glob, random, re

def parse_merge(path):
    cases, cur = [], None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("# "):
            if cur: cases.append(cur)
            label, kind, reword, domain, category = line[2:].split()
            cur = {"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                   "domain": domain, "category": category, "sources": [], "merged": None, "note": ""}
        elif line.startswith("S: "): cur["sources"].append(line[3:].strip())
        elif line.startswith("M: "): cur["merged"] = line[3:].strip()
        elif line.startswith("N: "): cur["note"] = line[3:].strip()
    if cur: cases.append(cur)
    return cases

def build_merge():
    cases = []
    for p in sorted(glob.glob("raw_merge_*.txt")): cases += parse_merge(p)
    random.Random(1212).shuffle(cases)
    out = open("merge_corpus_v12.jsonl", "w", encoding="utf-8")
    for i, c in enumerate(cases, 1):
        cid = f"e12-{i:04d}"
        rec = {"case_id": cid,
               "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
               "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
               "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return len(cases)

def parse_para(path):
    recs, cur = [], None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("# "):
            if cur: recs.append(cur)
            parts = line[2:].split()
            cur = {"kind": parts[0], "meta": parts[1:], "texts": []}
        elif line.startswith("T: "): cur["texts"].append(line[3:].strip())
    if cur: recs.append(cur)
    return recs

def build_para():
    recs = []
    for p in sorted(glob.glob("raw_para_*.txt")): recs += parse_para(p)
    random.Random(1212).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    out = open("paraphrase_corpus_v12.jsonl", "w", encoding="utf-8")
    for r in recs:
        k = r["kind"]; n[k] += 1
        if k == "group":
            diff, dom = r["meta"]
            rec = {"kind": "group", "id": f"pg12-{n[k]:03d}", "difficulty": diff, "domain": dom, "split": "final", "members": r["texts"]}
        elif k == "lookalike":
            differs, dom = r["meta"]
            rec = {"kind": "lookalike", "id": f"la12-{n[k]:03d}", "differs": differs, "domain": dom, "split": "final", "pair": r["texts"]}
        else:
            (dom,) = r["meta"]
            rec = {"kind": "filler", "id": f"f12-{n[k]:03d}", "domain": dom, "split": "final", "text": r["texts"][0]}
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return len(recs)

if __name__ == "__main__":
    print("merge cases:", build_merge())
    print("paraphrase records:", build_para())
