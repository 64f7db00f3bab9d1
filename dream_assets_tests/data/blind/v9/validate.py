"""Validate merge_corpus_v9.jsonl and paraphrase_corpus_v9.jsonl (parse, schema, ids, counts,
word limits, duplicates, number preservation in faithful merges, length statistics)."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
errors, warnings = [], []
def err(m): errors.append(m)
def warn(m): warnings.append(m)
def wc(s): return len(s.split())

# ---------------- number normalisation ----------------
# Phrase-level canonicalisation applied identically to sources and merges, so that forms a person
# treats as the same quantity compare equal ("fortnightly" = "every 2 weeks", "6 pm" = "18:00").
MONTHS = 'january february march april may june july august september october november december'.split()
CANON = [
    (r'\ba quarter of a million\b', '250000'), (r'\ban hour and a half\b', '90 minutes'),
    (r'\bquarter past (\w+)', r'\1:15'), (r'\bhalf[- ]an[- ]hour\b|\bhalf-hour\b', '30 minutes'),
    (r'\ba fifth\b', '20%'), (r'\bone in ten\b', '10%'), (r'\bfortnight(ly)?\b', '2 weeks'),
    (r'\bevery (other|second)\b|\balternate\b', 'every 2'), (r'\btwice a year\b|\bbiannual(ly)?\b', 'every 6 months'),
    (r'\bfour times a day\b', 'every 6 hours'), (r'\b(five|5) weeks\b', '35 days'),
    (r'\bquarterly\b|\bevery quarter\b', 'every 3 months'), (r'\b(seven|7)[- ]days?\b', 'a week'),
    (r'\b(12|twelve)[- ]months?\b', 'a year'), (r'\b(30|thirty)[- ]days?\b', 'a month'),
    (r'\bthree times a week\b', 'thrice weekly'), (r'\b(1|one)[- ]month\b', 'a month'),
    (r'\bhalf a year\b', '6 months'), (r'\bthe seventies\b', 'the 1970s'),
]
UNITS = {w: i for i, w in enumerate('zero one two three four five six seven eight nine ten eleven twelve thirteen '
                                     'fourteen fifteen sixteen seventeen eighteen nineteen'.split())}
TENS = {w: 10 * i for i, w in enumerate('_ _ twenty thirty forty fifty sixty seventy eighty ninety'.split()) if w != '_'}
SPECIAL = {'twice': 2, 'thrice': 3, 'dozen': 12, 'half': 0.5, 'quarter': 0.25, 'pair': 2,
           'third': 3, 'fourth': 4, 'fifth': 5, 'sixth': 6, 'seventh': 7, 'eighth': 8, 'ninth': 9, 'tenth': 10,
           'thirtieth': 30, 'fortieth': 40, 'ninetieth': 90}
# word-only values that are too often not quantities ("one of", "zero-excess") are not required in merges
SKIP_WORD_VALUES = {0.0, 1.0}

def canon(text):
    t = text.lower().replace('\u2011', '-')
    for a, b in CANON: t = re.sub(a, b, t)
    return t

def numbers(text, side='source'):
    """Numeric values mentioned in text: digits, number words, k-suffixes, clock times, month names."""
    t = canon(text)
    vals = set()
    # clock times: 18:00 -> 18 ; 7:42 -> 7, 42 ; 6 pm -> 6, 18
    def tm(m):
        h, mi = int(m.group(1)), int(m.group(2))
        vals.add(float(h)); vals.add(float(h % 12 or 12))
        if mi: vals.add(float(mi))
        if mi == 15: vals.add(0.25)
        return ' '
    t = re.sub(r'\b(\d{1,2}):(\d{2})\b(?!\d)', tm, t)
    def ampm(m):
        h = int(m.group(1)); vals.add(float(h))
        vals.add(float(h + 12 if m.group(2) == 'pm' and h < 12 else h))
        return ' '
    t = re.sub(r'\b(\d{1,2})\s*(am|pm)\b', ampm, t)
    if side == 'merge':
        for i, mname in enumerate(MONTHS, 1):
            if re.search(r'\b' + mname[:3], t): vals.add(float(i))
    for m in re.finditer(r'(\d[\d,]*(?:\.\d+)?)(k\b)?', t):
        raw = m.group(1).rstrip(',')
        if re.fullmatch(r'\d{1,3}(,\d{3})+', raw): raw = raw.replace(',', '')
        elif ',' in raw: raw = raw.split(',')[0]
        try: v = float(raw)
        except ValueError: continue
        if m.group(2): v *= 1000
        vals.add(v)
    toks = re.findall(r"[a-z]+", t)
    i = 0
    while i < len(toks):
        w = toks[i]
        if w in SPECIAL:
            vals.add(float(SPECIAL[w])); i += 1; continue
        if w in UNITS or w in TENS:
            total, cur = 0, 0
            while i < len(toks) and (toks[i] in UNITS or toks[i] in TENS or toks[i] in ('hundred', 'thousand', 'million', 'and')):
                x = toks[i]
                if x in UNITS: cur += UNITS[x]
                elif x in TENS: cur += TENS[x]
                elif x == 'hundred': cur = (cur or 1) * 100
                elif x in ('thousand', 'million'): total += (cur or 1) * (1000 if x == 'thousand' else 10 ** 6); cur = 0
                i += 1
            v = float(total + cur)
            if side == 'merge' or v not in SKIP_WORD_VALUES: vals.add(v)
            continue
        i += 1
    return vals

def expand(vals):
    return set(vals)

# ---------------- Part A ----------------
A_KEYS = ['case_id', 'sources', 'merged', 'category', 'label', 'kind', 'reword', 'domain', 'split', 'note']
KINDS = ['negation', 'quantity', 'dropped', 'detail', 'status', 'attribution']
cases = []
with open(os.path.join(HERE, 'merge_corpus_v9.jsonl'), encoding='utf-8') as f:
    for ln, line in enumerate(f, 1):
        try: cases.append(json.loads(line))
        except json.JSONDecodeError as e: err('A line %d: bad JSON %s' % (ln, e))
ids, sids, texts = set(), set(), Counter()
for c in cases:
    cid = c.get('case_id')
    if list(c.keys()) != A_KEYS: err('%s: keys %s' % (cid, list(c.keys())))
    if not re.fullmatch(r'e9-\d{4}', cid or ''): err('%s: bad case_id' % cid)
    if cid in ids: err('%s: duplicate case_id' % cid)
    ids.add(cid)
    if c['split'] != 'final': err('%s: split' % cid)
    if c['label'] not in ('faithful', 'lossy'): err('%s: label' % cid)
    if c['label'] == 'faithful' and (c['kind'] is not None or c['note'] != ''): err('%s: faithful kind/note' % cid)
    if c['label'] == 'lossy' and (c['kind'] not in KINDS or not c['note'].strip()): err('%s: lossy kind/note' % cid)
    if c['reword'] not in ('light', 'heavy'): err('%s: reword' % cid)
    if not re.fullmatch(r'[a-z0-9-]+(/[a-z0-9-]+)+', c['category']): err('%s: category %s' % (cid, c['category']))
    if not (2 <= len(c['sources']) <= 3): err('%s: %d sources' % (cid, len(c['sources'])))
    for j, s in enumerate(c['sources'], 1):
        if list(s.keys()) != ['id', 'content', 'category']: err('%s: source keys' % cid)
        if s['id'] != '%s-s%d' % (cid, j): err('%s: source id %s' % (cid, s['id']))
        if s['id'] in sids: err('%s: dup source id' % cid)
        sids.add(s['id'])
        if s['category'] != c['category']: err('%s: source category differs' % cid)
        n = wc(s['content'])
        if not 5 <= n <= 35: err('%s: source %d has %d words' % (cid, j, n))
        texts[s['content']] += 1
        if s['content'] == c['merged']: err('%s: merged identical to a source' % cid)
    texts[c['merged']] += 1
    if c['label'] == 'faithful':
        mv = numbers(c['merged'], 'merge')
        for s in c['sources']:
            missing = [v for v in numbers(s['content']) if not (expand({v}) & mv)]
            if missing:
                err('%s: faithful merge lacks number(s) %s of source %s\n      SRC: %s\n      MRG: %s' % (cid, missing, s['id'], s['content'], c['merged']))
for t, k in texts.items():
    if k > 1: err('A: duplicate text x%d: %s' % (k, t[:70]))

lab = Counter(c['label'] for c in cases)
kinds = Counter(c['kind'] for c in cases if c['label'] == 'lossy')
fh = sum(1 for c in cases if c['label'] == 'faithful' and c['reword'] == 'heavy')
lh = sum(1 for c in cases if c['label'] == 'lossy' and c['reword'] == 'heavy')
three = sum(1 for c in cases if len(c['sources']) == 3)
if lab['faithful'] != 200: err('faithful count %d' % lab['faithful'])
if fh < 140: err('heavy faithful %d < 140' % fh)
for k in KINDS:
    if kinds[k] != 20: err('lossy %s count %d' % (k, kinds[k]))
print('Part A: %d cases; faithful %d (heavy %d, light %d); lossy %d (heavy %d, light %d)' % (
    len(cases), lab['faithful'], fh, lab['faithful'] - fh, lab['lossy'], lh, lab['lossy'] - lh))
print('  lossy kinds:', dict(sorted(kinds.items())))
print('  3-source cases: %d (%.1f%%)' % (three, 100.0 * three / max(1, len(cases))))
for name in ('faithful', 'lossy'):
    ws = [wc(s['content']) for c in cases if c['label'] == name for s in c['sources']]
    print('  %-8s sources: n=%d  mean words %.2f  share >=18 words %.3f  min %d  max %d' % (
        name, len(ws), sum(ws) / len(ws), sum(w >= 18 for w in ws) / len(ws), min(ws), max(ws)))
    mean = sum(ws) / len(ws)
    if not 14 <= mean <= 20: err('%s source mean %.2f outside 14-20' % (name, mean))
    if sum(w >= 18 for w in ws) / len(ws) < 1 / 3: err('%s share>=18 below a third' % name)
for name in ('faithful', 'lossy'):
    ws = [wc(c['merged']) for c in cases if c['label'] == name]
    print('  %-8s merged: mean words %.2f' % (name, sum(ws) / len(ws)))
for k in KINDS:
    ws = [wc(s['content']) for c in cases if c['kind'] == k for s in c['sources']]
    print('    lossy/%-11s sources mean %.2f share>=18 %.3f' % (k, sum(ws) / len(ws), sum(w >= 18 for w in ws) / len(ws)))
print('  domains:', len(set(c['domain'] for c in cases)), dict(Counter(c['domain'] for c in cases).most_common()))

# ---------------- Part B ----------------
recs = []
p = os.path.join(HERE, 'paraphrase_corpus_v9.jsonl')
with open(p, encoding='utf-8') as f:
    for ln, line in enumerate(f, 1):
        try: recs.append(json.loads(line))
        except json.JSONDecodeError as e: err('B line %d: bad JSON %s' % (ln, e))
KEYS = {'group': ['kind', 'id', 'difficulty', 'domain', 'split', 'members'],
        'lookalike': ['kind', 'id', 'differs', 'domain', 'split', 'pair'],
        'filler': ['kind', 'id', 'domain', 'split', 'text']}
DIFFERS = ['name', 'number', 'date', 'negation', 'status', 'place', 'person', 'object', 'time']
bid, btexts = set(), Counter()
for r in recs:
    k = r.get('kind')
    if k not in KEYS: err('B: kind %s' % k); continue
    if list(r.keys()) != KEYS[k]: err('%s: keys %s' % (r.get('id'), list(r.keys())))
    if r['id'] in bid: err('%s: dup id' % r['id'])
    bid.add(r['id'])
    if r['split'] != 'final': err('%s: split' % r['id'])
    pref = {'group': r'pg9-\d{3}', 'lookalike': r'la9-\d{3}', 'filler': r'f9-\d{3}'}[k]
    if not re.fullmatch(pref, r['id']): err('%s: id format' % r['id'])
    ts = r['members'] if k == 'group' else r['pair'] if k == 'lookalike' else [r['text']]
    if k == 'group':
        if r['difficulty'] not in ('easy', 'hard'): err('%s: difficulty' % r['id'])
        if not 2 <= len(ts) <= 4: err('%s: %d members' % (r['id'], len(ts)))
        nums = [numbers(t, 'merge') for t in ts]
        for t, nv in zip(ts[1:], nums[1:]):
            if not (expand(nv) >= nums[0] or nv == nums[0]) and nv != nums[0]:
                warn('%s: members mention different numbers %s vs %s' % (r['id'], sorted(nums[0]), sorted(nv)))
    if k == 'lookalike':
        if r['differs'] not in DIFFERS: err('%s: differs %s' % (r['id'], r['differs']))
        if len(ts) != 2 or ts[0] == ts[1]: err('%s: pair' % r['id'])
    for t in ts:
        n = wc(t)
        if not 5 <= n <= 25: err('%s: text has %d words: %s' % (r['id'], n, t[:50]))
        btexts[t] += 1
for t, n in btexts.items():
    if n > 1: err('B: duplicate text x%d: %s' % (n, t[:70]))
for t in btexts:
    if t in texts: warn('text shared between corpora: %s' % t[:60])
bk = Counter(r['kind'] for r in recs)
diff = Counter(r['difficulty'] for r in recs if r['kind'] == 'group')
dv = Counter(r['differs'] for r in recs if r['kind'] == 'lookalike')
if diff['easy'] != 20 or diff['hard'] != 30: err('group counts %s' % dict(diff))
if bk['lookalike'] != 40: err('lookalike count %d' % bk['lookalike'])
if bk['filler'] != 60: err('filler count %d' % bk['filler'])
for d in DIFFERS:
    if not 4 <= dv[d] <= 5: err('differs %s count %d' % (d, dv[d]))
print('Part B: %d records; groups easy %d hard %d; lookalikes %d; fillers %d' % (
    len(recs), diff['easy'], diff['hard'], bk['lookalike'], bk['filler']))
print('  lookalike differs:', dict(sorted(dv.items())))
gm = Counter(len(r['members']) for r in recs if r['kind'] == 'group')
print('  group sizes:', dict(sorted(gm.items())), ' domains:', len(set(r['domain'] for r in recs)))
allw = [wc(t) for t in btexts]
if allw: print('  texts: n=%d mean words %.2f min %d max %d' % (len(allw), sum(allw) / len(allw), min(allw), max(allw)))

for w in warnings: print('WARN', w)
for e in errors: print('ERROR', e)
print('OK' if not errors else '%d errors' % len(errors))
sys.exit(1 if errors else 0)
