#!/usr/bin/env python3
import json, re, sys
from collections import Counter
err = []
def wc(t): return len(t.split())
NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
 'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,
 'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,
 'hundred':100,'dozen':12,'once':1,'twice':2,'first':1,'second':2,'third':3,'fourth':4,'fifth':5,'half':0.5,
 'single':1,'sixth':6,'seventh':7,'eighth':8,'ninth':9,'tenth':10,'twelfth':12,'twentieth':20,'thirtieth':30,'fortieth':40,'fiftieth':50,'sixtieth':60,'pair':2,'thousand':1000,'noon':12,'midnight':0,'fortnight':14}
def nums(t):
    t2 = t.replace(',', '')
    out = set()
    for m in re.findall(r'\d+(?:\.\d+)?', t2):
        out.add(float(m))
    for w in re.findall(r'[a-z]+', t.lower()):
        if w in NUMW: out.add(float(NUMW[w]))
    # compound like "twenty-five"
    for a, b in re.findall(r'(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)', t.lower()):
        out.add(float(NUMW[a] + NUMW[b]))
    return out
def srcnums(t):
    t2 = t.replace(',', '')
    return set(float(m) for m in re.findall(r'\d+(?:\.\d+)?', t2))
def yearforms(n):
    # allow 2-digit year / k / pm-24h forms
    s = {n}
    if n >= 1000 and n % 1000 == 0: s.add(n / 1000)
    if 1 <= n <= 12: s.add(n + 12)
    if 13 <= n <= 24: s.add(n - 12)
    return s
# ---------- Part B ----------
texts = []
ids = set()
cnt = Counter()
for i, ln in enumerate(open('paraphrase_corpus_v21.jsonl', encoding='utf-8'), 1):
    r = json.loads(ln)
    if r['id'] in ids: err.append('dup id ' + r['id'])
    ids.add(r['id'])
    if r.get('split') != 'final': err.append('split ' + r['id'])
    if not r.get('domain'): err.append('domain ' + r['id'])
    k = r['kind']
    if k == 'group':
        cnt['group_' + r['difficulty']] += 1
        if not 2 <= len(r['members']) <= 4: err.append('members ' + r['id'])
        texts += r['members']
        if not re.fullmatch(r'pg21-\d{3}', r['id']): err.append('idfmt ' + r['id'])
    elif k == 'lookalike':
        cnt['lookalike'] += 1; cnt['la_' + r['differs']] += 1
        if r['differs'] not in 'name number date negation status place person object time'.split(): err.append('differs ' + r['id'])
        if len(r['pair']) != 2: err.append('pair ' + r['id'])
        texts += r['pair']
    elif k == 'filler':
        cnt['filler'] += 1; texts.append(r['text'])
    else: err.append('kind ' + str(k))
for t in texts:
    if not 5 <= wc(t) <= 25: err.append('B wordcount %d: %s' % (wc(t), t))
for t, c in Counter(texts).items():
    if c > 1: err.append('B dup text: ' + t)
exp = {'group_easy': 12, 'group_hard': 20, 'lookalike': 27, 'filler': 40}
print('Part B counts:', {k: cnt[k] for k in exp}, 'lookalike by differs:', {k[3:]: v for k, v in sorted(cnt.items()) if k.startswith('la_')})
for k, v in exp.items():
    if cnt[k] != v: print('  NOTE: %s = %d (target %d)' % (k, cnt[k], v))
