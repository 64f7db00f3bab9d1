import json, re, collections, statistics
errs = []
def wc(s): return len(s.split())
NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
        'eleven':11,'twelve':12,'fifteen':15,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,
        'hundred':100,'half':0.5,'once':1,'twice':2,'thrice':3,'single':1,'dozen':12,'first':1,'second':2,'third':3,
        'sixtieth':60,'fortieth':40,'twenty-one':21,'fortnight':14,'fortnightly':2,'tenth':10,'twelfth':12,'ninetieth':90}
for _t, _tv in [('twenty',20),('thirty',30),('forty',40),('fifty',50),('sixty',60),('seventy',70),('eighty',80),('ninety',90)]:
    for _u, _uv in [('one',1),('two',2),('three',3),('four',4),('five',5),('six',6),('seven',7),('eight',8),('nine',9)]:
        NUMW[_t + '-' + _u] = _tv + _uv
NUMW.update({'seventy':70,'eighty':80,'ninety':90,'thirteen':13,'fourteen':14,'sixteen':16,'seventeen':17,'eighteen':18,'nineteen':19})
MONTHS = ['jan','feb','mar','apr','may','jun','jul','aug','sep','oct','nov','dec']

# ---- Part B
ids = set(); texts = []
kinds = collections.Counter(); diffs = collections.Counter(); groupdiff = collections.Counter()
for n, line in enumerate(open('paraphrase_corpus_v29.jsonl'), 1):
    r = json.loads(line)
    if r.get('split') != 'final': errs.append(f'B{n} split')
    if r['id'] in ids: errs.append(f'B dup id {r["id"]}')
    ids.add(r['id']); kinds[r['kind']] += 1
    if r['kind'] == 'group':
        assert r['difficulty'] in ('easy', 'hard'); groupdiff[r['difficulty']] += 1
        ts = r['members']
        if not 2 <= len(ts) <= 4: errs.append(f'{r["id"]} members {len(ts)}')
    elif r['kind'] == 'lookalike':
        ts = r['pair']; diffs[r['differs']] += 1
        if len(ts) != 2: errs.append(f'{r["id"]} pair')
    else:
        ts = [r['text']]
    for t in ts:
        if not 5 <= wc(t) <= 25: errs.append(f'{r["id"]} wc {wc(t)}: {t}')
    texts += ts
c = collections.Counter(texts)
for t, k in c.items():
    if k > 1: errs.append(f'B dup text: {t}')
print('Part B:', dict(kinds), 'groups', dict(groupdiff), 'differs', dict(diffs))

# ---- Part A
def nums(s):
    s2 = s.lower()
    out = set()
    for d in re.findall(r'\b\d{1,2}\.\d{1,2}\.\d{4}\b', s2):
        out.update(str(int(p)) for p in d.split('.'))
        s2 = s2.replace(d, ' ')
    for m in re.findall(r'\d+(?:[.,]\d+)?', s2):
        out.add(m.replace(',', ''))
    return out
