#!/usr/bin/env python3
import json, os, re, sys, collections
D = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())

NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'thousand':1000,'once':1,'twice':2,'half':0.5,'single':1,'dozen':12,'first':1,'second':2,
 'third':3,'fourth':4,'fifth':5,'sixth':6,'seventh':7,'eighth':8,'ninth':9,'tenth':10,'eleventh':11,'twelfth':12,'ninetieth':90,'fortieth':40,'thirtieth':30,'twentieth':20,'fiftieth':50,'fortnight':14,'pair':2,'double':2,'triple':3}
def compounds(t):
    def rep(m):
        return str(NUMW[m.group(1)] * NUMW[m.group(2)])
    return re.sub(r'\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety) (hundred|thousand)\b', rep, t)
def nums(t):
    t = compounds(t.lower().replace(',', ''))
    out = set()
    for m in re.findall(r'\d+(?:\.\d+)?', t):
        out.add(float(m))
    for w in re.findall(r'[a-z]+', t):
        if w in NUMW: out.add(float(NUMW[w]))
    return out
def mnums(t):
    s = nums(t)
    t2 = compounds(t.lower().replace(',', ''))
    # allow "$95k" style and compound words
    for m in re.findall(r'(\d+(?:\.\d+)?)k\b', t2): s.add(float(m) * 1000)
    for a, b in re.findall(r'\b([a-z]+)-([a-z]+)\b', t2):
        if a in NUMW and b in NUMW and NUMW[a] >= 20: s.add(float(NUMW[a] + NUMW[b]))
    for m in re.findall(r'\b(\d+)(?:st|nd|rd|th)\b', t2): s.add(float(m))
    for a, b in re.findall(r'\b([a-z]+) (hundred|thousand)\b', t2):
        if a in NUMW: s.add(float(NUMW[a] * NUMW[b]))
    for y in [x for x in s if 1900 <= x <= 2100]: s.add(float(int(y) % 100))
    # equivalences a person would use
    if 'every other' in t2 or 'alternate' in t2: s.add(2.0)
    if 'half a kilo' in t2: s.add(500.0)
    if re.search(r'\b(two|2) weeks\b', t2): s.add(14.0)
    if 'half a year' in t2 or 'half the year' in t2: s.add(6.0)
    if 'quarter' in t2: s.add(4.0)
    if 'twice a year' in t2: s.add(6.0)
    if 'a fifth' in t2: s.add(20.0)
    if 'fortnight' in t2: s.update({2.0, 14.0})
    if 'quarterly' in t2 or 'a quarter' in t2: s.update({1.0, 3.0, 4.0})
    if re.search(r'\b(annual|yearly|monthly|weekly|daily|nightly)\b', t2): s.add(1.0)
    return s

# ---- Part B
pp = os.path.join(D, 'paraphrase_corpus_v27b.jsonl')
recs = [json.loads(l) for l in open(pp, encoding='utf-8')]
ids = [r['id'] for r in recs]
if len(ids) != len(set(ids)): errs.append('dup ids in paraphrase')
texts = []
cnt = collections.Counter()
for r in recs:
    if r.get('split') != 'final': errs.append(f"{r['id']} split")
    if r['kind'] == 'group':
        cnt['group_' + r['difficulty']] += 1
        if not 2 <= len(r['members']) <= 4: errs.append(f"{r['id']} members count")
        texts += r['members']
        if not re.match(r'pg27-\d{3}$', r['id']): errs.append(r['id'])
    elif r['kind'] == 'lookalike':
        cnt['lookalike'] += 1; cnt['differs_' + r['differs']] += 1
        if len(r['pair']) != 2: errs.append(f"{r['id']} pair")
        texts += r['pair']
        if r['differs'] not in 'name number date negation status place person object time'.split(): errs.append(r['id'])
    elif r['kind'] == 'filler':
        cnt['filler'] += 1; texts.append(r['text'])
    else: errs.append('bad kind')
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append(f'para word limit: {wc(t)} {t}')
dupt = [t for t, c in collections.Counter(texts).items() if c > 1]
if dupt: errs.append(f'dup para texts {dupt}')
print('Part B counts:', dict(sorted(cnt.items())))
want = {'group_easy': 12, 'group_hard': 20, 'lookalike': 27, 'filler': 40}
for k, v in want.items():
    if cnt[k] != v: print(f'  SHORT/OFF: {k} = {cnt[k]} (target {v})')
for d in 'name number date negation status place person object time'.split():
    if cnt['differs_' + d] != 3: print(f'  differs {d} = {cnt["differs_"+d]} (target 3)')

