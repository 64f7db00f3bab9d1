#!/usr/bin/env python3
import json, re, os, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(s): return len(s.split())
NUMW = {"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
        "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,
        "eighteen":18,"nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,
        "seventy":70,"eighty":80,"ninety":90,"hundred":100,"thousand":1000,"once":1,"twice":2,
        "a dozen":12,"dozen":12,"half":0.5,"single":1,"pair":2,"first":1,"second":2,"third":3,
        "fourth":4,"fifth":5}
def nums(s):
    s2 = s.lower().replace(",", "")
    out = set()
    for m in re.finditer(r"\d+(?:\.\d+)?", s2):
        v = float(m.group()); out.add(v)
    for m in re.finditer(r"(\d+(?:\.\d+)?)\s*k\b", s2): out.add(float(m.group(1)) * 1000)
    for w, v in NUMW.items():
        if re.search(r"\b" + w + r"\b", s2): out.add(float(v))
    # 1st 2nd ... handled by digit regex; compound words like twenty-five
    for m in re.finditer(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b", s2):
        out.add(float(NUMW[m.group(1)] + NUMW[m.group(2)]))
    return out
def src_nums(s):
    # digits and spelled numbers that a merge must keep (ordinal/idiom words excluded)
    s2 = s.lower().replace(",", "")
    out = set(float(m.group()) for m in re.finditer(r"\d+(?:\.\d+)?", s2))
    for w in ["two","three","four","five","six","seven","eight","nine","ten","eleven","twelve",
              "fifteen","twenty","thirty","forty","fifty","sixty","hundred","twice"]:
        if re.search(r"\b" + w + r"\b", s2): out.add(float(NUMW[w]))
    return out

TERSE = set("""prefers takes goes plays uses feeds training visiting got joined files works makes moving hates fasts cut
cancelled shoots allergic hosting taking vegetarian speaking gets keeps likes signed collects wants had still contributes
thinks drives lactose invoices has sends stopped gave doesn't wears booked bought favourite applied planning flying
flew needs cannot can't never avoids loves walks runs reads penicillin dentist flight road
used getting optician switched refuses passport fasts""".split())
NAMES = set("""amara siobhan gloria priya ravi bartek fatima haruto noor zanele olumide dmitri leo farida ngozi ayesha marco
arjun saoirse rufus lucía mei ji-woo biscuit kofi yuki rhiannon rafael leilani she his their they kessler isabella ingrid
kwame mrs kamala tariq dr oluwaseun kiwi zbigniew aisha jun kenji emeka leilani tomás owen mads lena kasia sofia cian nora
miso""".split())
def register(text, category):
    w = text.split()
    f = w[0].lower().strip(",")
    f2 = f[:-2] if f.endswith("'s") else f
    if re.match(r"(the )?user('s)?\b", text.lower()): return "user"
    if f in TERSE: return "terse"
    if f2 in NAMES: return "person"
    if category.split("/")[0] in ("tech", "work"): return "system"
    return "other"

def toks(s): return set(re.findall(r"[a-z0-9']+", s.lower()))
def jacc(a, b):
    A, B = toks(a), toks(b); return len(A & B) / max(1, len(A | B))

# ---------- Part A ----------
A = [json.loads(l) for l in open(os.path.join(HERE, "merge_corpus_v18.jsonl"), encoding="utf-8")]
KINDS = ["negation", "quantity", "dropped", "detail", "status", "attribution"]
ids = set(); texts = Counter()
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
for c in A:
    if set(c) != keys: errs.append(("keys", c["case_id"], set(c) ^ keys))
    if c["case_id"] in ids: errs.append(("dup id", c["case_id"]))
    ids.add(c["case_id"])
    if not re.fullmatch(r"e18-\d{4}", c["case_id"]): errs.append(("id fmt", c["case_id"]))
    if c["split"] != "final": errs.append(("split", c["case_id"]))
    if c["label"] not in ("faithful", "lossy"): errs.append(("label", c["case_id"]))
    if c["reword"] not in ("light", "heavy"): errs.append(("reword", c["case_id"]))
    if c["label"] == "faithful" and (c["kind"] is not None or c["note"] != ""):
        errs.append(("faithful kind/note", c["case_id"]))
    if c["label"] == "lossy" and (c["kind"] not in KINDS or not c["note"]):
        errs.append(("lossy kind/note", c["case_id"]))
    if not (2 <= len(c["sources"]) <= 3): errs.append(("n sources", c["case_id"]))
    for j, s in enumerate(c["sources"], 1):
        if s["id"] != f"{c['case_id']}-s{j}": errs.append(("src id", s["id"]))
        if s["category"] != c["category"]: errs.append(("src cat", s["id"]))
        if not (5 <= wc(s["content"]) <= 35): errs.append(("src len", s["id"], wc(s["content"])))
        texts[s["content"]] += 1
    texts[c["merged"]] += 1
    if "/" not in c["category"]: errs.append(("category", c["case_id"]))
    if c["label"] == "faithful":
        mn = nums(c["merged"])
        for s in c["sources"]:
            for v in src_nums(s["content"]):
                if v != 0 and v not in mn: errs.append(("faithful number missing", c["case_id"], v, s["content"], c["merged"]))
for t, n in texts.items():
    if n > 1: errs.append(("dup text A", t))
lab = Counter(c["label"] for c in A)
kinds = Counter(c["kind"] for c in A if c["label"] == "lossy")
print("Part A cases:", len(A), dict(lab))
print("  lossy kinds:", dict(kinds))
print("  faithful heavy:", sum(1 for c in A if c["label"] == "faithful" and c["reword"] == "heavy"),
      " lossy heavy:", sum(1 for c in A if c["label"] == "lossy" and c["reword"] == "heavy"))
print("  3-source share:", round(sum(1 for c in A if len(c["sources"]) == 3) / max(1, len(A)), 3))
print("  domains:", len(set(c["domain"] for c in A)))
for L in ("faithful", "lossy"):
    ss = [s["content"] for c in A if c["label"] == L for s in c["sources"]]
    cs = [c for c in A if c["label"] == L]
    if not ss: continue
    w = [wc(s) for s in ss]
    mean = sum(w) / len(w); share = sum(1 for x in w if x >= 18) / len(w)
    ov = [jacc(c["sources"][i]["content"], c["sources"][k]["content"]) for c in cs
          for i in range(len(c["sources"])) for k in range(i + 1, len(c["sources"]))]
    user = sum(1 for s in ss if re.match(r"(the )?user\b", s.lower())) / len(ss)
    three = sum(1 for c in cs if len(c["sources"]) == 3) / len(cs)
    mw = [wc(c["merged"]) for c in cs]
    rg = Counter(register(s["content"], c["category"]) for c in cs for s in c["sources"])
    print(f"  {L} register heuristic:", {k: round(v / len(ss), 3) for k, v in sorted(rg.items())})
    print(f"  {L}: n_sources={len(ss)} mean_src_words={mean:.2f} share_src_>=18={share:.3f} "
          f"min={min(w)} max={max(w)} mean_intra_case_jaccard={sum(ov)/len(ov):.3f} "
          f"share_user_voice={user:.3f} share_3_source_cases={three:.3f} mean_merged_words={sum(mw)/len(mw):.2f}")
    if not (14 <= mean <= 20): errs.append(("mean src words out of 14-20", L, mean))
    if share < 1/3: errs.append(("share >=18 below 1/3", L, share))

# ---------- Part B ----------
B = [json.loads(l) for l in open(os.path.join(HERE, "paraphrase_corpus_v18.jsonl"), encoding="utf-8")]
bids = set(); btexts = Counter(); cnt = Counter(); diffs = Counter()
DIFFS = ["name","number","date","negation","status","place","person","object","time"]
for r in B:
    if r["id"] in bids: errs.append(("dup id B", r["id"]))
    bids.add(r["id"])
    if r.get("split") != "final": errs.append(("split B", r["id"]))
    if "domain" not in r: errs.append(("domain B", r["id"]))
    if r["kind"] == "group":
        if not re.fullmatch(r"pg18-\d{3}", r["id"]): errs.append(("id fmt", r["id"]))
        if r["difficulty"] not in ("easy", "hard"): errs.append(("difficulty", r["id"]))
        if not (2 <= len(r["members"]) <= 4): errs.append(("members", r["id"]))
        cnt["group_" + r["difficulty"]] += 1; ts = r["members"]
        if set(r) != {"kind","id","difficulty","domain","split","members"}: errs.append(("keys", r["id"]))
    elif r["kind"] == "lookalike":
        if not re.fullmatch(r"la18-\d{3}", r["id"]): errs.append(("id fmt", r["id"]))
        if r["differs"] not in DIFFS: errs.append(("differs", r["id"]))
        if len(r["pair"]) != 2: errs.append(("pair", r["id"]))
        cnt["lookalike"] += 1; diffs[r["differs"]] += 1; ts = r["pair"]
        if set(r) != {"kind","id","differs","domain","split","pair"}: errs.append(("keys", r["id"]))
    elif r["kind"] == "filler":
        if not re.fullmatch(r"f18-\d{3}", r["id"]): errs.append(("id fmt", r["id"]))
        cnt["filler"] += 1; ts = [r["text"]]
        if set(r) != {"kind","id","domain","split","text"}: errs.append(("keys", r["id"]))
    else:
        errs.append(("kind B", r)); continue
    for t in ts:
        btexts[t] += 1
        if not (5 <= wc(t) <= 25): errs.append(("len B", r["id"], wc(t), t))
for t, n in btexts.items():
    if n > 1: errs.append(("dup text B", t))
print("Part B records:", len(B), dict(cnt), "differs:", dict(diffs))
eg = [r for r in B if r["kind"] == "group"]
for d in ("easy", "hard"):
    js = [jacc(r["members"][i], r["members"][k]) for r in eg if r["difficulty"] == d
          for i in range(len(r["members"])) for k in range(i + 1, len(r["members"]))]
    if js: print(f"  {d} groups mean pairwise jaccard: {sum(js)/len(js):.3f}")
lj = [jacc(*r["pair"]) for r in B if r["kind"] == "lookalike"]
if lj: print(f"  lookalike mean jaccard: {sum(lj)/len(lj):.3f}")
# target counts (reported, not fatal while writing)
targets = {"faithful": 120, "lossy": 72}
short = []
for k, v in targets.items():
    if lab[k] != v: short.append(f"{k} {lab[k]}/{v}")
for k in KINDS:
    if kinds[k] != 12: short.append(f"{k} {kinds[k]}/12")
for k, v in {"group_easy": 12, "group_hard": 20, "lookalike": 27, "filler": 40}.items():
    if cnt[k] != v: short.append(f"{k} {cnt[k]}/{v}")
for d in DIFFS:
    if diffs[d] != 3: short.append(f"differs {d} {diffs[d]}/3")
print("count targets not yet met:", short if short else "none")
if errs:
    print("ERRORS:", len(errs))
    for e in errs: print("  ", e)
    sys.exit(1)
print("VALID")
