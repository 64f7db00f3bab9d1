# Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL.
import json, random
random.seed(5454)

def parse_b(path):
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
            raise ValueError(line)
    return recs

def parse_a(path):
    cases = []
    blocks = open(path, encoding="utf-8").read().split("\n\n")
    for b in blocks:
        lines = [l for l in b.strip().split("\n") if l.strip() and not l.startswith("#")]
        if not lines:
            continue
        hdr = lines[0].split("|")
        assert hdr[0] == "C", lines
        _, label, kind, reword, domain, category = hdr
        srcs, merged, note = [], None, ""
        for l in lines[1:]:
            if l.startswith("S: "):
                srcs.append(l[3:].strip())
            elif l.startswith("M: "):
                merged = l[3:].strip()
            elif l.startswith("N: "):
                note = l[3:].strip()
            else:
                raise ValueError(l)
        cases.append({"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                      "domain": domain, "category": category, "sources": srcs, "merged": merged, "note": note})
    return cases

b = parse_b("raw_paraphrase.txt")
random.shuffle(b)
counters = {"group": 0, "lookalike": 0, "filler": 0}
prefix = {"group": "pg54b", "lookalike": "la54b", "filler": "f54b"}
with open("paraphrase_corpus_v54b.jsonl", "w", encoding="utf-8") as f:
    for r in b:
        counters[r["kind"]] += 1
        rec = {"kind": r["kind"], "id": "%s-%03d" % (prefix[r["kind"]], counters[r["kind"]])}
        rec.update({k: v for k, v in r.items() if k != "kind"})
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")

a = parse_a("raw_merge.txt")
random.shuffle(a)
with open("merge_corpus_v54b.jsonl", "w", encoding="utf-8") as f:
    for i, c in enumerate(a, 1):
        cid = "e54b-%04d" % i
        rec = {"case_id": cid,
               "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]} for j, s in enumerate(c["sources"], 1)],
               "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
               "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")
print("built", len(b), "paraphrase records,", len(a), "merge cases")
