import json, re, collections, sys
errs = []
def wc(s): return len(s.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,"eleven":11,"twelve":12,
        "fifteen":15,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"hundred":100,"half":0.5,"once":1,"twice":2,"dozen":12}
UNITS = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
  "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,"nineteen":19}
TENS = {"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90}
SCALES = {"hundred":100,"thousand":1000,"million":1000000}
def words_to_nums(text):
    """Parse runs of English number words (e.g. 'five hundred and twenty', 'forty-five') into values."""
    toks = re.findall(r"[a-z]+", text.replace("-", " "))
    out = set(); cur = tot = 0; active = False
    def flush():
        nonlocal cur, tot, active
        if active: out.add(str(tot + cur))
        cur = tot = 0; active = False
    for t in toks:
        if t in UNITS: cur += UNITS[t]; active = True
        elif t in TENS: cur += TENS[t]; active = True
        elif t in SCALES and active:
            if t == "hundred": cur *= 100
            else: tot += cur * SCALES[t]; cur = 0
        elif t == "and" and active: continue
        else: flush()
    flush()
    # also k-suffixed digits like 95k
    for n in re.findall(r"(\d+)k\b", text): out.add(str(int(n) * 1000))
    return out
# Part B
recs = [json.loads(l) for l in open("paraphrase_corpus_v24b.jsonl", encoding="utf-8")]
ids = [r["id"] for r in recs]
if len(ids) != len(set(ids)): errs.append("dup ids B")
c = collections.Counter((r["kind"], r.get("difficulty")) for r in recs)
dif = collections.Counter(r["differs"] for r in recs if r["kind"] == "lookalike")
texts = []
for r in recs:
    if r["split"] != "final": errs.append("split " + r["id"])
    t = r.get("members") or r.get("pair") or [r.get("text")]
    if r["kind"] == "group" and not 2 <= len(t) <= 4: errs.append("group size " + r["id"])
    if r["kind"] == "lookalike" and len(t) != 2: errs.append("pair size " + r["id"])
    for x in t:
        if not 5 <= wc(x) <= 25: errs.append(f"B words {wc(x)} {r['id']}: {x}")
        texts.append(x)
print("B counts:", dict(c), "differs:", dict(dif))
# Part A
cases = [json.loads(l) for l in open("merge_corpus_v24b.jsonl", encoding="utf-8")]
cids = [x["case_id"] for x in cases]
if len(cids) != len(set(cids)): errs.append("dup ids A")
KINDS = {None, "negation", "quantity", "dropped", "detail", "status", "attribution"}
stat = collections.Counter()
for x in cases:
    for k in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if k not in x: errs.append(f"missing {k} {x['case_id']}")
    if x["kind"] not in KINDS: errs.append("kind " + x["case_id"])
    if (x["label"] == "faithful") != (x["kind"] is None): errs.append("label/kind " + x["case_id"])
    if x["label"] == "faithful" and x["note"]: errs.append("note faithful " + x["case_id"])
    if x["label"] == "lossy" and not x["note"]: errs.append("no note " + x["case_id"])
    if not 2 <= len(x["sources"]) <= 3: errs.append("nsrc " + x["case_id"])
    for s in x["sources"]:
        if s["category"] != x["category"]: errs.append("cat " + x["case_id"])
        if not 5 <= wc(s["content"]) <= 35: errs.append(f"A words {wc(s['content'])} {x['case_id']}")
        texts.append(s["content"])
    texts.append(x["merged"])
    stat[(x["label"], x["kind"], x["reword"])] += 1
    if x["label"] == "faithful":
        m = x["merged"].lower()
        mnums = set(re.findall(r"\d+(?:\.\d+)?", m.replace(",", "")))
        for w, v in NUMW.items():
            if re.search(r"\b" + w + r"\b", m): mnums.add(str(v))
        mnums |= words_to_nums(m)
        for s in x["sources"]:
            for n in re.findall(r"\d+(?:\.\d+)?", s["content"].replace(",", "")):
                if n not in mnums and n not in m:
                    errs.append(f"number {n} missing in merge {x['case_id']}")
dups = [t for t, n in collections.Counter(texts).items() if n > 1]
if dups: errs.append("duplicate texts: %r" % dups[:5])
lab = collections.Counter(x["label"] for x in cases)
kinds = collections.Counter(x["kind"] for x in cases if x["label"] == "lossy")
heavyF = sum(1 for x in cases if x["label"] == "faithful" and x["reword"] == "heavy")
heavyL = sum(1 for x in cases if x["label"] == "lossy" and x["reword"] == "heavy")
three = sum(1 for x in cases if len(x["sources"]) == 3)
print("A labels:", dict(lab), "lossy kinds:", dict(kinds))
print(f"faithful heavy: {heavyF}, lossy heavy: {heavyL}, 3-source cases: {three}/{len(cases)}")
for L in ["faithful", "lossy"]:
    ws = [wc(s["content"]) for x in cases if x["label"] == L for s in x["sources"]]
    if ws:
        print(f"{L}: sources={len(ws)} mean words={sum(ws)/len(ws):.2f} share>=18={sum(w>=18 for w in ws)/len(ws):.2f} min={min(ws)} max={max(ws)}")
    ms = [wc(x["merged"]) for x in cases if x["label"] == L]
    if ms: print(f"{L}: mean merged words={sum(ms)/len(ms):.2f}")
print("errors:", len(errs))
for e in errs: print("  ", e)
