import json, os, re, collections
D = os.path.dirname(os.path.abspath(__file__))
err = []
def wc(s): return len(s.split())
NUMW = {'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,'eleven':11,'twelve':12,
        'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,'nineteen':19,'twenty':20,'sixty':60,'seventy':70,'eighty':80,'ninety':90,'single':1,'first':1,'second':2,'third':3,'fourth':4,'fifth':5,'fortnight':14,'thirty':30,'forty':40,'fifty':50,'hundred':100,'once':1,'twice':2,'half':0.5,'dozen':12}
def nums(s):
    out = set()
    for m in re.findall(r'\d[\d,]*(?:\.\d+)?', s):
        out.add(m.replace(',', '').lstrip('0') or '0')
    return out
PRON_ONE = {'the','a','new','this','that','each','any','no','which','irish','australian','old','another','without','only'}
MERGE_ONLY = {'monthly':1,'weekly':1,'daily':1,'nightly':1,'annually':1,'yearly':1}
def nums_any(s, merge=False):
    o = nums(s)
    if merge:
        for w in re.findall(r'[a-z]+', s.lower()):
            if w in MERGE_ONLY: o.add(str(MERGE_ONLY[w]))
    TENS = {'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90}
    UNITS = {'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9}
    for t, u in re.findall(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b', s.lower()):
        o.add(str(TENS[t] + UNITS[u]))
    s = re.sub(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b', ' ', s.lower())
    ws = re.findall(r'[a-z]+', s.lower())
    for i, w in enumerate(ws):
        # pronoun 'one' ("a new one", "the Irish one", "without one") is not a quantity
        if w == 'one' and i > 0 and ws[i-1] in PRON_ONE: continue
        if w in NUMW: o.add(str(NUMW[w]))
    # 'k' suffix like 95k
    for m in re.findall(r'(\d+)k\b', s.lower()): o.add(m + '000')
    return o
# Part B
p = os.path.join(D, 'paraphrase_corpus_v33b.jsonl')
ids = set(); texts = []
cnt = collections.Counter(); diffs = collections.Counter()
for ln, line in enumerate(open(p), 1):
    o = json.loads(line)
    if o['id'] in ids: err.append('dup id ' + o['id'])
    ids.add(o['id'])
    if o.get('split') != 'final': err.append('split ' + o['id'])
    if o['kind'] == 'group':
        cnt['group_' + o['difficulty']] += 1
        if not 2 <= len(o['members']) <= 4: err.append('members ' + o['id'])
        t = o['members']
    elif o['kind'] == 'lookalike':
        cnt['lookalike'] += 1; diffs[o['differs']] += 1
        if o['differs'] not in 'name number date negation status place person object time'.split(): err.append('differs ' + o['id'])
        t = o['pair']
        if len(t) != 2: err.append('pair ' + o['id'])
    else:
        cnt['filler'] += 1; t = [o['text']]
    for x in t:
        if not 5 <= wc(x) <= 25: err.append('B words %d %s: %s' % (wc(x), o['id'], x))
        texts.append(x)
dups = [t for t, c in collections.Counter(texts).items() if c > 1]
if dups: err.append('B dup texts %s' % dups)
print('Part B counts:', dict(cnt), 'differs:', dict(diffs))
# Part A
p = os.path.join(D, 'merge_corpus_v33b.jsonl')
if os.path.exists(p):
    ca = collections.Counter(); kinds = collections.Counter(); rew = collections.Counter(); nsrc = collections.Counter()
    lens = {'faithful': [], 'lossy': []}; ids = set(); atexts = []; domains = set()
    for line in open(p):
        o = json.loads(line)
        for k in ['case_id','sources','merged','category','label','kind','reword','domain','split','note']:
            if k not in o: err.append('missing %s %s' % (k, o.get('case_id')))
        cid = o['case_id']
        if cid in ids: err.append('dup ' + cid)
        ids.add(cid); domains.add(o['domain'])
        if not re.fullmatch(r'e33-\d{4}', cid): err.append('id ' + cid)
        ca[o['label']] += 1; rew[(o['label'], o['reword'])] += 1; nsrc[len(o['sources'])] += 1
        if o['label'] == 'faithful':
            if o['kind'] is not None or o['note'] != '': err.append('faithful kind/note ' + cid)
            mn = nums_any(o['merged'], merge=True)
            for s in o['sources']:
                for n in nums_any(s['content']):
                    if n not in mn: err.append('number %s of source missing in merge %s' % (n, cid))
        else:
            kinds[(o['kind'], o['reword'])] += 1
            if o['kind'] not in ['negation','quantity','dropped','detail','status','attribution']: err.append('kind ' + cid)
            if not o['note']: err.append('note ' + cid)
        if not 2 <= len(o['sources']) <= 3: err.append('nsrc ' + cid)
        for j, s in enumerate(o['sources'], 1):
            if s['id'] != '%s-s%d' % (cid, j): err.append('sid ' + s['id'])
            if s['category'] != o['category']: err.append('cat ' + cid)
            if not 5 <= wc(s['content']) <= 35: err.append('A words %d %s' % (wc(s['content']), cid))
            lens[o['label']].append(wc(s['content'])); atexts.append(s['content'])
        atexts.append(o['merged'])
        if o['reword'] not in ('light', 'heavy'): err.append('reword ' + cid)
        if o['split'] != 'final': err.append('split ' + cid)
    d = [t for t, c in collections.Counter(atexts).items() if c > 1]
    if d: err.append('A dup texts %s' % d)
    print('Part A labels:', dict(ca), 'sources per case:', dict(nsrc), 'domains:', len(domains))
    print('reword:', dict(rew))
    kk = collections.Counter(); [kk.update({k[0]: v}) for k, v in kinds.items()]
    print('lossy kinds:', dict(kk))
    print('lossy kind x reword:', {'%s/%s' % k: v for k, v in sorted(kinds.items())})
    for lab in ('faithful', 'lossy'):
        L = lens[lab]
        if L:
            print('%s sources: n=%d mean words=%.2f share>=18=%.3f min=%d max=%d' % (lab, len(L), sum(L)/len(L), sum(x >= 18 for x in L)/len(L), min(L), max(L)))
# diagnostics that should look alike for faithful and lossy: within-case source overlap and register mix
if os.path.exists(p):
    STOP = set('the a an and or of to in on at for with is are was were be by from their his her its they he she it user users user\'s this that as after before every each'.split())
    def cw(t): return set(w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOP)
    ov = {'faithful': [], 'lossy': []}; reg = {'faithful': collections.Counter(), 'lossy': collections.Counter()}
    for line in open(p):
        o = json.loads(line); S = [cw(x['content']) for x in o['sources']]
        for i in range(len(S)):
            for j in range(i + 1, len(S)):
                ov[o['label']].append(len(S[i] & S[j]) / max(1, len(S[i] | S[j])))
        for x in o['sources']:
            t = x['content']
            r = 'user' if re.match(r"(The )?[Uu]ser", t) else ('terse' if re.match(r"[A-Z][a-z]+s\b", t) and not re.match(r"[A-Z][a-z]+'s", t) else 'other')
            reg[o['label']][r] += 1
    for lab in ov: print('%s: mean within-case source Jaccard=%.3f; register guess %s' % (lab, sum(ov[lab])/len(ov[lab]), dict(reg[lab])))
print('ERRORS:', len(err))
for e in err: print('  ', e)
