# Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL.
import json, random, os, glob
D = os.path.dirname(os.path.abspath(__file__))
R = os.path.join(D, "raw")

def read_lines(pattern):
    out = []
    for fn in sorted(glob.glob(os.path.join(R, pattern))):
        for ln in open(fn, encoding="utf-8"):
            ln = ln.rstrip("\n")
            if ln.strip() and not ln.startswith("#"):
                out.append(ln)
    return out

# Part B
recs = []
for ln in read_lines("para_*.txt"):
    parts = ln.split("|", 3) if ln.startswith(("G|", "L|")) else ln.split("|", 2)
    if parts[0] == "G":
        _, diff, dom, rest = parts
        recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                     "members": [m.strip() for m in rest.split(" || ")]})
    elif parts[0] == "L":
        _, differs, dom, rest = parts
        a, b = [m.strip() for m in rest.split(" || ")]
        recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
    elif parts[0] == "F":
        _, dom, text = parts
        recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
    else:
        raise SystemExit("bad para line: " + ln)
random.Random(3636).shuffle(recs)
cnt = {"group": 0, "lookalike": 0, "filler": 0}
pref = {"group": "pg36", "lookalike": "la36", "filler": "f36"}
out = []
for r in recs:
    cnt[r["kind"]] += 1
    rid = "%s-%03d" % (pref[r["kind"]], cnt[r["kind"]])
    o = {"kind": r["kind"], "id": rid}
    o.update({k: v for k, v in r.items() if k != "kind"})
    out.append(o)
with open(os.path.join(D, "paraphrase_corpus_v36.jsonl"), "w", encoding="utf-8") as f:
    for o in out:
        f.write(json.dumps(o, ensure_ascii=False) + "\n")

# Part A
cases = []
for fn in sorted(glob.glob(os.path.join(R, "merge_*.txt"))):
    block = None
    for ln in open(fn, encoding="utf-8"):
        ln = ln.rstrip("\n")
        if ln.startswith("#"):
            continue
        if ln.startswith("C|"):
            if block: cases.append(block)
            _, label, kind, reword, dom, cat = ln.split("|")
            block = {"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                     "domain": dom, "category": cat, "sources": [], "merged": None, "note": ""}
        elif ln.startswith("S: "):
            block["sources"].append(ln[3:].strip())
        elif ln.startswith("M: "):
            block["merged"] = ln[3:].strip()
        elif ln.startswith("N: "):
            block["note"] = ln[3:].strip()
        elif ln.strip():
            raise SystemExit("bad merge line in %s: %s" % (fn, ln))
    if block: cases.append(block)
random.Random(3637).shuffle(cases)
with open(os.path.join(D, "merge_corpus_v36.jsonl"), "w", encoding="utf-8") as f:
    for i, c in enumerate(cases, 1):
        cid = "e36-%04d" % i
        o = {"case_id": cid,
             "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                         for j, s in enumerate(c["sources"], 1)],
             "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
             "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
print("built", len(out), "paraphrase records,", len(cases), "merge cases")
