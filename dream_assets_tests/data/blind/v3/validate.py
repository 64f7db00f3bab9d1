#!/usr/bin/env python3
"""Validate merge_corpus_v3.jsonl and paraphrase_corpus_v3.jsonl (structure, counts, heuristics)."""
import json, re, sys
from collections import Counter

ERR, WARN = [], []
def err(m): ERR.append(m)
def warn(m): WARN.append(m)
def words(t): return re.findall(r"[\w'’£$€%.,/-]+", t)
STOP = set("the a an of to in on at and or for with is are was were be by from as their they them its it his her he she user user's that this every each".split())
def content(t): return {w.lower().strip(".,'’") for w in re.findall(r"[A-Za-z0-9'’]+", t) if w.lower() not in STOP}

NUMWORDS = {"2": ("two", "pair", "twice"), "3": ("three",), "4": ("four",), "5": ("five", "fifth"), "6": ("six",),
            "7": ("seven",), "8": ("eight",), "9": ("nine",), "10": ("ten",), "12": ("twelve", "dozen"), "22": ("twenty-two",),
            "30": ("thirty", "a month"), "40": ("forty",), "60": ("sixty",), "10000": ("ten thousand",)}
KINDS = ["negation", "quantity", "dropped", "detail", "status", "attribution"]

def check_merge(path):
    rows = [json.loads(l) for l in open(path, encoding='utf-8')]
    keys = {"case_id", "sources", "merged", "category", "label", "kind", "reword", "domain", "split", "note"}
    ids = set(); merges = set()
    for i, r in enumerate(rows, 1):
        cid = r.get("case_id")
        if set(r) != keys: err(f"{cid}: keys {sorted(set(r) ^ keys)}")
        if cid != f"d-{i:04d}": err(f"{cid}: expected d-{i:04d}")
        if cid in ids: err(f"{cid}: duplicate id")
        ids.add(cid)
        src = r["sources"]
        if not 2 <= len(src) <= 3: err(f"{cid}: {len(src)} sources")
        for j, s in enumerate(src, 1):
            if s["id"] != f"{cid}-s{j}": err(f"{cid}: bad source id {s['id']}")
            if s["category"] != r["category"]: err(f"{cid}: source category mismatch")
            n = len(words(s["content"]))
            if not 5 <= n <= 35: err(f"{cid}: source {j} has {n} words")
            if s["content"].strip() == r["merged"].strip(): err(f"{cid}: merged identical to a source")
        if len({s["content"] for s in src}) != len(src): err(f"{cid}: duplicate sources")
        if "/" not in r["category"]: err(f"{cid}: category not a slash path")
        if r["split"] != "final": err(f"{cid}: split")
        if r["reword"] not in ("light", "heavy"): err(f"{cid}: reword")
        if r["label"] == "faithful":
            if r["kind"] is not None or r["note"] != "": err(f"{cid}: faithful with kind/note")
            # heuristic: every digit string of every source should survive (unless spelled out)
            mnums = set(re.findall(r"\d[\d,.]*\d|\d", r["merged"]))
            for s in src:
                for num in re.findall(r"\d[\d,.]*\d|\d", s["content"]):
                    spelled = NUMWORDS.get(num.replace(",", ""), ())
                    if any(w in r["merged"].lower() for w in spelled): continue
                    if num not in mnums and num.replace(",", "") not in {x.replace(",", "") for x in mnums}:
                        warn(f"{cid}: faithful merge lacks source number {num!r} (check spelled-out form)")
        elif r["label"] == "lossy":
            if r["kind"] not in KINDS: err(f"{cid}: bad kind {r['kind']}")
            if not r["note"]: err(f"{cid}: lossy without note")
        else: err(f"{cid}: bad label")
        if r["merged"] in merges: err(f"{cid}: duplicate merged text")
        merges.add(r["merged"])
    lab = Counter(r["label"] for r in rows)
    kinds = Counter(r["kind"] for r in rows if r["label"] == "lossy")
    heavyF = sum(1 for r in rows if r["label"] == "faithful" and r["reword"] == "heavy")
    three = sum(1 for r in rows if len(r["sources"]) == 3)
    doms = Counter(r["domain"] for r in rows)
    print(f"[merge] {len(rows)} cases; labels {dict(lab)}; lossy kinds {dict(kinds)}")
    print(f"[merge] faithful heavy {heavyF}; 3-source cases {three} ({three/len(rows):.0%}); domains {len(doms)}")
    for k in KINDS:
        h = sum(1 for r in rows if r["kind"] == k and r["reword"] == "heavy")
        print(f"[merge]   {k}: {kinds[k]} cases, {h} heavy")
    if lab["faithful"] != 160: err(f"faithful count {lab['faithful']} != 160")
    for k in KINDS:
        if kinds[k] != 20: err(f"{k} count {kinds[k]} != 20")
    if heavyF < 100: err("fewer than 100 heavy faithful")
    if len(doms) < 10: err("fewer than 10 domains")

