import json, re, sys
from collections import Counter

errors = []
def err(m): errors.append(m)
def wc(t): return len(t.split())

WORDS = {"zero":0,"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,
 "ten":10,"eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,
 "seventeen":17,"eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,
 "sixty":60,"seventy":70,"eighty":80,"ninety":90,"hundred":100,"thousand":1000,
 "once":1,"twice":2,"single":1,"pair":2,"dozen":12,"half":0.5,"first":1,"second":2,"third":3,
 "fourth":4,"fifth":5,"sixth":6,"seventh":7,"eighth":8,"ninth":9,"tenth":10,"twentieth":20,"thirtieth":30,"fortieth":40,"fiftieth":50,"sixtieth":60,"seventieth":70,"eightieth":80,"ninetieth":90,"hundredth":100,"eleventh":11,"twelfth":12,"both":2,"double":2,
 "twins":2,"twin":2,"noon":12,"midnight":0}
MONTHS = {m:i for i,m in enumerate(["january","february","march","april","may","june","july",
 "august","september","october","november","december"],1)}
MONTHS.update({k[:3]:v for k,v in list(MONTHS.items())})

def numbers(t):
    t = t.lower()
    out = set()
    for m in re.finditer(r"(\d+(?:[.,]\d+)*)\s*(k|m|am|pm|st|nd|rd|th)?\b", t):
        raw = m.group(1).replace(",", "")
        try: v = float(raw)
        except ValueError: continue
        out.add(v)
        if m.group(2) == "k": out.add(v*1000)
        if m.group(2) == "m": out.add(v*1e6)
        if m.group(2) == "pm" and v < 12: out.add(v+12)
    for m in re.finditer(r"\d+(?:[.,]\d+)*", t):
        try: out.add(float(m.group(0).replace(",", "")))
        except ValueError: pass
    # compound number words like "twenty-five", "forty five"
    toks = re.findall(r"[a-z]+", t)
    for i, w in enumerate(toks):
        if w in WORDS:
            out.add(float(WORDS[w]))
            if i+1 < len(toks) and toks[i+1] in WORDS and WORDS[w] >= 20 and WORDS[toks[i+1]] < 10:
                out.add(float(WORDS[w] + WORDS[toks[i+1]]))
            if i+1 < len(toks) and toks[i+1] in ("thousand","hundred") and WORDS[w] < 1000:
                out.add(float(WORDS[w]*WORDS[toks[i+1]]))
        if w in MONTHS:
            out.add(float(MONTHS[w]))
    return out

def source_numbers(t):
    # numbers a merge must keep: digits and number words (months only count as a form, not required)
    t2 = t.lower()
    req = set()
    for m in re.finditer(r"\d+(?:[.,]\d+)*", t2):
        try: req.add(float(m.group(0).replace(",", "")))
        except ValueError: pass
    for w in re.findall(r"[a-z]+", t2):
        if w in WORDS and w not in ("first","second","single","pair","both","half","once","noon","midnight"):
            req.add(float(WORDS[w]))
    return req

# ---------- Part B ----------
B = [json.loads(l) for l in open("paraphrase_corpus_v18b.jsonl", encoding="utf-8")]
ids = Counter(r["id"] for r in B)
for k, v in ids.items():
    if v > 1: err(f"B duplicate id {k}")
texts = []
cnt = Counter()
for r in B:
    assert r["split"] == "final"
    if r["kind"] == "group":
        cnt["group_" + r["difficulty"]] += 1
        if r["difficulty"] not in ("easy", "hard"): err(f"{r['id']} bad difficulty")
        if not 2 <= len(r["members"]) <= 4: err(f"{r['id']} members {len(r['members'])}")
        texts += r["members"]
        if set(r) != {"kind","id","difficulty","domain","split","members"}: err(f"{r['id']} keys")
    elif r["kind"] == "lookalike":
        cnt["lookalike_" + r["differs"]] += 1
        if len(r["pair"]) != 2: err(f"{r['id']} pair len")
        texts += r["pair"]
        if set(r) != {"kind","id","differs","domain","split","pair"}: err(f"{r['id']} keys")
    elif r["kind"] == "filler":
        cnt["filler"] += 1
        texts.append(r["text"])
    else:
        err(f"bad kind {r}")
for t in texts:
    if not 5 <= wc(t) <= 25: err(f"B word count {wc(t)}: {t}")
for t, c in Counter(texts).items():
    if c > 1: err(f"B duplicate text: {t}")
ng = sum(v for k, v in cnt.items() if k.startswith("group"))
nl = sum(v for k, v in cnt.items() if k.startswith("lookalike"))
print("Part B:", len(B), "records;", dict(sorted(cnt.items())))
print(f"  groups easy={cnt['group_easy']} hard={cnt['group_hard']} lookalikes={nl} fillers={cnt['filler']}")
print(f"  domains: {len(set(r['domain'] for r in B))}")

# ---------- Part A ----------
A = [json.loads(l) for l in open("merge_corpus_v18b.jsonl", encoding="utf-8")]
KINDS = {None, "negation", "quantity", "dropped", "detail", "status", "attribution"}
KEYS = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
ids = Counter(c["case_id"] for c in A)
for k, v in ids.items():
    if v > 1: err(f"A duplicate id {k}")
