import json, re, collections, sys
err = []
def wc(s): return len(s.split())
# Part B
ids = set(); texts = collections.Counter(); kc = collections.Counter()
for ln, line in enumerate(open('paraphrase_corpus_v25b.jsonl', encoding='utf-8'), 1):
    r = json.loads(line)
    if r['id'] in ids: err.append('dup id ' + r['id'])
    ids.add(r['id'])
    if r.get('split') != 'final': err.append('split ' + r['id'])
    if r['kind'] == 'group':
        kc['group_' + r['difficulty']] += 1
        ms = r['members']
        if not 2 <= len(ms) <= 4: err.append('members count ' + r['id'])
    elif r['kind'] == 'lookalike':
        kc['lookalike_' + r['differs']] += 1
        ms = r['pair']
        if len(ms) != 2: err.append('pair ' + r['id'])
        if r['differs'] not in 'name number date negation status place person object time'.split(): err.append('differs ' + r['id'])
    else:
        kc['filler'] += 1; ms = [r['text']]
    for m in ms:
        texts[m] += 1
        if not 5 <= wc(m) <= 25: err.append('B word count %s %d: %s' % (r['id'], wc(m), m))
for t, n in texts.items():
    if n > 1: err.append('dup text B: ' + t)
print('Part B counts:', dict(sorted(kc.items())))
print('  groups easy=%d hard=%d lookalikes=%d fillers=%d' % (kc['group_easy'], kc['group_hard'],
      sum(v for k, v in kc.items() if k.startswith('lookalike_')), kc['filler']))
# Part A
cids = set(); lab = collections.Counter(); kinds = collections.Counter(); rw = collections.Counter()
nsrc = collections.Counter(); srcwc = {'faithful': [], 'lossy': []}; atexts = collections.Counter(); domains = set()
NUMW = {'one':'1','two':'2','three':'3','four':'4','five':'5','six':'6','seven':'7','eight':'8','nine':'9','ten':'10',
        'eleven':'11','twelve':'12','fifteen':'15','twenty':'20','thirty':'30','forty':'40','fifty':'50','sixty':'60','hundred':'100','seventy':'70','eighty':'80','ninety':'90',
        'third':'3','fourth':'4','fifth':'5','half':'half','once':'1','twice':'2','dozen':'12','single':'1','sixtieth':'60','biennially':'2','pair':'2','couple':'2','tenth':'10','thirtieth':'30','fortieth':'40','fiftieth':'50','twentieth':'20'}
