import json, re, collections, sys
def wc(s): return len(s.split())
err=[]
W2N={'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,'eleven':11,'twelve':12,
 'thirteen':13,'fourteen':14,'fifteen':15,'sixteen':16,'seventeen':17,'eighteen':18,'nineteen':19,'twenty':20,'thirty':30,'forty':40,
 'fifty':50,'sixty':60,'seventy':70,'eighty':80,'ninety':90,'hundred':100,'once':1,'twice':2,'single':1,'half':0.5,'dozen':12,'a':1}
def nums(s):
    s2=s.replace(',','')
    return set(re.findall(r'\d+(?:\.\d+)?',s2))
def num_present(n,merged):
    m=merged.replace(',','')
    if re.search(r'(?<![\d.])'+re.escape(n)+r'(?![\d])',m): return True
    v=float(n)
    for w,val in W2N.items():
        if val==v and re.search(r'\b'+w+r'\b',m,re.I): return True
    # 2025 -> '25, 09:00->9, 0x
    if n.lstrip('0') and re.search(r'(?<![\d.])'+re.escape(n.lstrip('0'))+r'(?![\d])',m): return True
    for tw in ('twenty','thirty','forty','fifty','sixty','seventy','eighty','ninety'):
        for un in ('one','two','three','four','five','six','seven','eight','nine'):
            if W2N[tw]+W2N[un]==v and re.search(tw+'[- ]'+un,m,re.I): return True
    if len(n)==4 and ("'"+n[2:]) in m: return True
    if re.search(r'\b'+re.escape(n)+r'[kK]\b',m): return True
    if n.endswith('000') and re.search(r'(?<![\d.])'+re.escape(n[:-3])+r'\s*(k|K|thousand)',m): return True
    return False
ids=set(); texts=[]
# Part B
B=[json.loads(l) for l in open('paraphrase_corpus_v30b.jsonl')]
cnt=collections.Counter(); diffs=collections.Counter()
for r in B:
    if r['id'] in ids: err.append('dup id '+r['id'])
    ids.add(r['id'])
    if r.get('split')!='final': err.append('split '+r['id'])
    k=r['kind']
    if k=='group':
        cnt[r['difficulty']]+=1; t=r['members']
        if not 2<=len(t)<=4: err.append('members '+r['id'])
    elif k=='lookalike':
        cnt['lookalike']+=1; diffs[r['differs']]+=1; t=r['pair']
        if r['differs'] not in 'name number date negation status place person object time'.split(): err.append('differs '+r['id'])
    else:
        cnt['filler']+=1; t=[r['text']]
    for x in t:
        if not 5<=wc(x)<=25: err.append(f'B words {wc(x)} {r["id"]}: {x}')
        texts.append(x)
print('Part B counts:',dict(cnt),'differs:',dict(diffs))
want={'easy':12,'hard':20,'lookalike':27,'filler':40}
for k,v in want.items():
    if cnt[k]!=v: print('  B count short/over:',k,cnt[k],'want',v)
if any(v!=3 for v in diffs.values()) or len(diffs)!=9: print('  differs not 3 each')
# Part A
A=[json.loads(l) for l in open('merge_corpus_v30b.jsonl')]
lab=collections.Counter(); kinds=collections.Counter(); rw=collections.Counter(); ns=collections.Counter(); doms=set()
wcs={'faithful':[],'lossy':[]}; rwl=collections.Counter()
for c in A:
    cid=c['case_id']
    if cid in ids: err.append('dup id '+cid)
    ids.add(cid)
    for key in ['case_id','sources','merged','category','label','kind','reword','domain','split','note']:
        if key not in c: err.append('missing '+key+' '+cid)
    if c['label'] not in ('faithful','lossy'): err.append('label '+cid)
    if c['label']=='faithful' and (c['kind'] is not None or c['note']!=''): err.append('faithful kind/note '+cid)
    if c['label']=='lossy' and (c['kind'] not in 'negation quantity dropped detail status attribution'.split() or not c['note']): err.append('lossy kind/note '+cid)
    if c['reword'] not in ('light','heavy'): err.append('reword '+cid)
    lab[c['label']]+=1; kinds[c['kind']]+=1; ns[len(c['sources'])]+=1; doms.add(c['domain'])
    if c['label']=='faithful': rw[c['reword']]+=1
    else: rwl[c['reword']]+=1
    if not 2<=len(c['sources'])<=3: err.append('nsrc '+cid)
    for j,s in enumerate(c['sources'],1):
        if s['id']!=f'{cid}-s{j}' or s['category']!=c['category']: err.append('src id/cat '+cid)
        if s['id'] in ids: err.append('dup id '+s['id'])
        ids.add(s['id'])
        w=wc(s['content'])
        if not 5<=w<=35: err.append(f'A src words {w} {cid}')
        wcs[c['label']].append(w); texts.append(s['content'])
        if c['label']=='faithful':
            for n in nums(s['content']):
                if not num_present(n,c['merged']): err.append(f'number {n} missing in faithful merge {cid}: {c["merged"]}')
    texts.append(c['merged'])
