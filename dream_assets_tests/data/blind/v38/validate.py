import json, re, sys, os
from collections import Counter
errs = []
def wc(t): return len(t.split())
NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'thousand':1000,'once':1,'twice':2,'single':1,'half':0.5,'dozen':12,'first':1,'second':2,'third':3,
 'fourth':4,'fifth':5,'tenth':10}
MONTHS = ['january','february','march','april','may','june','july','august','september','october','november','december']
def nums(t):
    t = t.lower().replace(',', '')
    out = set()
    for m in re.finditer(r'(\d+(?:\.\d+)?)(k|m)?\b', t):
        v = float(m.group(1))
        if m.group(2) == 'k': v *= 1000
        if m.group(2) == 'm': v *= 1000000
        out.add(v)
    for w in re.findall(r'[a-z]+', t):
        if w in NUMW: out.add(float(NUMW[w]))
    # compound e.g. twenty-five
    for a, b in re.findall(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b', t):
        out.add(float(NUMW[a] + NUMW[b]))
    for i, mo in enumerate(MONTHS, 1):
        if re.search(r'\b' + mo[:3], t): out.add(float(i))
    return out
def src_nums(t):
    t = t.lower().replace(',', '')
    out = set()
    for m in re.finditer(r'(\d+(?:\.\d+)?)(k|m)?\b', t):
        v = float(m.group(1))
        if m.group(2) == 'k': v *= 1000
        if m.group(2) == 'm': v *= 1000000
        out.add(v)
    for w in re.findall(r'[a-z]+', t):
        if w in NUMW and w not in ('first','second','third','single','half','once'): out.add(float(NUMW[w]))
    for a, b in re.findall(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b', t):
        out.add(float(NUMW[a] + NUMW[b]))
    return out

alltexts = []
# ---- Part B
if os.path.exists('paraphrase_corpus_v38.jsonl'):
    recs = [json.loads(l) for l in open('paraphrase_corpus_v38.jsonl', encoding='utf-8')]
    ids = [r['id'] for r in recs]
    if len(ids) != len(set(ids)): errs.append('B: duplicate ids')
    kc = Counter(); dc = Counter(); dfc = Counter()
    for r in recs:
        if r.get('split') != 'final': errs.append('B split ' + r['id'])
        if not r.get('domain'): errs.append('B domain ' + r['id'])
        k = r['kind']; kc[k] += 1
        if k == 'group':
            dc[r['difficulty']] += 1
            if not 2 <= len(r['members']) <= 4: errs.append('B members count ' + r['id'])
            texts = r['members']
        elif k == 'lookalike':
            dfc[r['differs']] += 1
            if r['differs'] not in 'name number date negation status place person object time'.split(): errs.append('B differs ' + r['id'])
            texts = r['pair']
            if len(texts) != 2: errs.append('B pair ' + r['id'])
        elif k == 'filler':
            texts = [r['text']]
        else:
            errs.append('B kind ' + r['id']); texts = []
        for t in texts:
            if not 5 <= wc(t) <= 25: errs.append('B words %d %s: %s' % (wc(t), r['id'], t))
            alltexts.append(t)
    print('Part B records:', len(recs), dict(kc), 'groups:', dict(dc))
    print('  lookalike differs:', dict(sorted(dfc.items())))
    bt = [t for r in recs for t in (r.get('members') or r.get('pair') or [r.get('text')])]
    print('  texts: %d, mean words %.1f' % (len(bt), sum(map(wc, bt)) / len(bt)))
    if kc['group'] and (dc['easy'] != 12 or dc['hard'] != 20): errs.append('B: group counts %s' % dict(dc))
    if kc['lookalike'] != 27 or any(v != 3 for v in dfc.values()) or len(dfc) != 9: errs.append('B: lookalike counts')
    if kc['filler'] != 40: errs.append('B: filler count %d' % kc['filler'])
# ---- Part A
if os.path.exists('merge_corpus_v38.jsonl'):
    cases = [json.loads(l) for l in open('merge_corpus_v38.jsonl', encoding='utf-8')]
    ids = [c['case_id'] for c in cases] + [s['id'] for c in cases for s in c['sources']]
    if len(ids) != len(set(ids)): errs.append('A: duplicate ids')
    lab = Counter(); kinds = Counter(); rew = Counter(); nsrc = Counter(); doms = Counter()
    stats = {'faithful': [], 'lossy': []}
    rewk = Counter()
    for c in cases:
        keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
        if set(c) != keys: errs.append('A keys ' + c['case_id'])
        lab[c['label']] += 1; rew[(c['label'], c['reword'])] += 1; nsrc[len(c['sources'])] += 1; doms[c['domain']] += 1
        if c['label'] == 'faithful':
            if c['kind'] is not None or c['note'] != '': errs.append('A faithful kind/note ' + c['case_id'])
        elif c['label'] == 'lossy':
            if c['kind'] not in ('negation','quantity','dropped','detail','status','attribution'): errs.append('A kind ' + c['case_id'])
            if not c['note']: errs.append('A note missing ' + c['case_id'])
            kinds[c['kind']] += 1; rewk[(c['kind'], c['reword'])] += 1
        else: errs.append('A label ' + c['case_id'])
        if c['reword'] not in ('light','heavy'): errs.append('A reword ' + c['case_id'])
        if c['split'] != 'final': errs.append('A split')
        if not 2 <= len(c['sources']) <= 3: errs.append('A nsrc ' + c['case_id'])
        if '/' not in c['category']: errs.append('A category ' + c['case_id'])
        for s in c['sources']:
            if s['category'] != c['category']: errs.append('A src category ' + s['id'])
            n = wc(s['content'])
            if not 5 <= n <= 35: errs.append('A src words %d %s' % (n, s['id']))
            stats[c['label']].append(n)
            alltexts.append(s['content'])
        alltexts.append(c['merged'])
        if not c['merged']: errs.append('A merged empty ' + c['case_id'])
        if c['label'] == 'faithful':
            mn = nums(c['merged'])
            for s in c['sources']:
                for v in src_nums(s['content']):
                    if v not in mn: errs.append('A faithful number %s missing in %s merged' % (v, c['case_id']))
    print('Part A cases:', len(cases), dict(lab), 'lossy kinds:', dict(sorted(kinds.items())))
    print('  reword:', {'%s/%s' % k: v for k, v in sorted(rew.items())})
    print('  lossy heavy per kind:', {k: rewk[(k,'heavy')] for k in sorted(kinds)})
    print('  sources per case:', dict(sorted(nsrc.items())), ' domains:', len(doms))
    for l in ('faithful', 'lossy'):
        v = stats[l]
        if v:
            print('  %s sources: n=%d mean words %.2f, share >=18 words %.2f, min %d max %d' % (l, len(v), sum(v)/len(v), sum(1 for x in v if x >= 18)/len(v), min(v), max(v)))
            m = sum(v)/len(v)
            if not 14 <= m <= 20: errs.append('A %s mean %.2f out of 14-20' % (l, m))
            if sum(1 for x in v if x >= 18)/len(v) < 1/3: errs.append('A %s share >=18 below 1/3' % l)
    if lab['faithful'] != 120: errs.append('A faithful count %d' % lab['faithful'])
    if any(kinds[k] != 12 for k in ('negation','quantity','dropped','detail','status','attribution')): errs.append('A lossy kind counts')
    if rew[('faithful','heavy')] < 85: errs.append('A faithful heavy < 85')
dup = [t for t, n in Counter(alltexts).items() if n > 1]
for t in dup: errs.append('duplicate text: ' + t)
print('ERRORS (%d):' % len(errs))
for e in errs: print('  ', e)
print('OK' if not errs else 'NOT OK')
