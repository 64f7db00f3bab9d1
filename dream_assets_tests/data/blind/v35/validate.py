import json, re, sys
from collections import Counter
err = []
def wc(s): return len(s.split())
NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'thousand':1000,'once':1,'twice':2,'half':0.5,'dozen':12,'single':1,'a':1,'an':1}
def nums(s):
    s2 = s.replace(',', '')
    return set(re.findall(r'\d+(?:\.\d+)?', s2))
def num_forms(s):
    f = nums(s)
    low = s.lower()
    for w, v in NUMW.items():
        if re.search(r'\b%s\b' % w, low): f.add(str(v))
    # compound like twenty-five
    for a, b in re.findall(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b', low):
        f.add(str(NUMW[a] + NUMW[b]))
    for a, b in re.findall(r'\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|fifty)[ -](hundred|thousand)\b', low):
        f.add(str(NUMW[a] * NUMW[b]))
    # 95k -> 95000
    for k in re.findall(r'(\d+)k\b', s2 := s.replace(',', '')): f.add(str(int(k) * 1000))
    # 1.5 -> also check
    return f
# ---- Part B
P = [json.loads(l) for l in open('paraphrase_corpus_v35.jsonl', encoding='utf-8')]
ids = [r['id'] for r in P]
if len(ids) != len(set(ids)): err.append('dup paraphrase ids')
c = Counter((r['kind'], r.get('difficulty')) for r in P)
texts = []
for r in P:
    assert r['split'] == 'final'
    if r['kind'] == 'group':
        assert r['difficulty'] in ('easy', 'hard') and 2 <= len(r['members']) <= 4, r
        texts += r['members']
    elif r['kind'] == 'lookalike':
        assert r['differs'] in 'name number date negation status place person object time'.split(), r
        assert len(r['pair']) == 2; texts += r['pair']
    else:
        texts.append(r['text'])
for t in texts:
    if not 5 <= wc(t) <= 25: err.append('B word limit: %r' % t)
dups = [t for t, n in Counter(texts).items() if n > 1]
if dups: err.append('B dup texts %r' % dups)
lac = Counter(r['differs'] for r in P if r['kind'] == 'lookalike')
print('Part B:', dict(c), 'lookalike differs:', dict(lac))
print('  target: group/easy 12, group/hard 20, lookalike 27 (3 each of 9), filler 40')
# ---- Part A
A = [json.loads(l) for l in open('merge_corpus_v35.jsonl', encoding='utf-8')]
cids = [r['case_id'] for r in A]
if len(cids) != len(set(cids)): err.append('dup case ids')
KINDS = {None, 'negation', 'quantity', 'dropped', 'detail', 'status', 'attribution'}
alltexts = []
stats = {'faithful': [], 'lossy': []}
for r in A:
    for k in ['case_id','sources','merged','category','label','kind','reword','domain','split','note']:
        if k not in r: err.append('missing %s in %s' % (k, r.get('case_id')))
    if r['label'] not in ('faithful', 'lossy'): err.append('bad label %s' % r['case_id'])
    if r['kind'] not in KINDS: err.append('bad kind %s' % r['case_id'])
    if r['label'] == 'faithful' and (r['kind'] is not None or r['note']): err.append('faithful with kind/note %s' % r['case_id'])
    if r['label'] == 'lossy' and (r['kind'] is None or not r['note']): err.append('lossy w/o kind/note %s' % r['case_id'])
    if r['reword'] not in ('light', 'heavy'): err.append('bad reword %s' % r['case_id'])
    if not 2 <= len(r['sources']) <= 3: err.append('n sources %s' % r['case_id'])
    for s in r['sources']:
        if s['category'] != r['category']: err.append('cat mismatch %s' % r['case_id'])
        if not 5 <= wc(s['content']) <= 35: err.append('src words %s: %d' % (r['case_id'], wc(s['content'])))
        stats[r['label']].append(wc(s['content']))
        alltexts.append(s['content'])
    alltexts.append(r['merged'])
    if r['label'] == 'faithful':
        mf = num_forms(r['merged'])
        for s in r['sources']:
            for n in nums(s['content']):
                if n not in mf and str(int(float(n))) not in mf:
                    err.append('faithful %s: number %s of source missing in merge' % (r['case_id'], n))
dups = [t for t, n in Counter(alltexts).items() if n > 1]
if dups: err.append('A dup texts %r' % dups)
ca = Counter((r['label'], r['kind']) for r in A)
print('Part A:', len(A), 'cases;', {('%s/%s' % k): v for k, v in sorted(ca.items(), key=str)})
print('  faithful heavy:', sum(1 for r in A if r['label'] == 'faithful' and r['reword'] == 'heavy'),
      '| lossy heavy:', sum(1 for r in A if r['label'] == 'lossy' and r['reword'] == 'heavy'),
      '| 3-source cases:', sum(1 for r in A if len(r['sources']) == 3))
for lab, ws in stats.items():
    if ws:
        print('  %s sources: n=%d mean words=%.2f share>=18=%.2f' % (lab, len(ws), sum(ws)/len(ws), sum(1 for w in ws if w >= 18)/len(ws)))
print('  domains:', len(set(r['domain'] for r in A)))
if err:
    print('ERRORS:'); [print('  ', e) for e in err]; sys.exit(1)
print('OK')
