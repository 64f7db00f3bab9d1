# Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL.
import json, random, glob, os
D = os.path.dirname(os.path.abspath(__file__))

def parse_b():
    recs = []
    for line in open(os.path.join(D, "raw_partB.txt"), encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        head, dom, body = [x.strip() for x in line.split("|", 2)]
        parts = head.split()
        if parts[0] == "G":
            recs.append({"kind": "group", "difficulty": parts[1], "domain": dom, "split": "final",
                         "members": [m.strip() for m in body.split("||")]})
        elif parts[0] == "L":
            a, b = [m.strip() for m in body.split("||")]
            recs.append({"kind": "lookalike", "differs": parts[1], "domain": dom, "split": "final", "pair": [a, b]})
        elif parts[0] == "F":
            recs.append({"kind": "filler", "domain": dom, "split": "final", "text": body})
    return recs

def parse_a():
    cases = []
    for fn in sorted(glob.glob(os.path.join(D, "raw_partA_*.txt"))):
        blocks = open(fn, encoding="utf-8").read().split("\n\n")
        for b in blocks:
            lines = [l.strip() for l in b.strip().splitlines() if l.strip()]
            if not lines:
                continue
            h = lines[0].lstrip("#").split()
            if len(h) == 4:
                h = [h[0], "-"] + h[1:]
            label, kind, reword, domain, cat = h
            srcs = [l[2:].strip() for l in lines if l.startswith("S:")]
            merged = [l[2:].strip() for l in lines if l.startswith("M:")][0]
            note = ([l[2:].strip() for l in lines if l.startswith("N:")] or [""])[0]
            cases.append({"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                          "domain": domain, "category": cat, "srcs": srcs, "merged": merged, "note": note})
    return cases

def main():
    b = parse_b()
    random.Random(45).shuffle(b)
    cnt = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg45b", "lookalike": "la45b", "filler": "f45b"}
    with open(os.path.join(D, "paraphrase_corpus_v45b.jsonl"), "w", encoding="utf-8") as f:
        for r in b:
            cnt[r["kind"]] += 1
            out = {"kind": r["kind"], "id": "%s-%03d" % (pref[r["kind"]], cnt[r["kind"]])}
            out.update({k: v for k, v in r.items() if k != "kind"})
            f.write(json.dumps(out, ensure_ascii=False) + "\n")
    a = parse_a()
    random.Random(4545).shuffle(a)
    with open(os.path.join(D, "merge_corpus_v45b.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(a, 1):
            cid = "e45b-%04d" % i
            out = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(out, ensure_ascii=False) + "\n")
    print("partB", cnt, "partA", len(a))

if __name__ == "__main__":
    main()
