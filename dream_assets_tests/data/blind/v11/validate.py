import json, re, collections, sys
errs = []
def wc(t): return len(t.split())
UNITS = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
         "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,
         "eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,
         "eighty":80,"ninety":90,"once":1,"twice":2,"first":1,"second":2,"third":3,"fourth":4,"fifth":5,
         "sixth":6,"seventh":7,"eighth":8,"ninth":9,"tenth":10,"ninetieth":90,"fortieth":40,"fiftieth":50,
         "thirtieth":30,"twentieth":20,"pair":2,"dozen":12,"half":0.5}
MULT = {"hundred":100,"thousand":1000,"million":1000000}
def nums(t):
    out = set()
    for m in re.findall(r"\d[\d,]*\.?\d*", t):
        m = m.rstrip(".,").replace(",", "")
        if m: out.add(float(m))
    toks = re.findall(r"[a-z]+|-", t.lower()) + ["."]
    total, chunk, have = 0, None, False
    for w in toks:
        if w == "-": continue
        if w == "and" and have: continue
        if w in UNITS:
            u = UNITS[w]
            if chunk is not None and ((chunk % 100 == 0 and chunk > 0 and u < 100) or (chunk >= 20 and chunk % 10 == 0 and chunk % 100 != 0 and u < 10)):
                chunk += u
            elif chunk is not None or (have and chunk is None and total == 0):
                out.add(float(total + (chunk or 0))); total, chunk = 0, u
            else:
                chunk = u
            have = True
        elif w == "hundred" and chunk is not None:
            chunk *= 100
        elif w in MULT and have:
            total += (chunk or 1) * MULT[w]; chunk = None
        else:
            if have: out.add(float(total + (chunk or 0)))
            total, chunk, have = 0, None, False
    return out
def merged_nums(t):
    s = nums(t)
    extra = set()
    months = ["january","february","march","april","may","june","july","august","september","october","november","december"]
    for i, mo in enumerate(months, 1):
        if mo in t.lower() or re.search(r"\b%s\b" % mo[:3], t.lower()): extra.add(float(i))
    for x in s:
        extra.add(x * 1000)  # 12k / twelve thousand
    return s | extra

A = [json.loads(l) for l in open("merge_corpus_v11.jsonl")]
ids = set(); texts = collections.Counter()
KINDS = {"negation","quantity","dropped","detail","status","attribution"}
for c in A:
    for k in ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]:
        if k not in c: errs.append("missing %s in %s" % (k, c.get("case_id")))
    if c["case_id"] in ids: errs.append("dup id " + c["case_id"])
    ids.add(c["case_id"])
    if c["label"] == "faithful":
        if c["kind"] is not None or c["note"] != "": errs.append("faithful kind/note " + c["case_id"])
    else:
        if c["kind"] not in KINDS or not c["note"]: errs.append("lossy kind/note " + c["case_id"])
    if c["reword"] not in ("light","heavy"): errs.append("reword " + c["case_id"])
    if not 2 <= len(c["sources"]) <= 3: errs.append("nsrc " + c["case_id"])
    for s in c["sources"]:
        if s["id"] in ids: errs.append("dup id " + s["id"])
        ids.add(s["id"])
        if s["category"] != c["category"]: errs.append("cat " + s["id"])
        if not 5 <= wc(s["content"]) <= 35: errs.append("src len %d %s" % (wc(s["content"]), s["id"]))
        texts[s["content"]] += 1
    texts[c["merged"]] += 1
    if c["label"] == "faithful":
        mn = merged_nums(c["merged"])
        for s in c["sources"]:
            for x in nums(s["content"]):
                if x not in mn and not (x == 1 and True):
                    errs.append("number %s of %s not in merge" % (x, s["id"]))
for t, n in texts.items():
    if n > 1: errs.append("dup text: " + t[:60])

lab = collections.Counter(c["label"] for c in A)
kinds = collections.Counter(c["kind"] for c in A if c["label"] == "lossy")
print("Part A cases:", len(A), dict(lab))
print("  lossy kinds:", dict(sorted(kinds.items())))
def jac(a, b):
    A_ = set(re.findall(r"[a-z0-9]+", a.lower())); B_ = set(re.findall(r"[a-z0-9]+", b.lower()))
    return len(A_ & B_) / max(1, len(A_ | B_))