dup=[t for t,v in collections.Counter(texts).items() if v>1]
for t in dup: err.append('duplicate text: '+t)
print('Part A labels:',dict(lab),'lossy kinds:',{k:v for k,v in kinds.items() if k},'faithful reword:',dict(rw),'lossy reword:',dict(rwl))
print('sources per case:',dict(ns),'domains:',len(doms),sorted(doms))
PROPER=set()
for c in A:
    for txt_ in [s_['content'] for s_ in c['sources']]+[c['merged']]:
        for w_ in txt_.split()[1:]:
            w_=re.sub(r"('s|[^\w'-])+$","",w_)
            if w_[:1].isupper(): PROPER.add(w_)
def register(c,s):
    t=s['content']; w=re.sub(r"('s|[^\w'-])+$","",t.split()[0])
    if re.match(r'(The user|User)\b',t): return 'user'
    if c['domain']=='software': return 'project'
    if w in PROPER or w in ('Dr.','Dr','Mrs.','Ms.','Mr.') or t.split()[0].endswith("'s") or t.split()[0].endswith(","): return 'named'
    TERSE=('Has','Was','Never','Only','Now','On','In','Self-employed',"Hasn't","Won't","Don't","Can't",'Keen','Nervous','Digital','Exam','Teaching','Account','Mostly')
    if not (w in TERSE or re.search(r'(s|ed|ing|d|t)$',w)): return 'named'
    if w in ('The','A','An','Any','Both','During','Until','Home','When','For','At','After','Internal','Customer','Model','Stripe'): return 'other-noun'
    return 'terse'
for L in ('faithful','lossy'):
    r=collections.Counter(register(c,s) for c in A if c['label']==L for s in c['sources'])
    print(L,'register (heuristic):',dict(r))
for L in ('faithful','lossy'):
    x=wcs[L]
    if x: print(f'{L}: n_sources={len(x)} mean_words={sum(x)/len(x):.2f} share>=18={sum(1 for w in x if w>=18)/len(x):.2%} min={min(x)} max={max(x)}')
STOP=set('the a an and of to in on for at with is are was be by from as it its their they them his her she he user users that this or not but so'.split())
def cw(t): return set(w.strip('.,;:()').lower() for w in t.split())-STOP
for L in ('faithful','lossy'):
    ov=[]; n3=0; nc=0
    for c in A:
        if c['label']!=L: continue
        nc+=1; n3+=len(c['sources'])==3
        ss=[cw(x['content']) for x in c['sources']]
        for i in range(len(ss)):
            for j in range(i+1,len(ss)):
                ov.append(len(ss[i]&ss[j])/len(ss[i]|ss[j]))
    print(f'{L}: mean pairwise source overlap (Jaccard, content words)={sum(ov)/len(ov):.3f}; 3-source share={n3/nc:.0%}')
hard=[r for r in B if r['kind']=='group' and r['difficulty']=='hard']; easy=[r for r in B if r['kind']=='group' and r['difficulty']=='easy']
def gov(g):
    m=[cw(x) for x in g['members']]; v=[len(m[i]&m[j])/len(m[i]|m[j]) for i in range(len(m)) for j in range(i+1,len(m))]; return sum(v)/len(v)
print(f'B group member overlap: easy={sum(map(gov,easy))/len(easy):.2f} hard={sum(map(gov,hard))/len(hard):.2f}')
if lab['faithful']!=120 or lab['lossy']!=72: print('  A counts not yet met')
print('ERRORS:',len(err))
for e in err: print(' ',e)
sys.exit(1 if err else 0)
