import json, re, sys, collections
errs=[]
def wc(s): return len(s.split())
W2N={'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10,'eleven':11,'twelve':12,
 'fifteen':15,'twenty':20,'thirty':30,'forty':40,'fifty':50,'sixty':60,'hundred':100,'half':0.5,'once':1,'twice':2,'dozen':12}
def nums(s):
    out=set(); s=re.sub(r'(?i)\bno one\b','nobody',s)
    for m in re.findall(r'\d[\d,]*\.?\d*',s):
        m=m.replace(',','').rstrip('.')
        try: out.add(float(m))
        except: pass
    for w in re.findall(r'[a-z]+',s.lower()):
        if w in W2N: out.add(float(W2N[w]))
    return out
def numforms(s):
    base=nums(s); ext=set(base)
    for m in re.findall(r'(\d+(?:\.\d+)?)\s*[kK]\b',s): ext.add(float(m)*1000)
    for m in re.findall(r'(\d+(?:\.\d+)?)\s*(?:m|million)\b',s): ext.add(float(m)*1e6)
    for h in re.findall(r'\b(\d{1,2}):\d\d\b',s):
        if 12<int(h)<24: ext.add(float(int(h)-12))   # 17:00 == 5 p.m.
    words=set(re.findall(r"[a-z]+",s.lower()))
    if words & {'a','an','single','once','sole','alone'}: ext.add(1.0)   # "one" as article/pronoun
    if words & {'pair','both','couple','twin','twins','twice'}: ext.add(2.0)
    if words & {'half'} or re.search(r'\b30[- ]min',s): ext.add(0.5)
    if words & {'quarterly','quarter'}: ext.add(3.0)          # every three months
    if words & {'fortnightly','alternate'}: ext.add(2.0)      # every second/other week
    if words & {'weekly','daily','monthly','quarterly','annual','yearly','nightly'}: ext.add(1.0)
    return ext
# Part B
ids=set(); texts=[]; cnt=collections.Counter(); diffs=collections.Counter()
for ln,line in enumerate(open('paraphrase_corpus_v41.jsonl',encoding='utf-8'),1):
    r=json.loads(line)
    if r.get('split')!='final': errs.append(f"B{ln} split")
    if r['id'] in ids: errs.append(f"B dup id {r['id']}")
    ids.add(r['id'])
    k=r['kind']
    if k=='group':
        cnt['group_'+r['difficulty']]+=1
        if not 2<=len(r['members'])<=4: errs.append(f"{r['id']} members")
        t=r['members']
        if set(r)!={'kind','id','difficulty','domain','split','members'}: errs.append(f"{r['id']} keys")
    elif k=='lookalike':
        cnt['lookalike']+=1; diffs[r['differs']]+=1; t=r['pair']
        if len(t)!=2: errs.append(f"{r['id']} pair")
        if r['differs'] not in {'name','number','date','negation','status','place','person','object','time'}: errs.append(f"{r['id']} differs")
    elif k=='filler': cnt['filler']+=1; t=[r['text']]
    else: errs.append(f"B{ln} kind")
    for x in t:
        if not 5<=wc(x)<=25: errs.append(f"{r['id']} words {wc(x)}: {x}")
        texts.append(x)
dups=[x for x,c in collections.Counter(texts).items() if c>1]
if dups: errs.append(f"B duplicate texts {dups}")
print("Part B:",dict(cnt),"differs:",dict(diffs))
exp={'group_easy':12,'group_hard':20,'lookalike':27,'filler':40}
for k,v in exp.items():
    if cnt[k]!=v: print(f"  count {k}: {cnt[k]} (target {v})")
if any(v!=3 for v in diffs.values()) or len(diffs)!=9: print("  differs not 3 each")
# Part A
ids=set(); texts=[]; cnt=collections.Counter(); rw=collections.Counter(); nsrc=collections.Counter(); doms=set()
wl={'faithful':[], 'lossy':[]}
for ln,line in enumerate(open('merge_corpus_v41.jsonl',encoding='utf-8'),1):
    r=json.loads(line)
    keys={'case_id','sources','merged','category','label','kind','reword','domain','split','note'}
    if set(r)!=keys: errs.append(f"A{ln} keys")
    cid=r['case_id']
    if cid in ids: errs.append(f"dup {cid}")
    ids.add(cid)
    if not re.fullmatch(r'e41-\d{4}',cid): errs.append(f"{cid} id")
    if r['split']!='final': errs.append(f"{cid} split")
    lab=r['label']; kind=r['kind']
    if lab=='faithful':
        if kind is not None or r['note']!='': errs.append(f"{cid} faithful kind/note")
        cnt['faithful']+=1
    elif lab=='lossy':
        if kind not in {'negation','quantity','dropped','detail','status','attribution'} or not r['note']: errs.append(f"{cid} lossy kind/note")
        cnt['lossy_'+str(kind)]+=1
    else: errs.append(f"{cid} label")
    rw[(lab,r['reword'])]+=1; nsrc[len(r['sources'])]+=1; doms.add(r['domain'])
    if r['reword'] not in {'light','heavy'}: errs.append(f"{cid} reword")
    if not 2<=len(r['sources'])<=3: errs.append(f"{cid} nsrc")
    for j,s in enumerate(r['sources'],1):
        if s['id']!=f"{cid}-s{j}" or s['category']!=r['category']: errs.append(f"{cid} src id/cat")
        n=wc(s['content'])
        if not 5<=n<=35: errs.append(f"{cid} src words {n}")
        wl[lab].append(n); texts.append(s['content'])
    texts.append(r['merged'])
    if lab=='faithful':
        mf=numforms(r['merged'])
        for s in r['sources']:
            for x in nums(s['content']):
                if x not in mf: errs.append(f"{cid} number {x} of source missing in merge")
dups=[x for x,c in collections.Counter(texts).items() if c>1]
if dups: errs.append(f"A duplicate texts {dups}")
print("Part A:",dict(cnt))
print("  reword:",dict(rw)," n_sources:",dict(nsrc)," domains:",len(doms))
for lab in ('faithful','lossy'):
    L=wl[lab]
    if L: print(f"  {lab}: sources={len(L)} mean words={sum(L)/len(L):.2f} share>=18={sum(1 for x in L if x>=18)/len(L):.2%}")
if errs:
    print("ERRORS:"); [print(" ",e) for e in errs]; sys.exit(1)
print("OK")