def nums(s):
    s2 = s.replace(',', '')
    out = set(re.findall(r'\d+(?:\.\d+)?', s2))
    for k in re.findall(r'(\d+)k\b', s2): out.add(str(int(k) * 1000))
    TENS = {'twenty':2,'thirty':3,'forty':4,'fifty':5,'sixty':6,'seventy':7,'eighty':8,'ninety':9}
    UNITS = {'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9}
    for t, u in re.findall(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b', s.lower()):
        out.add(str(TENS[t] * 10 + UNITS[u]))
    for w in re.findall(r'[a-z]+', s.lower()):
        if w in NUMW: out.add(NUMW[w])
        if w == 'quarterly': out.add('3')
        if w in ('fortnight', 'fortnightly'): out.add('2')
    return out
for line in open('merge_corpus_v25b.jsonl', encoding='utf-8'):
    c = json.loads(line)
    need = {'case_id','sources','merged','category','label','kind','reword','domain','split','note'}
    if set(c) != need: err.append('keys ' + c['case_id'])
    if c['case_id'] in cids: err.append('dup case ' + c['case_id'])
    cids.add(c['case_id']); lab[c['label']] += 1; rw[(c['label'], c['reword'])] += 1
    domains.add(c['domain']); nsrc[len(c['sources'])] += 1
    if c['label'] == 'faithful':
        if c['kind'] is not None or c['note'] != '': err.append('faithful kind/note ' + c['case_id'])
    else:
        kinds[c['kind']] += 1
        if c['kind'] not in 'negation quantity dropped detail status attribution'.split() or not c['note']: err.append('lossy kind/note ' + c['case_id'])
    if not 2 <= len(c['sources']) <= 3: err.append('nsrc ' + c['case_id'])
    for s in c['sources']:
        if s['category'] != c['category']: err.append('cat ' + s['id'])
        if not s['id'].startswith(c['case_id'] + '-s'): err.append('sid ' + s['id'])
        n = wc(s['content'])
        if not 5 <= n <= 35: err.append('A src wc %s %d' % (s['id'], n))
        srcwc[c['label']].append(n); atexts[s['content']] += 1
    atexts[c['merged']] += 1
    if c['label'] == 'faithful':
        mn = nums(c['merged'])
        for s in c['sources']:
            for x in nums(s['content']):
                if x not in mn and x != 'half':
                    # allow years written as '24 etc.
                    if not any(m.endswith(x[-2:]) and len(x) == 4 for m in mn):
                        err.append('faithful number %s missing in %s: %s' % (x, c['case_id'], c['merged']))
for t, n in atexts.items():
    if n > 1: err.append('dup text A: ' + t)
print('Part A labels:', dict(lab), 'lossy kinds:', dict(sorted(kinds.items())))
print('  reword:', {'%s/%s' % k: v for k, v in sorted(rw.items())}, 'n sources:', dict(sorted(nsrc.items())))
print('  domains (%d):' % len(domains), sorted(domains))
for l in ('faithful', 'lossy'):
    v = srcwc[l]
    if v:
        print('  %s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d' % (l, len(v), sum(v)/len(v),
              sum(1 for x in v if x >= 18)/len(v), min(v), max(v)))
# overlap of sources within a case (content-word Jaccard), per label, and rough register mix
STOP = set('the a an and or of to in on at for with by from is are was were be has have had their they his her its it this that as user users user\'s s'.split())
def cw(t): return set(w for w in re.findall(r"[a-z0-9']+", t.lower()) if w not in STOP)
ov = {'faithful': [], 'lossy': []}; reg = {'faithful': collections.Counter(), 'lossy': collections.Counter()}
TERSE = ('Gets','Keeps','Makes','Drinks','Plays','Takes','Wears','Has','Loves','Knits','Boulders','Shoots','Goes','Crews','Runs','Commutes','Planning','Received','Got','Sees','Bakes','Will','Fitted','Went','Pays','Saving','Prefers','Refuses','Booked','Adopted','Climbs','Walks','Bought','Sold','Started','Collects','Hosts','Cooks','Brews','Writes','Likes','Wants','Considering','Uses','Taught','Renewed','Parks','Finds','On','Driving','Getting','Visits','Developed','Contributes','Needs','Does','Checks','Had','Moving','Trying',"Doesn't",'Lactose','Entered','Files','Meal-preps','Planning','Sitting','Volunteering','Scans','Studying','Hoping','Always','Speaking','Learning','Invests','Chose','Sells','Switched','Grows','Will','Visits','Wants','Prefers','Pays','Keeps','Buys','Organising','Promoted','Changes','Hired','Registered','Can','Likes','Injured','Cancelled','Books','Booked','Ordered','Would','Celebrated','Considering')
for line in open('merge_corpus_v25b.jsonl', encoding='utf-8'):
    c = json.loads(line); ss = [x['content'] for x in c['sources']]
    for i in range(len(ss)):
        for j in range(i + 1, len(ss)):
            a, b = cw(ss[i]), cw(ss[j]); ov[c['label']].append(len(a & b) / max(1, len(a | b)))
    for t in ss:
        if c['category'].startswith('tech/') or c['domain'] == 'software': r = 'project/system'
        elif re.match(r'(The )?[Uu]ser', t): r = 'user-sentence'
        elif t.split()[0] in TERSE: r = 'terse'
        else: r = 'named/other'
        reg[c['label']][r] += 1
for l in ('faithful', 'lossy'):
    if ov[l]: print('  %s: mean source-pair overlap %.3f; registers %s' % (l, sum(ov[l]) / len(ov[l]), dict(reg[l])))
print('ERRORS (%d):' % len(err))
for e in err: print('  ', e)
sys.exit(1 if err else 0)