def check_para(path):
    rows = [json.loads(l) for l in open(path, encoding='utf-8')]
    c = Counter(); diffs = Counter(); differs = Counter(); texts = Counter(); ids = set()
    DIFFERS = {"name", "number", "date", "negation", "status", "place", "person", "object", "time"}
    def wc(t, where):
        n = len(words(t))
        if not 5 <= n <= 25: err(f"{where}: {n} words")
    overlap = {"easy": [], "hard": []}
    for r in rows:
        k = r.get("kind"); rid = r.get("id"); c[k] += 1
        if rid in ids: err(f"{rid}: duplicate id")
        ids.add(rid)
        if r.get("split") != "final" or not r.get("domain"): err(f"{rid}: split/domain")
        if k == "group":
            if set(r) != {"kind", "id", "difficulty", "domain", "split", "members"}: err(f"{rid}: keys")
            if not re.fullmatch(r"pg3-\d{3}", rid): err(f"{rid}: id format")
            m = r["members"]; diffs[r["difficulty"]] += 1
            if not 2 <= len(m) <= 4: err(f"{rid}: {len(m)} members")
            if len(set(m)) != len(m): err(f"{rid}: duplicate members")
            for t in m: wc(t, rid); texts[t] += 1
            a, b = content(m[0]), content(m[1])
            j = len(a & b) / max(1, len(a | b)); overlap[r["difficulty"]].append(j)
            if r["difficulty"] == "hard" and j > 0.5: warn(f"{rid}: hard group but content Jaccard {j:.2f}")
        elif k == "lookalike":
            if set(r) != {"kind", "id", "differs", "domain", "split", "pair"}: err(f"{rid}: keys")
            if not re.fullmatch(r"la3-\d{3}", rid): err(f"{rid}: id format")
            if r["differs"] not in DIFFERS: err(f"{rid}: differs {r['differs']}")
            differs[r["differs"]] += 1
            p = r["pair"]
            if len(p) != 2 or p[0] == p[1]: err(f"{rid}: pair")
            for t in p: wc(t, rid); texts[t] += 1
            a, b = set(words(p[0].lower())), set(words(p[1].lower()))
            if len(a & b) / len(a | b) < 0.4: warn(f"{rid}: lookalike shares little wording")
        elif k == "filler":
            if set(r) != {"kind", "id", "domain", "split", "text"}: err(f"{rid}: keys")
            if not re.fullmatch(r"f3-\d{3}", rid): err(f"{rid}: id format")
            wc(r["text"], rid); texts[r["text"]] += 1
        else: err(f"bad kind {k}")
    for t, n in texts.items():
        if n > 1: err(f"text repeated across lines: {t}")
    print(f"[para] {len(rows)} items; {dict(c)}; group difficulty {dict(diffs)}")
    print(f"[para] lookalike differs {dict(differs)}")
    for d, v in overlap.items():
        if v: print(f"[para] mean content-word Jaccard (first two members), {d}: {sum(v)/len(v):.2f}")
    exp = {"group": 50, "lookalike": 40, "filler": 60}
    for k, n in exp.items():
        if c[k] != n: err(f"{k} count {c[k]} != {n}")
    if diffs["easy"] != 20 or diffs["hard"] != 30: err("group difficulty counts")

if __name__ == "__main__":
    check_merge(sys.argv[1] if len(sys.argv) > 1 else "merge_corpus_v3.jsonl")
    check_para(sys.argv[2] if len(sys.argv) > 2 else "paraphrase_corpus_v3.jsonl")
    for w in WARN: print("WARN", w)
    for e in ERR: print("ERROR", e)
    print(f"{len(ERR)} errors, {len(WARN)} warnings")
    sys.exit(1 if ERR else 0)
