import json, re, sys
from collections import Counter
errs = []
def wc(s): return len(s.split())

NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'thousand':1000,'once':1,'twice':2,'half':0.5,'dozen':12,'single':1,'pair':2,'both':2,'first':1,'second':2,'third':3}
def nums(text):
    t = text.lower().replace(',', '')
    out = set()
    for m in re.findall(r'\d+(?:\.\d+)?', t):
        out.add(float(m))
    for m in re.findall(r'(\d+(?:\.\d+)?)\s*k\b', t):
        out.add(float(m) * 1000)
    toks = re.findall(r'[a-z]+', t)
    for i, w in enumerate(toks):
        if w in NUMW:
            out.add(float(NUMW[w]))
    # compounds like twenty-five, eighteen thousand
    for a, b in re.findall(r'(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)', t):
        out.add(float(NUMW[a] + NUMW[b]))
    for a in re.findall(r'(\w+)[- ]thousand', t):
        if a in NUMW: out.add(float(NUMW[a] * 1000))
        elif re.fullmatch(r'\d+', a): out.add(float(a) * 1000)
    for a in re.findall(r'(\w+)[- ]hundred', t):
        if a in NUMW: out.add(float(NUMW[a] * 100))
    return out
def src_nums(text):
    t = text.lower().replace(',', '')
    s = set(float(m) for m in re.findall(r'\d+(?:\.\d+)?', t))
    for w in re.findall(r'[a-z]+', t):
        if w in NUMW and w not in ('one','first','second','third','single','pair','both','half','once'):
            s.add(float(NUMW[w]))
    for a, b in re.findall(r'(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)', t):
        s.discard(float(NUMW[a])); s.discard(float(NUMW[b])); s.add(float(NUMW[a] + NUMW[b]))
    for a in re.findall(r'(\w+)[- ]thousand', t):
        s.discard(1000.0)
        if a in NUMW: s.discard(float(NUMW[a])); s.add(float(NUMW[a] * 1000))
    return s

# ---------- Part B ----------
P = [json.loads(l) for l in open('paraphrase_corpus_v34b.jsonl', encoding='utf-8')]
ids = [r['id'] for r in P]
if len(ids) != len(set(ids)): errs.append('dup paraphrase ids')
texts = []
c = Counter()
for r in P:
    if r.get('split') != 'final': errs.append(f"{r['id']} split")
    if not r.get('domain'): errs.append(f"{r['id']} domain")
    if r['kind'] == 'group':
        c['group_' + r['difficulty']] += 1
        if not 2 <= len(r['members']) <= 4: errs.append(f"{r['id']} members")
        texts += r['members']
    elif r['kind'] == 'lookalike':
        c['lookalike'] += 1; c['differs_' + r['differs']] += 1
        if len(r['pair']) != 2: errs.append(f"{r['id']} pair")
        texts += r['pair']
    elif r['kind'] == 'filler':
        c['filler'] += 1; texts.append(r['text'])
    else: errs.append(f"{r['id']} kind")
for t in texts:
    if not 5 <= wc(t) <= 25: errs.append(f"paraphrase text length {wc(t)}: {t}")
for t, n in Counter(texts).items():
    if n > 1: errs.append(f"duplicate text: {t}")
want = {'group_easy': 12, 'group_hard': 20, 'lookalike': 27, 'filler': 40}
for k, v in want.items():
    if c[k] != v: errs.append(f"count {k}={c[k]} want {v}")
for d in 'name number date negation status place person object time'.split():
    if c['differs_' + d] != 3: errs.append(f"differs {d}={c['differs_'+d]}")
print('Part B counts:', dict(sorted(c.items())))

# ---------- Part A ----------
M = [json.loads(l) for l in open('merge_corpus_v34b.jsonl', encoding='utf-8')]
cids = [r['case_id'] for r in M]
if len(cids) != len(set(cids)): errs.append('dup case ids')
keys = {"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
allt = []
lab = Counter(); kinds = Counter(); rew = Counter(); nsrc = Counter()
stats = {'faithful': [], 'lossy': []}
ovl = {'faithful': [], 'lossy': []}
def cw(s): return set(w for w in re.findall(r"[a-z0-9']+", s.lower()) if len(w) > 3)
for r in M:
    cid = r['case_id']
    if set(r) != keys: errs.append(f"{cid} keys {set(r) ^ keys}")
    if not re.fullmatch(r'e34-\d{4}', cid): errs.append(f"{cid} id")
    if r['split'] != 'final': errs.append(f"{cid} split")
    if r['label'] not in ('faithful', 'lossy'): errs.append(f"{cid} label")
    if r['reword'] not in ('light', 'heavy'): errs.append(f"{cid} reword")
    if '/' not in r['category']: errs.append(f"{cid} category")
    lab[r['label']] += 1; rew[(r['label'], r['reword'])] += 1; nsrc[len(r['sources'])] += 1
    if r['label'] == 'faithful':
        if r['kind'] is not None or r['note'] != '': errs.append(f"{cid} faithful kind/note")
    else:
        if r['kind'] not in ('negation','quantity','dropped','detail','status','attribution'): errs.append(f"{cid} kind")
        if not r['note']: errs.append(f"{cid} note")
        kinds[r['kind']] += 1
    if not 2 <= len(r['sources']) <= 3: errs.append(f"{cid} nsources")
    for j, s in enumerate(r['sources'], 1):
        if s['id'] != f"{cid}-s{j}": errs.append(f"{cid} source id")
        if s['category'] != r['category']: errs.append(f"{cid} source category")
        n = wc(s['content'])
        if not 5 <= n <= 35: errs.append(f"{cid} source length {n}")
        stats[r['label']].append(n)
        allt.append(s['content'])
    ws = [cw(s['content']) for s in r['sources']]
    for a in range(len(ws)):
        for b in range(a + 1, len(ws)):
            u = ws[a] | ws[b]
            ovl[r['label']].append(len(ws[a] & ws[b]) / len(u) if u else 0)
    allt.append(r['merged'])
    if r['label'] == 'faithful':
        mn = nums(r['merged'])
        for s in r['sources']:
            for x in src_nums(s['content']):
                if x not in mn:
                    errs.append(f"{cid} faithful merge missing number {x:g} from: {s['content']}")
for t, n in Counter(allt).items():
    if n > 1: errs.append(f"duplicate merge-corpus text: {t}")
print('Part A labels:', dict(lab), 'kinds:', dict(sorted(kinds.items())))
print('Part A reword:', {f"{a}/{b}": v for (a, b), v in sorted(rew.items())}, 'n_sources:', dict(sorted(nsrc.items())))
for L in ('faithful', 'lossy'):
    xs = stats[L]
    if xs:
        print(f"{L}: sources={len(xs)} mean_words={sum(xs)/len(xs):.2f} share_ge18={sum(x>=18 for x in xs)/len(xs):.2%} "
              f"mean_pairwise_overlap={sum(ovl[L])/max(1,len(ovl[L])):.3f}")
wantA = {'faithful': 120, 'lossy': 72}
for k, v in wantA.items():
    if lab[k] != v: print(f"NOTE count {k}={lab[k]} target {v}")
for k in ('negation','quantity','dropped','detail','status','attribution'):
    if kinds[k] != 12: print(f"NOTE kind {k}={kinds[k]} target 12")
if errs:
    print('ERRORS:'); [print(' -', e) for e in errs]; sys.exit(1)
print('OK')
