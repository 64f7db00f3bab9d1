import json, re, sys, collections
HERE = '/work/blind22b/v22b/'
errs = []
def wc(s): return len(s.split())
NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'thousand':1000,'twice':2,'once':1,'single':1,'dozen':12,'half':0.5,'first':1,'second':2,'third':3,
 'fourth':4,'fifth':5,'sixth':6,'seventh':7,'eighth':8,'ninth':9,'tenth':10,'pair':2,'couple':2,'both':2,'thrice':3,'k':1000,'fortnight':2,'fortnightly':2}
def nums(s):
    s2 = s.lower().replace(',', '')
    out = set()
    for m in re.finditer(r'\d+(?:\.\d+)?', s2):
        v = float(m.group()); out.add(v)
        # 95k -> 95000 ; 2.5m
        tail = s2[m.end():m.end()+1]
        if tail == 'k': out.add(v*1000)
        if tail == 'm': out.add(v*1000000)
    for w in re.findall(r'[a-z]+', s2):
        if w in NUMW: out.add(float(NUMW[w]))
    # compound words like twenty-five
    for a, b in re.findall(r'([a-z]+)[- ]([a-z]+)', s2):
        if a in NUMW and b in NUMW and NUMW[a] >= 20 and NUMW[b] < 10: out.add(float(NUMW[a]+NUMW[b]))
    return out
def src_nums(s):
    s2 = s.lower().replace(',', '')
    out = set()
    for m in re.finditer(r'\d+(?:\.\d+)?', s2):
        v = float(m.group()); tail = s2[m.end():m.end()+1]
        out.add(v*1000 if tail == 'k' else v)
    # cardinal number words in sources are checked too (ordinals/ambiguous words are not)
    CARD = ('two','three','four','five','six','seven','eight','nine','ten','eleven','twelve','fifteen',
            'twenty','thirty','forty','fifty','sixty','hundred','thousand','dozen','twice')
    for w in re.findall(r'[a-z]+', s2):
        if w in CARD: out.add(float(NUMW[w]))
    return out

# ---- Part A
cases = [json.loads(l) for l in open(HERE + 'merge_corpus_v22b.jsonl', encoding='utf-8')]
ids = set(); texts = collections.Counter()
KINDS = {'negation','quantity','dropped','detail','status','attribution'}
for c in cases:
    for k in ('case_id','sources','merged','category','label','kind','reword','domain','split','note'):
        if k not in c: errs.append('missing %s in %s' % (k, c.get('case_id')))
    if c['case_id'] in ids: errs.append('dup id ' + c['case_id'])
    ids.add(c['case_id'])
    if c['split'] != 'final': errs.append('split ' + c['case_id'])
    if c['label'] == 'faithful':
        if c['kind'] is not None or c['note'] != '': errs.append('faithful kind/note ' + c['case_id'])
    elif c['label'] == 'lossy':
        if c['kind'] not in KINDS or not c['note']: errs.append('lossy kind/note ' + c['case_id'])
    else: errs.append('label ' + c['case_id'])
    if c['reword'] not in ('light','heavy'): errs.append('reword ' + c['case_id'])
    if not 2 <= len(c['sources']) <= 3: errs.append('nsrc ' + c['case_id'])
    for j, s in enumerate(c['sources'], 1):
        if s['id'] != '%s-s%d' % (c['case_id'], j): errs.append('src id ' + s['id'])
        if s['category'] != c['category']: errs.append('src cat ' + s['id'])
        if not 5 <= wc(s['content']) <= 35: errs.append('src len %d %s' % (wc(s['content']), s['id']))
        texts[s['content']] += 1
    texts[c['merged']] += 1
    if c['label'] == 'faithful':
        mn = nums(c['merged'])
        for s in c['sources']:
            for v in src_nums(s['content']):
                if v not in mn: errs.append('faithful number %s of %s missing in merge' % (v, s['id']))
for t, n in texts.items():
    if n > 1: errs.append('duplicate text: ' + t[:60])
lab = collections.Counter(c['label'] for c in cases)
kinds = collections.Counter(c['kind'] for c in cases if c['label'] == 'lossy')
rw = collections.Counter((c['label'], c['reword']) for c in cases)
n3 = sum(1 for c in cases if len(c['sources']) == 3)
doms = collections.Counter(c['domain'] for c in cases)
print('Part A cases:', len(cases), dict(lab))
print('  lossy kinds:', dict(kinds))
print('  reword:', {'%s/%s' % k: v for k, v in sorted(rw.items())})
print('  3-source cases: %d (%.0f%%)' % (n3, 100.0 * n3 / max(1, len(cases))))
print('  domains (%d):' % len(doms), dict(doms))
for L in ('faithful', 'lossy'):
    ws = [wc(s['content']) for c in cases if c['label'] == L for s in c['sources']]
    if ws:
        print('  %-8s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d  nsrc/case=%.2f' % (
            L, len(ws), sum(ws)/len(ws), sum(w >= 18 for w in ws)/len(ws), min(ws), max(ws),
            len(ws)/sum(1 for c in cases if c['label'] == L)))
    ms = [wc(c['merged']) for c in cases if c['label'] == L]
    if ms: print('  %-8s merged mean words=%.2f' % (L, sum(ms)/len(ms)))
