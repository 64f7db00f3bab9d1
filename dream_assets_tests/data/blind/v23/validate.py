import json, re, collections
W=lambda t: len(t.split())
err=[]
A=[json.loads(l) for l in open('merge_corpus_v23.jsonl',encoding='utf8')]
B=[json.loads(l) for l in open('paraphrase_corpus_v23.jsonl',encoding='utf8')]
ids=[r['case_id'] for r in A]+[s['id'] for r in A for s in r['sources']]+[r['id'] for r in B]
if len(ids)!=len(set(ids)): err.append('duplicate ids')
texts=[]
KINDS={None,'negation','quantity','dropped','detail','status','attribution'}
for r in A:
    for k in ['case_id','sources','merged','category','label','kind','reword','domain','split','note']:
        if k not in r: err.append(r.get('case_id','?')+' missing '+k)
    if r['label'] not in ('faithful','lossy') or r['kind'] not in KINDS or r['reword'] not in ('light','heavy') or r['split']!='final':
        err.append(r['case_id']+' bad enum')
    if (r['label']=='faithful')!=(r['kind'] is None): err.append(r['case_id']+' label/kind mismatch')
    if (r['label']=='faithful')!=(r['note']==''): err.append(r['case_id']+' note')
    if not 2<=len(r['sources'])<=3: err.append(r['case_id']+' n sources')
    for s in r['sources']:
        if s['category']!=r['category']: err.append(r['case_id']+' cat')
        if not 5<=W(s['content'])<=35: err.append(s['id']+' src len %d'%W(s['content']))
        texts.append(s['content'])
    texts.append(r['merged'])
    if r['label']=='faithful':
        NUMW={'one':'1','two':'2','three':'3','four':'4','five':'5','six':'6','seven':'7','eight':'8','nine':'9','ten':'10','twelve':'12','twice':'2','first':'1','second':'2','third':'3','fourth':'4','fortnight':'2','fortnightly':'2','dozen':'12','eleven':'11','fifteen':'15','twenty':'20','thirty':'30','forty':'40','fifty':'50','sixty':'60','ninety':'90','hundred':'100'}
        m=r['merged'].lower().replace(',','')
        mn=set(re.findall(r'\d+(?:\.\d+)?',m))|{v for k,v in NUMW.items() if re.search(r'\b'+k+r'\b',m)}
        for s in r['sources']:
            sl=s['content'].lower().replace(',','')
            for n in re.findall(r'\d+(?:\.\d+)?',sl):
                if n not in mn: err.append(r['case_id']+' number %s missing from merge'%n)
for r in B:
    if r['split']!='final': err.append(r['id']+' split')
    if r['kind']=='group':
        if not 2<=len(r['members'])<=4 or r['difficulty'] not in ('easy','hard'): err.append(r['id']+' group')
        t=r['members']
    elif r['kind']=='lookalike':
        if len(r['pair'])!=2 or r['differs'] not in 'name number date negation status place person object time'.split(): err.append(r['id']+' la')
        t=r['pair']
    else: t=[r['text']]
    for x in t:
        if not 5<=W(x)<=25: err.append(r['id']+' len %d'%W(x))
        texts.append(x)
d=[t for t,c in collections.Counter(texts).items() if c>1]
if d: err.append('duplicate texts: %r'%d)
lab=collections.Counter((r['label'],r['kind']) for r in A)
print('Part A cases:',len(A),dict(lab))
print('  faithful heavy:',sum(1 for r in A if r['label']=='faithful' and r['reword']=='heavy'),
      ' lossy heavy:',sum(1 for r in A if r['label']=='lossy' and r['reword']=='heavy'),
      ' 3-source cases:',sum(1 for r in A if len(r['sources'])==3))
for lbl in ('faithful','lossy'):
    ws=[W(s['content']) for r in A if r['label']==lbl for s in r['sources']]
    if ws and not (14<=sum(ws)/len(ws)<=20 and 3*sum(w>=18 for w in ws)>=len(ws)): err.append(lbl+' source length targets missed')
    if ws: print('  %s sources: n=%d mean words=%.1f share>=18=%.2f'%(lbl,len(ws),sum(ws)/len(ws),sum(w>=18 for w in ws)/len(ws)))
want={('faithful',None):120,**{('lossy',k):12 for k in KINDS if k}}
if dict(lab)!=want: err.append('Part A counts differ from brief')
print('Part B:',dict(collections.Counter(r['kind']+('/'+r['difficulty'] if r['kind']=='group' else '') for r in B)))
print('  lookalike differs:',dict(collections.Counter(r['differs'] for r in B if r['kind']=='lookalike')))
cb=collections.Counter(r['kind']+('/'+r['difficulty'] if r['kind']=='group' else '') for r in B)
if cb!={'group/easy':12,'group/hard':20,'lookalike':27,'filler':40} or set(collections.Counter(r['differs'] for r in B if r['kind']=='lookalike').values())!={3}: err.append('Part B counts differ from brief')
print('ERRORS:',len(err)); [print(' ',e) for e in err]
