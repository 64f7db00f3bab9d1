#!/usr/bin/env python3
import json, re, os, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())

NUMW = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,
        "eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,
        "eighty":80,"ninety":90,"hundred":100,"thousand":1000,"twice":2,"half":0.5,"dozen":12,
        }
def nums(t):
    out = set()
    for m in re.findall(r"\d[\d,]*(?:\.\d+)?", t):
        v = m.replace(",", "")
        try: out.add(float(v))
        except ValueError: pass
    low = t.lower()
    # idiomatic "one"/"once" that carry no quantity are not counted
    low = re.sub(r"\b(day one|each one|next one|no one|one of|one day|at once|the one|last one|this one|that one|once (?=[a-z]+ (?:ships|it|they|the|she|he)))", " ", low)
    if re.search(r"\bonce (a|an|every|per)\b", low): out.add(1.0)
    for w, v in NUMW.items():
        if re.search(r"\b%s\b" % w, low): out.add(float(v))
    for m in re.findall(r"(\d+(?:\.\d+)?)\s*k\b", low): out.add(float(m) * 1000)
    for m in re.findall(r"\b(\d{1,2})(?::\d\d)?\s*pm\b", low): out.add(float(int(m) + 12))
    for m in re.findall(r"\b(\d{1,2}):\d\d\b", low): out.add(float(m)); out.add(float(int(m) % 12))
    # compound number words: "twenty-five", "ninety-five thousand", "two hundred"
    for m in re.finditer(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b(\s+(thousand|hundred))?", low):
        v = NUMW[m.group(1)] + NUMW[m.group(2)]
        out.add(float(v))
        if m.group(4): out.add(float(v * NUMW[m.group(4)]))
    for m in re.finditer(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|fifty)\s+(thousand|hundred)\b", low):
        out.add(float(NUMW[m.group(1)] * NUMW[m.group(2)]))
    return out

def merged_has(n, mt, mnums):
    if n in mnums: return True
    # 1-9 ordinal suffix / compound number words ("twenty-five") / times like 7:30 / "2pm"
    if any(abs(n - x * 1000) < 1e-9 for x in mnums): return True
    if any(abs(n - x * 100) < 1e-9 for x in mnums): return True
    return False

# ---------- Part B ----------
pb = [json.loads(l) for l in open(os.path.join(HERE, "paraphrase_corpus_v19.jsonl"), encoding="utf-8")]
ids = Counter(r["id"] for r in pb)
errs += ["dup id %s" % i for i, c in ids.items() if c > 1]
kinds = Counter(r["kind"] for r in pb)
diffs = Counter(r["difficulty"] for r in pb if r["kind"] == "group")
lad = Counter(r["differs"] for r in pb if r["kind"] == "lookalike")
texts = []
for r in pb:
    if r.get("split") != "final": errs.append("split %s" % r["id"])
    if not r.get("domain"): errs.append("domain %s" % r["id"])
    if r["kind"] == "group":
        if not 2 <= len(r["members"]) <= 4: errs.append("group size %s" % r["id"])
        if r["difficulty"] not in ("easy", "hard"): errs.append("difficulty %s" % r["id"])
        if not re.fullmatch(r"pg19-\d{3}", r["id"]): errs.append("id %s" % r["id"])
        texts += r["members"]
    elif r["kind"] == "lookalike":
        if len(r["pair"]) != 2: errs.append("pair %s" % r["id"])
        if r["differs"] not in "name number date negation status place person object time".split(): errs.append("differs %s" % r["id"])
        texts += r["pair"]
    elif r["kind"] == "filler":
        texts.append(r["text"])
    else: errs.append("kind %s" % r["id"])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append("B word limit (%d): %s" % (wc(t), t))
for t, c in Counter(texts).items():
    if c > 1: errs.append("B duplicate text: %s" % t)
print("Part B:", dict(kinds), "groups:", dict(diffs))
print("  lookalike differs:", dict(sorted(lad.items())))
print("  texts: %d, mean words %.1f" % (len(texts), sum(map(wc, texts)) / len(texts)))
STOP = set("a an the and or of to in on at for with by from is are was were be has have had its it their they she he his her user user's the user's that this as but so".split())
def ctoks(t): return set(w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOP)
def jac(a, b): A, B = ctoks(a), ctoks(b); return len(A & B) / max(1, len(A | B))
for d in ("easy", "hard"):
    v = [jac(m[i], m[j]) for r in pb if r["kind"] == "group" and r["difficulty"] == d for m in [r["members"]] for i in range(len(m)) for j in range(i + 1, len(m))]
    print("  %s groups: mean pairwise content-word Jaccard %.2f (n pairs %d)" % (d, sum(v) / len(v), len(v)))
v = [jac(*r["pair"]) for r in pb if r["kind"] == "lookalike"]
print("  lookalikes: mean pair content-word Jaccard %.2f" % (sum(v) / len(v)))

# ---------- Part A ----------
pa = [json.loads(l) for l in open(os.path.join(HERE, "merge_corpus_v19.jsonl"), encoding="utf-8")]
ids = Counter(r["case_id"] for r in pa)
errs += ["dup case id %s" % i for i, c in ids.items() if c > 1]
KEYS = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
alltexts = []
for r in pa:
    if set(r) != KEYS: errs.append("keys %s" % r["case_id"])
    if not re.fullmatch(r"e19-\d{4}", r["case_id"]): errs.append("id %s" % r["case_id"])
    if r["label"] not in ("faithful", "lossy"): errs.append("label %s" % r["case_id"])
    if r["label"] == "faithful" and (r["kind"] is not None or r["note"] != ""): errs.append("faithful kind/note %s" % r["case_id"])
    if r["label"] == "lossy" and (r["kind"] not in "negation quantity dropped detail status attribution".split() or not r["note"]): errs.append("lossy kind/note %s" % r["case_id"])
    if r["reword"] not in ("light", "heavy"): errs.append("reword %s" % r["case_id"])
    if r["split"] != "final" or "/" not in r["category"]: errs.append("split/category %s" % r["case_id"])
    if not 2 <= len(r["sources"]) <= 3: errs.append("n sources %s" % r["case_id"])
    for j, s in enumerate(r["sources"], 1):
        if s["id"] != "%s-s%d" % (r["case_id"], j) or s["category"] != r["category"]: errs.append("source id/cat %s" % r["case_id"])
        if not 5 <= wc(s["content"]) <= 35: errs.append("A source word limit (%d): %s" % (wc(s["content"]), s["content"]))
        alltexts.append(s["content"])
    alltexts.append(r["merged"])
    if r["label"] == "faithful":
        mn = nums(r["merged"])
        for s in r["sources"]:
            for n in nums(s["content"]):
                if not merged_has(n, r["merged"], mn):
                    errs.append("faithful %s: number %g of source missing in merge: %s || %s" % (r["case_id"], n, s["content"], r["merged"]))
for t, c in Counter(alltexts).items():
    if c > 1: errs.append("A duplicate text: %s" % t)
lab = Counter(r["label"] for r in pa)
print("Part A: cases %d" % len(pa), dict(lab))
print("  lossy kinds:", dict(sorted(Counter(r["kind"] for r in pa if r["label"] == "lossy").items())))
for L in ("faithful", "lossy"):
    rs = [r for r in pa if r["label"] == L]
    if not rs: continue
    sw = [wc(s["content"]) for r in rs for s in r["sources"]]
    mw = [wc(r["merged"]) for r in rs]
    rw = Counter(r["reword"] for r in rs)
    n3 = sum(1 for r in rs if len(r["sources"]) == 3)
    print("  %-8s cases %3d | sources %3d | mean source words %.2f | share >=18 words %.2f | min %d max %d | mean merge words %.1f | reword %s | 3-source %d (%.0f%%)" % (
        L, len(rs), len(sw), sum(sw) / len(sw), sum(1 for w in sw if w >= 18) / len(sw), min(sw), max(sw),
        sum(mw) / len(mw), dict(rw), n3, 100 * n3 / len(rs)))
    # within-case source overlap (Jaccard of lowercase word sets), a reader-visible property
    def toks(t): return set(re.findall(r"[a-z0-9']+", t.lower()))
    ov = []
    for r in rs:
        ss = [toks(s["content"]) for s in r["sources"]]
        for i in range(len(ss)):
            for j in range(i + 1, len(ss)):
                ov.append(len(ss[i] & ss[j]) / len(ss[i] | ss[j]))
    print("  %-8s mean within-case source Jaccard %.3f" % (L, sum(ov) / len(ov)))
for L in ("faithful", "lossy"):
    rs = [r for r in pa if r["label"] == L]
    if rs:
        m = sum(wc(s["content"]) for r in rs for s in r["sources"]) / sum(len(r["sources"]) for r in rs)
        if not 14 <= m <= 20: errs.append("%s mean source words %.2f outside 14-20" % (L, m))
print("domains A:", len(set(r["domain"] for r in pa)), "domains B:", len(set(r["domain"] for r in pb)))

# ---------- rough register heuristic (reader-visible style of sources), per label ----------
# 2-user: starts with "User"/"The user"; 4-project/workplace: mentions software or workplace-system vocabulary;
# 3-named: starts with a proper name (a capitalised word never seen lowercase in the corpus) or a title;
# 1-terse/other: everything else (subject-less notes, bare noun phrases, "The aquarium ...").
TECH = re.compile(r"\b(service|services|API|repo|CI|deploy\w*|cluster|Kafka|PRs?|pull requests?|staging|Slack|Vault|Postgres\w*|Terraform|Cloudflare|on-call|standups?|Corvid Labs|IT|Jira|Honeycomb|monorepo|migrations?|runbooks?|OKR|pipelines?|Grafana|flags?|Kong|backups?|GitHub|Docker|mypy|Ruff|PgBouncer|Stripe|webhooks?|interviews?|hiring|recruiter|postmortem|outage|probation|reporting line|engineers?|team|teams|expenses|BambooHR|Navan|QA|database|server)\b")
LOWER = set(w for r in pa for s in r["sources"] for w in re.findall(r"\b[a-z][a-z'-]+\b", s["content"]))
def register(t):
    if re.match(r"(The )?[Uu]ser('s)?\b", t): return "2-user"
    if TECH.search(t): return "4-project/workplace"
    first = re.sub(r"'s$|,$", "", t.split()[0])
    if first in ("Mr.", "Mrs.", "Ms.", "Dr.", "Professor", "Cousin", "Aunt", "Sister") or (first[0].isupper() and first.lower() not in LOWER and first not in ("The", "A", "An", "For", "If", "At", "When", "Any", "Each", "Never", "Always")):
        return "3-named"
    return "1-terse/other"
for L in ("faithful", "lossy"):
    c = Counter(register(s["content"]) for r in pa if r["label"] == L for s in r["sources"])
    tot = sum(c.values())
    print("  register (heuristic) %-8s " % L + ", ".join("%s %.0f%%" % (k, 100 * v / tot) for k, v in sorted(c.items())))

if errs:
    print("ERRORS (%d):" % len(errs)); [print("  ", e) for e in errs[:60]]; sys.exit(1)
print("OK")
