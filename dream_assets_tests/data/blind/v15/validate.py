#!/usr/bin/env python3
"""Validate both v15 corpora: parse, schema, ids, counts, word limits, duplicates, numbers, source stats."""
import json, re, sys
from collections import Counter
from itertools import combinations

ERR = []
def err(m): ERR.append(m)
def words(t): return len(t.split())

NUMW = {'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,
        'eleven':11,'twelve':12,'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,
        'eighteen':18,'nineteen':19,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,
        'eighty':80,'ninety':90,'hundred':100,'thousand':1000,'once':1,'twice':2,'single':1,'dozen':12,
        'first':1,'second':2,'third':3,'fourth':4,'fifth':5,'sixth':6,'seventh':7,'eighth':8,'ninth':9,'tenth':10,
        'half':0.5,'pair':2,'both':2}
TENS = {'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90}
ONES = {'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9}
def compounds(t):
    return {float(TENS[a] + ONES[b]) for a, b in re.findall(r'\b(%s)[- ](%s)\b' % ('|'.join(TENS), '|'.join(ONES)), t)}
def numbers(t):
    t = t.lower()
    out = compounds(t)
    for m in re.findall(r'\d[\d,]*(?:\.\d+)?', t):
        m = m.replace(',', '')
        try:
            v = float(m); out.add(v)
        except ValueError:
            pass
    for m in re.findall(r'(\d+(?:\.\d+)?)\s*k\b', t):
        out.add(float(m) * 1000)
    for w in re.findall(r'[a-z]+', t):
        if w in NUMW:
            out.add(float(NUMW[w]))
    for m in re.findall(r'\b(\d+)(?:st|nd|rd|th)\b', t):
        out.add(float(m))
    for v in list(out):
        if v >= 1000 and v % 1000 == 0:
            out.add(v / 1000)  # "$95,000" carries "$95k"
    return out
def src_numbers(t):
    """numbers a faithful merge must carry: digits and number words (not 'first', 'both', 'pair', 'half')."""
    t = t.lower()
    out = compounds(t)
    t = re.sub(r'\b(%s)[- ](%s)\b' % ('|'.join(TENS), '|'.join(ONES)), ' ', t)
    t = re.sub(r'\b(next|this|that|the|no|each|every|any|which|only|one-to|to-one|one-on|on-one)[ -]one\b', ' ', t)  # pronoun "one", "one-to-one"
    for m in re.findall(r'\d[\d,]*(?:\.\d+)?', t):
        out.add(float(m.replace(',', '')))
    for w in re.findall(r'[a-z]+', t):
        if w in NUMW and w not in ('first', 'both', 'pair', 'half', 'second', 'single', 'once'):
            out.add(float(NUMW[w]))
    return out

STOP = set('a an the of to in on at for and or is are was were be has have had with by from as it its that this his her their they he she user users s'.split())
def toks(t): return {w for w in re.findall(r"[a-z0-9]+", t.lower()) if w not in STOP}
def jacc(a, b):
    A, B = toks(a), toks(b)
    return len(A & B) / max(1, len(A | B))
SW = re.compile(r'\b(api|repo|deploy|server|ci|pipeline|staging|prod|database|postgres|kafka|service|branch|jira|slack|sso|vpn|cluster|backend|frontend|bucket|terraform|github|gitlab|docker|kubernetes|endpoint|cron|config|migration|on-call|sprint|ticket|release|build|lambda|redis|grafana)\b', re.I)
NAMES = set()
def learn_names(texts):
    """capitalised tokens seen mid-sentence (not after . ; :) are treated as names / proper nouns"""
    for t in texts:
        toks_ = t.split()
        for i in range(1, len(toks_)):
            w = re.sub(r"('s|’s)$", '', toks_[i].strip(',.;:()"'))
            if re.fullmatch(r"[A-Z][a-zà-ÿ]+", w) and not toks_[i-1].endswith(('.', ';', ':')):
                NAMES.add(w)
def register(t):
    """rough register guess: user sentence / software-workplace note / named person / terse note"""
    s = t.strip()
    if re.match(r'^(the )?users?\b', s, re.I): return 'user'
    first = re.sub(r"('s|’s)$", '', s.split()[0].strip(',.;:'))
    if SW.search(s) and not (first in NAMES and not SW.search(' '.join(s.split()[:6]))): return 'software'
    if first in NAMES or first in ('Mrs', 'Mr', 'Dr', 'Prof') or first.startswith(('Mrs.', 'Mr.', 'Dr.')): return 'named'
    return 'terse'

# ---------- Part B ----------
B = [json.loads(l) for l in open('paraphrase_corpus_v15.jsonl', encoding='utf-8')]
ids = [r['id'] for r in B]
if len(ids) != len(set(ids)): err('B duplicate ids')
kc = Counter(r['kind'] for r in B)
diffc = Counter(r['difficulty'] for r in B if r['kind'] == 'group')
lac = Counter(r['differs'] for r in B if r['kind'] == 'lookalike')
DIFFS = ['name','number','date','negation','status','place','person','object','time']
texts = []
for r in B:
    if r.get('split') != 'final': err('B split %s' % r['id'])
    if not r.get('domain'): err('B domain %s' % r['id'])
    if r['kind'] == 'group':
        assert set(r) == {'kind','id','difficulty','domain','split','members'}, r['id']
        if not 2 <= len(r['members']) <= 4: err('B group size %s' % r['id'])
        if r['difficulty'] not in ('easy', 'hard'): err('B difficulty %s' % r['id'])
        texts += r['members']
        ns = [src_numbers(m) for m in r['members']]
    elif r['kind'] == 'lookalike':
        assert set(r) == {'kind','id','differs','domain','split','pair'}, r['id']
        if r['differs'] not in DIFFS: err('B differs %s' % r['id'])
        if len(r['pair']) != 2 or r['pair'][0] == r['pair'][1]: err('B pair %s' % r['id'])
        texts += r['pair']
    elif r['kind'] == 'filler':
        assert set(r) == {'kind','id','domain','split','text'}, r['id']
        texts.append(r['text'])
    else:
        err('B kind %s' % r)
for t in texts:
    if not 5 <= words(t) <= 25: err('B words %d: %s' % (words(t), t))
dup = [t for t, c in Counter(t.strip().lower() for t in texts).items() if c > 1]
if dup: err('B exact duplicate texts: %s' % dup)
print('Part B:', dict(kc), 'groups', dict(diffc), 'lookalikes', dict(sorted(lac.items())))
want = {'group': 32, 'lookalike': 27, 'filler': 40}
for k, v in want.items():
    if kc[k] != v: print('  SHORT/OVER: %s %d (target %d)' % (k, kc[k], v))
if diffc['easy'] != 12 or diffc['hard'] != 20: print('  groups target easy 12 hard 20')
for d in DIFFS:
    if lac[d] != 3: print('  lookalike differs %s: %d (target 3)' % (d, lac[d]))
print('  B text words: mean %.1f, min %d, max %d, domains %d' % (sum(map(words, texts))/len(texts), min(map(words, texts)), max(map(words, texts)), len({r['domain'] for r in B})))

# ---------- Part A ----------
A = [json.loads(l) for l in open('merge_corpus_v15.jsonl', encoding='utf-8')]
learn_names([s['content'] for c in A for s in c['sources']] + [c['merged'] for c in A])
cids = [c['case_id'] for c in A]
if len(cids) != len(set(cids)): err('A duplicate case ids')
sids = [s['id'] for c in A for s in c['sources']]
if len(sids) != len(set(sids)): err('A duplicate source ids')
KINDS = ['negation','quantity','dropped','detail','status','attribution']
alltexts = []
for c in A:
    keys = {'case_id','sources','merged','category','label','kind','reword','domain','split','note'}
    if set(c) != keys: err('A keys %s' % c['case_id'])
    if not re.fullmatch(r'e15-\d{4}', c['case_id']): err('A id %s' % c['case_id'])
    if c['split'] != 'final': err('A split')
    if not 2 <= len(c['sources']) <= 3: err('A nsrc %s' % c['case_id'])
    if '/' not in c['category']: err('A category %s' % c['case_id'])
    for j, s in enumerate(c['sources'], 1):
        if s['id'] != '%s-s%d' % (c['case_id'], j): err('A sid %s' % s['id'])
        if s['category'] != c['category']: err('A src category %s' % s['id'])
        if not 5 <= words(s['content']) <= 35: err('A src words %d: %s' % (words(s['content']), s['content']))
        alltexts.append(s['content'])
    alltexts.append(c['merged'])
    if c['reword'] not in ('light', 'heavy'): err('A reword %s' % c['case_id'])
    if c['label'] == 'faithful':
        if c['kind'] is not None or c['note'] != '': err('A faithful kind/note %s' % c['case_id'])
        mn = numbers(c['merged'])
        for s in c['sources']:
            for n in src_numbers(s['content']):
                if n not in mn:
                    err('A faithful number %s missing in merge of %s: %s' % (n, c['case_id'], c['merged']))
    elif c['label'] == 'lossy':
        if c['kind'] not in KINDS: err('A lossy kind %s' % c['case_id'])
        if not c['note']: err('A lossy note %s' % c['case_id'])
    else:
        err('A label %s' % c['case_id'])
dup = [t for t, cn in Counter(t.strip().lower() for t in alltexts).items() if cn > 1]
if dup: err('A exact duplicate texts: %s' % dup)
lab = Counter(c['label'] for c in A)
kk = Counter(c['kind'] for c in A if c['label'] == 'lossy')
print('Part A:', dict(lab), 'lossy kinds', dict(sorted(kk.items())))
fh = sum(1 for c in A if c['label'] == 'faithful' and c['reword'] == 'heavy')
lh = sum(1 for c in A if c['label'] == 'lossy' and c['reword'] == 'heavy')
print('  faithful heavy %d / %d; lossy heavy %d / %d' % (fh, lab['faithful'], lh, lab['lossy']))
n3 = sum(1 for c in A if len(c['sources']) == 3)
print('  cases with 3 sources: %d / %d (%.0f%%); domains %d' % (n3, len(A), 100*n3/max(1,len(A)), len({c['domain'] for c in A})))
if lab['faithful'] != 120: print('  SHORT/OVER: faithful %d (target 120)' % lab['faithful'])
for k in KINDS:
    if kk[k] != 12: print('  SHORT/OVER: lossy %s %d (target 12)' % (k, kk[k]))
for L in ('faithful', 'lossy'):
    cs = [c for c in A if c['label'] == L]
    ws = [words(s['content']) for c in cs for s in c['sources']]
    if not ws: continue
    mean = sum(ws)/len(ws); share = sum(w >= 18 for w in ws)/len(ws)
    ov = [jacc(a['content'], b['content']) for c in cs for a, b in combinations(c['sources'], 2)]
    reg = Counter(register(s['content']) for c in cs for s in c['sources'])
    n3 = sum(len(c['sources']) == 3 for c in cs)
    mw = [words(c['merged']) for c in cs]
    print('  %-8s sources: n=%d mean words %.2f, share >=18 words %.2f, min %d, max %d; mean source-source Jaccard %.3f; 3-source %.0f%%; merged mean words %.1f' %
          (L, len(ws), mean, share, min(ws), max(ws), sum(ov)/len(ov), 100*n3/len(cs), sum(mw)/len(mw)))
    print('           register (heuristic): %s' % ', '.join('%s %.0f%%' % (k, 100*v/len(ws)) for k, v in sorted(reg.items())))
    if not 14 <= mean <= 20: err('%s mean source words %.2f outside 14-20' % (L, mean))
    if share < 1/3: err('%s share >=18 words %.2f below 1/3' % (L, share))

if ERR:
    print('ERRORS (%d):' % len(ERR))
    for e in ERR: print('  -', e)
    sys.exit(1)
print('OK')
