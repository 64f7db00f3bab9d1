#!/usr/bin/env python3
import json, re, sys, collections
errs = []
def wc(s): return len(s.split())

NUMWORDS = {'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'dozen':12,'once':1,'twice':2,'half':0.5}
# words that express a number implicitly in a merge (accepted as a form of that number)
IMPLICIT = {'thrice':[3],'fortnight':[2,14],'fortnightly':[2,14],'weekly':[1],'daily':[1],'monthly':[1],'yearly':[1],'annual':[1],'annually':[1],'hourly':[1],'single':[1],'a':[1],'an':[1],'couple':[2],'pair':[2],'both':[2],'first':[1],'second':[2],'third':[3],'fourth':[4],'fifth':[5],'tenth':[10],'ninetieth':[90],'fortieth':[40],'half':[0.5,30],'quarter':[0.25,15]}
MONTHS = ['jan','feb','mar','apr','may','jun','jul','aug','sep','oct','nov','dec']

def numbers(s):
    s2 = s.lower().replace(',', '')
    out = set()
    for m in re.finditer(r'\d+(?:\.\d+)?', s2):
        out.add(float(m.group()))
    for w in re.findall(r'[a-z]+', s2):
        if w in NUMWORDS: out.add(float(NUMWORDS[w]))
    # compounds such as eighty-five
    for m in re.finditer(r'\b([a-z]+ty)-([a-z]+)\b', s2):
        if m.group(1) in NUMWORDS and m.group(2) in NUMWORDS:
            out.discard(float(NUMWORDS[m.group(1)])); out.discard(float(NUMWORDS[m.group(2)]))
            out.add(float(NUMWORDS[m.group(1)] + NUMWORDS[m.group(2)]))
    return out

def num_forms(s):
    """all numbers in s, also with k/m multipliers and month numbers, for lenient matching"""
    base = numbers(s)
    s2 = s.lower().replace(',', '')
    for m in re.finditer(r'(\d+(?:\.\d+)?)\s*(k|m|thousand|million)\b', s2):
        v = float(m.group(1)); mul = 1000 if m.group(2) in ('k','thousand') else 1e6
        base.add(v*mul)
    for i, mo in enumerate(MONTHS, 1):
        if re.search(r'\b' + mo, s2): base.add(float(i))
    for w in re.findall(r'[a-z]+', s2):
        for v in IMPLICIT.get(w, []): base.add(float(v))
    # digits inside compounds like 2025-03-14
    for m in re.finditer(r'\d+', s2): base.add(float(int(m.group())))
    return base

texts = collections.Counter()
# ---------- Part B ----------
B = [json.loads(l) for l in open('paraphrase_corpus_v53.jsonl', encoding='utf-8')]
ids = set(); cnt = collections.Counter()
for r in B:
    if r['id'] in ids: errs.append('dup id ' + r['id'])
    ids.add(r['id'])
    if r.get('split') != 'final': errs.append('split ' + r['id'])
    if not r.get('domain'): errs.append('domain ' + r['id'])
    k = r['kind']
    if k == 'group':
        cnt['group_' + r['difficulty']] += 1
        if not (2 <= len(r['members']) <= 4): errs.append('members ' + r['id'])
        if not r['id'].startswith('pg53-'): errs.append('prefix ' + r['id'])
        tx = r['members']
    elif k == 'lookalike':
        cnt['lookalike'] += 1; cnt['differs_' + r['differs']] += 1
        if len(r['pair']) != 2: errs.append('pair ' + r['id'])
        if r['differs'] not in 'name number date negation status place person object time'.split(): errs.append('differs ' + r['id'])
        if not r['id'].startswith('la53-'): errs.append('prefix ' + r['id'])
        tx = r['pair']
    elif k == 'filler':
        cnt['filler'] += 1; tx = [r['text']]
        if not r['id'].startswith('f53-'): errs.append('prefix ' + r['id'])
    else:
        errs.append('kind ' + r['id']); tx = []
    for t in tx:
        texts[t] += 1
        if not (5 <= wc(t) <= 25): errs.append('B word count %d in %s: %s' % (wc(t), r['id'], t))
print('Part B counts:', dict(sorted(cnt.items())))
# ---------- Part A ----------
A = [json.loads(l) for l in open('merge_corpus_v53.jsonl', encoding='utf-8')]
acnt = collections.Counter(); src_wc = collections.defaultdict(list); nsrc = collections.Counter()
KEYS = ["case_id","sources","merged","category","label","kind","reword","domain","split","note"]
for c in A:
    if list(c.keys()) != KEYS: errs.append('keys ' + c['case_id'])
    if c['case_id'] in ids: errs.append('dup id ' + c['case_id'])
    ids.add(c['case_id'])
    if not re.fullmatch(r'e53-\d{4}', c['case_id']): errs.append('case id ' + c['case_id'])
    lab = c['label']; kind = c['kind']
    if lab == 'faithful':
        if kind is not None or c['note'] != '': errs.append('faithful kind/note ' + c['case_id'])
        acnt['faithful'] += 1; acnt['faithful_' + c['reword']] += 1
    elif lab == 'lossy':
        if kind not in ('negation','quantity','dropped','detail','status','attribution') or not c['note']:
            errs.append('lossy kind/note ' + c['case_id'])
        acnt['lossy'] += 1; acnt['lossy_' + str(kind)] += 1; acnt['lossy_' + c['reword']] += 1
    else: errs.append('label ' + c['case_id'])
    if c['reword'] not in ('light','heavy'): errs.append('reword ' + c['case_id'])
    if c['split'] != 'final': errs.append('split ' + c['case_id'])
    if not (2 <= len(c['sources']) <= 3): errs.append('nsrc ' + c['case_id'])
    nsrc[len(c['sources'])] += 1
    if not c['merged']: errs.append('merged empty ' + c['case_id'])
    for j, s in enumerate(c['sources'], 1):
        if s['id'] != '%s-s%d' % (c['case_id'], j): errs.append('src id ' + s['id'])
        if s['category'] != c['category']: errs.append('src cat ' + s['id'])
        n = wc(s['content'])
        if not (5 <= n <= 35): errs.append('A src word count %d in %s' % (n, s['id']))
        src_wc[lab].append(n)
        texts[s['content']] += 1
    texts[c['merged']] += 1
    if lab == 'faithful':
        mf = num_forms(c['merged'])
        for s in c['sources']:
            for v in numbers(s['content']):
                if v not in mf:
                    errs.append('faithful %s: number %g of source missing in merge' % (c['case_id'], v))
for t, n in texts.items():
    if n > 1: errs.append('duplicate text x%d: %s' % (n, t))
print('Part A counts:', dict(sorted(acnt.items())), 'sources per case:', dict(nsrc))
for lab in ('faithful', 'lossy'):
    L = src_wc[lab]
    if L:
        print('  %s sources: n=%d mean words=%.2f share>=18=%.2f' % (lab, len(L), sum(L)/len(L), sum(1 for x in L if x >= 18)/len(L)))
# reader-visible properties of the sources, per label (should look alike)
def toks(t): return set(w for w in re.findall(r"[a-z0-9']+", t.lower()) if len(w) > 3)
def register(t, cat):
    tl = t.lower()
    if tl.startswith('user ') or tl.startswith('the user') or tl.startswith("user's"): return 'user'
    if cat.startswith('tech/'): return 'system'
    w = t.split()[0]
    if "'" not in w and w.lower() not in ('the', 'a', 'an') and re.search(r'(s|ed|ing)$', w): return 'terse'
    return 'named/other'
for lab in ('faithful', 'lossy'):
    cs = [c for c in A if c['label'] == lab]
    if not cs: continue
    three = sum(1 for c in cs if len(c['sources']) == 3) / len(cs)
    ov = []
    reg = collections.Counter()
    for c in cs:
        ts = [toks(s['content']) for s in c['sources']]
        for i in range(len(ts)):
            for j in range(i + 1, len(ts)):
                ov.append(len(ts[i] & ts[j]) / max(1, len(ts[i] | ts[j])))
        for s in c['sources']: reg[register(s['content'], c['category'])] += 1
    tot = sum(reg.values())
    print('  %s: share of 3-source cases=%.2f, mean source-pair word overlap (Jaccard)=%.3f, registers=%s' % (
        lab, three, sum(ov)/len(ov), {k: round(v/tot, 2) for k, v in sorted(reg.items())}))
allw = src_wc['faithful'] + src_wc['lossy']
if allw: print('  all sources: mean=%.2f share>=18=%.2f' % (sum(allw)/len(allw), sum(1 for x in allw if x >= 18)/len(allw)))
if errs:
    print('ERRORS (%d):' % len(errs)); [print('  ' + e) for e in errs]; sys.exit(1)
print('OK: no errors')
