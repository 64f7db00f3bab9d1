import json, re, sys, collections
errs=[]
W=lambda s: len(s.split())
NUMW={'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,'eleven':11,'twelve':12,
'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,'nineteen':19,'twenty':20,'thirty':30,'forty':40,
'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,'hundred':100,'thousand':1000,'first':1,'second':2,'third':3,'fourth':4,'fifth':5,'sixth':6,'seventh':7,'eighth':8,'ninth':9,'tenth':10,
'once':1,'twice':2,'single':1,'dozen':12,'half':0.5,'pair':2,'couple':2,'both':2,'quarter':0.25,'double':2,'triple':3}
def nums(t,merged=False):
    t=t.lower().replace(',','')
    out=set()
    def rep_tens(m): return str(NUMW[m.group(1)]+NUMW[m.group(2)])
    t=re.sub(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b',rep_tens,t)
    t=re.sub(r'\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ]hundred\b',lambda m:str(NUMW[m.group(1)]*100),t)
    t=re.sub(r'\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)[- ]thousand\b',lambda m:str(int(NUMW.get(m.group(1)) or m.group(1))*1000),t)
    for m in re.findall(r'\d+(?:\.\d+)?',t):
        out.add(float(m))
    for a,b in re.findall(r'\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b',t):
        out.add(float(NUMW[a]+NUMW[b]))
    for w in re.findall(r'[a-z]+',t):
        if w in NUMW: out.add(float(NUMW[w]))
        if merged and w.startswith('fortnight'): out.update({2.0,14.0})
    # 10k / 1.5k
    for m in re.findall(r'(\d+(?:\.\d+)?)k\b',t): out.add(float(m)*1000)
    for m in re.findall(r'(\d+(?:\.\d+)?) ?(?:million|m)\b',t): out.add(float(m)*1e6)
    for m in re.findall(r'(\d+(?:\.\d+)?) (?:thousand)\b',t): out.add(float(m)*1000)
    return out
def strict_nums(t):
    t=t.replace(',','')
    return {float(m) for m in re.findall(r'\d+(?:\.\d+)?',t)}
# ---- Part A
A=[json.loads(l) for l in open('merge_corpus_v31b.jsonl')]
ids=set(); texts=collections.Counter()
keys={"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
for c in A:
    if set(c)!=keys: errs.append((c.get('case_id'),'keys'))
    if c['case_id'] in ids: errs.append((c['case_id'],'dup id'))
    ids.add(c['case_id'])
    if not 2<=len(c['sources'])<=3: errs.append((c['case_id'],'n sources'))
    for s in c['sources']:
        if s['id'] in ids: errs.append((s['id'],'dup id'))
        ids.add(s['id']); texts[s['content']]+=1
        if s['category']!=c['category']: errs.append((c['case_id'],'cat'))
        if not 5<=W(s['content'])<=35: errs.append((c['case_id'],'src words %d'%W(s['content'])))
    texts[c['merged']]+=1
    if c['label']=='faithful':
        if c['kind'] is not None or c['note']!='': errs.append((c['case_id'],'faithful kind/note'))
        mn=nums(c['merged'],True)
        for s in c['sources']:
            for n in strict_nums(s['content'])|nums(s['content']):
                if n not in mn: errs.append((c['case_id'],'number %s missing in merge'%n))
    elif c['label']=='lossy':
        if c['kind'] not in ('negation','quantity','dropped','detail','status','attribution') or not c['note']: errs.append((c['case_id'],'lossy kind/note'))
    else: errs.append((c['case_id'],'label'))
    if c['reword'] not in ('light','heavy') or c['split']!='final': errs.append((c['case_id'],'reword/split'))
for t,n in texts.items():
    if n>1: errs.append((t[:40],'duplicate text'))
lab=collections.Counter(c['label'] for c in A); kinds=collections.Counter(c['kind'] for c in A if c['label']=='lossy')
print('Part A cases:',len(A),dict(lab)); print(' lossy kinds:',dict(kinds))
print(' faithful heavy:',sum(1 for c in A if c['label']=='faithful' and c['reword']=='heavy'),
      ' lossy heavy:',sum(1 for c in A if c['label']=='lossy' and c['reword']=='heavy'))
print(' 3-source cases: %d of %d'%(sum(1 for c in A if len(c['sources'])==3),len(A)))
print(' domains:',len(set(c['domain'] for c in A)))
for L in ('faithful','lossy'):
    ws=[W(s['content']) for c in A if c['label']==L for s in c['sources']]
    if ws: print(' %s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d; mean merged words=%.1f'%(L,len(ws),sum(ws)/len(ws),sum(w>=18 for w in ws)/len(ws),min(ws),max(ws),
        sum(W(c['merged']) for c in A if c['label']==L)/max(1,lab[L])))
# ---- Part B
B=[json.loads(l) for l in open('paraphrase_corpus_v31b.jsonl')]
bt=collections.Counter(); bids=set()
for r in B:
    if r['id'] in bids: errs.append((r['id'],'dup id'))
    bids.add(r['id'])
    if r['split']!='final': errs.append((r['id'],'split'))
    if r['kind']=='group':
        tx=r['members']; 
        if not 2<=len(tx)<=4 or r['difficulty'] not in ('easy','hard'): errs.append((r['id'],'group'))
    elif r['kind']=='lookalike':
        tx=r['pair']
        if r['differs'] not in 'name number date negation status place person object time'.split(): errs.append((r['id'],'differs'))
    else: tx=[r['text']]
    for t in tx:
        bt[t]+=1
        if not 5<=W(t)<=25: errs.append((r['id'],'words %d'%W(t)))
for t,n in bt.items():
    if n>1: errs.append((t[:40],'duplicate text'))
print('Part B:',dict(collections.Counter(r['kind'] for r in B)),
      'easy',sum(1 for r in B if r.get('difficulty')=='easy'),'hard',sum(1 for r in B if r.get('difficulty')=='hard'),
      'differs',dict(collections.Counter(r['differs'] for r in B if r['kind']=='lookalike')))
print('ERRORS:',len(errs))
for e in errs: print('  ',e)

# ---- info: how alike faithful and lossy sources look before reading the merge
STOP=set('the a an and or of to in on for with is are was be by at from as that this their they user users s it its his her than but so not no'.split())
def cw(t): return {w for w in re.findall(r"[a-z0-9]+",t.lower()) if w not in STOP}
def register(t,cat):
    f=t.split()[0]
    if f in ('User',"User's") or t.startswith('The user'): return 'user'
    if cat.startswith('tech/'): return 'software'
    fw=f.rstrip(',')
    if (not fw.endswith("'s")) and (fw.endswith(('s','ed','ing')) or fw in ('Went','Took','Lent','Fine','Never',"Doesn't",'Used','Favourite','Won\'t','Had','Got','Can\'t','Home','Car','Keeps','Day')):
        return 'terse'
    if f[0].isupper() and f.rstrip("'s,") not in ('The','A','An','Every','Each','Home','Car','Static','Production','Background','Application','Full','Payment','Database','Service','Personal','DNS','Log','Lower','Bugs','Mobile','New','Access','Staging','Failed','Breaking','Builds','Break','Runbook','Churn','Long','Trace','Engineers','Write','Rollback','Product','Postmortems','Team','Deploys','Only','Hiring','Contract','Day','Company','Favourite','Sora','Access'):
        return 'named'
    return 'terse/other'
for L in ('faithful','lossy'):
    cs=[c for c in A if c['label']==L]; ov=[]
    reg=collections.Counter()
    for c in cs:
        ss=[cw(s['content']) for s in c['sources']]
        for i in range(len(ss)):
            for j in range(i+1,len(ss)): ov.append(len(ss[i]&ss[j])/len(ss[i]|ss[j]))
        for s in c['sources']: reg[register(s['content'],c['category'])]+=1
    n=sum(reg.values())
    print(' %s: mean within-case source Jaccard=%.3f; 3-source share=%.2f; registers(heuristic)=%s'%(L,sum(ov)/len(ov),sum(len(c['sources'])==3 for c in cs)/len(cs),
          {k:round(v/n,2) for k,v in sorted(reg.items())}))

sys.exit(1 if errs else 0)
