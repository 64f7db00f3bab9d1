#!/usr/bin/env python3
import json, os, re, sys
from collections import Counter
D = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(s): return len(s.split())

NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'thousand':1000,'twice':2,'single':1,'a dozen':12,'dozen':12,'half':0.5,'double':2,'triple':3,
 'first':1,'second':2,'third':3,'fourth':4,'fifth':5,'sixth':6,'seventh':7,'eighth':8,'ninth':9,'tenth':10,
 'twelfth':12,'fifteenth':15,'twentieth':20,'thirtieth':30,'fortnight':14,'noon':12,'midnight':0}
def nums(s):
    s2 = s.lower()
    out = set()
    for m in re.finditer(r'\d[\d,]*(?:\.\d+)?', s2):
        t = m.group(0).rstrip(',').replace(',', '')
        try:
            v = float(t); out.add(v)
            rest = s2[m.end():m.end()+2]
            if rest[:1] == 'k': out.add(v*1000)
        except ValueError: pass
    for w, v in NUMW.items():
        if re.search(r'\b' + w + r'\b(?!-hand)', s2): out.add(float(v))
    for i, mo in enumerate(['jan(uary)?', 'feb(ruary)?', 'mar(ch)?', 'apr(il)?', 'may', 'june?', 'july?', 'aug(ust)?', 'sept?(ember)?', 'oct(ober)?', 'nov(ember)?', 'dec(ember)?'], 1):
        if re.search(r'\b(' + mo + r')\b', s2): out.add(float(i))
    # compounds like twenty-five
    for m in re.finditer(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b', s2):
        out.add(float(NUMW[m.group(1)] + NUMW[m.group(2)]))
    # 24h <-> 12h times
    for m in re.finditer(r'\b(\d{1,2})(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.)', s2):
        h = int(m.group(1)); pm = m.group(3).startswith('p')
        out.add(float(h + 12 if pm and h < 12 else h))
    for m in re.finditer(r'\b(\d{1,2}):(\d\d)\b', s2):
        h = int(m.group(1))
        if h > 12: out.add(float(h - 12))
    if 'fortnight' in s2 or 'every other' in s2 or 'alternate' in s2: out.update([14.0, 2.0])
    if 'half an hour' in s2 or 'half-hour' in s2: out.add(30.0)
    if re.search(r'\b30 min', s2): out.add(0.5)
    # years like '24 -> 2024
    for m in re.finditer(r"'(\d\d)\b", s2): out.add(2000.0 + int(m.group(1)))
    return out
def src_nums(s):
    # numbers a source states (digits + number words + simple compounds)
    return nums(s)

# ---------- Part B
pb = os.path.join(D, 'paraphrase_corpus_v32b.jsonl')
recs = [json.loads(l) for l in open(pb, encoding='utf-8')]
ids = [r['id'] for r in recs]
if len(ids) != len(set(ids)): errs.append('B: duplicate ids')
texts = []
cnt = Counter()
for r in recs:
    if r.get('split') != 'final': errs.append('B split ' + r['id'])
    if not r.get('domain'): errs.append('B domain ' + r['id'])
    k = r['kind']
    if k == 'group':
        cnt['group_' + r['difficulty']] += 1
        if not 2 <= len(r['members']) <= 4: errs.append('B members count ' + r['id'])
        if not re.fullmatch(r'pg32-\d{3}', r['id']): errs.append('B id ' + r['id'])
        texts += r['members']
    elif k == 'lookalike':
        cnt['lookalike'] += 1; cnt['differs_' + r['differs']] += 1
        if len(r['pair']) != 2: errs.append('B pair ' + r['id'])
        if not re.fullmatch(r'la32-\d{3}', r['id']): errs.append('B id ' + r['id'])
        if r['differs'] not in 'name number date negation status place person object time'.split(): errs.append('B differs ' + r['id'])
        texts += r['pair']
    elif k == 'filler':
        cnt['filler'] += 1; texts.append(r['text'])
        if not re.fullmatch(r'f32-\d{3}', r['id']): errs.append('B id ' + r['id'])
    else: errs.append('B kind ' + str(k))
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append('B word limit (%d): %s' % (wc(t), t))
dup = [t for t, c in Counter(texts).items() if c > 1]
if dup: errs.append('B duplicate texts: %s' % dup)
print('Part B:', dict(sorted(cnt.items())), 'total', len(recs))
for key, want in [('group_easy', 12), ('group_hard', 20), ('lookalike', 27), ('filler', 40)]:
    if cnt[key] != want: errs.append('B count %s=%d want %d' % (key, cnt[key], want))
for d in 'name number date negation status place person object time'.split():
    if cnt['differs_' + d] != 3: errs.append('B differs %s=%d' % (d, cnt['differs_' + d]))

# ---------- Part A
pa = os.path.join(D, 'merge_corpus_v32b.jsonl')
cases = [json.loads(l) for l in open(pa, encoding='utf-8')]
KEYS = ['case_id', 'sources', 'merged', 'category', 'label', 'kind', 'reword', 'domain', 'split', 'note']
cids = [c['case_id'] for c in cases]
if len(cids) != len(set(cids)): errs.append('A duplicate case ids')
sids = [s['id'] for c in cases for s in c['sources']]
if len(sids) != len(set(sids)): errs.append('A duplicate source ids')
acnt = Counter(); alltexts = []
stats = {'faithful': [], 'lossy': []}; nsrc = Counter(); overlap = {'faithful': [], 'lossy': []}
reg = Counter()
def toks(s): return set(re.findall(r"[a-z0-9']+", s.lower())) - set('the a an of to in and on for is at with by from'.split())
for c in cases:
    if list(c.keys()) != KEYS: errs.append('A keys ' + c['case_id'])
    if not re.fullmatch(r'e32-\d{4}', c['case_id']): errs.append('A id ' + c['case_id'])
    if c['split'] != 'final': errs.append('A split')
    lab = c['label']
    if lab not in ('faithful', 'lossy'): errs.append('A label ' + c['case_id'])
    if c['reword'] not in ('light', 'heavy'): errs.append('A reword ' + c['case_id'])
    if not (2 <= len(c['sources']) <= 3): errs.append('A nsrc ' + c['case_id'])
    nsrc[(lab, len(c['sources']))] += 1
    if not c['merged']: errs.append('A merged missing ' + c['case_id'])
    for s in c['sources']:
        if s['category'] != c['category']: errs.append('A category ' + c['case_id'])
        if not 5 <= wc(s['content']) <= 35: errs.append('A source words (%d) %s' % (wc(s['content']), s['content']))
        stats[lab].append(wc(s['content'])); alltexts.append(s['content'])
    alltexts.append(c['merged'])
    ts = [toks(s['content']) for s in c['sources']]
    ov = []
    for i in range(len(ts)):
        for j in range(i + 1, len(ts)):
            ov.append(len(ts[i] & ts[j]) / max(1, len(ts[i] | ts[j])))
    overlap[lab].append(sum(ov) / len(ov))
    if lab == 'faithful':
        acnt['faithful'] += 1; acnt['faithful_' + c['reword']] += 1
        if c['kind'] is not None or c['note'] != '': errs.append('A faithful kind/note ' + c['case_id'])
        mn = nums(c['merged'])
        for s in c['sources']:
            for v in src_nums(s['content']):
                if v not in mn:
                    errs.append('A number %s of source missing in faithful merge %s: %s || %s' % (v, c['case_id'], s['content'], c['merged']))
    else:
        acnt['lossy_' + str(c['kind'])] += 1; acnt['lossy_' + c['reword']] += 1
        if c['kind'] not in ('negation', 'quantity', 'dropped', 'detail', 'status', 'attribution'): errs.append('A kind ' + c['case_id'])
        if not c['note']: errs.append('A lossy note missing ' + c['case_id'])
dup = [t for t, k in Counter(alltexts).items() if k > 1]
if dup: errs.append('A duplicate texts: %s' % dup[:5])
print('Part A:', dict(sorted(acnt.items())), 'total', len(cases))
print('Part A sources per case:', dict(sorted(nsrc.items())))
for lab in ('faithful', 'lossy'):
    w = stats[lab]
    if w:
        print('  %-8s sources=%d mean words=%.2f share>=18=%.2f min=%d max=%d mean within-case Jaccard=%.2f' % (
            lab, len(w), sum(w) / len(w), sum(x >= 18 for x in w) / len(w), min(w), max(w),
            sum(overlap[lab]) / len(overlap[lab])))
        m = sum(w) / len(w)
        if not 14 <= m <= 20: errs.append('A mean source words %s = %.2f' % (lab, m))
        if sum(x >= 18 for x in w) / len(w) < 1 / 3: errs.append('A share>=18 %s below 1/3' % lab)
if '--final' in sys.argv:
    if acnt['faithful'] != 120: errs.append('A faithful count %d' % acnt['faithful'])
    if acnt['faithful_heavy'] < 85: errs.append('A heavy faithful %d' % acnt['faithful_heavy'])
    for k in ('negation', 'quantity', 'dropped', 'detail', 'status', 'attribution'):
        if acnt['lossy_' + k] != 12: errs.append('A lossy %s=%d' % (k, acnt['lossy_' + k]))
for e in errs: print('ERROR', e)
print('OK' if not errs else '%d errors' % len(errs))
