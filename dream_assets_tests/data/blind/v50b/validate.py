import json, os, re, sys
from collections import Counter
D = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())

# ---- Part B
P = [json.loads(l) for l in open(os.path.join(D, 'paraphrase_corpus_v50b.jsonl'), encoding='utf-8')]
ids = [r['id'] for r in P]
if len(ids) != len(set(ids)): errs.append('dup para ids')
texts = []
kc = Counter(); dc = Counter(); lc = Counter()
for r in P:
    if r.get('split') != 'final': errs.append('split ' + r['id'])
    if not r.get('domain'): errs.append('domain ' + r['id'])
    if r['kind'] == 'group':
        kc['group_' + r['difficulty']] += 1
        if not 2 <= len(r['members']) <= 4: errs.append('members count ' + r['id'])
        texts += r['members']
    elif r['kind'] == 'lookalike':
        kc['lookalike'] += 1; lc[r['differs']] += 1
        if len(r['pair']) != 2: errs.append('pair ' + r['id'])
        if r['differs'] not in 'name number date negation status place person object time'.split(): errs.append('differs ' + r['id'])
        texts += r['pair']
    elif r['kind'] == 'filler':
        kc['filler'] += 1; texts.append(r['text'])
    else: errs.append('kind ' + r['id'])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append('B word limit (%d): %s' % (wc(t), t))
for t, n in Counter(texts).items():
    if n > 1: errs.append('B duplicate text: ' + t)
print('Part B counts:', dict(kc), 'lookalike differs:', dict(sorted(lc.items())))
exp = {'group_easy': 12, 'group_hard': 20, 'lookalike': 27, 'filler': 40}
for k, v in exp.items():
    if kc[k] != v: print('  B count short/over: %s %d/%d' % (k, kc[k], v))
for d in 'name number date negation status place person object time'.split():
    if lc[d] != 3: print('  B differs %s: %d/3' % (d, lc[d]))

# ---- Part A
M = [json.loads(l) for l in open(os.path.join(D, 'merge_corpus_v50b.jsonl'), encoding='utf-8')]
cids = [c['case_id'] for c in M]
if len(cids) != len(set(cids)): errs.append('dup case ids')
sids = [s['id'] for c in M for s in c['sources']]
if len(sids) != len(set(sids)): errs.append('dup source ids')
allt = []
lab = Counter(); kinds = Counter(); rw = Counter(); nsrc = Counter(); doms = Counter()
stats = {'faithful': [], 'lossy': []}
NUMW = {'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,'eleven':11,'twelve':12,
        'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,'nineteen':19,'eighty':80,'ninety':90,'seventy':70,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'hundred':100,'half':0.5,'dozen':12,'twice':2,'once':1,'thrice':3}
def nums(t):
    out = set()
    for m in re.findall(r'\d[\d,\.]*', t):
        m = m.rstrip('.,').replace(',', '')
        try: out.add(float(m))
        except: pass
    for w in re.findall(r'[a-z]+', t.lower()):
        if w in NUMW: out.add(float(NUMW[w]))
    return out
def num_present(n, merged):
    mn = nums(merged)
    if n in mn: return True
    # allow k / thousand style forms
    for x in mn:
        if abs(x * 1000 - n) < 1e-9 or abs(x - n * 1000) < 1e-9: return True
        if abs(x * 100 - n) < 1e-9: return True
    return False
for c in M:
    for k in ['case_id','sources','merged','category','label','kind','reword','domain','split','note']:
        if k not in c: errs.append('missing %s in %s' % (k, c['case_id']))
    if c['split'] != 'final': errs.append('split ' + c['case_id'])
    if c['label'] not in ('faithful', 'lossy'): errs.append('label ' + c['case_id'])
    if c['reword'] not in ('light', 'heavy'): errs.append('reword ' + c['case_id'])
    if not '/' in c['category']: errs.append('category ' + c['case_id'])
    lab[c['label']] += 1; rw[(c['label'], c['reword'])] += 1; nsrc[len(c['sources'])] += 1; doms[c['domain']] += 1
    if c['label'] == 'faithful':
        if c['kind'] is not None or c['note'] != '': errs.append('faithful kind/note ' + c['case_id'])
    else:
        kinds[c['kind']] += 1
        if c['kind'] not in ('negation','quantity','dropped','detail','status','attribution'): errs.append('kind ' + c['case_id'])
        if not c['note']: errs.append('lossy without note ' + c['case_id'])
    if not 2 <= len(c['sources']) <= 3: errs.append('n sources ' + c['case_id'])
    for s in c['sources']:
        if s['category'] != c['category']: errs.append('src category ' + s['id'])
        n = wc(s['content'])
        if not 5 <= n <= 35: errs.append('A source word limit (%d): %s' % (n, s['content']))
        stats[c['label']].append(n)
        allt.append(s['content'])
    allt.append(c['merged'])
    if c['label'] == 'faithful':
        for s in c['sources']:
            for n in nums(s['content']):
                if not num_present(n, c['merged']):
                    errs.append('faithful merge %s lacks number %g from source: %s' % (c['case_id'], n, s['content']))
for t, n in Counter(allt).items():
    if n > 1: errs.append('A duplicate text: ' + t)
print('Part A counts:', dict(lab), 'lossy kinds:', dict(sorted(kinds.items())))
print('  reword:', {'%s/%s' % k: v for k, v in sorted(rw.items())})
print('  sources per case:', dict(sorted(nsrc.items())), ' domains:', len(doms))
for L in ('faithful', 'lossy'):
    xs = stats[L]
    if xs:
        print('  %s sources: n=%d mean words=%.2f share>=18=%.2f' % (L, len(xs), sum(xs)/len(xs), sum(1 for x in xs if x >= 18)/len(xs)))
def toks(t): return set(re.findall(r"[a-z0-9']+", t.lower()))
for L in ('faithful', 'lossy'):
    ov = []; n3 = 0; nc = 0
    for c in M:
        if c['label'] != L: continue
        nc += 1; n3 += len(c['sources']) == 3
        ss = [toks(x['content']) for x in c['sources']]
        for i in range(len(ss)):
            for j in range(i + 1, len(ss)):
                ov.append(len(ss[i] & ss[j]) / len(ss[i] | ss[j]))
    print('  %s: within-case source Jaccard overlap mean=%.3f, share of 3-source cases=%.2f' % (L, sum(ov)/len(ov), n3/nc))
if lab['faithful'] != 120: print('  A faithful count: %d/120' % lab['faithful'])
for k in ('negation','quantity','dropped','detail','status','attribution'):
    if kinds[k] != 12: print('  A lossy %s: %d/12' % (k, kinds[k]))
if errs:
    print('ERRORS (%d):' % len(errs))
    for e in errs: print('  ' + e)
    sys.exit(1)
print('VALID: no schema/limit/duplicate/number errors')
