"""Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids, write JSONL."""
import json, random, os
HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")

def read(name):
    p = os.path.join(RAW, name)
    return open(p, encoding="utf-8").read() if os.path.exists(p) else ""

def build_b():
    recs = []
    for fn in sorted(os.listdir(RAW)):
        if not fn.startswith("b_"):
            continue
        for line in read(fn).splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split("|", 3)
            if parts[0] == "G":
                _, diff, dom, rest = parts
                recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final",
                             "members": [m.strip() for m in rest.split("||")]})
            elif parts[0] == "L":
                _, differs, dom, rest = parts
                a, b = [m.strip() for m in rest.split("||")]
                recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": [a, b]})
            elif parts[0] == "F":
                _, dom, text = line.split("|", 2)
                recs.append({"kind": "filler", "domain": dom, "split": "final", "text": text.strip()})
            else:
                raise SystemExit("bad line: " + line)
    random.Random(1919).shuffle(recs)
    n = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg19b", "lookalike": "la19b", "filler": "f19b"}
    out = []
    for r in recs:
        n[r["kind"]] += 1
        rid = "%s-%03d" % (pre[r["kind"]], n[r["kind"]])
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open(os.path.join(HERE, "paraphrase_corpus_v19b.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

def build_a():
    cases = []
    for fn in sorted(os.listdir(RAW)):
        if not fn.startswith("a_"):
            continue
        for block in read(fn).split("\n\n"):
            lines = [l.strip() for l in block.strip().splitlines() if l.strip() and not l.strip().startswith("#")]
            if not lines:
                continue
            h = lines[0].split("|")
            assert h[0] == "C" and len(h) == 6, ("bad header", fn, lines[0])
            _, label, kind, reword, dom, cat = h
            srcs = [l[2:].strip() for l in lines[1:] if l.startswith("S:")]
            merged = [l[2:].strip() for l in lines[1:] if l.startswith("M:")]
            note = [l[2:].strip() for l in lines[1:] if l.startswith("N:")]
            assert len(merged) == 1, ("merged", fn, lines[0])
            cases.append({"label": label, "kind": None if kind == "-" else kind, "reword": reword,
                          "domain": dom, "category": cat, "sources": srcs, "merged": merged[0],
                          "note": note[0] if note else ""})
    random.Random(1919).shuffle(cases)
    out = []
    for i, c in enumerate(cases, 1):
        cid = "e19b-%04d" % i
        out.append({"case_id": cid,
                    "sources": [{"id": "%s-s%d" % (cid, j), "content": s, "category": c["category"]}
                                for j, s in enumerate(c["sources"], 1)],
                    "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                    "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]})
    with open(os.path.join(HERE, "merge_corpus_v19b.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

if __name__ == "__main__":
    print("paraphrase records:", build_b())
    print("merge cases:", build_a())
