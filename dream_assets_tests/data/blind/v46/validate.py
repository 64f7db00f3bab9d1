import json, re, sys, os
from collections import Counter
errs = []
def wc(t): return len(t.split())
NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'thousand':1000,'once':1,'twice':2,'single':1,'half':0.5,'dozen':12,'first':1,'second':2,'third':3,
 'fourth':4,'fifth':5}
SOFT = {'once','half','first','second','third','fourth','fifth','single'}
def nums(t, strict=False):
    t2 = t.lower().replace(',', '')
    t2 = re.sub(r'\b(each|every|no|any|some|current|new|old|the|last) one\b', r'\1', t2)
    out = set()
    for a, b in re.findall(r'\b(one|two|three|four|five|six|seven|eight|nine|ten)[- ](hundred|thousand)\b', t2):
        out.add(float(NUMW[a]*NUMW[b]))
    for m in re.findall(r'\d+(?:\.\d+)?', t2):
        out.add(float(m))
    for w in re.findall(r'[a-z]+', t2):
        if w in NUMW and not (strict and w in SOFT): out.add(float(NUMW[w]))
    if strict:
        for a, b in re.findall(r'\b(one|two|three|four|five|six|seven|eight|nine|ten)[- ](hundred|thousand)\b', t2):
            out.discard(float(NUMW[a])); out.discard(float(NUMW[b]))
    return out
