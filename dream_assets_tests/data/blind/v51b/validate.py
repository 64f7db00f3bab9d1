#!/usr/bin/env python3
import json, re, sys, collections, os
HERE = os.path.dirname(__file__) or '.'
errs = []
def wc(s): return len(s.split())
NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
 "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
 "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,
 "hundred":100,"dozen":12}
SOFT = {"an":1,"a":1,"once":1,"twice":2,"half":0.5,"first":1,"second":2,"third":3,"fourth":4,"fifth":5,"single":1,"fortnight":14}
MONTHS = ["january","february","march","april","may","june","july","august","september","october","november","december"]
def nums(s, strict=False):
    s2 = s.lower().replace(",", "")
    found = set()
    for y, mo, d in re.findall(r"\b(\d{4})-(\d{2})-(\d{2})\b", s2):
        found.update([y, str(int(d)), "M%d" % int(mo)])
    s2 = re.sub(r"\b\d{4}-\d{2}-\d{2}\b", " ", s2)
    s2 = re.sub(r"(\d+) (\d{3})\b", r"\1\2", s2)
    for w in re.findall(r"\b([a-z]+) hundred\b", s2):
        if w in NUMW: found.add(str(NUMW[w] * 100)); s2 = s2.replace(w + " hundred", " ")
    for w in re.findall(r"\b([a-z]+) thousand\b", s2):
        if w in NUMW: found.add(str(NUMW[w] * 1000)); s2 = s2.replace(w + " thousand", " ")
    for k in re.findall(r"(\d+)k\b", s2): found.add(str(int(k) * 1000))
    s2 = re.sub(r"(\d+)k\b", " ", s2)
    found |= set(re.findall(r"\d+(?:\.\d+)?", s2))
    comp = set()
    for a, b in re.findall(r"\b([a-z]+)-([a-z]+)\b", s2):
        if a in NUMW and b in NUMW: comp.update([a, b])
    for w in re.findall(r"[a-z]+", s2):
        if w in NUMW and (w not in comp or strict is False): found.add(str(NUMW[w]))
    for m in re.findall(r"(\d+)-(\d+)", s2): found.update(m)
    for w in re.findall(r"\b(\w+)-(\w+)\b", s2):
        if w[0] in NUMW and w[1] in NUMW: found.add(str(NUMW[w[0]] + NUMW[w[1]]))
    for i, m in enumerate(MONTHS, 1):
        if m in s2 or re.search(r"\b" + m[:3] + r"\b", s2): found.add("M%d" % i)
    return found
def num_forms(s):
    f = nums(s)
    for w in re.findall(r"[a-z]+", s.lower()):
        if w in SOFT: f.add(str(SOFT[w]))
    extra = set()
    for n in f:
        if n.isdigit():
            extra.add(str(int(n)))
            if len(n) == 4 and n.startswith("20"): extra.add(n[2:])
    return f | extra
ids = set()
texts = collections.Counter()
# Part B
pb = [json.loads(l) for l in open(f"{HERE}/paraphrase_corpus_v51b.jsonl", encoding="utf-8")]
c = collections.Counter()
diffs = collections.Counter()
for r in pb:
    if r["id"] in ids: errs.append("dup id " + r["id"])
    ids.add(r["id"])
    if r.get("split") != "final": errs.append("split " + r["id"])
    if not r.get("domain"): errs.append("domain " + r["id"])
    if r["kind"] == "group":
        c["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append("members count " + r["id"])
        ts = r["members"]
        if not re.fullmatch(r"pg51b-\d{3}", r["id"]): errs.append("id " + r["id"])
    elif r["kind"] == "lookalike":
        c["lookalike"] += 1; diffs[r["differs"]] += 1
        ts = r["pair"]
        if len(ts) != 2: errs.append("pair " + r["id"])
        if r["differs"] not in "name number date negation status place person object time".split(): errs.append("differs " + r["id"])
    elif r["kind"] == "filler":
        c["filler"] += 1; ts = [r["text"]]
    else:
        errs.append("kind " + r["id"]); ts = []
    for t in ts:
        texts[t] += 1
        if not 5 <= wc(t) <= 25: errs.append(f"B word count {wc(t)} {r['id']}: {t}")
print("Part B:", dict(c), "differs:", dict(diffs))
# Part A
pa = [json.loads(l) for l in open(f"{HERE}/merge_corpus_v51b.jsonl", encoding="utf-8")]
ca = collections.Counter(); kinds = collections.Counter(); rew = collections.Counter(); nsrc = collections.Counter()
doms = set(); lens = {"faithful": [], "lossy": []}
KEYS = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
for r in pa:
    if set(r) != KEYS: errs.append("keys " + r["case_id"])
    if r["case_id"] in ids: errs.append("dup id " + r["case_id"])
    ids.add(r["case_id"])
    if not re.fullmatch(r"e51b-\d{4}", r["case_id"]): errs.append("id " + r["case_id"])
    ca[r["label"]] += 1; rew[(r["label"], r["reword"])] += 1; nsrc[len(r["sources"])] += 1
    doms.add(r["domain"])
    if r["label"] == "lossy":
        kinds[r["kind"]] += 1
        if r["kind"] not in "negation quantity dropped detail status attribution".split(): errs.append("kind " + r["case_id"])
        if not r["note"]: errs.append("note missing " + r["case_id"])
    else:
        if r["kind"] is not None or r["note"] != "": errs.append("faithful kind/note " + r["case_id"])
        mf = num_forms(r["merged"])
        for s in r["sources"]:
            for n in nums(s["content"], strict=True):
                if n not in mf and str(int(float(n))) not in mf if not n.startswith("M") else n not in mf:
                    errs.append(f"number {n} missing in merge {r['case_id']}: {r['merged']}")
    if r["reword"] not in ("light", "heavy"): errs.append("reword " + r["case_id"])
    if r["split"] != "final": errs.append("split " + r["case_id"])
    if not 2 <= len(r["sources"]) <= 3: errs.append("nsrc " + r["case_id"])
    for j, s in enumerate(r["sources"], 1):
        if s["id"] != f"{r['case_id']}-s{j}": errs.append("src id " + s["id"])
        if s["category"] != r["category"]: errs.append("src cat " + s["id"])
        n = wc(s["content"]); lens[r["label"]].append(n)
        if not 5 <= n <= 35: errs.append(f"A source words {n} {s['id']}: {s['content']}")
        texts[s["content"]] += 1
    texts[r["merged"]] += 1
for t, k in texts.items():
    if k > 1: errs.append("duplicate text: " + t)
print("Part A:", dict(ca), "lossy kinds:", dict(kinds), "reword:", {f"{a}/{b}": v for (a, b), v in rew.items()},
      "sources per case:", dict(nsrc), "domains:", len(doms))
for lab in ("faithful", "lossy"):
    L = lens[lab]
    if L:
        print(f"  {lab}: sources={len(L)} mean words={sum(L)/len(L):.2f} share>=18={sum(x>=18 for x in L)/len(L):.2%}")
for e in errs: print("ERROR:", e)
print("OK" if not errs else f"{len(errs)} errors")
sys.exit(1 if errs else 0)
