#!/usr/bin/env python3
"""Layout only: parse hand-written raw files into JSONL, shuffle with fixed seed, assign ids."""
import json, random
HERE = __import__('os').path.dirname(__file__) or '.'

def blocks(path):
    try:
        txt = open(f"{HERE}/{path}", encoding="utf-8").read()
    except FileNotFoundError:
        return []
    out = []
    for b in txt.split("\n\n"):
        lines = [l.strip() for l in b.strip().split("\n") if l.strip() and not l.startswith("#")]
        if lines:
            out.append(lines)
    return out

def build_b():
    recs = []
    for b in blocks("raw_groups.txt"):
        _, diff, dom = b[0].split()
        recs.append({"kind": "group", "difficulty": diff, "domain": dom, "split": "final", "members": b[1:]})
    for b in blocks("raw_lookalikes.txt"):
        _, differs, dom = b[0].split()
        assert len(b) == 3, b
        recs.append({"kind": "lookalike", "differs": differs, "domain": dom, "split": "final", "pair": b[1:]})
    for b in blocks("raw_fillers.txt"):
        for l in b:
            dom, text = l.split("|", 1)
            recs.append({"kind": "filler", "domain": dom.strip(), "split": "final", "text": text.strip()})
    random.Random(51).shuffle(recs)
    cnt = {"group": 0, "lookalike": 0, "filler": 0}
    pre = {"group": "pg51b", "lookalike": "la51b", "filler": "f51b"}
    out = []
    for r in recs:
        cnt[r["kind"]] += 1
        rid = f"{pre[r['kind']]}-{cnt[r['kind']]:03d}"
        out.append({"kind": r["kind"], "id": rid, **{k: v for k, v in r.items() if k != "kind"}})
    with open(f"{HERE}/paraphrase_corpus_v51b.jsonl", "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(out)

def build_a():
    cases = []
    allb = []
    for b in blocks("raw_merge.txt"):
        cur = None
        for l in b:
            if l.startswith("C "):
                cur = [l]; allb.append(cur)
            else:
                cur.append(l)
    for b in allb:
        h = b[0].split()
        assert h[0] == "C", b
        if h[1] == "faithful":
            label, kind, reword, dom, cat = "faithful", None, h[2], h[3], h[4]
        else:
            label, kind, reword, dom, cat = "lossy", h[2], h[3], h[4], h[5]
        srcs = [l[2:].strip() for l in b[1:] if l.startswith("S ")]
        merged = [l[2:].strip() for l in b[1:] if l.startswith("M ")]
        note = [l[2:].strip() for l in b[1:] if l.startswith("N ")]
        assert len(merged) == 1, b
        cases.append(dict(srcs=srcs, merged=merged[0], category=cat, label=label, kind=kind,
                          reword=reword, domain=dom, note=note[0] if note else ""))
    random.Random(5151).shuffle(cases)
    with open(f"{HERE}/merge_corpus_v51b.jsonl", "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            cid = f"e51b-{i:04d}"
            rec = {"case_id": cid,
                   "sources": [{"id": f"{cid}-s{j}", "content": s, "category": c["category"]} for j, s in enumerate(c["srcs"], 1)],
                   "merged": c["merged"], "category": c["category"], "label": c["label"], "kind": c["kind"],
                   "reword": c["reword"], "domain": c["domain"], "split": "final", "note": c["note"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return len(cases)

if __name__ == "__main__":
    print("paraphrase records:", build_b())
    print("merge cases:", build_a())
