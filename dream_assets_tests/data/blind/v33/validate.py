import json, re, collections, os
ok = True
def err(m):
    global ok; ok = False; print('ERROR', m)
WORDS = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split()
ROMAN = ['', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x']
EQUIV = {str(i): [w] + ([ROMAN[i]] if 0 < i <= 10 else []) for i, w in enumerate(WORDS)}
EQUIV.update({'24': ['two dozen'], '12': ['a dozen', 'twelve'], '30': ['thirty'], '40': ['forty'], '50': ['fifty'], '60': ['sixty'], '100': ['hundred']})
wc = lambda t: len(t.split())
# Part B
ids = set(); texts = collections.Counter(); cnt = collections.Counter()
for ln in open('paraphrase_corpus_v33.jsonl', encoding='utf-8'):
    r = json.loads(ln)
    if r['id'] in ids: err('dup id ' + r['id'])
    ids.add(r['id'])
    if r.get('split') != 'final': err('split ' + r['id'])
    if r['kind'] == 'group':
        cnt['group_' + r['difficulty']] += 1; ts = r['members']
        if not 2 <= len(ts) <= 4: err('members ' + r['id'])
    elif r['kind'] == 'lookalike':
        cnt['lookalike'] += 1; cnt['la_' + r['differs']] += 1; ts = r['pair']
        if len(ts) != 2: err('pair ' + r['id'])
    else:
        cnt['filler'] += 1; ts = [r['text']]
    for t in ts:
        texts[t] += 1
        if not 5 <= wc(t) <= 25: err('B words %d %s' % (wc(t), t))
for t, n in texts.items():
    if n > 1: err('dup text ' + t)
print('Part B:', dict(sorted(cnt.items())))
# Part A
ids = set(); cnt = collections.Counter(); allt = collections.Counter()
lens = collections.defaultdict(list); nsrc = collections.Counter()
for ln in open('merge_corpus_v33.jsonl', encoding='utf-8'):
    r = json.loads(ln)
    for k in ['case_id','sources','merged','category','label','kind','reword','domain','split','note']:
        if k not in r: err('missing %s' % k)
    if r['case_id'] in ids: err('dup id')
    ids.add(r['case_id'])
    if r['label'] not in ('faithful', 'lossy'): err('label')
    if r['label'] == 'faithful' and (r['kind'] is not None or r['note']): err('faithful kind/note ' + r['case_id'])
    if r['label'] == 'lossy' and (r['kind'] not in ('negation','quantity','dropped','detail','status','attribution') or not r['note']): err('lossy kind/note ' + r['case_id'])
    if r['reword'] not in ('light', 'heavy'): err('reword')
    if not 2 <= len(r['sources']) <= 3: err('nsrc')
    nsrc[len(r['sources'])] += 1
    cnt[(r['label'], r['kind'], r['reword'])] += 1
    for s in r['sources']:
        if s['category'] != r['category']: err('cat')
        if not s['id'].startswith(r['case_id']): err('sid')
        n = wc(s['content'])
        if not 5 <= n <= 35: err('A src words %d %s' % (n, s['content']))
        lens[r['label']].append(n); allt[s['content']] += 1
    allt[r['merged']] += 1
    if r['label'] == 'faithful':
        m = r['merged'].lower().replace(',', '')
        for s in r['sources']:
            for num in re.findall(r'\d+(?:[.,:]\d+)*', s['content']):
                n0 = num.replace(',', '')
                alts = [n0] + EQUIV.get(n0, [])
                tm = re.fullmatch(r'(\d{1,2}):(\d\d)', n0)
                if tm:
                    h, mi = int(tm.group(1)), tm.group(2)
                    h12 = h % 12 or 12; ap = 'am' if h < 12 else 'pm'
                    alts += ['%d:%s' % (h, mi), '%d %s' % (h12, ap), '%d%s' % (h12, ap), '%d:%s %s' % (h12, mi, ap), '%d.%s' % (h, mi)]
                    if mi == '00': alts += ["%d o'clock" % h12]
                if not any(re.search(r'(?<![\d.])' + re.escape(a) + r'(?![\d])' if a[0].isdigit() else r'\b' + re.escape(a) + r'\b', m) for a in alts):
                    err('number %s missing in merge of %s' % (num, r['case_id']))
for t, n in allt.items():
    if n > 1: err('dup text ' + t)
lab = collections.Counter(); kinds = collections.Counter(); heavyf = 0
for (l, k, rw), n in cnt.items():
    lab[l] += n
    if l == 'lossy': kinds[(k, rw)] += n
    if l == 'faithful' and rw == 'heavy': heavyf += n
print('Part A labels:', dict(lab), 'faithful heavy:', heavyf)
kk = collections.Counter(); kh = collections.Counter()
for (k, rw), n in kinds.items():
    kk[k] += n
    if rw == 'heavy': kh[k] += n
print('lossy kinds:', dict(kk), 'heavy per kind:', dict(kh))
print('sources per case:', dict(nsrc))
for l in ('faithful', 'lossy'):
    L = lens[l]
    if L:
        print('%s: n_sources=%d mean_words=%.2f share>=18=%.2f' % (l, len(L), sum(L)/len(L), sum(x >= 18 for x in L)/len(L)))
# informational: how much the sources of one case overlap (mean pairwise Jaccard of lowercased word sets)
def toks(t): return set(re.findall(r"[a-z0-9']+", t.lower()))
ov = collections.defaultdict(list)
for ln in open('merge_corpus_v33.jsonl', encoding='utf-8'):
    r = json.loads(ln); ss = [toks(x['content']) for x in r['sources']]
    js = [len(a & b) / len(a | b) for i, a in enumerate(ss) for b in ss[i+1:]]
    ov[r['label']].append(sum(js) / len(js))
    ov[r['label'] + '_3src'].append(len(ss) == 3)
for l in ('faithful', 'lossy'):
    print('%s: mean source-source Jaccard=%.3f share 3-source=%.2f' % (l, sum(ov[l])/len(ov[l]), sum(ov[l+'_3src'])/len(ov[l+'_3src'])))
print('OK' if ok else 'FAILED')
