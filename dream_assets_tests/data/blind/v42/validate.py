import json, re, sys
from collections import Counter
errs = []
def wc(t): return len(t.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,"twelve":12,
        "thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,
        "ninety":90,"hundred":100,"half":0.5,"twice":2,"once":1,"first":1,"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,
        "ninetieth":90,"tenth":10,"eighty":80,"seventy":70,"dozen":12,"single":1,"double":2,"triple":3,"thousand":1000}
MONTHS = {m: i for i, m in enumerate(["jan","feb","mar","apr","may","jun","jul","aug","sep","oct","nov","dec"], 1)}
def nums(t):
    out = set()
    for m in re.findall(r"\d[\d,]*(?:\.\d+)?", t):
        m = m.replace(",", "")
        try: out.add(float(m))
        except ValueError: pass
    for w in re.findall(r"[a-z]+", t.lower()):
        if w in NUMW: out.add(float(NUMW[w]))
        if w[:3] in MONTHS and (len(w) == 3 or w in ("january","february","march","april","june","july","august","september","october","november","december","sept")):
            out.add(float(MONTHS[w[:3]]))
    # 95k style
    for m in re.findall(r"(\d+)k\b", t.lower()): out.add(float(m) * 1000)
    return out
def src_nums(t):
    return set(float(m.replace(",", "")) for m in re.findall(r"\d[\d,]*(?:\.\d+)?", t))

# Part B
ids = set(); texts = []; cnt = Counter()
for i, line in enumerate(open("paraphrase_corpus_v42.jsonl", encoding="utf-8"), 1):
    r = json.loads(line)
    if r.get("split") != "final": errs.append(f"B{i} split")
    if r["id"] in ids: errs.append(f"dup id {r['id']}")
    ids.add(r["id"])
    k = r["kind"]
    if k == "group":
        cnt["group_" + r["difficulty"]] += 1
        if not 2 <= len(r["members"]) <= 4: errs.append(f"{r['id']} members")
        texts += r["members"]
        if not r["id"].startswith("pg42-"): errs.append(r["id"])
    elif k == "lookalike":
        cnt["lookalike"] += 1; cnt["differs_" + r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append(f"{r['id']} pair")
        texts += r["pair"]
    elif k == "filler":
        cnt["filler"] += 1; texts.append(r["text"])
    else: errs.append(f"B{i} kind")
    if not r.get("domain"): errs.append(f"{r['id']} domain")
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append(f"B word count {wc(t)}: {t}")
for t, c in Counter(texts).items():
    if c > 1: errs.append(f"B duplicate text: {t}")
want = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if cnt[k] != v: errs.append(f"B count {k}={cnt[k]} want {v}")
for d in ["name","number","date","negation","status","place","person","object","time"]:
    if cnt["differs_" + d] != 3: errs.append(f"B differs {d}={cnt['differs_'+d]}")
print("Part B:", dict(sorted(cnt.items())))

# Part A
acnt = Counter(); aids = set(); alltexts = []
stats = {"faithful": [], "lossy": []}
nsrc = Counter()
for i, line in enumerate(open("merge_corpus_v42.jsonl", encoding="utf-8"), 1):
    r = json.loads(line)
    for key in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if key not in r: errs.append(f"A{i} missing {key}")
    cid = r["case_id"]
    if not re.fullmatch(r"e42-\d{4}", cid): errs.append(f"bad id {cid}")
    if cid in aids: errs.append(f"dup {cid}")
    aids.add(cid)
    if r["split"] != "final": errs.append(f"{cid} split")
    lab = r["label"]
    if lab == "faithful":
        if r["kind"] is not None or r["note"] != "": errs.append(f"{cid} faithful kind/note")
        acnt["faithful"] += 1; acnt["faithful_" + r["reword"]] += 1
    elif lab == "lossy":
        if r["kind"] not in ["negation","quantity","dropped","detail","status","attribution"] or not r["note"]:
            errs.append(f"{cid} lossy kind/note")
        acnt["lossy_" + str(r["kind"])] += 1; acnt["lossy_" + r["reword"]] += 1
    else: errs.append(f"{cid} label")
    if r["reword"] not in ("light", "heavy"): errs.append(f"{cid} reword")
    if not 2 <= len(r["sources"]) <= 3: errs.append(f"{cid} nsrc")
    nsrc[len(r["sources"])] += 1
    for j, s in enumerate(r["sources"], 1):
        if s["id"] != f"{cid}-s{j}": errs.append(f"{cid} src id")
        if s["category"] != r["category"]: errs.append(f"{cid} src category")
        w = wc(s["content"])
        if not 5 <= w <= 35: errs.append(f"{cid} src words {w}: {s['content']}")
        stats[lab].append(w)
        alltexts.append(s["content"])
    alltexts.append(r["merged"])
    if "/" not in r["category"]: errs.append(f"{cid} category")
    if lab == "faithful":
        mn = nums(r["merged"])
        for s in r["sources"]:
            for n in src_nums(s["content"]):
                if n not in mn and not any(abs(n - m * f) < 1e-6 for m in mn for f in (1000, 0.001, 100)):
                    # allow year suffix like '23 for 2023
                    if not (n >= 1900 and (n % 100) in mn):
                        errs.append(f"{cid} faithful merge missing number {n:g}")
for t, c in Counter(alltexts).items():
    if c > 1: errs.append(f"A duplicate text: {t}")
print("Part A:", dict(sorted(acnt.items())), "sources per case:", dict(nsrc))
for lab, ws in stats.items():
    if ws:
        mean = sum(ws) / len(ws); share = sum(w >= 18 for w in ws) / len(ws)
        print(f"  {lab}: n_sources={len(ws)} mean_words={mean:.2f} share>=18={share:.2%}")
        if not 14 <= mean <= 20: errs.append(f"{lab} mean {mean:.2f} out of 14-20")
        if share < 1/3: errs.append(f"{lab} share>=18 {share:.2%} < 33%")
wantA = {"faithful": 120}
if acnt["faithful"] != 120: print(f"  NOTE: faithful={acnt['faithful']} (target 120)")
for k in ["negation","quantity","dropped","detail","status","attribution"]:
    if acnt["lossy_" + k] != 12: print(f"  NOTE: lossy {k}={acnt['lossy_'+k]} (target 12)")
if acnt["faithful_heavy"] < 85 * acnt["faithful"] / 120: print(f"  NOTE: heavy faithful {acnt['faithful_heavy']} below pro-rata 85/120")
print("ERRORS:" if errs else "OK: no errors", *errs, sep="\n  ")
