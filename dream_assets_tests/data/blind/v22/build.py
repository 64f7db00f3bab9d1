# Layout only: reads hand-written raw files, emits JSONL. No text generation.
import json, random
random.seed(22)

def read_b(path="raw_b.txt"):
    recs = []
    for line in open(path, encoding="utf-8"):
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
    return recs

def read_a(path="raw_a.txt"):
    cases = []
    block = []
    for line in open(path, encoding="utf-8").read().split("\n") + [""]:
        if line.startswith("#"):
            continue
        if line.strip():
            block.append(line)
            continue
        if not block:
            continue
        label, kind, reword, domain, category = block[0].split("|")
        srcs = [l[3:].strip() for l in block[1:] if l.startswith("S: ")]
        merged = [l[3:].strip() for l in block[1:] if l.startswith("M: ")]
        note = [l[3:].strip() for l in block[1:] if l.startswith("N: ")]
        assert len(merged) == 1, block
        cases.append({"sources": srcs, "merged": merged[0], "category": category,
                      "label": label, "kind": None if kind == "-" else kind, "reword": reword,
                      "domain": domain, "split": "final", "note": note[0] if note else ""})
        block = []
    return cases

def main():
    b = read_b()
    random.shuffle(b)
    cnt = {"group": 0, "lookalike": 0, "filler": 0}
    pref = {"group": "pg22", "lookalike": "la22", "filler": "f22"}
    out = []
    for r in b:
        cnt[r["kind"]] += 1
        rec = {"kind": r["kind"], "id": "%s-%03d" % (pref[r["kind"]], cnt[r["kind"]])}
        rec.update({k: v for k, v in r.items() if k != "kind"})
        out.append(rec)
    with open("paraphrase_corpus_v22.jsonl", "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    a = read_a()
    random.shuffle(a)
    with open("merge_corpus_v22.jsonl", "w", encoding="utf-8") as f:
        for i, c in enumerate(a, 1):
            cid = "e22-%04d" % i
            rec = {"case_id": cid,
                   "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                               for j, s in enumerate(c["sources"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"],
                   "kind": c["kind"], "reword": c["reword"], "domain": c["domain"],
                   "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print("built", len(out), "B records,", len(a), "A cases")

if __name__ == "__main__":
    main()
