"""Checks for the v4 corpora: parse, schema, unique ids, counts, word limits, exact duplicates,
and that every number in a faithful merge's sources appears in the merged text in some form."""
import json, re, os, sys, collections
HERE = os.path.dirname(os.path.abspath(__file__))
errors = []
def err(m): errors.append(m)
def words(s): return len(s.split())

WORDNUM = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
  "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"twenty":20,"thirty":30,
  "forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90,"hundred":100,"dozen":12,
  "fortnight":14,"quarter":4,"pair":2,"half":30,"decade":10,"decades":30,"daily":24}
ORD = {"first":1,"second":2,"third":3,"fourth":4,"fifth":5,"sixth":6,"eighteen":18,"nineteen":19,"seventeen":17}
def clock(t):
    # "02:00" -> hour 2 (minutes kept if non-zero); returns text with clock times replaced
    return re.sub(r"\b(\d{1,2}):(\d{2})\b", lambda m: " %d %s " % (int(m.group(1)), "" if m.group(2) == "00" else m.group(2)), t)
def numbers(text):
    t = clock(text.lower().replace(",", ""))
    out = set()
    for m in re.findall(r"\d+(?:\.\d+)?", t):
        out.add(m.lstrip("0") or "0")
    return out
def number_forms(text):
    t = text.lower().replace(",", "").replace("-hundred", " hundred")
    forms = numbers(text)
    for w, v in ORD.items():
        if re.search(r"\b%s\b" % w, t): forms.add(str(v))
    for h in list(forms):  # 24h clock <-> 12h clock
        if h.isdigit() and 13 <= int(h) <= 23: forms.add(str(int(h) - 12))
    for m in re.findall(r"(\d+(?:\.\d+)?)\s*(k|m)\b", t): forms.add(m[0])
    for w, v in WORDNUM.items():
        if re.search(r"\b%s\b" % w, t): forms.add(str(v))
    # compound word numbers e.g. "twenty-eight", "forty-two thousand", "fifteen hundred"
    for a, b in re.findall(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b", t):
        forms.add(str(WORDNUM[a] + WORDNUM[b]))
    for a, b in re.findall(r"\b(\w+(?:-\w+)?) (thousand|hundred)\b", t):
        base = a.split("-")
        try:
            v = sum(WORDNUM[x] for x in base) * (1000 if b == "thousand" else 100)
            forms.add(str(v))
        except KeyError: pass
    for m in re.findall(r"(\d+(?:\.\d+)?)\s*(k|m)\b", t):
        v = float(m[0]) * (1000 if m[1] == "k" else 1000000); forms.add(str(int(v)))
    if "quarter of a million" in t: forms.add("250000")
    return forms

# ---------- Part A ----------
seen_ids, seen_src = set(), set()
cnt = collections.Counter(); rw = collections.Counter(); nsrc = collections.Counter()
doms = collections.Counter(); texts = collections.Counter(); num_warn = []
KINDS = {None, "negation", "quantity", "dropped", "detail", "status", "attribution"}
for ln, line in enumerate(open(os.path.join(HERE, "merge_corpus_v4.jsonl"), encoding="utf-8"), 1):
    try: c = json.loads(line)
    except Exception as e: err("A line %d: parse %s" % (ln, e)); continue
    need = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
    if set(c) != need: err("A %d: fields %s" % (ln, sorted(set(c) ^ need)))
    cid = c["case_id"]
    if not re.fullmatch(r"e-\d{4}", cid): err("bad case id " + cid)
    if cid in seen_ids: err("dup case id " + cid)
    seen_ids.add(cid)
    if c["label"] not in ("faithful", "lossy"): err(cid + " label")
    if c["kind"] not in KINDS: err(cid + " kind")
    if (c["label"] == "faithful") != (c["kind"] is None): err(cid + " label/kind mismatch")
    if c["reword"] not in ("light", "heavy"): err(cid + " reword")
    if c["split"] != "final": err(cid + " split")
    if c["label"] == "faithful" and c["note"] != "": err(cid + " faithful note not empty")
    if c["label"] == "lossy" and not c["note"].strip(): err(cid + " lossy note empty")
    if not re.fullmatch(r"[a-z]+/[a-z0-9-]+", c["category"]): err(cid + " category " + c["category"])
    if not 2 <= len(c["sources"]) <= 3: err(cid + " n sources")
    nsrc[len(c["sources"])] += 1
    for k, s in enumerate(c["sources"], 1):
        if s["id"] != "%s-s%d" % (cid, k): err(cid + " source id " + s["id"])
        if s["id"] in seen_src: err("dup source id " + s["id"])
        seen_src.add(s["id"])
        if s["category"] != c["category"]: err(cid + " source category")
        if not 5 <= words(s["content"]) <= 35: err("%s source %d has %d words" % (cid, k, words(s["content"])))
        texts[s["content"]] += 1
    texts[c["merged"]] += 1
    cnt[c["kind"] or "faithful"] += 1; rw[(c["kind"] or "faithful", c["reword"])] += 1; doms[c["domain"]] += 1
    if c["label"] == "faithful":
        have = number_forms(c["merged"])
        for s in c["sources"]:
            for n in numbers(s["content"]):
                if n not in have: err("%s: number %s of a source not in merged" % (cid, n))
for t, k in texts.items():
    if k > 1: err("A exact duplicate text (%dx): %s" % (k, t))
want = {"faithful": 200, "negation": 20, "quantity": 20, "dropped": 20, "detail": 20, "status": 20, "attribution": 20}
for k, v in want.items():
    if cnt[k] != v: err("A count %s = %d, want %d" % (k, cnt[k], v))
if rw[("faithful", "heavy")] < 140: err("A fewer than 140 heavy faithful")
print("Part A: %d cases" % sum(cnt.values()))
for k in want: print("  %-12s %3d  heavy %3d  light %3d" % (k, cnt[k], rw[(k, "heavy")], rw[(k, "light")]))
print("  sources per case:", dict(sorted(nsrc.items())), "-> 3-source share %.1f%%" % (100.0 * nsrc[3] / sum(nsrc.values())))
print("  domains (%d):" % len(doms), dict(sorted(doms.items())))

# ---------- Part B ----------
ids = set(); ptexts = collections.Counter(); pc = collections.Counter(); diffs = collections.Counter(); pdoms = collections.Counter()
DIFFS = {"name","number","date","negation","status","place","person","object","time"}
for ln, line in enumerate(open(os.path.join(HERE, "paraphrase_corpus_v4.jsonl"), encoding="utf-8"), 1):
    try: r = json.loads(line)
    except Exception as e: err("B line %d: parse %s" % (ln, e)); continue
    if r.get("split") != "final": err("B %d split" % ln)
    if r["id"] in ids: err("B dup id " + r["id"])
    ids.add(r["id"]); pdoms[r["domain"]] += 1
    if r["kind"] == "group":
        if set(r) != {"kind","id","difficulty","domain","split","members"}: err(r["id"] + " fields")
        if not re.fullmatch(r"pg4-\d{3}", r["id"]): err(r["id"] + " id form")
        if r["difficulty"] not in ("easy", "hard"): err(r["id"] + " difficulty")
        if not 2 <= len(r["members"]) <= 4 or len(set(r["members"])) != len(r["members"]): err(r["id"] + " members")
        tx = r["members"]; pc["group-" + r["difficulty"]] += 1
    elif r["kind"] == "lookalike":
        if set(r) != {"kind","id","differs","domain","split","pair"}: err(r["id"] + " fields")
        if not re.fullmatch(r"la4-\d{3}", r["id"]): err(r["id"] + " id form")
        if r["differs"] not in DIFFS: err(r["id"] + " differs")
        if len(r["pair"]) != 2 or r["pair"][0] == r["pair"][1]: err(r["id"] + " pair")
        tx = r["pair"]; pc["lookalike"] += 1; diffs[r["differs"]] += 1
    elif r["kind"] == "filler":
        if set(r) != {"kind","id","domain","split","text"}: err(r["id"] + " fields")
        if not re.fullmatch(r"f4-\d{3}", r["id"]): err(r["id"] + " id form")
        tx = [r["text"]]; pc["filler"] += 1
    else:
        err("B %d kind" % ln); continue
    for t in tx:
        if not 5 <= words(t) <= 25: err("%s text has %d words: %s" % (r["id"], words(t), t))
        ptexts[t] += 1
for t, k in ptexts.items():
    if k > 1: err("B exact duplicate text (%dx): %s" % (k, t))
wantB = {"group-easy": 20, "group-hard": 30, "lookalike": 40, "filler": 60}
for k, v in wantB.items():
    if pc[k] != v: err("B count %s = %d, want %d" % (k, pc[k], v))
for d in DIFFS:
    if not 4 <= diffs[d] <= 5: err("B differs %s = %d" % (d, diffs[d]))
print("Part B: %d records, %d texts" % (sum(pc.values()), sum(ptexts.values())))
for k in wantB: print("  %-11s %3d" % (k, pc[k]))
print("  lookalikes by differs:", dict(sorted(diffs.items())))
print("  domains (%d):" % len(pdoms), dict(sorted(pdoms.items())))
if errors:
    print("\n%d ERRORS" % len(errors)); [print("  " + e) for e in errors]; sys.exit(1)
print("OK: no errors")
