import json, re, sys
from collections import Counter
errs = []
def wc(t): return len(t.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,
        "twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"hundred":100,"half":0.5,
        "once":1,"twice":2,"first":1,"second":2,"third":3}
def nums(t):
    out = set()
    for m in re.findall(r"\d+(?:[.,]\d+)?", t):
        out.add(m.replace(",", ""))
    return out
def has_num(n, merged):
    m = merged.replace(",", "")
    if re.search(r"(?<![\d.])" + re.escape(n) + r"(?![\d])", m): return True
    try: v = float(n)
    except: return False
    for w, x in NUMW.items():
        if x == v and re.search(r"\b" + w, merged.lower()): return True
    if len(n) == 4 and n.startswith("20") and ("'" + n[2:]) in merged: return True
    return False

# Part B
ids = set(); texts = Counter(); kc = Counter(); diff = Counter(); dom = set()
for ln, line in enumerate(open("paraphrase_corpus_v43.jsonl"), 1):
    try: r = json.loads(line)
    except Exception as e: errs.append(f"B{ln}: parse {e}"); continue
    if r.get("split") != "final": errs.append(f"B{ln}: split")
    if r["id"] in ids: errs.append(f"B dup id {r['id']}")
    ids.add(r["id"]); dom.add(r["domain"])
    k = r["kind"]
    if k == "group":
        kc["group_" + r["difficulty"]] += 1
        assert r["id"].startswith("pg43-")
        if not 2 <= len(r["members"]) <= 4: errs.append(f"{r['id']}: members {len(r['members'])}")
        ts = r["members"]
    elif k == "lookalike":
        kc["lookalike"] += 1; diff[r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append(f"{r['id']}: pair len")
        ts = r["pair"]
    elif k == "filler":
        kc["filler"] += 1; ts = [r["text"]]
    else: errs.append(f"B{ln}: kind {k}"); continue
    for t in ts:
        texts[t] += 1
        if not 5 <= wc(t) <= 25: errs.append(f"{r['id']}: {wc(t)} words: {t}")
for t, c in texts.items():
    if c > 1: errs.append(f"B duplicate text: {t}")
print("Part B counts:", dict(kc), "lookalike differs:", dict(diff), "domains:", len(dom))
want = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if kc[k] != v: print(f"  WARN Part B {k}: {kc[k]} (target {v})")
for d in ["name","number","date","negation","status","place","person","object","time"]:
    if diff[d] != 3: print(f"  WARN differs {d}: {diff[d]} (target 3)")

# Part A
ids = set(); texts = Counter(); lab = Counter(); kinds = Counter(); rw = Counter(); ns = Counter(); dom = set()
wl = {"faithful": [], "lossy": []}
for ln, line in enumerate(open("merge_corpus_v43.jsonl"), 1):
    try: c = json.loads(line)
    except Exception as e: errs.append(f"A{ln}: parse {e}"); continue
    cid = c["case_id"]
    if not re.fullmatch(r"e43-\d{4}", cid): errs.append(f"bad id {cid}")
    if cid in ids: errs.append(f"A dup id {cid}")
    ids.add(cid)
    for key in ["sources","merged","category","label","kind","reword","domain","split","note"]:
        if key not in c: errs.append(f"{cid}: missing {key}")
    if c["split"] != "final": errs.append(f"{cid}: split")
    if c["label"] not in ("faithful","lossy"): errs.append(f"{cid}: label")
    if c["reword"] not in ("light","heavy"): errs.append(f"{cid}: reword")
    if c["label"] == "faithful" and (c["kind"] is not None or c["note"] != ""): errs.append(f"{cid}: faithful kind/note")
    if c["label"] == "lossy" and (c["kind"] not in ("negation","quantity","dropped","detail","status","attribution") or not c["note"]):
        errs.append(f"{cid}: lossy kind/note")
    if "/" not in c["category"]: errs.append(f"{cid}: category")
    if not 2 <= len(c["sources"]) <= 3: errs.append(f"{cid}: n sources")
    ns[len(c["sources"])] += 1; dom.add(c["domain"])
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != f"{cid}-s{j}": errs.append(f"{cid}: source id")
        if s["category"] != c["category"]: errs.append(f"{cid}: source category")
        n = wc(s["content"])
        if not 5 <= n <= 35: errs.append(f"{cid}: source {n} words")
        wl[c["label"]].append(n)
        texts[s["content"]] += 1
    texts[c["merged"]] += 1
    lab[c["label"]] += 1; rw[(c["label"], c["reword"])] += 1
    if c["label"] == "lossy": kinds[c["kind"]] += 1
    if c["label"] == "faithful":
        for s in c["sources"]:
            for n in nums(s["content"]):
                if not has_num(n, c["merged"]): errs.append(f"{cid}: number {n} missing in merge")
for t, c in texts.items():
    if c > 1: errs.append(f"A duplicate text: {t}")
print("Part A counts:", dict(lab), "lossy kinds:", dict(kinds), "reword:", {f"{a}/{b}": v for (a, b), v in rw.items()},
      "n_sources:", dict(ns), "domains:", len(dom))
for L in ("faithful", "lossy"):
    w = wl[L]
    if w:
        print(f"  {L}: sources={len(w)} mean words={sum(w)/len(w):.2f} share>=18={sum(1 for x in w if x>=18)/len(w):.2f}")
if lab["faithful"] != 120: print(f"  WARN faithful {lab['faithful']} (target 120)")
for k in ("negation","quantity","dropped","detail","status","attribution"):
    if kinds[k] != 12: print(f"  WARN lossy {k}: {kinds[k]} (target 12)")
if errs:
    print("ERRORS:"); [print("  ", e) for e in errs]; sys.exit(1)
print("OK: no schema errors")
