#!/usr/bin/env python3
import json, re, os, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def wc(t): return len(t.split())

NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'thousand':1000,'million':1000000,'first':1,'second':2,'third':3,'fourth':4,'fifth':5,'sixth':6,
 'seventh':7,'eighth':8,'ninth':9,'tenth':10,'twice':2,'once':1,'dozen':12,'half':0.5,'single':1,'pair':2,'couple':2,'both':2,
'twin':2,'twins':2,'triple':3,'double':2,'quarter':0.25,'noon':12,'midnight':0}
MONTHS = {m:i for i,m in enumerate(['january','february','march','april','may','june','july','august','september','october','november','december'],1)}
for k,v in list(MONTHS.items()): MONTHS[k[:3]] = v
MONTHS.pop('may', None)
TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety'
UNITS = 'one|two|three|four|five|six|seven|eight|nine'
def words_to_digits(t):
    t = re.sub(r'\b(%s)[- ](%s)\b' % (TENS, UNITS), lambda m: str(NUMW[m.group(1)] + NUMW[m.group(2)]), t)
    def mul(m):
        a = m.group(1)
        base = NUMW.get(a)
        if base is None:
            try: base = float(a)
            except ValueError: return m.group(0)
        v = base * NUMW[m.group(2)]
        return str(int(v)) if float(v).is_integer() else str(v)
    t = re.sub(r'\b(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|fifty|a)[- ](hundred|thousand|million)\b', mul, t)
    return t
