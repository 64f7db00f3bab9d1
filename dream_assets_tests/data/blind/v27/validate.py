import json, re, collections, os
wc=lambda s: len(s.split())
errs=[]
# Part B
B=[json.loads(l) for l in open('paraphrase_corpus_v27.jsonl')]
ids=[r['id'] for r in B]; 
if len(ids)!=len(set(ids)): errs.append('dup ids B')
cnt=collections.Counter(); texts=[]
dif=collections.Counter()
for r in B:
    assert r['split']=='final'
    if r['kind']=='group':
        cnt['group_'+r['difficulty']]+=1; t=r['members']
        if not 2<=len(t)<=4: errs.append('group size '+r['id'])
    elif r['kind']=='lookalike':
        cnt['lookalike']+=1; t=r['pair']; dif[r['differs']]+=1
    else: cnt['filler']+=1; t=[r['text']]
    for x in t:
        if not 5<=wc(x)<=25: errs.append('B wc %s %d %s'%(r['id'],wc(x),x))
        texts.append(x)
d=[t for t,c in collections.Counter(texts).items() if c>1]
if d: errs.append('B dup text %s'%d)
print('Part B counts:',dict(cnt)); print('lookalike differs:',dict(dif))
# Part A
if os.path.exists('merge_corpus_v27.jsonl'):
    A=[json.loads(l) for l in open('merge_corpus_v27.jsonl')]
    ids=[a['case_id'] for a in A]
    if len(ids)!=len(set(ids)): errs.append('dup ids A')
    keys={"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
    lab=collections.Counter(); kinds=collections.Counter(); rw=collections.Counter(); ns=collections.Counter(); doms=set()
    wcs={'faithful':[],'lossy':[]}; alltext=[]
    numw='zero one two three four five six seven eight nine ten eleven twelve'.split()
    for a in A:
        if set(a)!=keys: errs.append('keys '+a['case_id'])
        lab[a['label']]+=1; rw[(a['label'],a['reword'])]+=1; ns[len(a['sources'])]+=1; doms.add(a['domain'])
        if a['label']=='faithful':
            if a['kind'] is not None or a['note']!='': errs.append('faithful kind/note '+a['case_id'])
        else:
            kinds[a['kind']]+=1
            if not a['note']: errs.append('lossy no note '+a['case_id'])
        for s in a['sources']:
            if s['category']!=a['category']: errs.append('cat '+a['case_id'])
            n=wc(s['content']); wcs[a['label']].append(n)
            if not 5<=n<=35: errs.append('A wc %s %d'%(a['case_id'],n))
            alltext.append(s['content'])
        alltext.append(a['merged'])
        if a['label']=='faithful':
            m=a['merged'].lower().replace(',','')
            for s in a['sources']:
                for num in re.findall(r'\d+(?:[.,:]\d+)*',s['content']):
                    nn=num.replace(',','')
                    w=numw[int(nn)] if nn.isdigit() and int(nn)<=12 else None
                    if nn not in m and not (w and re.search(r'\b'+w+r'\b',m)):
                        errs.append('faithful number %s missing in merge %s'%(num,a['case_id']))
    d=[t for t,c in collections.Counter(alltext).items() if c>1]
    if d: errs.append('A dup text %s'%d)
    print('Part A labels:',dict(lab)); print('lossy kinds:',dict(kinds)); print('reword:',dict(rw)); print('n sources:',dict(ns)); print('domains:',len(doms))
    for k,v in wcs.items():
        if v: print('%s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d'%(k,len(v),sum(v)/len(v),sum(x>=18 for x in v)/len(v),min(v),max(v)))
print('ERRORS:' if errs else 'OK', *errs, sep='\n')
