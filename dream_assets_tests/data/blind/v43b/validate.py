import json, re, sys
from collections import Counter

errs = []
def wc(t): return len(t.split())

NUMWORDS = {'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'thousand':1000,'half':0.5,'once':1,'twice':2,'dozen':12,'single':1,'a':1,'an':1,'pair':2,'couple':2,'both':2,'first':1,'second':2,'third':3}
MONTHS = ['jan','feb','mar','apr','may','jun','jul','aug','sep','oct','nov','dec']

def nums(t):
    out = set()
    for m in re.findall(r'\d+(?:[.,]\d+)*', t):
        out.add(m.replace(',', ''))
        try:
            out.add(str(int(float(m.replace(',', '')))))
        except ValueError:
            pass
    return out

def num_present(n, merged):
    ml = merged.lower().replace(',', '')
    if re.search(r'(?<![\d.])' + re.escape(n) + r'(?![\d])', ml):
        return True
    try:
        v = float(n)
    except ValueError:
        return False
    words = re.findall(r'[a-z]+', ml)
    for w in words:
        if w in NUMWORDS and NUMWORDS[w] == v:
            return True
    # compound number words e.g. twenty-five
    for a, b in re.findall(r'([a-z]+)-([a-z]+)', ml):
        if a in NUMWORDS and b in NUMWORDS and NUMWORDS[a] + NUMWORDS[b] == v:
            return True
    # month numbers, k/m suffixes, leading zeros
    if 1 <= v <= 12 and v == int(v):
        if any(re.search(r'\b' + MONTHS[int(v)-1], ml) for _ in [0]):
            return True
    for cand in re.findall(r'(\d+(?:\.\d+)?)\s*([km])\b', ml):
        mult = 1000 if cand[1] == 'k' else 1000000
        if abs(float(cand[0]) * mult - v) < 1e-6:
            return True
    for cand in re.findall(r'\d+', ml):
        if int(cand) == v:
            return True
    # year short form '24 -> 2024
    if 2000 <= v <= 2099 and ("'" + n[2:]) in ml:
        return True
    return False

# ---------- Part B
B = [json.loads(l) for l in open('paraphrase_corpus_v43b.jsonl', encoding='utf-8')]
ids = Counter(r['id'] for r in B)
errs += ['dup id ' + i for i, c in ids.items() if c > 1]
texts = []
kc = Counter()
for r in B:
    assert r['split'] == 'final'
    k = r['kind']
    if k == 'group':
        kc['group_' + r['difficulty']] += 1
        if not 2 <= len(r['members']) <= 4: errs.append('group size ' + r['id'])
        texts += r['members']
        if not re.match(r'pg43b-\d{3}$', r['id']): errs.append('id ' + r['id'])
    elif k == 'lookalike':
        kc['lookalike'] += 1; kc['differs_' + r['differs']] += 1
        if r['differs'] not in 'name number date negation status place person object time'.split(): errs.append('differs ' + r['id'])
        texts += r['pair']
        if not re.match(r'la43b-\d{3}$', r['id']): errs.append('id ' + r['id'])
    elif k == 'filler':
        kc['filler'] += 1; texts.append(r['text'])
        if not re.match(r'f43b-\d{3}$', r['id']): errs.append('id ' + r['id'])
    else:
        errs.append('kind ' + str(r))
    if not r.get('domain'): errs.append('domain ' + r['id'])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append('B word count %d: %s' % (wc(t), t))
dt = [t for t, c in Counter(texts).items() if c > 1]
errs += ['B dup text: ' + t for t in dt]
print('Part B records:', len(B), dict(sorted(kc.items())))
for want, key in [(12, 'group_easy'), (20, 'group_hard'), (27, 'lookalike'), (40, 'filler')]:
    if kc[key] != want: errs.append('B count %s=%d want %d' % (key, kc[key], want))
for d in 'name number date negation status place person object time'.split():
    if kc['differs_' + d] != 3: errs.append('differs %s=%d' % (d, kc['differs_' + d]))

# ---------- Part A
A = [json.loads(l) for l in open('merge_corpus_v43b.jsonl', encoding='utf-8')]
ids = Counter(r['case_id'] for r in A)
errs += ['dup case id ' + i for i, c in ids.items() if c > 1]
lc = Counter(); kk = Counter(); rw = Counter(); ns = Counter(); doms = set()
stats = {'faithful': [], 'lossy': []}
atexts = []
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
for r in A:
    if set(r) != keys: errs.append('keys ' + r['case_id'])
    if not re.match(r'e43b-\d{4}$', r['case_id']): errs.append('id ' + r['case_id'])
    lab = r['label']; lc[lab] += 1; rw[(lab, r['reword'])] += 1; ns[len(r['sources'])] += 1; doms.add(r['domain'])
    if r['reword'] not in ('light', 'heavy'): errs.append('reword ' + r['case_id'])
    if not 2 <= len(r['sources']) <= 3: errs.append('nsrc ' + r['case_id'])
    for j, s in enumerate(r['sources'], 1):
        if s['id'] != '%s-s%d' % (r['case_id'], j): errs.append('src id ' + s['id'])
        if s['category'] != r['category']: errs.append('src cat ' + s['id'])
        n = wc(s['content'])
        if not 5 <= n <= 35: errs.append('A src words %d: %s' % (n, s['content']))
        stats[lab].append(n); atexts.append(s['content'])
    atexts.append(r['merged'])
    if '/' not in r['category']: errs.append('category ' + r['case_id'])
    if lab == 'faithful':
        if r['kind'] is not None or r['note'] != '': errs.append('faithful kind/note ' + r['case_id'])
        for s in r['sources']:
            for n in nums(s['content']):
                if not num_present(n, r['merged']):
                    errs.append('number %s missing in merge of %s' % (n, r['case_id']))
    elif lab == 'lossy':
        kk[r['kind']] += 1
        if r['kind'] not in ('negation','quantity','dropped','detail','status','attribution'): errs.append('kind ' + r['case_id'])
        if not r['note']: errs.append('lossy note ' + r['case_id'])
    else:
        errs.append('label ' + r['case_id'])
    if r['split'] != 'final': errs.append('split ' + r['case_id'])
dt = [t for t, c in Counter(atexts).items() if c > 1]
errs += ['A dup text: ' + t for t in dt]
print('Part A cases:', len(A), dict(lc), 'lossy kinds:', dict(sorted(kk.items())))
print('reword:', {'%s/%s' % k: v for k, v in sorted(rw.items())}, 'sources per case:', dict(sorted(ns.items())))
print('domains (%d):' % len(doms), sorted(doms))
for lab in ('faithful', 'lossy'):
    L = stats[lab]
    if L:
        mean = sum(L) / len(L); share = sum(1 for x in L if x >= 18) / len(L)
        print('%s sources: n=%d mean words=%.2f share>=18=%.2f' % (lab, len(L), mean, share))
        if not 14 <= mean <= 20: errs.append('%s mean %.2f out of 14-20' % (lab, mean))
        if share < 1/3: errs.append('%s share>=18 %.2f < 1/3' % (lab, share))
if lc['faithful'] != 120: errs.append('faithful count %d want 120' % lc['faithful'])
if rw[('faithful', 'heavy')] < 85: errs.append('faithful heavy %d < 85' % rw[('faithful', 'heavy')])
for k in ('negation','quantity','dropped','detail','status','attribution'):
    if kk[k] != 12: errs.append('lossy %s=%d want 12' % (k, kk[k]))
print('ERRORS (%d):' % len(errs))
for e in errs: print('  ', e)
print('OK' if not errs else 'NOT OK')