def nums(t):
    t = words_to_digits(t.lower())
    out = set()
    for m in re.findall(r'\d+(?:[.,]\d+)*', t):
        s = m.replace(',', '')
        try:
            v = float(s); out.add(v)
            if v.is_integer(): out.add(float(int(v)))
        except ValueError:
            for p in re.findall(r'\d+', m): out.add(float(int(p)))
        for p in re.findall(r'\d+', m): out.add(float(int(p)))
    for m in re.findall(r'(\d+(?:\.\d+)?)\s*k\b', t): out.add(float(m)*1000)
    toks = re.findall(r'[a-z]+', t)
    for w in toks:
        if w in NUMW: out.add(float(NUMW[w]))
        if w in MONTHS: out.add(float(MONTHS[w]))
    # compound number words like "twenty-five", "two hundred"
    for a, b in re.findall(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b', t):
        out.add(float(NUMW[a]+NUMW[b]))
    for a, b in re.findall(r'\b(\w+)[- ](hundred|thousand|million)\b', t):
        base = NUMW.get(a)
        if base is None:
            try: base = float(a)
            except ValueError: base = None
        if base is not None: out.add(float(base*NUMW[b]))
    return out
def src_nums(t):
    # digit numbers and number words; 'one' is skipped on the source side because it is mostly a pronoun
    out = nums(t)
    low = re.findall(r'[a-z]+', t.lower())
    if 'one' in low and 1.0 in out and not re.search(r'\b1\b|\b(once|first|single)\b', t.lower()):
        out.discard(1.0)
    return out

# ---------- Part B ----------
pb = os.path.join(HERE, 'paraphrase_corpus_v48.jsonl')
B = [json.loads(l) for l in open(pb, encoding='utf-8')]
ids = Counter(r['id'] for r in B)
for k, v in ids.items():
    if v > 1: errs.append('B dup id ' + k)
kc = Counter(r['kind'] for r in B)
diffc = Counter(r['difficulty'] for r in B if r['kind'] == 'group')
differs = Counter(r['differs'] for r in B if r['kind'] == 'lookalike')
texts = []
for r in B:
    if r.get('split') != 'final': errs.append('B split ' + r['id'])
    if 'domain' not in r: errs.append('B domain ' + r['id'])
    if r['kind'] == 'group':
        if not 2 <= len(r['members']) <= 4: errs.append('B group size ' + r['id'])
        if r['difficulty'] not in ('easy', 'hard'): errs.append('B diff ' + r['id'])
        texts += r['members']
    elif r['kind'] == 'lookalike':
        if len(r['pair']) != 2: errs.append('B pair ' + r['id'])
        if r['differs'] not in 'name number date negation status place person object time'.split(): errs.append('B differs ' + r['id'])
        texts += r['pair']
    elif r['kind'] == 'filler':
        texts.append(r['text'])
    else: errs.append('B kind ' + r['id'])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append('B words %d: %s' % (wc(t), t))
for t, v in Counter(texts).items():
    if v > 1: errs.append('B duplicate text: ' + t)
print('Part B:', dict(kc), 'groups by difficulty:', dict(diffc))
print('  lookalike differs:', dict(sorted(differs.items())))
print('  texts: %d, mean words %.1f, min %d, max %d' % (len(texts), sum(map(wc, texts))/len(texts), min(map(wc, texts)), max(map(wc, texts))))
want = {'group': 32, 'lookalike': 27, 'filler': 40}
for k, v in want.items():
    if kc.get(k, 0) != v: print('  [count] %s: %d / %d' % (k, kc.get(k, 0), v))

# ---------- Part A ----------
pa = os.path.join(HERE, 'merge_corpus_v48.jsonl')
A = [json.loads(l) for l in open(pa, encoding='utf-8')]
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
cids = Counter(c['case_id'] for c in A)
for k, v in cids.items():
    if v > 1: errs.append('A dup id ' + k)
alltexts = list(texts)
stats = {'faithful': [], 'lossy': []}
nsrc = Counter(); overlap = {'faithful': [], 'lossy': []}
def toks(t): return set(re.findall(r"[a-z0-9']+", t.lower()))
for c in A:
    if set(c) != keys: errs.append('A keys ' + c['case_id'])
    if c['split'] != 'final': errs.append('A split ' + c['case_id'])
    if c['label'] not in ('faithful', 'lossy'): errs.append('A label ' + c['case_id'])
    if c['reword'] not in ('light', 'heavy'): errs.append('A reword ' + c['case_id'])
    if c['label'] == 'faithful' and (c['kind'] is not None or c['note'] != ''): errs.append('A faithful kind/note ' + c['case_id'])
    if c['label'] == 'lossy' and (c['kind'] not in 'negation quantity dropped detail status attribution'.split() or not c['note']):
        errs.append('A lossy kind/note ' + c['case_id'])
    if not 2 <= len(c['sources']) <= 3: errs.append('A nsrc ' + c['case_id'])
    if not c['merged']: errs.append('A merged empty ' + c['case_id'])
    nsrc[len(c['sources'])] += 1
    for j, s in enumerate(c['sources'], 1):
        if s['id'] != '%s-s%d' % (c['case_id'], j): errs.append('A src id ' + s['id'])
        if s['category'] != c['category']: errs.append('A src cat ' + s['id'])
        if not 5 <= wc(s['content']) <= 35: errs.append('A src words %d: %s' % (wc(s['content']), s['content']))
        stats[c['label']].append(wc(s['content']))
        alltexts.append(s['content'])
    ss = [toks(s['content']) for s in c['sources']]
    pairs = [(a, b) for i, a in enumerate(ss) for b in ss[i+1:]]
    overlap[c['label']].append(sum(len(a & b)/len(a | b) for a, b in pairs)/len(pairs))
    alltexts.append(c['merged'])
    if c['label'] == 'faithful':
        mn = nums(c['merged'])
        for s in c['sources']:
            for n in src_nums(s['content']):
                if n not in mn:
                    errs.append('A number %s of source missing in faithful merge %s: %s' % (n, c['case_id'], c['merged']))
for t, v in Counter(alltexts).items():
    if v > 1: errs.append('duplicate text: ' + t)
lab = Counter(c['label'] for c in A)
kinds = Counter(c['kind'] for c in A if c['label'] == 'lossy')
rw = Counter((c['label'], c['reword']) for c in A)
print('Part A: %d cases' % len(A), dict(lab))
print('  lossy kinds:', dict(sorted(kinds.items())))
print('  reword:', {'%s/%s' % k: v for k, v in sorted(rw.items())})
print('  sources per case:', dict(sorted(nsrc.items())))
print('  domains:', len(set(c['domain'] for c in A)))
for l in ('faithful', 'lossy'):
    w = stats[l]
    if w:
        print('  %s sources: n=%d mean words %.2f, share >=18 words %.1f%%, min %d max %d, mean within-case Jaccard %.3f' % (
            l, len(w), sum(w)/len(w), 100*sum(x >= 18 for x in w)/len(w), min(w), max(w), sum(overlap[l])/len(overlap[l])))
if errs:
    print('ERRORS (%d):' % len(errs))
    for e in errs: print('  ' + e)
    sys.exit(1)
print('OK: no errors')
