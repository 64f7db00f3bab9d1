import json, re, collections, statistics
W = lambda s: len(s.split())
errs = []
NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'thousand':1000,'once':1,'twice':2,'single':1,'half':0.5,'dozen':12,'first':1,'second':2,'third':3}
EQUIV = {'quarter': '25', 'half an hour': '30', 'half-hour': '30', 'pair': '2', 'biennial': '2', 'fortnight': '14',
         'couple': '2', 'weekly': '1', 'daily': '1', 'annual': '1', 'yearly': '1', 'monthly': '1', 'nightly': '1', 'both': '2', 'halve': '0.5',
         'double': '2', 'duo': '2', 'twin': '2', 'hour': '60', 'noon': '12', 'midnight': '12', 'alone': '1'}
def nums(t):
    out = set()
    for m in re.findall(r'(?<![A-Za-z])\d+(?:[.,]\d+)?', t):
        m = m.replace(',', '')
        out.add(m.lstrip('0') or '0')
    MONTHS = ['january','february','march','april','may','june','july','august','september','october','november','december']
    for i, mo in enumerate(MONTHS, 1):
        pat = r'\b(' + mo + '|' + mo[:3] + (r'|sept' if i == 9 else '') + r')\b'
        if mo == 'may':
            if re.search(r'\bMay\b', t): out.add('5')
        elif re.search(pat, t.lower()): out.add(str(i))
    words = re.findall(r'[a-z]+', t.lower())
    for w in words:
        if w in NUMW: out.add(str(NUMW[w]))
    # compound number words: twenty-two, ninety one, six hundred, three thousand
    i = 0
    while i < len(words):
        if words[i] in NUMW and words[i] not in ('once','twice','half','first','second','third','single'):
            val, j, cur = 0, i, 0
            while j < len(words) and words[j] in NUMW and words[j] not in ('once','twice','half','first','second','third','single','dozen'):
                v = NUMW[words[j]]
                if v in (100, 1000): cur = max(cur, 1) * v
                else: cur += v
                j += 1
            out.add(str(cur)); i = j
        else: i += 1
    low = t.lower()
    for phrase, v in EQUIV.items():
        if phrase in low: out.add(v)
    return out
def num_present(n, merged):
    mn = nums(merged)
    if n in mn: return True
    # allow forms like 95k, 1.5k, 2,400
    low = merged.lower().replace(',', '')
    return n in low

# Part B
seen_ids, texts = set(), collections.Counter()
pc = collections.Counter(); diffs = collections.Counter()
for ln, line in enumerate(open('paraphrase_corpus_v36b.jsonl'), 1):
    r = json.loads(line)
    if r['id'] in seen_ids: errs.append('dup id ' + r['id'])
    seen_ids.add(r['id'])
    if r.get('split') != 'final': errs.append('split ' + r['id'])
    if r['kind'] == 'group':
        pc['group_' + r['difficulty']] += 1
        assert set(r) == {'kind','id','difficulty','domain','split','members'}, r['id']
        if not 2 <= len(r['members']) <= 4: errs.append('members ' + r['id'])
        ts = r['members']
    elif r['kind'] == 'lookalike':
        pc['lookalike'] += 1; diffs[r['differs']] += 1
        assert set(r) == {'kind','id','differs','domain','split','pair'}, r['id']
        if len(r['pair']) != 2: errs.append('pair ' + r['id'])
        ts = r['pair']
    else:
        pc['filler'] += 1
        assert set(r) == {'kind','id','domain','split','text'}, r['id']
        ts = [r['text']]
    for t in ts:
        texts[t] += 1
        if not 5 <= W(t) <= 25: errs.append(f'B words {W(t)} {r["id"]}: {t}')
print('Part B counts:', dict(pc)); print('  lookalike differs:', dict(sorted(diffs.items())))
for k, want in [('group_easy',12),('group_hard',20),('lookalike',27),('filler',40)]:
    if pc[k] != want: errs.append(f'B count {k}={pc[k]} want {want}')
for d, n in diffs.items():
    if n != 3: errs.append(f'differs {d}={n}')
# Part A
lc = collections.Counter(); kinds = collections.Counter(); rw = collections.Counter(); nsrc = collections.Counter()
doms = set(); cids = set()
lens = {'faithful': [], 'lossy': []}
for line in open('merge_corpus_v36b.jsonl'):
    r = json.loads(line)
    keys = {'case_id','sources','merged','category','label','kind','reword','domain','split','note'}
    if set(r) != keys: errs.append('A keys ' + r['case_id'])
    if r['case_id'] in cids: errs.append('dup case ' + r['case_id'])
    cids.add(r['case_id'])
    lc[r['label']] += 1; rw[(r['label'], r['reword'])] += 1; nsrc[len(r['sources'])] += 1; doms.add(r['domain'])
    if r['label'] == 'faithful':
        if r['kind'] is not None or r['note'] != '': errs.append('faithful kind/note ' + r['case_id'])
    else:
        kinds[r['kind']] += 1
        if r['kind'] not in {'negation','quantity','dropped','detail','status','attribution'} or not r['note']:
            errs.append('lossy kind/note ' + r['case_id'])
    if r['reword'] not in ('light', 'heavy'): errs.append('reword ' + r['case_id'])
    if not 2 <= len(r['sources']) <= 3: errs.append('nsrc ' + r['case_id'])
    for j, s in enumerate(r['sources'], 1):
        if s['id'] != f"{r['case_id']}-s{j}" or s['category'] != r['category']: errs.append('src id/cat ' + r['case_id'])
        if not 5 <= W(s['content']) <= 35: errs.append(f"A words {W(s['content'])} {r['case_id']}: {s['content']}")
        lens[r['label']].append(W(s['content']))
        texts[s['content']] += 1
        if r['label'] == 'faithful':
            for n in nums(s['content']):
                if not num_present(n, r['merged']):
                    errs.append(f"number {n} missing in faithful merge {r['case_id']}: {r['merged']}")
    texts[r['merged']] += 1
for t, n in texts.items():
    if n > 1: errs.append('exact duplicate text: ' + t)
print('Part A labels:', dict(lc)); print('  lossy kinds:', dict(sorted(kinds.items())))
print('  reword:', {f'{a}/{b}': n for (a, b), n in sorted(rw.items())}); print('  sources per case:', dict(sorted(nsrc.items())))
print('  domains:', len(doms))
for lab in ('faithful', 'lossy'):
    L = lens[lab]
    if L:
        print(f'  {lab}: {len(L)} sources, mean words {statistics.mean(L):.2f}, share >=18 words {sum(x>=18 for x in L)/len(L):.2%}')
allL = lens['faithful'] + lens['lossy']
if allL: print(f'  all: mean {statistics.mean(allL):.2f}, share >=18 {sum(x>=18 for x in allL)/len(allL):.2%}')
if lc['faithful'] != 120: errs.append(f"faithful={lc['faithful']} want 120")
if rw[('faithful','heavy')] < 85: errs.append(f"faithful heavy={rw[('faithful','heavy')]} want >=85")
for k in ['negation','quantity','dropped','detail','status','attribution']:
    if kinds[k] != 12: errs.append(f'lossy {k}={kinds[k]} want 12')
print('ERRORS (%d):' % len(errs)); [print('  ' + e) for e in errs]
