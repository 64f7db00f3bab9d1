import json, re, collections, sys
errs = []
def wc(s): return len(s.split())
NUMW = {'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,'eleven':11,
        'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,'nineteen':19,
        'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,'hundred':100,
        'dozen':12,'twice':2,'once':1,'half':0.5,'first':1,'second':2,'third':3,'fourth':4,'fifth':5}
def nums(s):
    out = set()
    low = s.lower().replace(',', '')
    for m in re.findall(r'\d+(?:\.\d+)?', low):
        out.add(float(m))
    for w in re.findall(r'[a-z]+', low):
        if w in NUMW: out.add(float(NUMW[w]))
    # compounds like thirty-five
    for a, b in re.findall(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b', low):
        out.add(float(NUMW[a] + NUMW[b]))
    return out
def src_nums(s):
    low = s.lower().replace(',', '')
    out = set(float(m) for m in re.findall(r'\d+(?:\.\d+)?', low))
    comp = re.findall(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b', low)
    for a, b in comp: out.add(float(NUMW[a] + NUMW[b]))
    compwords = {x for ab in comp for x in ab}
    for w in re.findall(r'\b[a-z]+\b', low):
        if w in NUMW and w not in compwords and w not in ('once','first','second','half','one'):
            out.add(float(NUMW[w]))
    return out

# ---- Part B
P = [json.loads(l) for l in open('paraphrase_corpus_v26b.jsonl', encoding='utf-8')]
ids = [r['id'] for r in P]
if len(ids) != len(set(ids)): errs.append('dup ids B')
cnt = collections.Counter((r['kind'], r.get('difficulty')) for r in P)
diffs = collections.Counter(r['differs'] for r in P if r['kind'] == 'lookalike')
texts = []
for r in P:
    if r['split'] != 'final': errs.append(r['id'] + ' split')
    t = r['members'] if r['kind'] == 'group' else r['pair'] if r['kind'] == 'lookalike' else [r['text']]
    if r['kind'] == 'group' and not 2 <= len(t) <= 4: errs.append(r['id'] + ' members')
    for x in t:
        if not 5 <= wc(x) <= 25: errs.append(f"{r['id']} wc {wc(x)}: {x}")
    texts += t
    if r['kind'] == 'lookalike' and r['differs'] not in 'name number date negation status place person object time'.split():
        errs.append(r['id'] + ' differs')
dupt = [t for t, c in collections.Counter(texts).items() if c > 1]
if dupt: errs.append(f'dup texts B {dupt}')
print('Part B counts:', dict(cnt), 'lookalike differs:', dict(diffs))

# ---- Part A
A = [json.loads(l) for l in open('merge_corpus_v26b.jsonl', encoding='utf-8')]
ids = [r['case_id'] for r in A]
if len(ids) != len(set(ids)): errs.append('dup ids A')
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
alltexts = []
stats = collections.defaultdict(list)
nsrc = collections.Counter()
for r in A:
    if set(r) != keys: errs.append(r['case_id'] + ' keys')
    if r['label'] not in ('faithful', 'lossy'): errs.append(r['case_id'] + ' label')
    if r['label'] == 'faithful' and (r['kind'] is not None or r['note'] != ''): errs.append(r['case_id'] + ' faithful kind/note')
    if r['label'] == 'lossy' and (r['kind'] not in ('negation','quantity','dropped','detail','status','attribution') or not r['note']):
        errs.append(r['case_id'] + ' lossy kind/note')
    if r['reword'] not in ('light', 'heavy'): errs.append(r['case_id'] + ' reword')
    if not 2 <= len(r['sources']) <= 3: errs.append(r['case_id'] + ' nsrc')
    nsrc[len(r['sources'])] += 1
    for j, s in enumerate(r['sources'], 1):
        if s['id'] != f"{r['case_id']}-s{j}" or s['category'] != r['category']: errs.append(r['case_id'] + ' src id/cat')
        w = wc(s['content'])
        if not 5 <= w <= 35: errs.append(f"{r['case_id']} src wc {w}")
        stats[r['label']].append(w)
        alltexts.append(s['content'])
    alltexts.append(r['merged'])
    if r['label'] == 'faithful':
        mn = nums(r['merged'])
        # accept 12-hour spellings of 24-hour clock times (23:30 -> 11:30 pm)
        mn |= {x + 12 for x in mn if x < 12}
        for s in r['sources']:
            for n in src_nums(s['content']):
                if n not in mn:
                    errs.append(f"{r['case_id']} number {n} missing in merge: {r['merged']}")
dupt = [t for t, c in collections.Counter(alltexts).items() if c > 1]
if dupt: errs.append(f'dup texts A {dupt}')
print('Part A labels:', dict(collections.Counter(r['label'] for r in A)))
print('Part A lossy kinds:', dict(collections.Counter(r['kind'] for r in A if r['label'] == 'lossy')))
print('Part A reword:', dict(collections.Counter((r['label'], r['reword']) for r in A)))
print('Part A n sources:', dict(nsrc))
print('Part A domains:', len(set(r['domain'] for r in A)))
for lab in ('faithful', 'lossy'):
    ws = stats[lab]
    if ws:
        print(f'{lab}: sources={len(ws)} mean words={sum(ws)/len(ws):.2f} share>=18={sum(w>=18 for w in ws)/len(ws):.2f} min={min(ws)} max={max(ws)}')
allw = stats['faithful'] + stats['lossy']
if allw: print(f'all: mean={sum(allw)/len(allw):.2f} share>=18={sum(w>=18 for w in allw)/len(allw):.2f}')
print('ERRORS:' if errs else 'OK, no errors', len(errs))
for e in errs: print('  ', e)
