#!/usr/bin/env python3
import json, re, sys, os
from collections import Counter
HERE = os.path.dirname(__file__) or '.'
errs = []
def err(m): errs.append(m)
def wc(t): return len(t.split())

W = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())}
W.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
          "thousand": 1000, "dozen": 12, "half": 0.5, "twice": 2, "once": 1, "thrice": 3, "single": 1, "pair": 2, "couple": 2, "fortnightly": 2, "fortnight": 2, "biweekly": 2})
ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
       "eleventh": 11, "twelfth": 12, "fifteenth": 15, "twentieth": 20, "thirtieth": 30}
W.update(ORD)
MON = {m: i for i, m in enumerate("january february march april may june july august september october november december".split(), 1)}
MON.update({m[:3]: i for m, i in list(MON.items())}); MON["sept"] = 9

def nums(t):
    out = set()
    tl = t.lower()
    for m in re.finditer(r'(\d[\d,]*(?:\.\d+)?)\s*(k|m|bn)?', tl):
        s = m.group(1).replace(',', '')
        try: v = float(s)
        except ValueError: continue
        out.add(v)
        if m.group(2) == 'k': out.add(v * 1000)
        if m.group(2) == 'm': out.add(v * 1e6)
    for m in re.finditer(r'[a-z]+', tl):
        w = m.group(0)
        if w in W: out.add(float(W[w]))
        if w in MON and w not in ('may', 'mar', 'jun', 'jan', 'dec', 'oct', 'nov', 'aug', 'sep', 'apr', 'feb', 'jul'): out.add(float(MON[w]))
    # compound words: twenty-five
    for m in re.finditer(r'(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)', tl):
        out.add(float(W[m.group(1)] + W[m.group(2)]))
    return out

def src_digit_nums(t):
    """numbers in a source that must survive: digit tokens and number words (not 'once','single','pair','couple','half','second')."""
    out = set()
    tl = t.lower()
    for m in re.finditer(r'(\d[\d,]*(?:\.\d+)?)', tl):
        try: out.add(float(m.group(1).replace(',', '')))
        except ValueError: pass
    for m in re.finditer(r'[a-z]+', tl):
        w = m.group(0)
        if w in W and w not in ('one', 'once', 'single', 'pair', 'couple', 'half', 'second', 'first', 'dozen', 'hundred', 'thousand', 'zero'):
            out.add(float(W[w]))
    for m in re.finditer(r'(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)', tl):
        out.discard(float(W[m.group(1)])); out.discard(float(W[m.group(2)]))
        out.add(float(W[m.group(1)] + W[m.group(2)]))
    return out

BANNED = ["code-review", "code review", "berlin", "marathon", "elasticsearch", "concur", "christmas", "oat milk", "flatmate",
          "cilantro", "coriander", "penicillin", "epipen", "sheltie", "helix", "leilani", "hilo", "argocd", "prod.toml",
          "kwame", "osei", "lisbon", "haddad", "fatima", "tasmania", "utas", "lucia", "landlord", "salary", "allergic", "allergy", "coffee"]
def banned(t):
    tl = t.lower()
    for b in BANNED:
        if b in tl: err(f'banned topic/name {b!r} in: {t}')
    if re.search(r'\b(ana|mia|tom)\b', tl): err(f'banned example name in: {t}')

alltexts = Counter()
# ---------- Part B ----------
pp = f'{HERE}/paraphrase_corpus_v37.jsonl'
kinds = Counter(); diffs = Counter(); ids = set(); doms_b = Counter()
if os.path.exists(pp):
    for ln, line in enumerate(open(pp, encoding='utf-8'), 1):
        r = json.loads(line)
        if r.get('split') != 'final': err(f'B{ln} split')
        if r['id'] in ids: err(f'dup id {r["id"]}')
        ids.add(r['id']); kinds[r['kind']] += 1; doms_b[r['domain']] += 1
        if r['kind'] == 'group':
            assert set(r) == {"kind", "id", "difficulty", "domain", "split", "members"}, r
            if not re.fullmatch(r'pg37-\d{3}', r['id']): err(f'bad id {r["id"]}')
            if r['difficulty'] not in ('easy', 'hard'): err(f'bad diff {r}')
            kinds['group_' + r['difficulty']] += 1
            if not 2 <= len(r['members']) <= 4: err(f'group size {r["id"]}')
            texts = r['members']
        elif r['kind'] == 'lookalike':
            assert set(r) == {"kind", "id", "differs", "domain", "split", "pair"}, r
            if not re.fullmatch(r'la37-\d{3}', r['id']): err(f'bad id {r["id"]}')
            if r['differs'] not in "name number date negation status place person object time".split(): err(f'differs {r}')
            diffs[r['differs']] += 1
            if len(r['pair']) != 2: err(f'pair size {r["id"]}')
            texts = r['pair']
        elif r['kind'] == 'filler':
            assert set(r) == {"kind", "id", "domain", "split", "text"}, r
            if not re.fullmatch(r'f37-\d{3}', r['id']): err(f'bad id {r["id"]}')
            texts = [r['text']]
        else: err(f'bad kind {r}')
        for t in texts:
            if not 5 <= wc(t) <= 25: err(f'B word count {wc(t)}: {t}')
            alltexts[t] += 1; banned(t)
    print('Part B:', dict(kinds), 'differs:', dict(sorted(diffs.items())), 'domains:', len(doms_b))
    exp = {'group_easy': 12, 'group_hard': 20, 'lookalike': 27, 'filler': 40}
    for k, v in exp.items():
        if kinds[k] != v: err(f'B count {k}={kinds[k]} want {v}')
    for d in "name number date negation status place person object time".split():
        if diffs[d] != 3: err(f'B differs {d}={diffs[d]} want 3')