def nums_loose(t):
    # everything a number could appear as in merged text, incl. digit chunks of dates/times and k/m suffixes
    t2 = t.lower().replace(',', '')
    out = nums(t)
    if re.search(r'\bcouple\b', t2): out.add(2.0)
    ORD = {'sixth':6,'seventh':7,'eighth':8,'ninth':9,'tenth':10,'twentieth':20,'thirtieth':30,'fortieth':40,'fiftieth':50,'sixtieth':60,'seventieth':70,'eightieth':80,'ninetieth':90,'hundredth':100}
    for w in re.findall(r'[a-z]+', t2):
        if w in ORD: out.add(float(ORD[w]))
    for m in re.findall(r'(\d+)(?:st|nd|rd|th)\b', t2): out.add(float(m))
    for m in re.findall(r'(\d+(?:\.\d+)?)\s*k\b', t2): out.add(float(m)*1000)
    for m in re.findall(r'(\d+(?:\.\d+)?)\s*(?:m|million)\b', t2): out.add(float(m)*1000000)
    for a, b in re.findall(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b', t2):
        out.add(float(NUMW[a]+NUMW[b]))
    return out

# ---- Part B
B = 'paraphrase_corpus_v46.jsonl'
ids = set(); texts = []; c = Counter()
for i, line in enumerate(open(B, encoding='utf-8'), 1):
    try: r = json.loads(line)
    except Exception as e: errs.append(f'B line {i}: bad json {e}'); continue
    if r.get('split') != 'final': errs.append(f'B {i}: split')
    if r['id'] in ids: errs.append(f'B dup id {r["id"]}')
    ids.add(r['id'])
    k = r['kind']
    if k == 'group':
        assert set(r) == {'kind','id','difficulty','domain','split','members'}, r
        if not 2 <= len(r['members']) <= 4: errs.append(f'{r["id"]} members count')
        c['group_'+r['difficulty']] += 1; tt = r['members']
        if not r['id'].startswith('pg46-'): errs.append(r['id'])
    elif k == 'lookalike':
        assert set(r) == {'kind','id','differs','domain','split','pair'}, r
        if r['differs'] not in 'name number date negation status place person object time'.split(): errs.append(f'{r["id"]} differs')
        c['lookalike'] += 1; c['differs_'+r['differs']] += 1; tt = r['pair']
        if len(tt) != 2: errs.append(r['id'])
    elif k == 'filler':
        assert set(r) == {'kind','id','domain','split','text'}, r
        c['filler'] += 1; tt = [r['text']]
    else: errs.append(f'B kind {k}'); continue
    for t in tt:
        if not 5 <= wc(t) <= 25: errs.append(f'{r["id"]} word count {wc(t)}: {t}')
        texts.append(t)
dups = [t for t, n in Counter(texts).items() if n > 1]
if dups: errs.append(f'B duplicate texts: {dups}')
print('Part B counts:', dict(sorted(c.items())))
exp = {'group_easy':12,'group_hard':20,'lookalike':27,'filler':40}
for k, v in exp.items():
    if c[k] != v: print(f'  SHORT/OVER: {k} = {c[k]} (target {v})')
for d in 'name number date negation status place person object time'.split():
    if c['differs_'+d] != 3: print(f'  differs {d} = {c["differs_"+d]} (target 3)')

# ---- Part A
A = 'merge_corpus_v46.jsonl'
if os.path.exists(A):
    ids = set(); texts = []; c = Counter(); swc = {'faithful': [], 'lossy': []}; nsrc = Counter()
    for i, line in enumerate(open(A, encoding='utf-8'), 1):
        try: r = json.loads(line)
        except Exception as e: errs.append(f'A line {i}: bad json {e}'); continue
        keys = {'case_id','sources','merged','category','label','kind','reword','domain','split','note'}
        if set(r) != keys: errs.append(f'A {i} keys {set(r) ^ keys}')
        cid = r['case_id']
        if not re.fullmatch(r'e46-\d{4}', cid): errs.append(f'bad id {cid}')
        if cid in ids: errs.append(f'dup id {cid}')
        ids.add(cid)
        if r['split'] != 'final': errs.append(f'{cid} split')
        if r['label'] not in ('faithful','lossy'): errs.append(f'{cid} label')
        if r['reword'] not in ('light','heavy'): errs.append(f'{cid} reword')
        if '/' not in r['category']: errs.append(f'{cid} category')
        if not 2 <= len(r['sources']) <= 3: errs.append(f'{cid} n sources')
        nsrc[len(r['sources'])] += 1
        for j, s in enumerate(r['sources'], 1):
            if s['id'] != f'{cid}-s{j}': errs.append(f'{cid} source id')
            if s['category'] != r['category']: errs.append(f'{cid} source category')
            n = wc(s['content'])
            if not 5 <= n <= 35: errs.append(f'{cid} source words {n}')
            swc[r['label']].append(n); texts.append(s['content'])
        texts.append(r['merged'])
        if r['label'] == 'faithful':
            if r['kind'] is not None or r['note'] != '': errs.append(f'{cid} faithful kind/note')
            c['faithful'] += 1; c['faithful_'+r['reword']] += 1
            mn = nums_loose(r['merged'])
            for s in r['sources']:
                for x in nums(s['content'], strict=True):
                    if x not in mn: errs.append(f'{cid} number {x} of source missing from merge')
        else:
            if r['kind'] not in ('negation','quantity','dropped','detail','status','attribution'): errs.append(f'{cid} kind')
            if not r['note']: errs.append(f'{cid} lossy without note')
            c['lossy'] += 1; c['lossy_'+str(r['kind'])] += 1; c['lossy_'+r['reword']] += 1
    dups = [t for t, n in Counter(texts).items() if n > 1]
    if dups: errs.append(f'A duplicate texts: {dups}')
    print('Part A counts:', dict(sorted(c.items())), 'sources per case:', dict(nsrc))
    for lab in ('faithful', 'lossy'):
        L = swc[lab]
        if L:
            print(f'  {lab}: sources={len(L)} mean words={sum(L)/len(L):.2f} share>=18={sum(1 for x in L if x>=18)/len(L):.2f}')
    if c['faithful'] != 120: print(f'  SHORT/OVER: faithful = {c["faithful"]} (target 120)')
    for k in ('negation','quantity','dropped','detail','status','attribution'):
        if c['lossy_'+k] != 12: print(f'  SHORT/OVER: lossy {k} = {c["lossy_"+k]} (target 12)')
if errs:
    print('ERRORS:'); [print(' ', e) for e in errs]; sys.exit(1)
print('OK: no errors')