def num_present(n, merged):
    m = merged.lower().replace(',', '')
    if re.search(r'(?<![\d.])0*' + re.escape(n) + r'(?![\d])', m): return True
    try: v = float(n)
    except: return False
    for w, x in sorted(NUMW.items(), key=lambda kv: -len(kv[0])):
        if x == v and re.search(r'\b' + w, m): return True
    # month numbers (dates like 2025-03-14)
    if 1 <= v <= 12 and re.search(r'\b' + MONTHS[int(v) - 1], m): return True
    # "k" forms: 95000 -> 95k
    if v >= 1000 and v % 1000 == 0 and re.search(r'\b' + str(int(v // 1000)) + r'\s?k\b', m): return True
    if v >= 1000 and v % 1000 == 0 and re.search(r'\b' + str(int(v // 1000)) + r' thousand', m): return True
    return False

cids = set(); labels = collections.Counter(); akinds = collections.Counter(); rew = collections.Counter()
nsrc = collections.Counter(); allsrc = []
stats = {'faithful': [], 'lossy': []}
for n, line in enumerate(open('merge_corpus_v29.jsonl'), 1):
    r = json.loads(line)
    for k in ['case_id','sources','merged','category','label','kind','reword','domain','split','note']:
        if k not in r: errs.append(f'A{n} missing {k}')
    if r['case_id'] in cids: errs.append(f'A dup id {r["case_id"]}')
    cids.add(r['case_id'])
    if not re.fullmatch(r'e29-\d{4}', r['case_id']): errs.append('bad id')
    labels[r['label']] += 1; nsrc[len(r['sources'])] += 1
    if r['label'] == 'faithful':
        if r['kind'] is not None or r['note'] != '': errs.append(f'{r["case_id"]} faithful kind/note')
        rew[r['reword']] += 1
    else:
        if r['kind'] not in ('negation','quantity','dropped','detail','status','attribution'): errs.append(f'{r["case_id"]} kind')
        if not r['note']: errs.append(f'{r["case_id"]} no note')
        akinds[(r['kind'], r['reword'])] += 1
    if r['reword'] not in ('light', 'heavy'): errs.append('reword')
    if not 2 <= len(r['sources']) <= 3: errs.append(f'{r["case_id"]} nsrc')
    for j, s in enumerate(r['sources'], 1):
        if s['id'] != f'{r["case_id"]}-s{j}': errs.append('src id')
        if s['category'] != r['category']: errs.append('src cat')
        if not 5 <= wc(s['content']) <= 35: errs.append(f'{r["case_id"]} src wc {wc(s["content"])}: {s["content"]}')
        stats[r['label']].append(wc(s['content']))
        allsrc.append(s['content'])
        if r['label'] == 'faithful':
            for x in nums(s['content']):
                if not num_present(x, r['merged']):
                    errs.append(f'{r["case_id"]} number {x} missing from merge')
    if r['merged'] in [s['content'] for s in r['sources']]: errs.append(f'{r["case_id"]} merge == source')
c = collections.Counter(allsrc)
for t, k in c.items():
    if k > 1: errs.append(f'A dup source: {t}')
print('Part A:', dict(labels), 'faithful reword', dict(rew), 'sources/case', dict(nsrc))
kk = collections.Counter()
for (k, rw), v in akinds.items(): kk[k] += v
print('lossy kinds', dict(kk), 'lossy heavy', sum(v for (k, rw), v in akinds.items() if rw == 'heavy'))
for lab, ws in stats.items():
    if ws:
        print(f'{lab}: n_sources={len(ws)} mean_words={statistics.mean(ws):.2f} share>=18={sum(w >= 18 for w in ws)/len(ws):.2f}')
print('ERRORS:', len(errs))
for e in errs: print(' ', e)

# ---- surface comparability of sources (what a reader sees before the merge)
STOP = set('the a an and or of to in on at for with is are was were be by from as it its their his her they he she user users user\'s that this every each'.split())
def cw(s): return {w.strip('.,;:()"\'').lower() for w in s.split()} - STOP
def reg(s, dom):
    w = s.split(); w0, w1 = w[0], w[1]
    if dom == 'software': return 'software/system'
    if s.startswith(('The user', 'User ', "User's", 'Their ', 'They ')): return 'user-sentence'
    if w1[0].islower() and w1 not in ('is', 'has', 'was', 'and') and (w0.endswith(('s', 'ing', 'ed')) or w0 in ('Meal-preps',)) and not w0.endswith("'s"):
        return 'terse'
    return 'named/other'
ov = {'faithful': [], 'lossy': []}; regs = {'faithful': collections.Counter(), 'lossy': collections.Counter()}
for line in open('merge_corpus_v29.jsonl'):
    r = json.loads(line); ss = [s['content'] for s in r['sources']]
    js = []
    for i in range(len(ss)):
        for j in range(i + 1, len(ss)):
            a, b = cw(ss[i]), cw(ss[j]); js.append(len(a & b) / len(a | b))
    ov[r['label']].append(statistics.mean(js))
    for s in ss: regs[r['label']][reg(s, r['domain'])] += 1
for lab in ov:
    print(f'{lab}: mean within-case source word overlap (Jaccard) = {statistics.mean(ov[lab]):.3f}')
    tot = sum(regs[lab].values())
    print(f'{lab}: rough register shares', {k: round(v / tot, 2) for k, v in sorted(regs[lab].items())})