# ---- Part A
mp = os.path.join(D, 'merge_corpus_v27b.jsonl')
cases = [json.loads(l) for l in open(mp, encoding='utf-8')] if os.path.exists(mp) else []
cids = [c['case_id'] for c in cases]
if len(cids) != len(set(cids)): errs.append('dup case ids')
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
mc = collections.Counter(); alltexts = []
stats = {'faithful': [], 'lossy': []}
nsrc = collections.Counter()
for c in cases:
    if set(c) != keys: errs.append(f"{c['case_id']} keys {set(c) ^ keys}")
    if not re.match(r'e27-\d{4}$', c['case_id']): errs.append(c['case_id'])
    if c['label'] not in ('faithful', 'lossy'): errs.append(c['case_id'] + ' label')
    if c['reword'] not in ('light', 'heavy'): errs.append(c['case_id'] + ' reword')
    if c['split'] != 'final': errs.append(c['case_id'] + ' split')
    if '/' not in c['category']: errs.append(c['case_id'] + ' category')
    if c['label'] == 'faithful':
        if c['kind'] is not None or c['note'] != '': errs.append(c['case_id'] + ' faithful kind/note')
        mc['faithful'] += 1; mc['faithful_' + c['reword']] += 1
    else:
        if c['kind'] not in ('negation','quantity','dropped','detail','status','attribution') or not c['note']:
            errs.append(c['case_id'] + ' lossy kind/note')
        mc['lossy_' + str(c['kind'])] += 1; mc['lossy_' + c['reword']] += 1
    nsrc[len(c['sources'])] += 1
    if not 2 <= len(c['sources']) <= 3: errs.append(c['case_id'] + ' n sources')
    for j, s in enumerate(c['sources'], 1):
        if s['id'] != f"{c['case_id']}-s{j}": errs.append(s['id'])
        if s['category'] != c['category']: errs.append(s['id'] + ' cat')
        if not 5 <= wc(s['content']) <= 35: errs.append(f"{s['id']} words {wc(s['content'])}")
        stats[c['label']].append(wc(s['content']))
        alltexts.append(s['content'])
    alltexts.append(c['merged'])
    if c['label'] == 'faithful':
        mn = mnums(c['merged'])
        for s in c['sources']:
            for n in nums(s['content']):
                if n not in mn: errs.append(f"{c['case_id']} number {n} of source missing in merge")
d2 = [t for t, k in collections.Counter(alltexts).items() if k > 1]
if d2: errs.append(f'dup merge-corpus texts {d2}')
print('Part A counts:', dict(sorted(mc.items())), 'sources per case:', dict(nsrc))
for lab, ws in stats.items():
    if ws:
        print(f'  {lab}: {len(ws)} sources, mean words {sum(ws)/len(ws):.2f}, share >=18 words {sum(w>=18 for w in ws)/len(ws):.2%}, min {min(ws)}, max {max(ws)}')
# visible-surface balance between labels (before reading the merge)
def toks(t): return set(re.findall(r"[a-z0-9']+", t.lower()))
def register(text, cat):
    w = text.split()[0]
    if text.startswith(('User ', 'The user', "User's", 'Their ')): return 'user'
    if cat.startswith('tech/') or text.startswith(('The ', 'All ', 'Every ', 'Only ', 'Never ', 'Nightly ', 'Internal ', 'Releases ', 'Redis ', 'Alerts ', 'Logs ', 'Files ', 'Deploys ', 'Production ', 'Transactional ', 'Images ', 'Bills ', 'Cache ', 'Terraform ', 'Sidekiq ', 'Background ', 'Nodes ', 'Jobs ', 'Wiki ', 'Bounce ', 'Product ', 'Runbooks ', 'Type ', 'Old ', 'Ingest ', 'Company ', 'Candidates ', 'Flaky ', 'Restores ', 'Flights ', 'CRM ', 'Home ', 'Monthly ', 'Auth ', 'Search ', 'Synonyms ', 'Leaking ', 'Clouds ', 'Once ', 'During ', 'Before ', 'On ', 'When ', 'Since ', 'After ', 'Access ', 'Every ', 'p99 ')) and not text.startswith(('The user',)):
        return 'system/thing'
    if w[0].isupper() and w.lower() not in ('a', 'an', 'has', 'had', 'got'):
        if re.match(r"^[A-Z][a-z]+('s)?$", w) and not w.endswith(('s', 'ed')) or "'" in w or w in ('Mrs.', 'Mr.', 'Aunt'):
            return 'named'
    return 'terse'
for lab in ('faithful', 'lossy'):
    cs = [c for c in cases if c['label'] == lab]
    if not cs: continue
    jac = []
    for c in cs:
        ss = [toks(x['content']) for x in c['sources']]
        for i in range(len(ss)):
            for j in range(i + 1, len(ss)):
                jac.append(len(ss[i] & ss[j]) / len(ss[i] | ss[j]))
    regs = collections.Counter(register(x['content'], c['category']) for c in cs for x in c['sources'])
    n3 = sum(len(c['sources']) == 3 for c in cs)
    print(f'  {lab}: 3-source share {n3/len(cs):.0%}; mean pairwise source Jaccard {sum(jac)/len(jac):.3f}; register (heuristic) {dict(regs)}')
print('errors:', len(errs))
for e in errs: print('  ', e)
sys.exit(1 if errs else 0)