REG = lambda t: ("user" if re.match(r"(the )?user", t.lower()) else "other")
def register(t, cat):
    tl = t.lower()
    if re.match(r"(the )?user", tl): return "user"
    if cat.startswith("tech/"): return "system"
    first = t.split()[0]
    if re.match(r"[A-Z][a-zé]+('s)?$", first) and first.rstrip("'s") not in ("Her","His","She","Has","Is","Takes","Keeps","Goes","Works","Plays","Drives","Sees","Avoids","Pays","Gets","Buys","Does","Had","Made","Uses","Grows","Bakes","Lent","Doesn't","Prefers","Saving","Paying","Training","Learning","Teaches","Freelances","Shoots","Commutes","Rides","Swims","Sings","Invests","Holds","Wears","Sleeps","Passed","Booked","Ordered","Enrolled","Completed","Exhibiting","Making","Tutors","Walking","Staying","Renting","Organising","Throwing","Planning","Going","Skiing","Adopted","Fostering","Changed","Got","Appealing","Needs","Always","Allergic","Vegetarian","Lactose","Mortgage","Rent","Car","Home","Life","Main","Solar","Boiler","Electricity","Broadband","Council","Dental","Blood","Passport","Bike","Outback","Fridays","Production","Merges","Upgrade","Images","Settings","Quit","Hasn't","Used","Mobile","Release","Internal","Dependabot","Static","Fonts","Secrets","Vault","Only","Application","IPs","Transactional","Postmark","Bounce","Feature","Grafana","Checkout","Background","Sidekiq","Code","Android","Auth","CI","Payments","Dashboard","They","API","Catalogue","Product","Search","Prod","Kubernetes","Postgres","Analytics","PagerDuty","On-call","Hotfixes","New","Clients","Public","Logs","Application","Services","Backstage","Finance","Reserved","Transactional","A","An","The","On","In","At","For","After","Since","Every","Each","When","Friday","Biweekly","Work","Hep","Eating","Shed","Didsbury","Ifeoma's","Marigold's","Minor","Static","Data","BI","Stale","Only","Staff","CRM","Customer","Delays","Her","Husband","No","Tuesday","Late","Doctor","Has","Hybrid","Biscuit","Miso","Tofu","Noodle","Gus","Kiko","Rufus","Tank","Pip","Juno","Baklava","Lourdes","Olive"):
        return "named"
    return "terse"
for L in ("faithful", "lossy"):
    cs = [c for c in A if c["label"] == L]
    if not cs: continue
    ws = [wc(s["content"]) for c in cs for s in c["sources"]]
    rw = collections.Counter(c["reword"] for c in cs)
    n3 = sum(1 for c in cs if len(c["sources"]) == 3)
    mw = sum(wc(c["merged"]) for c in cs) / len(cs)
    print("  %-8s sources=%d mean_words=%.2f share>=18=%.2f min=%d max=%d  reword=%s  3-source=%.0f%%  merged_mean=%.1f"
          % (L, len(ws), sum(ws)/len(ws), sum(w >= 18 for w in ws)/len(ws), min(ws), max(ws), dict(rw), 100*n3/len(cs), mw))
    ov = [jac(c["sources"][i]["content"], c["sources"][j]["content"]) for c in cs
          for i in range(len(c["sources"])) for j in range(i+1, len(c["sources"]))]
    print("           source-pair word overlap (Jaccard) mean=%.3f  share>0.3=%.2f  sources starting 'User/The user'=%.2f"
          % (sum(ov)/len(ov), sum(o > 0.3 for o in ov)/len(ov),
             sum(REG(s["content"]) == "user" for c in cs for s in c["sources"]) / len(ws)))
    regs = collections.Counter(register(s["content"], c["category"]) for c in cs for s in c["sources"])
    print("           source register (heuristic): " + ", ".join("%s=%.2f" % (k, regs[k]/len(ws)) for k in ("terse","user","named","system")))
    if L == "lossy":
        for k in sorted(kinds):
            print("    %-11s reword=%s" % (k, dict(collections.Counter(c["reword"] for c in cs if c["kind"] == k))))
print("  domains:", len(set(c["domain"] for c in A)), dict(collections.Counter(c["domain"] for c in A)))

try:
    B = [json.loads(l) for l in open("paraphrase_corpus_v11.jsonl")]
except FileNotFoundError:
    B = []
bids = set(); btexts = collections.Counter()
for r in B:
    if r["id"] in bids: errs.append("dup id " + r["id"])
    bids.add(r["id"])
    if r.get("split") != "final": errs.append("split " + r["id"])
    ts = r.get("members") or r.get("pair") or [r.get("text")]
    if r["kind"] == "group" and not 2 <= len(ts) <= 4: errs.append("group size " + r["id"])
    if r["kind"] == "lookalike" and len(ts) != 2: errs.append("pair size " + r["id"])
    for t in ts:
        if not 5 <= wc(t) <= 25: errs.append("B len %d %s" % (wc(t), r["id"]))
        btexts[t] += 1
for t, n in btexts.items():
    if n > 1: errs.append("B dup text: " + t[:60])
print("Part B:", dict(collections.Counter(r["kind"] for r in B)),
      "groups:", dict(collections.Counter(r["difficulty"] for r in B if r["kind"] == "group")),
      "lookalike differs:", dict(sorted(collections.Counter(r["differs"] for r in B if r["kind"] == "lookalike").items())))
print("errors:", len(errs))
for e in errs: print("  ", e)