# ---------- Part A ----------
A = Counter(); ids = set(); alltexts = []
stats = {'faithful': [], 'lossy': []}
nsrc = Counter()
for ln in open('merge_corpus_v21.jsonl', encoding='utf-8'):
    r = json.loads(ln)
    cid = r['case_id']
    if cid in ids: err.append('dup case id ' + cid)
    ids.add(cid)
    if not re.fullmatch(r'e21-\d{4}', cid): err.append('idfmt ' + cid)
    for key in ['sources', 'merged', 'category', 'label', 'kind', 'reword', 'domain', 'split', 'note']:
        if key not in r: err.append('missing %s %s' % (key, cid))
    lab = r['label']
    if lab not in ('faithful', 'lossy'): err.append('label ' + cid)
    if r['reword'] not in ('light', 'heavy'): err.append('reword ' + cid)
    if r['split'] != 'final': err.append('split ' + cid)
    if '/' not in r['category']: err.append('category ' + cid)
    if not 2 <= len(r['sources']) <= 3: err.append('nsrc ' + cid)
    nsrc[len(r['sources'])] += 1
    for j, s in enumerate(r['sources'], 1):
        if s['id'] != '%s-s%d' % (cid, j): err.append('src id ' + cid)
        if s['category'] != r['category']: err.append('src cat ' + cid)
        if not 5 <= wc(s['content']) <= 35: err.append('src words %d %s' % (wc(s['content']), cid))
        stats[lab].append(wc(s['content']))
        alltexts.append(s['content'])
    alltexts.append(r['merged'])
    if lab == 'faithful':
        if r['kind'] is not None or r['note'] != '': err.append('faithful kind/note ' + cid)
        A['faithful'] += 1; A['faithful_' + r['reword']] += 1
        mn = nums(r['merged'])
        for s in r['sources']:
            for n in srcnums(s['content']):
                if not (yearforms(n) & mn):
                    err.append('number %s of source missing in merge %s: %s' % (n, cid, r['merged']))
    else:
        if r['kind'] not in ('negation', 'quantity', 'dropped', 'detail', 'status', 'attribution'): err.append('kind ' + cid)
        if not r['note']: err.append('lossy note ' + cid)
        A['lossy'] += 1; A['lossy_' + str(r['kind'])] += 1; A['lossy_' + r['reword']] += 1
for t, c in Counter(alltexts).items():
    if c > 1: err.append('A dup text: ' + t)
print('Part A counts:', dict(sorted(A.items())), 'sources per case:', dict(nsrc))
for lab in ('faithful', 'lossy'):
    w = stats[lab]
    if w:
        print('  %s sources: n=%d mean words=%.2f share>=18=%.3f min=%d max=%d' % (
            lab, len(w), sum(w) / len(w), sum(1 for x in w if x >= 18) / len(w), min(w), max(w)))

# ---------- descriptive overlap stats (not pass/fail) ----------
STOP = set("the a an and or of to in on at for with by is are was were be been has have had it its this that their they them his her he she user user's users from as but not no so per".split())
def cw(t): return set(w for w in re.findall(r"[a-z0-9]+", t.lower()) if w not in STOP)
def jac(a, b):
    A, B = cw(a), cw(b)
    return len(A & B) / max(1, len(A | B))
ov = {'faithful': [], 'lossy': []}
for ln in open('merge_corpus_v21.jsonl', encoding='utf-8'):
    r = json.loads(ln); ss = [x['content'] for x in r['sources']]
    for i in range(len(ss)):
        for j in range(i + 1, len(ss)):
            ov[r['label']].append(jac(ss[i], ss[j]))
for lab in ov:
    print('  %s: mean content-word Jaccard between sources of a case = %.3f' % (lab, sum(ov[lab]) / len(ov[lab])))
gj = {'easy': [], 'hard': [], 'lookalike': []}
for ln in open('paraphrase_corpus_v21.jsonl', encoding='utf-8'):
    r = json.loads(ln)
    if r['kind'] == 'group':
        m = r['members']
        gj[r['difficulty']] += [jac(m[i], m[j]) for i in range(len(m)) for j in range(i + 1, len(m))]
    elif r['kind'] == 'lookalike':
        gj['lookalike'].append(jac(*r['pair']))
print('  Part B mean pairwise content-word Jaccard:', {k: round(sum(v) / len(v), 3) for k, v in gj.items()})
if err:
    print('ERRORS (%d):' % len(err)); [print('  ' + e) for e in err]; sys.exit(1)
print('OK: no errors')
