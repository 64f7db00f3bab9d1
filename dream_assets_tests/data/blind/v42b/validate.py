import json, re, sys
from collections import Counter
errs = []
def wc(s): return len(s.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,
        "twelve":12,"fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"ninety":90,"hundred":100,
        "once":1,"twice":2,"half":0.5,"dozen":12}
WORDN = {"one":"1","two":"2","three":"3","four":"4","five":"5","six":"6","seven":"7","eight":"8","nine":"9","ten":"10",
         "eleven":"11","twelve":"12","thirteen":"13","fourteen":"14","fifteen":"15","sixteen":"16","seventeen":"17","eighteen":"18",
         "nineteen":"19","twenty":"20","thirty":"30","forty":"40","fifty":"50","sixty":"60","seventy":"70","eighty":"80","ninety":"90",
         "hundred":"100","twice":"2","once":"1","both":"2","dozen":"12"}
SRC_SKIP = {"one", "once", "both", "dozen"}  # too often non-numeric in sources ("one client", "once it ends")
def nums(s, source=False):
    found = set(re.findall(r"\d+(?:[.]\d+)?", s))
    for w in re.findall(r"[a-z]+", s.lower()):
        if w in WORDN and not (source and w in SRC_SKIP): found.add(WORDN[w])
    if not source and re.search(r"\b(pair|couple|twins?|fortnight|fortnightly)\b", s.lower()): found.add("2")
    return found
# ---- merge corpus
M = [json.loads(l) for l in open("merge_corpus_v42b.jsonl", encoding="utf-8")]
ids = set()
kinds = Counter(); labels = Counter(); rew = Counter(); nsrc = Counter()
stats = {"faithful": [], "lossy": []}
texts = Counter()
for c in M:
    for k in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if k not in c: errs.append(f"{c.get('case_id')} missing {k}")
    if c["case_id"] in ids: errs.append("dup id "+c["case_id"])
    ids.add(c["case_id"])
    if not re.fullmatch(r"e42b-\d{4}", c["case_id"]): errs.append("bad id "+c["case_id"])
    if c["split"] != "final": errs.append("split")
    if c["label"] not in ("faithful","lossy"): errs.append("label")
    if c["reword"] not in ("light","heavy"): errs.append("reword "+c["case_id"])
    if not (2 <= len(c["sources"]) <= 3): errs.append("nsrc "+c["case_id"])
    nsrc[len(c["sources"])] += 1
    labels[c["label"]] += 1
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append("faithful kind/note "+c["case_id"])
        rew[c["reword"]] += 1
    else:
        if c["kind"] not in ("negation","quantity","dropped","detail","status","attribution"): errs.append("kind "+c["case_id"])
        if not c["note"]: errs.append("lossy note "+c["case_id"])
        kinds[c["kind"]] += 1
        rew["lossy_"+c["reword"]] += 1
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != f"{c['case_id']}-s{j}": errs.append("src id "+s["id"])
        if s["category"] != c["category"]: errs.append("src cat "+s["id"])
        if s["id"] in ids: errs.append("dup id "+s["id"])
        ids.add(s["id"])
        w = wc(s["content"])
        if not (5 <= w <= 35): errs.append(f"src len {w} {s['id']}: {s['content']}")
        stats[c["label"]].append(w)
        texts[s["content"]] += 1
    texts[c["merged"]] += 1
    if c["label"] == "faithful":
        mn = nums(c["merged"].replace(",", ""))
        for s in c["sources"]:
            for n in nums(s["content"].replace(",", ""), source=True):
                if n not in mn and n.lstrip("0") not in mn:
                    errs.append(f"number {n} of {s['id']} not in merge: {c['merged']}")
for t, n in texts.items():
    if n > 1: errs.append("dup text (merge corpus): "+t)
print("merge cases:", len(M), dict(labels), "lossy kinds:", dict(kinds), "reword:", dict(rew), "sources per case:", dict(nsrc))
for lab, ws in stats.items():
    if ws:
        mean = sum(ws)/len(ws); share = sum(w >= 18 for w in ws)/len(ws)
        print(f"  {lab}: {len(ws)} sources, mean words {mean:.2f}, share >=18 words {share:.2%}")
        if not (14 <= mean <= 20): errs.append(f"{lab} mean {mean:.2f} out of 14-20")
        if share < 1/3: errs.append(f"{lab} share>=18 {share:.2%} < 33%")
# ---- paraphrase corpus
P = [json.loads(l) for l in open("paraphrase_corpus_v42b.jsonl", encoding="utf-8")]
pc = Counter(); diff = Counter(); dif = Counter(); pids = set(); ptexts = Counter()
for r in P:
    if r["id"] in pids: errs.append("dup pid "+r["id"])
    pids.add(r["id"])
    if r.get("split") != "final": errs.append("psplit "+r["id"])
    if "domain" not in r: errs.append("pdomain "+r["id"])
    pc[r["kind"]] += 1
    if r["kind"] == "group":
        if not re.fullmatch(r"pg42b-\d{3}", r["id"]): errs.append("bad id "+r["id"])
        if r["difficulty"] not in ("easy","hard"): errs.append("diff "+r["id"])
        diff[r["difficulty"]] += 1
        if not (2 <= len(r["members"]) <= 4): errs.append("members "+r["id"])
        tt = r["members"]
    elif r["kind"] == "lookalike":
        if not re.fullmatch(r"la42b-\d{3}", r["id"]): errs.append("bad id "+r["id"])
        if r["differs"] not in ("name","number","date","negation","status","place","person","object","time"): errs.append("differs "+r["id"])
        dif[r["differs"]] += 1
        if len(r["pair"]) != 2: errs.append("pair "+r["id"])
        tt = r["pair"]
    elif r["kind"] == "filler":
        if not re.fullmatch(r"f42b-\d{3}", r["id"]): errs.append("bad id "+r["id"])
        tt = [r["text"]]
    else:
        errs.append("kind "+r["id"]); tt = []
    for t in tt:
        w = wc(t)
        if not (5 <= w <= 25): errs.append(f"ptext len {w} {r['id']}: {t}")
        ptexts[t] += 1
for t, n in ptexts.items():
    if n > 1: errs.append("dup text (paraphrase corpus): "+t)
print("paraphrase records:", dict(pc), "difficulty:", dict(diff), "differs:", dict(dif))
targets = [(labels["faithful"],120,"faithful"),(labels["lossy"],72,"lossy"),(diff["easy"],12,"easy"),(diff["hard"],20,"hard"),
           (pc["lookalike"],27,"lookalikes"),(pc["filler"],40,"fillers")]
for have, want, name in targets:
    if have != want: print(f"  count note: {name} {have}/{want}")
for k in ("negation","quantity","dropped","detail","status","attribution"):
    if kinds[k] != 12: print(f"  count note: lossy {k} {kinds[k]}/12")
if rew["heavy"] < 85: print(f"  count note: faithful heavy {rew['heavy']}/85")
for e in errs: print("ERROR:", e)
print("OK" if not errs else f"{len(errs)} errors")