# ---------- Part A ----------
mp = f'{HERE}/merge_corpus_v37.jsonl'
if os.path.exists(mp):
    c = Counter(); ids = set(); slen = {'faithful': [], 'lossy': []}; nsrc = Counter(); doms = Counter(); rew = Counter(); mlen = {'faithful': [], 'lossy': []}
    for ln, line in enumerate(open(mp, encoding='utf-8'), 1):
        r = json.loads(line)
        keys = {"case_id", "sources", "merged", "category", "label", "kind", "reword", "domain", "split", "note"}
        if set(r) != keys: err(f'A{ln} keys {set(r) ^ keys}')
        if not re.fullmatch(r'e37-\d{4}', r['case_id']): err(f'bad case id {r["case_id"]}')
        if r['case_id'] in ids: err(f'dup case id')
        ids.add(r['case_id'])
        if r['split'] != 'final': err('split')
        if r['label'] not in ('faithful', 'lossy'): err(f'label {r["label"]}')
        if r['reword'] not in ('light', 'heavy'): err(f'reword {r}')
        if not re.fullmatch(r'[a-z]+(/[a-z0-9_-]+)+', r['category']): err(f'category {r["category"]}')
        if r['label'] == 'faithful':
            if r['kind'] is not None or r['note'] != '': err(f'faithful with kind/note {r["case_id"]}')
            c['faithful'] += 1; c['faithful_' + r['reword']] += 1
        else:
            if r['kind'] not in "negation quantity dropped detail status attribution".split(): err(f'kind {r["kind"]}')
            if not r['note'] or '\n' in r['note']: err(f'note missing {r["case_id"]}')
            c['lossy'] += 1; c['lossy_' + r['kind']] += 1; c['lossy_' + r['reword']] += 1
        if not 2 <= len(r['sources']) <= 3: err(f'n sources {r["case_id"]}')
        nsrc[len(r['sources'])] += 1; doms[r['domain']] += 1
        for j, s in enumerate(r['sources'], 1):
            if s['id'] != f'{r["case_id"]}-s{j}': err(f'src id {s["id"]}')
            if s['category'] != r['category']: err(f'src category {r["case_id"]}')
            n = wc(s['content'])
            if not 5 <= n <= 35: err(f'A src word count {n}: {s["content"]}')
            slen[r['label']].append(n); alltexts[s['content']] += 1; banned(s['content'])
        alltexts[r['merged']] += 1; banned(r['merged']); mlen[r['label']].append(wc(r['merged']))
        if r['label'] == 'faithful':
            mn = nums(r['merged'])
            for s in r['sources']:
                for v in src_digit_nums(s['content']):
                    if v not in mn: err(f'faithful {r["case_id"]}: number {v:g} of source missing in merge: {s["content"]} => {r["merged"]}')
    print('Part A:', dict(sorted(c.items())))
    print('  sources per case:', dict(nsrc), ' domains:', len(doms))
    for lab in ('faithful', 'lossy'):
        L = slen[lab]
        if L:
            mean = sum(L) / len(L); share = sum(1 for x in L if x >= 18) / len(L)
            print(f'  {lab}: n_sources={len(L)} mean source words={mean:.2f} share>=18={share:.2%} mean merge words={sum(mlen[lab])/len(mlen[lab]):.2f}')
            if not 14 <= mean <= 20: err(f'{lab} mean source words {mean:.2f} outside 14-20')
            if share < 1/3: err(f'{lab} share>=18 {share:.2%} < 33%')
    exp = {'faithful': 120, 'lossy': 72}
    for k, v in exp.items():
        if c[k] != v: err(f'A count {k}={c[k]} want {v}')
    if c['faithful_heavy'] < 85: err(f'faithful heavy {c["faithful_heavy"]} < 85')
    for k in "negation quantity dropped detail status attribution".split():
        if c['lossy_' + k] != 12: err(f'lossy {k}={c["lossy_"+k]} want 12')

for t, n in alltexts.items():
    if n > 1: err(f'exact duplicate text x{n}: {t}')
print(f'{len(errs)} problems')
for e in errs[:80]: print('  -', e)
sys.exit(1 if errs else 0)
