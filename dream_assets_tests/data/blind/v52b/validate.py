import json, os, re, collections
D = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())
texts = collections.Counter()

# Part B
P = [json.loads(l) for l in open(os.path.join(D, "paraphrase_corpus_v52b.jsonl"), encoding="utf-8")]
ids = [r["id"] for r in P]
if len(ids) != len(set(ids)): errs.append("dup paraphrase ids")
c = collections.Counter()
for r in P:
    if r.get("split") != "final": errs.append(r["id"] + " split")
    if "domain" not in r: errs.append(r["id"] + " domain")
    if r["kind"] == "group":
        c["group_" + r["difficulty"]] += 1
        if not (2 <= len(r["members"]) <= 4): errs.append(r["id"] + " members")
        ts = r["members"]
    elif r["kind"] == "lookalike":
        c["lookalike"] += 1; c["differs_" + r["differs"]] += 1
        if r["differs"] not in "name number date negation status place person object time".split(): errs.append(r["id"] + " differs")
        if len(r["pair"]) != 2: errs.append(r["id"] + " pair")
        ts = r["pair"]
    else:
        c["filler"] += 1; ts = [r["text"]]
    for t in ts:
        texts[t] += 1
        if not (5 <= wc(t) <= 25): errs.append("%s words %d: %s" % (r["id"], wc(t), t))
print("Part B counts:", dict(sorted(c.items())))
want = {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}
for k, v in want.items():
    if c[k] != v: print("  short/over: %s %d/%d" % (k, c[k], v))

# Part A
M = [json.loads(l) for l in open(os.path.join(D, "merge_corpus_v52b.jsonl"), encoding="utf-8")]
keys = {"case_id", "sources", "merged", "category", "label", "kind", "reword", "domain", "split", "note"}
cids = [m["case_id"] for m in M]
if len(cids) != len(set(cids)): errs.append("dup case ids")
sids = [s["id"] for m in M for s in m["sources"]]
if len(sids) != len(set(sids)): errs.append("dup source ids")
ca = collections.Counter(); nsrc = collections.Counter()
wl = {"faithful": [], "lossy": []}
NUMW = {"one":"1","two":"2","three":"3","four":"4","five":"5","six":"6","seven":"7","eight":"8","nine":"9","ten":"10",
        "eleven":"11","twelve":"12","thirteen":"13","sixteen":"16","seventeen":"17","nineteen":"19","fifteen":"15","twenty":"20","thirty":"30","forty":"40","fifty":"50","hundred":"100",
        "once":"1","twice":"2","first":"1","second":"2","third":"3","fourth":"4","half":"0.5","dozen":"12"}
PHRASES = {"fortnight": "2", "single": "1", "four hundred": "400", "three hundred": "300", "two hundred": "200",
           "five hundred": "500", "thousand": "1000", "biweekly": "2", "every other": "2", "pair": "2", "couple": "2",
           "ninety": "90", "sixty": "60", "eighteen": "18", "fourteen": "14", "twenty-four": "24", "forty-five": "45", "quarter": "25"}
def nums(t):
    return set(x.replace(",", "") for x in re.findall(r"\d[\d,]*(?:\.\d+)?", t))
for m in M:
    if set(m) != keys: errs.append(m["case_id"] + " keys")
    if m["split"] != "final": errs.append(m["case_id"] + " split")
    if m["label"] not in ("faithful", "lossy"): errs.append(m["case_id"] + " label")
    if m["reword"] not in ("light", "heavy"): errs.append(m["case_id"] + " reword")
    if m["label"] == "faithful":
        if m["kind"] is not None or m["note"] != "": errs.append(m["case_id"] + " faithful kind/note")
        ca["faithful_" + m["reword"]] += 1
    else:
        if m["kind"] not in "negation quantity dropped detail status attribution".split(): errs.append(m["case_id"] + " kind")
        if not m["note"]: errs.append(m["case_id"] + " note")
        ca["lossy_" + m["kind"]] += 1; ca["lossy_" + m["reword"]] += 1
    nsrc[len(m["sources"])] += 1
    if not (2 <= len(m["sources"]) <= 3): errs.append(m["case_id"] + " nsources")
    for s in m["sources"]:
        if s["category"] != m["category"]: errs.append(m["case_id"] + " category")
        w = wc(s["content"]); wl[m["label"]].append(w)
        if not (5 <= w <= 35): errs.append("%s source words %d" % (m["case_id"], w))
        texts[s["content"]] += 1
    texts[m["merged"]] += 1
    if m["label"] == "faithful":
        low = m["merged"].lower()
        mn = nums(m["merged"]) | set(NUMW[w] for w in re.findall(r"[a-z]+", low) if w in NUMW)
        for phrase, val in PHRASES.items():
            if phrase in low: mn.add(val)
        mn |= set(x.lstrip("0") for x in mn)
        for s in m["sources"]:
            for n in nums(s["content"]):
                if n not in mn and n.lstrip("0") not in mn and not (len(n) == 4 and n[2:] in mn):
                    errs.append("%s faithful merge missing number %s" % (m["case_id"], n))
            for w in re.findall(r"[a-z]+", s["content"].lower()):
                if w in NUMW and w not in ("first","second","once","half") and NUMW[w] not in mn and w not in low:
                    errs.append("%s faithful merge missing number word %s" % (m["case_id"], w))
print("Part A counts:", dict(sorted(ca.items())), "total", len(M), "sources per case", dict(nsrc))
for lab in ("faithful", "lossy"):
    L = wl[lab]
    if L:
        print("  %s sources: n=%d mean words %.2f, share >=18 words %.2f" % (lab, len(L), sum(L)/len(L), sum(1 for x in L if x >= 18)/len(L)))
dups = [t for t, n in texts.items() if n > 1]
for t in dups: errs.append("duplicate text: " + t)
print("errors:", len(errs))
for e in errs: print("  ", e)
