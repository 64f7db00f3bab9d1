import json, re, sys, collections
errs = []
def wc(s): return len(s.split())
NUMW = {'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,'eleven':11,'twelve':12,
        'fifteen':15,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'hundred':100,'once':1,'twice':2,'half':0.5,
        'third':3,'fourth':4,'fifth':5,'dozen':12}
def nums(s):
    out = set()
    for m in re.findall(r'\d[\d,]*(?:\.\d+)?', s):
        v = m.replace(',', '')
        try: out.add(float(v))
        except: pass
    for w in re.findall(r'[a-zA-Z]+', s.lower()):
        if w in NUMW: out.add(float(NUMW[w]))
    return out
def nums_in_merged(s):
    out = nums(s)
    # allow k/m suffix e.g. $95k
    for m in re.findall(r'(\d+(?:\.\d+)?)\s?k\b', s):
        out.add(float(m) * 1000)
    return out

# Part B
ids = set(); texts = []
cnt = collections.Counter()
for ln, line in enumerate(open('paraphrase_corpus_v23b.jsonl', encoding='utf-8'), 1):
    o = json.loads(line)
    if o.get('split') != 'final': errs.append('B split %d' % ln)
    if o['id'] in ids: errs.append('B dup id ' + o['id'])
    ids.add(o['id'])
    k = o['kind']
    if k == 'group':
        assert set(o) == {'kind','id','difficulty','domain','split','members'}, o
        cnt['group_' + o['difficulty']] += 1
        if not 2 <= len(o['members']) <= 4: errs.append('B members ' + o['id'])
        tt = o['members']
    elif k == 'lookalike':
        assert set(o) == {'kind','id','differs','domain','split','pair'}, o
        cnt['lookalike_' + o['differs']] += 1; cnt['lookalike'] += 1
        if len(o['pair']) != 2: errs.append('B pair ' + o['id'])
        tt = o['pair']
    elif k == 'filler':
        assert set(o) == {'kind','id','domain','split','text'}, o
        cnt['filler'] += 1; tt = [o['text']]
    else: errs.append('B kind %d' % ln); tt = []
    for t in tt:
        if not 5 <= wc(t) <= 25: errs.append('B words %d %s: %s' % (wc(t), o['id'], t))
        texts.append(t)
dups = [t for t, c in collections.Counter(texts).items() if c > 1]
if dups: errs.append('B duplicate texts: %r' % dups)
print('Part B counts:', dict(sorted(cnt.items())))
exp = {'group_easy': 12, 'group_hard': 20, 'lookalike': 27, 'filler': 40}
for k, v in exp.items():
    if cnt[k] != v: print('  B count short/over: %s=%d (target %d)' % (k, cnt[k], v))
for d in ['name','number','date','negation','status','place','person','object','time']:
    if cnt['lookalike_' + d] != 3: print('  B lookalike %s=%d (target 3)' % (d, cnt['lookalike_' + d]))

# Part A
ids = set(); texts = []
cnt = collections.Counter(); wcs = collections.defaultdict(list); nsrc = collections.Counter()
KINDS = {None,'negation','quantity','dropped','detail','status','attribution'}
for ln, line in enumerate(open('merge_corpus_v23b.jsonl', encoding='utf-8'), 1):
    o = json.loads(line)
    keys = {'case_id','sources','merged','category','label','kind','reword','domain','split','note'}
    if set(o) != keys: errs.append('A keys %d' % ln)
    if o['case_id'] in ids: errs.append('A dup id')
    ids.add(o['case_id'])
    if not re.fullmatch(r'e23b-\d{4}', o['case_id']): errs.append('A id fmt')
    lab = o['label']
    if lab not in ('faithful','lossy'): errs.append('A label %d' % ln)
    if o['kind'] not in KINDS: errs.append('A kind %d' % ln)
    if lab == 'faithful' and (o['kind'] is not None or o['note'] != ''): errs.append('A faithful kind/note ' + o['case_id'])
    if lab == 'lossy' and (o['kind'] is None or not o['note']): errs.append('A lossy kind/note ' + o['case_id'])
    if o['reword'] not in ('light','heavy'): errs.append('A reword ' + o['case_id'])
    if o['split'] != 'final': errs.append('A split')
    if not 2 <= len(o['sources']) <= 3: errs.append('A nsrc ' + o['case_id'])
    nsrc[len(o['sources'])] += 1
    for j, s in enumerate(o['sources'], 1):
        if s['id'] != '%s-s%d' % (o['case_id'], j): errs.append('A src id')
        if s['category'] != o['category']: errs.append('A src cat')
        w = wc(s['content'])
        if not 5 <= w <= 35: errs.append('A src words %d %s' % (w, o['case_id']))
        wcs[lab].append(w); texts.append(s['content'])
    texts.append(o['merged'])
    cnt[(lab, o['kind'], o['reword'])] += 1
    if lab == 'faithful':
        srcn = set().union(*[nums(s['content']) for s in o['sources']])
        mn = nums_in_merged(o['merged'])
        miss = srcn - mn
        if miss: errs.append('A faithful merge missing numbers %s in %s' % (sorted(miss), o['case_id']))
dups = [t for t, c in collections.Counter(texts).items() if c > 1]
if dups: errs.append('A duplicate texts: %r' % dups)
fa = sum(v for k, v in cnt.items() if k[0] == 'faithful')
fh = sum(v for k, v in cnt.items() if k[0] == 'faithful' and k[2] == 'heavy')
print('Part A faithful: %d (heavy %d, light %d)' % (fa, fh, fa - fh))
for kd in ['negation','quantity','dropped','detail','status','attribution']:
    t = sum(v for k, v in cnt.items() if k[1] == kd)
    h = sum(v for k, v in cnt.items() if k[1] == kd and k[2] == 'heavy')
    print('  lossy %-11s %2d (heavy %d)' % (kd, t, h))
print('  sources per case:', dict(nsrc))
for lab in ('faithful', 'lossy'):
    w = wcs[lab]
    if w:
        print('  %s sources: n=%d mean words %.2f, share >=18 words %.2f, min %d max %d' % (
            lab, len(w), sum(w)/len(w), sum(1 for x in w if x >= 18)/len(w), min(w), max(w)))
if errs:
    print('ERRORS (%d):' % len(errs)); [print('  ' + e) for e in errs]; sys.exit(1)
print('OK: no errors')

# Extra diagnostic: how much the sources of one case overlap (Jaccard over lower-cased words >3 chars)
def toks(s): return {w for w in re.findall(r"[a-z0-9]+", s.lower()) if len(w) > 3}
ov = collections.defaultdict(list)
for line in open('merge_corpus_v23b.jsonl', encoding='utf-8'):
    o = json.loads(line)
    ss = [toks(x['content']) for x in o['sources']]
    vals = [len(a & b) / max(1, len(a | b)) for i, a in enumerate(ss) for b in ss[i+1:]]
    ov[o['label']].append(max(vals))
for lab in ('faithful', 'lossy'):
    v = ov[lab]
    print('  %s: mean max pairwise source overlap %.3f, share of cases with overlap >= 0.3: %.2f' % (
        lab, sum(v)/len(v), sum(1 for x in v if x >= 0.3)/len(v)))
