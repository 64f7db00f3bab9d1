import json, re, sys, collections
errs=[]
def wc(t): return len(t.split())
# Part B
B=[json.loads(l) for l in open('paraphrase_corpus_v30.jsonl',encoding='utf-8')]
ids=set(); texts=[]
cnt=collections.Counter(); diff=collections.Counter()
for r in B:
    if r['id'] in ids: errs.append('dup id '+r['id'])
    ids.add(r['id'])
    if r.get('split')!='final': errs.append('split '+r['id'])
    k=r['kind']
    if k=='group':
        cnt['group_'+r['difficulty']]+=1
        if not 2<=len(r['members'])<=4: errs.append('members '+r['id'])
        texts+=r['members']
    elif k=='lookalike':
        cnt['lookalike']+=1; diff[r['differs']]+=1
        if len(r['pair'])!=2: errs.append('pair '+r['id'])
        texts+=r['pair']
    elif k=='filler':
        cnt['filler']+=1; texts.append(r['text'])
    else: errs.append('kind '+r['id'])
for t in texts:
    if not 5<=wc(t)<=25: errs.append('B length %d: %s'%(wc(t),t))
dups=[t for t,c in collections.Counter(texts).items() if c>1]
if dups: errs.append('B dup texts %s'%dups)
print('Part B:',dict(cnt),'differs:',dict(diff))
want={'group_easy':12,'group_hard':20,'lookalike':27,'filler':40}
for k,v in want.items():
    if cnt[k]!=v: print('  B count short/over: %s=%d want %d'%(k,cnt[k],v))
for d in 'name number date negation status place person object time'.split():
    if diff[d]!=3: print('  differs %s=%d want 3'%(d,diff[d]))
# Part A
try:
    A=[json.loads(l) for l in open('merge_corpus_v30.jsonl',encoding='utf-8')]
except FileNotFoundError:
    A=[]
keys={"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
kinds=["negation","quantity","dropped","detail","status","attribution"]
ca=collections.Counter(); ids=set(); alltexts=[]
stats={'faithful':[], 'lossy':[]}; rew=collections.Counter(); nsrc=collections.Counter()
UNITS={w:i for i,w in enumerate('zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split())}
TENS={w:(i+2)*10 for i,w in enumerate('twenty thirty forty fifty sixty seventy eighty ninety'.split())}
SPECIAL={'once':1,'twice':2,'first':1,'second':2,'third':3,'fourth':4,'fifth':5,'sixth':6,'tenth':10,'half':0.5,'dozen':12,'single':1,'pair':2,'fortnightly':2,'fortnight':2,'double':2,'triple':3}
def nums(t):
    out=set()
    for m,k in re.findall(r'(\d[\d,\.]*)(k\b)?',t):
        m=m.strip('.,').replace(',','')
        try:
            v=float(m)
            out.add(v*1000 if k else v)
        except: pass
    words=re.findall(r'[a-z]+',t.lower())
    total=cur=0; inseq=False
    def flush():
        nonlocal total,cur,inseq
        if inseq: out.add(float(total+cur))
        total=cur=0; inseq=False
    for w in words:
        if w in UNITS or w in TENS:
            cur+=UNITS.get(w,TENS.get(w)); inseq=True
        elif w=='hundred' and inseq: cur*=100
        elif w=='thousand' and inseq: total+=cur*1000; cur=0
        elif w=='and' and inseq: pass
        else:
            flush()
            if w in SPECIAL: out.add(float(SPECIAL[w]))
    flush()
    return out
for c in A:
    cid=c.get('case_id')
    if set(c)!=keys: errs.append('keys '+str(cid))
    if cid in ids: errs.append('dup case '+cid)
    ids.add(cid)
    if c['split']!='final': errs.append('split '+cid)
    if c['label'] not in ('faithful','lossy'): errs.append('label '+cid)
    if c['reword'] not in ('light','heavy'): errs.append('reword '+cid)
    if c['label']=='faithful':
        if c['kind'] is not None or c['note']!='': errs.append('faithful kind/note '+cid)
        ca['faithful']+=1
    else:
        if c['kind'] not in kinds or not c['note']: errs.append('lossy kind/note '+cid)
        ca[c['kind']]+=1
    rew[(c['label'],c['reword'])]+=1
    if not 2<=len(c['sources'])<=3: errs.append('nsrc '+cid)
    nsrc[len(c['sources'])]+=1
    for j,s in enumerate(c['sources'],1):
        if s['id']!='%s-s%d'%(cid,j): errs.append('sid '+cid)
        if s['category']!=c['category']: errs.append('cat '+cid)
        n=wc(s['content'])
        if not 5<=n<=35: errs.append('A src length %d %s'%(n,cid))
        stats[c['label']].append(n); alltexts.append(s['content'])
    alltexts.append(c['merged'])
    if c['label']=='faithful':
        mn=nums(c['merged'])
        for s in c['sources']:
            for x in nums(s['content']):
                if x not in mn: errs.append('faithful %s: number %g of source missing in merge'%(cid,x))
dups=[t for t,c in collections.Counter(alltexts).items() if c>1]
if dups: errs.append('A dup texts %s'%dups)
print('Part A: cases=%d'%len(A),dict(ca),'reword:',dict(rew),'nsources:',dict(nsrc))
for lab in ('faithful','lossy'):
    L=stats[lab]
    if L: print('  %s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d'%(lab,len(L),sum(L)/len(L),sum(1 for x in L if x>=18)/len(L),min(L),max(L)))
if ca['faithful']!=120: print('  faithful=%d want 120'%ca['faithful'])
for k in kinds:
    if ca[k]!=12: print('  %s=%d want 12'%(k,ca[k]))
print('ERRORS:',len(errs))
for e in errs: print('  ',e)
sys.exit(1 if errs else 0)
