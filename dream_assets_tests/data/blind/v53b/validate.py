import json, re, sys
from collections import Counter
errs, warns = [], []
def wc(t): return len(t.split())
NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'thousand':1000,'half':0.5,'once':1,'twice':2,'single':1,'dozen':12,'pair':2,'double':2,'first':1,'second':2,'third':3}
MONTHS = {m:i+1 for i,m in enumerate(['january','february','march','april','may','june','july','august','september','october','november','december'])}
MON3 = {k[:3]:v for k,v in MONTHS.items()}
def nums(t):
    out = set()
    for m in re.findall(r'\d+(?:[.,]\d+)*', t):
        s = m.replace(',', '')
        try:
            v = float(s); out.add(v)
        except ValueError: pass
        for p in re.split(r'[.,]', m):
            if p: out.add(float(p))
    for m in re.findall(r'(\d+(?:\.\d+)?)\s*k\b', t.lower()):
        out.add(float(m) * 1000)
    low = t.lower()
    for w in re.findall(r'[a-z]+', low):
        if w in NUMW: out.add(float(NUMW[w]))
        if w in MONTHS: out.add(float(MONTHS[w]))
        elif w[:3] in MON3 and len(w) <= 4: out.add(float(MON3[w[:3]]))
    for a, b in re.findall(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b', low):
        out.add(float(NUMW[a] + NUMW[b]))
    for a, b in re.findall(r'\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty)[- ](hundred|thousand)\b', low):
        out.add(float(NUMW[a] * NUMW[b]))
    return out
def srcnums(t):
    # digits only in sources (number words in sources are checked loosely)
    out = set()
    for m in re.findall(r'\d+(?:[.,]\d+)*', t):
        out.add(m)
    return out
def present(numstr, merged):
    mn = nums(merged)
    s = numstr.replace(',', '')
    try:
        v = float(s)
    except ValueError:
        return True
    if v in mn: return True
    parts = [float(p) for p in re.split(r'[.,]', numstr) if p]
    if all(p in mn for p in parts): return True
    if v >= 1000 and (v / 1000) in mn: return True
    if v >= 2000 and v <= 2100 and (v % 100) in mn: return True
    return False

# ---------- Part B
P = [json.loads(l) for l in open('paraphrase_corpus_v53b.jsonl', encoding='utf-8')]
ids = Counter(r['id'] for r in P)
for k, v in ids.items():
    if v > 1: errs.append('dup id ' + k)
texts = []
for r in P:
    if r.get('split') != 'final': errs.append('split ' + r['id'])
    if r['kind'] == 'group':
        assert set(r) == {'kind','id','difficulty','domain','split','members'}, r
        if not 2 <= len(r['members']) <= 4: errs.append('group size ' + r['id'])
        if r['difficulty'] not in ('easy','hard'): errs.append('diff ' + r['id'])
        texts += r['members']
    elif r['kind'] == 'lookalike':
        assert set(r) == {'kind','id','differs','domain','split','pair'}, r
        if r['differs'] not in 'name number date negation status place person object time'.split(): errs.append('differs ' + r['id'])
        if len(r['pair']) != 2: errs.append('pair ' + r['id'])
        texts += r['pair']
    elif r['kind'] == 'filler':
        assert set(r) == {'kind','id','domain','split','text'}, r
        texts.append(r['text'])
    else: errs.append('kind ' + r['id'])
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append('B word limit (%d): %s' % (wc(t), t))
for t, c in Counter(texts).items():
    if c > 1: errs.append('B dup text: ' + t)
gk = Counter(r['difficulty'] for r in P if r['kind'] == 'group')
lk = Counter(r['differs'] for r in P if r['kind'] == 'lookalike')
fk = sum(1 for r in P if r['kind'] == 'filler')
print('Part B: easy groups %d/12, hard groups %d/20, lookalikes %d/27 %s, fillers %d/40' % (gk['easy'], gk['hard'], sum(lk.values()), dict(sorted(lk.items())), fk))
if gk['easy'] != 12 or gk['hard'] != 20 or fk != 40 or any(lk[d] != 3 for d in 'name number date negation status place person object time'.split()):
    warns.append('Part B counts not (yet) at target')

# ---------- Part A
A = [json.loads(l) for l in open('merge_corpus_v53b.jsonl', encoding='utf-8')]
keys = {'case_id','sources','merged','category','label','kind','reword','domain','split','note'}
cids = Counter(c['case_id'] for c in A)
for k, v in cids.items():
    if v > 1: errs.append('dup case id ' + k)
alltexts = []
stats = {'faithful': [], 'lossy': []}
for c in A:
    if set(c) != keys: errs.append('keys ' + c['case_id'])
    if c['split'] != 'final': errs.append('split ' + c['case_id'])
    if c['label'] not in ('faithful','lossy'): errs.append('label ' + c['case_id'])
    if c['reword'] not in ('light','heavy'): errs.append('reword ' + c['case_id'])
    if c['label'] == 'faithful' and (c['kind'] is not None or c['note'] != ''): errs.append('faithful kind/note ' + c['case_id'])
    if c['label'] == 'lossy' and (c['kind'] not in ('negation','quantity','dropped','detail','status','attribution') or not c['note']): errs.append('lossy kind/note ' + c['case_id'])
    if not 2 <= len(c['sources']) <= 3: errs.append('n sources ' + c['case_id'])
    if not c['merged']: errs.append('no merge ' + c['case_id'])
    if '/' not in c['category']: errs.append('category ' + c['case_id'])
    for j, s in enumerate(c['sources'], 1):
        if s['id'] != '%s-s%d' % (c['case_id'], j): errs.append('src id ' + s['id'])
        if s['category'] != c['category']: errs.append('src cat ' + s['id'])
        n = wc(s['content'])
        if not 5 <= n <= 35: errs.append('A source word limit (%d): %s' % (n, s['content']))
        stats[c['label']].append(n)
        alltexts.append(s['content'])
        if c['label'] == 'faithful':
            for num in srcnums(s['content']):
                if not present(num, c['merged']): errs.append('number %s missing in faithful merge %s' % (num, c['case_id']))
    alltexts.append(c['merged'])
for t, cnt in Counter(alltexts).items():
    if cnt > 1: errs.append('A dup text: ' + t)
lab = Counter(c['label'] for c in A)
kinds = Counter(c['kind'] for c in A if c['label'] == 'lossy')
fheavy = sum(1 for c in A if c['label'] == 'faithful' and c['reword'] == 'heavy')
lheavy = sum(1 for c in A if c['label'] == 'lossy' and c['reword'] == 'heavy')
three = sum(1 for c in A if len(c['sources']) == 3)
doms = Counter(c['domain'] for c in A)
print('Part A: faithful %d/120 (heavy %d, need >=85), lossy %d/72 (heavy %d) kinds %s' % (lab['faithful'], fheavy, lab['lossy'], lheavy, dict(sorted(kinds.items()))))
print('Part A: cases with 3 sources %d/%d (%.0f%%), domains %d' % (three, len(A), 100.0 * three / max(1, len(A)), len(doms)))
for L in ('faithful', 'lossy'):
    xs = stats[L]
    if xs:
        print('  %-8s sources: n=%d mean words %.2f, share >=18 words %.2f, min %d max %d' % (L, len(xs), sum(xs)/len(xs), sum(1 for x in xs if x >= 18)/len(xs), min(xs), max(xs)))
        m = sum(xs)/len(xs)
        if not 14 <= m <= 20: errs.append('%s mean source words %.2f out of 14-20' % (L, m))
        if sum(1 for x in xs if x >= 18)/len(xs) < 1/3: errs.append('%s share >=18 below 1/3' % L)
def toks(t): return set(re.findall(r"[a-z0-9']+", t.lower()))
for L in ('faithful', 'lossy'):
    cs = [c for c in A if c['label'] == L]
    if not cs: continue
    jac = []
    for c in cs:
        ss = [toks(x['content']) for x in c['sources']]
        for i in range(len(ss)):
            for j in range(i + 1, len(ss)):
                jac.append(len(ss[i] & ss[j]) / len(ss[i] | ss[j]))
    t3 = sum(1 for c in cs if len(c['sources']) == 3) / len(cs)
    mw = sum(len(c['merged'].split()) for c in cs) / len(cs)
    print('  %-8s cases: share with 3 sources %.2f, mean source-pair word overlap (Jaccard) %.3f, mean merge words %.1f' % (L, t3, sum(jac) / len(jac), mw))
if lab['faithful'] != 120 or lab['lossy'] != 72 or any(kinds[k] != 12 for k in ('negation','quantity','dropped','detail','status','attribution')) or fheavy < 85:
    warns.append('Part A counts not (yet) at target')
for w in warns: print('WARN:', w)
for e in errs: print('ERROR:', e)
print('OK' if not errs else 'FAILED (%d errors)' % len(errs))
sys.exit(1 if errs else 0)
