"""Layout only: parse the hand-written raw files, shuffle with a fixed seed, assign ids, write JSONL."""
import json, random, glob, os
HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")
KIND = {"-": None, "negation": "negation", "quantity": "quantity", "dropped": "dropped",
        "detail": "detail", "status": "status", "attribution": "attribution"}

def merge_cases():
    cases = []
    for fn in sorted(glob.glob(os.path.join(RAW, "merge_*.txt"))):
        for block in open(fn, encoding="utf-8").read().strip().split("\n\n"):
            lines = [l for l in block.strip().split("\n") if l.strip()]
            head = [x.strip() for x in lines[0].lstrip("=").split("|")]
            dom, cat, lab, kind, rw = head
            src = [l[3:].strip() for l in lines if l.startswith("S: ")]
            merged = [l[3:].strip() for l in lines if l.startswith("M: ")]
            note = [l[3:].strip() for l in lines if l.startswith("N: ")]
            assert len(merged) == 1, block
            cases.append(dict(domain=dom, category=cat, label={"F": "faithful", "L": "lossy"}[lab],
                              kind=KIND[kind], reword={"H": "heavy", "L": "light"}[rw],
                              sources=src, merged=merged[0], note=note[0] if note else ""))
    return cases

def para_records():
    recs = []
    for block in open(os.path.join(RAW, "para_groups.txt"), encoding="utf-8").read().strip().split("\n\n"):
        lines = block.strip().split("\n")
        diff, dom = [x.strip() for x in lines[0][1:].split("|")]
        recs.append(dict(kind="group", difficulty=diff, domain=dom,
                         members=[l[2:].strip() for l in lines[1:] if l.startswith("- ")]))
    for block in open(os.path.join(RAW, "para_lookalikes.txt"), encoding="utf-8").read().strip().split("\n\n"):
        lines = block.strip().split("\n")
        differs, dom = [x.strip() for x in lines[0][2:].split("|")]
        recs.append(dict(kind="lookalike", differs=differs, domain=dom,
                         pair=[lines[1][3:].strip(), lines[2][3:].strip()]))
    for line in open(os.path.join(RAW, "para_fillers.txt"), encoding="utf-8"):
        if line.strip():
            _, dom, text = [x.strip() for x in line.split("|", 2)]
            recs.append(dict(kind="filler", domain=dom, text=text))
    return recs

def main():
    cases = merge_cases()
    random.Random(20261201).shuffle(cases)
    with open(os.path.join(HERE, "merge_corpus_v4.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = "e-%04d" % i
            out = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, k), "content": s, "category": c["category"]}
                               for k, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(out, ensure_ascii=False) + "\n")
    recs = para_records()
    random.Random(20261202).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg4-", "lookalike": "la4-", "filler": "f4-"}
    with open(os.path.join(HERE, "paraphrase_corpus_v4.jsonl"), "w", encoding="utf-8") as f:
        for r in recs:
            n[r["kind"]] += 1
            rid = pre[r["kind"]] + "%03d" % n[r["kind"]]
            if r["kind"] == "group":
                out = {"kind": "group", "id": rid, "difficulty": r["difficulty"], "domain": r["domain"],
                       "split": "final", "members": r["members"]}
            elif r["kind"] == "lookalike":
                out = {"kind": "lookalike", "id": rid, "differs": r["differs"], "domain": r["domain"],
                       "split": "final", "pair": r["pair"]}
            else:
                out = {"kind": "filler", "id": rid, "domain": r["domain"], "split": "final", "text": r["text"]}
            f.write(json.dumps(out, ensure_ascii=False) + "\n")
    print("wrote", len(cases), "merge cases and", len(recs), "paraphrase records")

if __name__ == "__main__":
    main()