alltexts = []
stats = {"faithful": [], "lossy": []}
nsrc = Counter()
reg = Counter()
for c in A:
    cid = c["case_id"]
    if set(c) != KEYS: err(f"{cid} keys {set(c) ^ KEYS}")
    if c["label"] not in ("faithful", "lossy"): err(f"{cid} label")
    if c["kind"] not in KINDS: err(f"{cid} kind")
    if c["reword"] not in ("light", "heavy"): err(f"{cid} reword")
    if c["split"] != "final": err(f"{cid} split")
    if c["label"] == "faithful" and (c["kind"] is not None or c["note"]): err(f"{cid} faithful with kind/note")
    if c["label"] == "lossy" and (c["kind"] is None or not c["note"]): err(f"{cid} lossy without kind/note")
    if not 2 <= len(c["sources"]) <= 3: err(f"{cid} n sources")
    nsrc[len(c["sources"])] += 1
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != f"{cid}-s{j}": err(f"{cid} source id")
        if s["category"] != c["category"]: err(f"{cid} source category")
        n = wc(s["content"])
        if not 5 <= n <= 35: err(f"{cid} source words {n}: {s['content']}")
        stats[c["label"]].append(n)
        alltexts.append(s["content"])
    alltexts.append(c["merged"])
    if c["label"] == "faithful":
        have = numbers(c["merged"])
        for s in c["sources"]:
            for v in source_numbers(s["content"]):
                if v not in have:
                    err(f"{cid} faithful merge lacks number {v:g} from: {s['content']}")
for t, k in Counter(alltexts).items():
    if k > 1: err(f"A duplicate text: {t}")
lab = Counter(c["label"] for c in A)
kinds = Counter(c["kind"] for c in A if c["label"] == "lossy")
rw = Counter((c["label"], c["reword"]) for c in A)
print("Part A:", len(A), "cases;", dict(lab))
print("  lossy kinds:", dict(sorted(kinds.items())))
print("  reword:", {f"{a}/{b}": v for (a, b), v in sorted(rw.items())})
print("  sources per case:", dict(sorted(nsrc.items())))
print("  domains:", len(set(c["domain"] for c in A)))
for lb in ("faithful", "lossy"):
    xs = stats[lb]
    if xs:
        mean = sum(xs) / len(xs)
        share = sum(x >= 18 for x in xs) / len(xs)
        print(f"  {lb}: {len(xs)} sources, mean words {mean:.2f}, share >=18 words {share:.1%}, min {min(xs)} max {max(xs)}")
        if not 14 <= mean <= 20: err(f"{lb} mean source words {mean:.2f} outside 14-20")
        if share < 1/3: err(f"{lb} share >=18 words {share:.1%} < 33%")
    # overlap of sources within a case
def jacc(a, b):
    a = set(re.findall(r"[a-z0-9]+", a.lower())); b = set(re.findall(r"[a-z0-9]+", b.lower()))
    return len(a & b) / max(1, len(a | b))
for lb in ("faithful", "lossy"):
    ov = [jacc(c["sources"][0]["content"], c["sources"][1]["content"]) for c in A if c["label"] == lb]
    if ov: print(f"  {lb}: mean s1/s2 word overlap (Jaccard) {sum(ov)/len(ov):.3f}")
    n3 = [len(c["sources"]) == 3 for c in A if c["label"] == lb]
    if n3: print(f"  {lb}: share of 3-source cases {sum(n3)/len(n3):.1%}")

SOFT = re.compile(r"\b(service|API|repo|deploys?|CI|cluster|Postgres|Terraform|Kubernetes|Vault|database|pipeline|on-call|office|IT|VPN|staging|prod|production|Slack|Jenkins|ArgoCD|Snowflake|dbt|Airflow|Stripe|Kong|laptops?|printer|[Ee]xpenses?|leave|flags?|releases?|[Mm]igrations?|Cloudflare|Sidekiq|SageMaker|Amplitude|logs|model|DNS|TTL|Storybook|AWS|parking|[Ll]ockers|[Mm]eeting rooms|hires|iOS|[Ww]orkers)\b")
NAMES = set("""Aiyana Amara Amina Ana Aylin Baraka Bilal Biscuit Björn Brightwell Chioma Danylo Dilani Dmitri Elif Ewa Fatima Folasade
Grace Hamid Idris Ikaika Ingrid Injera Inés Javier Kalani Kenji Kiwi Kofi Kwame Leilani Lerato Lucía Mango Mariam Mateus Mei Mia Nadia
Naledi Nilufar Oksana Olumide Precious Priya Rahel Ramón Ravi Rui Shirin Siobhan Sione Sneha Teff Theo Timur Tomasz Tomás Troll Wanjiru
Wiremu Yusuf He She Her His Dr. Landlord""".split())
def register(t):
    first = re.sub(r"('s|,|')$", "", t.split()[0])
    if re.match(r"(The user|User|Their|They)\b", t): return "user"
    if first in NAMES: return "named person"
    if SOFT.search(t) and (first[0].isupper() and not re.match(r"(Has|Prefers|Likes|Wants|Needs|Keeps|Takes|Sees|Gets|Always|Hates|Carries|Does|Doesn)", first)): return "software/workplace"
    return "terse/other"
for lb in ("faithful", "lossy"):
    rc = Counter(register(s["content"]) for c in A if c["label"] == lb for s in c["sources"])
    print(f"  {lb} source registers (heuristic): {dict(sorted(rc.items()))}")

if "--final" in sys.argv:
    want = {"group_easy": 12, "group_hard": 20, "filler": 40}
    for k, v in want.items():
        if cnt[k] != v: err(f"count {k}={cnt[k]} want {v}")
    for d in ["name","number","date","negation","status","place","person","object","time"]:
        if cnt["lookalike_"+d] != 3: err(f"lookalike {d}={cnt['lookalike_'+d]} want 3")
    if lab["faithful"] != 120: err(f"faithful {lab['faithful']} want 120")
    if rw[("faithful","heavy")] < 85: err("heavy faithful < 85")
    for k in KINDS - {None}:
        if kinds[k] != 12: err(f"lossy {k}={kinds[k]} want 12")

print("ERRORS:", len(errors))
for e in errors: print("  -", e)
sys.exit(1 if errors else 0)
