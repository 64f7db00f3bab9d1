import json, re, sys
from collections import Counter
errs = []
def wc(t): return len(t.split())
W = {'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
     'eleven':11,'twelve':12,'fifteen':15,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,
     'hundred':100,'ninety':90,'ninetieth':90,'twice':2,'once':1,'dozen':12,'half':0.5,'fortnight':14,'pair':2}
MON = ['january','february','march','april','may','june','july','august','september','october','november','december']
UNITS = ['zero','one','two','three','four','five','six','seven','eight','nine','ten','eleven','twelve','thirteen','fourteen','fifteen','sixteen','seventeen','eighteen','nineteen']
TENS = {'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90}
def nums(t):
    t2 = t.lower().replace(',', '')
    t2 = t2.replace('half an hour', '30 minutes')
    t2 = re.sub(r'\b(next|each|any|no|every|this|that|new|old|the other|which|driven|new) one\b', ' ', t2)
    s = set(float(x) for x in re.findall(r'\d+(?:\.\d+)?', t2))
    for m in re.finditer(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(one|two|three|four|five|six|seven|eight|nine))?\b', t2):
        s.add(float(TENS[m.group(1)] + (UNITS.index(m.group(2)) if m.group(2) else 0)))
    t3 = re.sub(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-\w+', ' ', t2)
    for i, w in enumerate(UNITS):
        if re.search(r'\b' + w + r'\b', t3): s.add(float(i))
    for w, v in W.items():
        if re.search(r'\b' + w + r'\b', t3): s.add(float(v))
    for i, m in enumerate(MON, 1):
        if re.search(r'\b(' + m + r'|' + m[:3] + r'\.?)\b', t2) and m != 'may': s.add(float(i))
    if re.search(r'\d\s+may\b|\bmay\s+\d', t2): s.add(5.0)
    if 'fortnight' in t2: s.add(2.0)
    s.discard(0.0)
    return s
# Part B
B = [json.loads(l) for l in open('paraphrase_corpus_v35b.jsonl')]
ids = [r['id'] for r in B]
if len(ids) != len(set(ids)): errs.append('dup ids B')
cnt = Counter((r['kind'], r.get('difficulty')) for r in B)
texts = []
for r in B:
    assert r['split'] == 'final' and r['domain']
    if r['kind'] == 'group':
        assert 2 <= len(r['members']) <= 4; texts += r['members']
    elif r['kind'] == 'lookalike':
        assert len(r['pair']) == 2 and r['differs'] in 'name number date negation status place person object time'.split(); texts += r['pair']
    else: texts.append(r['text'])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append('B len %d: %s' % (wc(t), t))
d = [t for t, n in Counter(texts).items() if n > 1]
if d: errs.append('B dup text %s' % d)
print('Part B:', dict(cnt), 'differs:', dict(Counter(r['differs'] for r in B if r['kind'] == 'lookalike')))
# Part A
A = [json.loads(l) for l in open('merge_corpus_v35b.jsonl')]
ids = [c['case_id'] for c in A] + [s['id'] for c in A for s in c['sources']]
if len(ids) != len(set(ids)): errs.append('dup ids A')
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
alltext = []
for c in A:
    if set(c) != keys: errs.append('keys ' + c['case_id'])
    if c['label'] not in ('faithful', 'lossy'): errs.append('label ' + c['case_id'])
    if c['label'] == 'faithful' and (c['kind'] is not None or c['note']): errs.append('faithful kind/note ' + c['case_id'])
    if c['label'] == 'lossy' and (c['kind'] not in "negation quantity dropped detail status attribution".split() or not c['note']): errs.append('lossy kind/note ' + c['case_id'])
    if c['reword'] not in ('light', 'heavy'): errs.append('reword ' + c['case_id'])
    if not 2 <= len(c['sources']) <= 3: errs.append('nsrc ' + c['case_id'])
    if not c['merged']: errs.append('no merged ' + c['case_id'])
    for s in c['sources']:
        if s['category'] != c['category']: errs.append('cat ' + c['case_id'])
        if not 5 <= wc(s['content']) <= 35: errs.append('src len %d %s' % (wc(s['content']), s['content']))
        alltext.append(s['content'])
    alltext.append(c['merged'])
    if c['label'] == 'faithful':
        m = nums(c['merged'])
        for s in c['sources']:
            miss = nums(s['content']) - m
            if miss: errs.append('faithful %s missing numbers %s in merge: %s' % (c['case_id'], miss, s['content']))
d = [t for t, n in Counter(alltext).items() if n > 1]
if d: errs.append('A dup text %s' % d)
lab = Counter(c['label'] for c in A)
print('Part A:', dict(lab), 'kinds:', dict(Counter(c['kind'] for c in A if c['label'] == 'lossy')))
print('  faithful reword:', dict(Counter(c['reword'] for c in A if c['label'] == 'faithful')),
      ' lossy reword:', dict(Counter(c['reword'] for c in A if c['label'] == 'lossy')))
print('  n sources:', dict(Counter(len(c['sources']) for c in A)), ' domains:', len(set(c['domain'] for c in A)))
for L in ('faithful', 'lossy'):
    ws = [wc(s['content']) for c in A if c['label'] == L for s in c['sources']]
    if ws:
        print('  %s sources: n=%d mean words=%.2f share>=18=%.3f min=%d max=%d' % (L, len(ws), sum(ws)/len(ws), sum(w >= 18 for w in ws)/len(ws), min(ws), max(ws)))
    ms = [wc(c['merged']) for c in A if c['label'] == L]
    if ms: print('  %s merged mean words=%.2f' % (L, sum(ms)/len(ms)))
def jac(c):
    ss = [set(re.findall(r'\w+', s['content'].lower())) for s in c['sources']]
    return len(ss[0] & ss[1]) / len(ss[0] | ss[1])
for L in ('faithful', 'lossy'):
    sub = [c for c in A if c['label'] == L]
    if sub:
        print('  %s: share with 3 sources=%.2f, mean s1/s2 word-overlap (Jaccard)=%.3f' % (L, sum(len(c['sources']) == 3 for c in sub)/len(sub), sum(jac(c) for c in sub)/len(sub)))
for e in errs: print('ERROR:', e)
print('OK' if not errs else '%d errors' % len(errs))