# ---- diagnostics: things a reader sees before the merge (should look alike across labels)
STOP = set('the a an and or of to in on at for with is are was were be has have had by from as it its their they them this that his her he she user users s'.split())
def toks(t): return set(w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOP)
def register(c, t):
    tl = t.lower()
    if c['category'].startswith('tech/'): return 'project/system'
    if tl.startswith(('user', 'the user')): return 'user'
    first = re.sub(r"('s|,|:|;)$", '', t.split()[0])
    rest = ' '.join([c['merged']] + [s['content'] for s in c['sources'] if s['content'] != t] + t.split()[1:])
    if first[:1].isupper() and re.search(r'\b' + re.escape(first) + r'\b', rest): return 'named'
    if first.lower() in ('the', 'a', 'an') or first in ('Home', 'Marathon', 'Take-home', 'Renewal', 'Expense', 'Aquarium', 'Water', 'Tickets', 'Each', 'IT', 'Mobile', 'Ingestion', 'Analytics', 'Database', 'Postmortems', 'Incidents', 'Backup', 'Schema', 'Secrets', 'Static', 'Storefront', 'Release', 'Production', 'Product', 'Flaky', 'Frontend', 'Deploys', 'Background', 'Traces', 'Only', 'Anonymous', 'Admin', 'Application', 'Transactional', 'Marketing', 'Stale', 'Enterprise', 'Design', 'Technical', 'API', 'Sidekiq', 'Ruff', 'Nightly', 'Analytics', 'Northwind', 'Kovač'):
        return 'third-person (object/system)'
    return 'terse'
for L in ('faithful', 'lossy'):
    cs = [c for c in cases if c['label'] == L]
    ov = []
    for c in cs:
        ts = [toks(s['content']) for s in c['sources']]
        for i in range(len(ts)):
            for j in range(i+1, len(ts)):
                ov.append(len(ts[i] & ts[j]) / max(1, len(ts[i] | ts[j])))
    reg = collections.Counter(register(c, s['content']) for c in cs for s in c['sources'])
    tot = sum(reg.values())
    print('  %-8s mean pairwise source Jaccard=%.3f  registers: %s' % (L, sum(ov)/len(ov),
          ', '.join('%s %.0f%%' % (k, 100.0*v/tot) for k, v in sorted(reg.items()))))
if lab['faithful'] < 120: print('  SHORT: faithful %d/120' % lab['faithful'])
for k in KINDS:
    if kinds[k] < 12: print('  SHORT: lossy %s %d/12' % (k, kinds[k]))
if rw[('faithful','heavy')] < 85: print('  NOTE: faithful heavy %d/85' % rw[('faithful','heavy')])

# ---- Part B
recs = [json.loads(l) for l in open(HERE + 'paraphrase_corpus_v22b.jsonl', encoding='utf-8')]
ids = set(); ptexts = collections.Counter()
for r in recs:
    if r['id'] in ids: errs.append('dup id ' + r['id'])
    ids.add(r['id'])
    if r.get('split') != 'final' or 'domain' not in r: errs.append('schema ' + r['id'])
    if r['kind'] == 'group':
        if r['difficulty'] not in ('easy','hard') or not 2 <= len(r['members']) <= 4: errs.append('group ' + r['id'])
        tt = r['members']
    elif r['kind'] == 'lookalike':
        if r['differs'] not in ('name','number','date','negation','status','place','person','object','time') or len(r['pair']) != 2:
            errs.append('lookalike ' + r['id'])
        tt = r['pair']
    elif r['kind'] == 'filler':
        tt = [r['text']]
    else: errs.append('kind ' + r['id']); tt = []
    for t in tt:
        if not 5 <= wc(t) <= 25: errs.append('len %d %s: %s' % (wc(t), r['id'], t))
        ptexts[t] += 1
for t, n in ptexts.items():
    if n > 1: errs.append('duplicate text B: ' + t[:60])
kc = collections.Counter(r['kind'] for r in recs)
dc = collections.Counter(r['difficulty'] for r in recs if r['kind'] == 'group')
lc = collections.Counter(r['differs'] for r in recs if r['kind'] == 'lookalike')
print('Part B records:', len(recs), dict(kc), 'groups', dict(dc))
print('  lookalike differs:', dict(lc))
print('  domains:', len(set(r['domain'] for r in recs)))
if errs:
    print('ERRORS (%d):' % len(errs)); [print('  ' + e) for e in errs]; sys.exit(1)
print('OK: no errors')
