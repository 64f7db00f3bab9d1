import json, re, sys, collections, os
errs = []
def wc(t): return len(t.split())

# ---------- Part B
recs = [json.loads(l) for l in open('paraphrase_corpus_v29b.jsonl', encoding='utf-8')]
ids = [r['id'] for r in recs]
if len(ids) != len(set(ids)): errs.append('B: duplicate ids')
texts = []
c = collections.Counter()
for r in recs:
    assert r['split'] == 'final'
    if r['kind'] == 'group':
        c['group_' + r['difficulty']] += 1
        if not 2 <= len(r['members']) <= 4: errs.append('B: group size ' + r['id'])
        texts += r['members']
    elif r['kind'] == 'lookalike':
        c['lookalike'] += 1; c['la_' + r['differs']] += 1
        if len(r['pair']) != 2: errs.append('B: pair ' + r['id'])
        texts += r['pair']
    elif r['kind'] == 'filler':
        c['filler'] += 1; texts.append(r['text'])
    else: errs.append('B: kind ' + r['kind'])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append('B: word count %d: %s' % (wc(t), t))
dup = [t for t, n in collections.Counter(texts).items() if n > 1]
if dup: errs.append('B: duplicate texts %s' % dup)
print('Part B counts:', dict(sorted(c.items())))
exp = {'group_easy': 12, 'group_hard': 20, 'lookalike': 27, 'filler': 40}
for k, v in exp.items():
    if c[k] != v: errs.append('B: count %s=%d expected %d' % (k, c[k], v))
for d in ['name','number','date','negation','status','place','person','object','time']:
    if c['la_' + d] != 3: errs.append('B: differs %s=%d' % (d, c['la_' + d]))

# ---------- Part A
NUMW = {'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
        'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,
        'eighteen':18,'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,
        'eighty':80,'ninety':90,'hundred':100,'thousand':1000,'twice':2,'once':1,'half':0.5,'dozen':12,
        'first':1,'second':2,'third':3,'fourth':4,'fifth':5,'sixth':6,'seventh':7,'eighth':8,'ninth':9,'tenth':10,'twentieth':20,'thirtieth':30,'fortieth':40,'fiftieth':50,'sixtieth':60,'seventieth':70,'single':1,'pair':2,'a':None}
MONTHS = {m: i for i, m in enumerate(['january','february','march','april','may','june','july','august',
          'september','october','november','december'], 1)}
