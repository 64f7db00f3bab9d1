import json, re, os, sys
from collections import Counter
D = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())
NUMW = {'one':'1','two':'2','three':'3','four':'4','five':'5','six':'6','seven':'7','eight':'8','nine':'9',
        'ten':'10','eleven':'11','twelve':'12','thirteen':'13','fourteen':'14','fifteen':'15','sixteen':'16',
        'twenty':'20','thirty':'30','forty':'40','fifty':'50','sixty':'60','hundred':'100','once':'1','twice':'2',
        'single':'1','an hour':'60','a dozen':'12','half':'0.5','first':'1','second':'2','third':'3'}
def norm(n):
    return n.lstrip('0') or '0' if '.' not in n else n
def nums(t):
    t2 = re.sub(r':00\b', '', t.lower().replace(',', ''))
    s = set(norm(x) for x in re.findall(r'\d+(?:\.\d+)?', t2))
    return s
def num_forms(t):
    t2 = re.sub(r':00\b', '', t.lower().replace(',', ''))
    s = set(norm(x) for x in re.findall(r'\d+(?:\.\d+)?', t2))
    for w, d in NUMW.items():
        if re.search(r'\b' + w + r'\b', t2): s.add(d)
    for m in re.findall(r'(\d+)(?:st|nd|rd|th)\b', t2): s.add(m)
    for h in re.findall(r'\b(\d{1,2})(?::\d\d)?\s*pm\b', t2): s.add(str(int(h) + 12))
    if re.search(r'half[- ]an? hour|half-hour|half hour', t2): s.add('30')
    for m in re.findall(r'(\d+(?:\.\d+)?)k\b', t2):
        s.add(str(int(float(m) * 1000)))
    return s

# ---- Part A
p = os.path.join(D, 'merge_corpus_v13b.jsonl')
cases = [json.loads(l) for l in open(p)]
keys = {'case_id','sources','merged','category','label','kind','reword','domain','split','note'}
ids = set(); texts = Counter()
for c in cases:
    if set(c) != keys: errs.append(('keys', c['case_id']))
    if c['case_id'] in ids: errs.append(('dupid', c['case_id']))
    ids.add(c['case_id'])
    if c['label'] not in ('faithful','lossy'): errs.append(('label', c['case_id']))
    if c['label'] == 'faithful' and (c['kind'] is not None or c['note'] != ''): errs.append(('faithful-kind/note', c['case_id']))
    if c['label'] == 'lossy' and (c['kind'] not in ('negation','quantity','dropped','detail','status','attribution') or not c['note']):
        errs.append(('lossy-kind/note', c['case_id']))
    if c['reword'] not in ('light','heavy'): errs.append(('reword', c['case_id']))
    if c['split'] != 'final': errs.append(('split', c['case_id']))
    if not (2 <= len(c['sources']) <= 3): errs.append(('nsrc', c['case_id']))
    for j, s in enumerate(c['sources'], 1):
        if s['id'] != '%s-s%d' % (c['case_id'], j): errs.append(('srcid', s['id']))
        if s['category'] != c['category']: errs.append(('srccat', s['id']))
        if not (5 <= wc(s['content']) <= 35): errs.append(('srclen', s['id'], wc(s['content'])))
        texts[s['content']] += 1
    if not c['merged']: errs.append(('nomerge', c['case_id']))
    texts[c['merged']] += 1
    if c['label'] == 'faithful':
        mf = num_forms(c['merged'])
        for s in c['sources']:
            for n in num_forms(s['content']) & nums(s['content']):
                if n not in mf: errs.append(('faithful-number-missing', c['case_id'], n))
for t, k in texts.items():
    if k > 1: errs.append(('dup-text', t[:60]))
lab = Counter(c['label'] for c in cases)
kinds = Counter(c['kind'] for c in cases if c['label'] == 'lossy')
print('Part A: %d cases' % len(cases), dict(lab))
print('  lossy kinds:', dict(sorted(kinds.items())))
print('  faithful heavy: %d / %d' % (sum(1 for c in cases if c['label']=='faithful' and c['reword']=='heavy'), lab['faithful']))
print('  lossy heavy: %d / %d' % (sum(1 for c in cases if c['label']=='lossy' and c['reword']=='heavy'), lab['lossy']))
print('  3-source cases: %d / %d' % (sum(1 for c in cases if len(c['sources'])==3), len(cases)))
print('  domains: %d' % len(set(c['domain'] for c in cases)), dict(Counter(c['domain'] for c in cases)))
for L in ('faithful','lossy'):
    ws = [wc(s['content']) for c in cases if c['label']==L for s in c['sources']]
    if not ws: continue
    mean = sum(ws)/len(ws); share = sum(1 for w in ws if w>=18)/len(ws)
    mw = [wc(c['merged']) for c in cases if c['label']==L]
    print('  %-8s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d | merged mean=%.2f' % (L, len(ws), mean, share, min(ws), max(ws), sum(mw)/len(mw)))
    if not (14 <= mean <= 20): errs.append(('mean-out-of-range', L, mean))
    if share < 1/3: errs.append(('share18-low', L, share))
    def cw(t): return set(w for w in re.findall(r"[a-z0-9']+", t.lower()) if len(w) > 3)
    ov = []
    for c in cases:
        if c['label'] != L: continue
        ss = [cw(x['content']) for x in c['sources']]
        for i in range(len(ss)):
            for j in range(i+1, len(ss)):
                ov.append(len(ss[i] & ss[j]) / max(1, len(ss[i] | ss[j])))
    print('  %-8s mean pairwise source overlap (Jaccard, words>3 chars)=%.3f' % (L, sum(ov)/len(ov)))
    n3 = [len(c['sources']) for c in cases if c['label']==L]
    print('  %-8s mean #sources=%.2f' % (L, sum(n3)/len(n3)))

# ---- Part B
p = os.path.join(D, 'paraphrase_corpus_v13b.jsonl')
recs = [json.loads(l) for l in open(p)] if os.path.exists(p) else []
ids = set(); texts = Counter(); cnt = Counter()
for r in recs:
    if r['id'] in ids: errs.append(('dupid', r['id']))
    ids.add(r['id'])
    if r['split'] != 'final': errs.append(('split', r['id']))
    if r['kind'] == 'group':
        cnt['group-' + r['difficulty']] += 1
        ts = r['members']
        if not (2 <= len(ts) <= 4): errs.append(('nmembers', r['id']))
        if r['difficulty'] not in ('easy','hard'): errs.append(('diff', r['id']))
    elif r['kind'] == 'lookalike':
        cnt['lookalike'] += 1; cnt['differs-' + r['differs']] += 1
        ts = r['pair']
        if len(ts) != 2: errs.append(('pair', r['id']))
        if r['differs'] not in ('name','number','date','negation','status','place','person','object','time'): errs.append(('differs', r['id']))
    elif r['kind'] == 'filler':
        cnt['filler'] += 1; ts = [r['text']]
    else:
        errs.append(('kind', r)); ts = []
    for t in ts:
        texts[t] += 1
        if not (5 <= wc(t) <= 25): errs.append(('len', r['id'], wc(t), t[:40]))
for t, k in texts.items():
    if k > 1: errs.append(('dup-text-B', t[:60]))
print('Part B: %d records' % len(recs), dict(sorted(cnt.items())))
print('ERRORS: %d' % len(errs))
for e in errs: print('  ', e)
sys.exit(1 if errs else 0)