TENS = {'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90}
UNITS = {k: v for k, v in NUMW.items() if isinstance(v, int) and 1 <= v <= 9 and k not in ('once','twice','first','second','third','fourth','fifth','single','pair')}
CPAT = r'\b(' + '|'.join(TENS) + r')[- ](' + '|'.join(UNITS) + r')\b'
def compounds(t):
    return set(float(TENS[a] + UNITS[b]) for a, b in re.findall(CPAT, t))
def nums(t):
    t = t.lower().replace(',', '')
    out = compounds(t)
    if 'fortnight' in t: out.add(2.0); out.add(14.0)
    if re.search(r'\bboth\b', t): out.add(2.0)
    out |= times(t)
    for m in re.findall(r'\d+(?:\.\d+)?', t): out.add(float(m))
    for w in re.findall(r'[a-z]+', t):
        if w in NUMW and NUMW[w] is not None: out.add(float(NUMW[w]))
    for m in re.findall(r'(\d+)\s*k\b', t): out.add(float(m) * 1000)
    for w in re.findall(r'[a-z]+', t):
        for mn, i in MONTHS.items():
            if w == mn or (len(w) >= 3 and mn.startswith(w) and w not in ('mar','may','jun','jul','dec','oct','nov','sep','apr','aug','jan','feb') or w == mn[:3]):
                out.add(('month', i))
    return out
def times(t):
    out = set()
    for h, m in re.findall(r'\b(\d{1,2}):(\d{2})\b', t): out.add(('t', int(h) * 60 + int(m)))
    for h, ap in re.findall(r'\b(\d{1,2})\s*(am|pm|a\.m\.|p\.m\.)', t):
        out.add(('t', (int(h) % 12 + (12 if ap.startswith('p') else 0)) * 60))
    if 'noon' in t or 'midday' in t: out.add(('t', 720))
    if 'midnight' in t: out.add(('t', 0))
    return out
def src_nums(t):
    t2 = t.lower().replace(',', '')
    tm = times(t2)
    t2 = re.sub(r'\b(\d{1,2}):(\d{2})\b', ' ', t2)
    t2 = re.sub(r'\b(each|every|no|any|this|that|which) one\b', ' ', t2)  # pronoun 'one', not a count
    s = set(float(m) for m in re.findall(r'\d+(?:\.\d+)?', t2))
    for w in re.findall(r'[a-z]+', t2):
        if w in NUMW and NUMW[w] is not None and w not in ('a','once','single','pair','first','second','half'):
            s.add(float(NUMW[w]))
    c = compounds(t2)
    if c:
        s |= c
        for a, b in re.findall(CPAT, t2):
            s.discard(float(TENS[a])); s.discard(float(UNITS[b]))
    return s | tm
cases = [json.loads(l) for l in open('merge_corpus_v29b.jsonl', encoding='utf-8')]
cids = [x['case_id'] for x in cases]
if len(cids) != len(set(cids)): errs.append('A: duplicate case ids')
allsrc = []
ca = collections.Counter()
stats = collections.defaultdict(list)
ov = collections.defaultdict(list)
nsrc = collections.defaultdict(collections.Counter)
def toks(t): return set(re.findall(r'[a-z0-9]+', t.lower()))
for x in cases:
    keys = {'case_id','sources','merged','category','label','kind','reword','domain','split','note'}
    if set(x) != keys: errs.append('A: keys ' + x['case_id'])
    lab = x['label']
    if lab == 'faithful':
        ca['faithful'] += 1; ca['faithful_' + x['reword']] += 1
        if x['kind'] is not None or x['note'] != '': errs.append('A: faithful kind/note ' + x['case_id'])
    elif lab == 'lossy':
        ca['lossy_' + x['kind']] += 1; ca['lossy_' + x['reword']] += 1
        if not x['note']: errs.append('A: lossy without note ' + x['case_id'])
    else: errs.append('A: label ' + x['case_id'])
    if x['reword'] not in ('light','heavy'): errs.append('A: reword ' + x['case_id'])
    if not 2 <= len(x['sources']) <= 3: errs.append('A: n sources ' + x['case_id'])
    nsrc[lab][len(x['sources'])] += 1
    for s in x['sources']:
        if s['category'] != x['category']: errs.append('A: category ' + s['id'])
        n = wc(s['content'])
        if not 5 <= n <= 35: errs.append('A: source words %d %s' % (n, s['id']))
        stats[lab].append(n); allsrc.append(s['content'])
    ss = [toks(s['content']) for s in x['sources']]
    for i in range(len(ss)):
        for j in range(i + 1, len(ss)):
            ov[lab].append(len(ss[i] & ss[j]) / len(ss[i] | ss[j]))
    if lab == 'faithful':
        mn = nums(x['merged'])
        for s in x['sources']:
            for v in src_nums(s['content']):
                if v not in mn:
                    errs.append('A: number %s of %s not in merge' % (v, s['id']))
dup = [t for t, n in collections.Counter(allsrc).items() if n > 1]
if dup: errs.append('A: duplicate sources %s' % dup)
ms = [x['merged'] for x in cases]
if len(ms) != len(set(ms)): errs.append('A: duplicate merges')
print('Part A counts:', dict(sorted(ca.items())))
for lab in ('faithful', 'lossy'):
    L = stats[lab]
    if L:
        print('%-8s sources=%d mean_words=%.2f share>=18=%.2f min=%d max=%d mean_jaccard=%.3f n_sources=%s' % (
            lab, len(L), sum(L) / len(L), sum(1 for n in L if n >= 18) / len(L), min(L), max(L),
            sum(ov[lab]) / max(1, len(ov[lab])), dict(nsrc[lab])))
for e in errs: print('ERROR', e)
print('OK' if not errs else '%d errors' % len(errs))
