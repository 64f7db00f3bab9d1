import json, random
R='raw/'
def part_b():
    recs=[]
    for line in open(R+'partb.txt',encoding='utf8'):
        line=line.strip()
        if not line: continue
        p=line.split('|',3)
        if p[0]=='G':
            recs.append({"kind":"group","difficulty":p[1],"domain":p[2],"split":"final","members":[m.strip() for m in p[3].split(' || ')]})
        elif p[0]=='L':
            a,b=[m.strip() for m in p[3].split(' || ')]
            recs.append({"kind":"lookalike","differs":p[1],"domain":p[2],"split":"final","pair":[a,b]})
        elif p[0]=='F':
            d,t=line.split('|',2)[1:]
            recs.append({"kind":"filler","domain":d,"split":"final","text":t.strip()})
    random.Random(23).shuffle(recs)
    n={'group':0,'lookalike':0,'filler':0}; pre={'group':'pg23','lookalike':'la23','filler':'f23'}
    out=[]
    for r in recs:
        n[r['kind']]+=1
        out.append({"kind":r['kind'],"id":"%s-%03d"%(pre[r['kind']],n[r['kind']]),**{k:v for k,v in r.items() if k!='kind'}})
    with open('paraphrase_corpus_v23.jsonl','w',encoding='utf8') as f:
        for r in out: f.write(json.dumps(r,ensure_ascii=False)+'\n')
def part_a():
    cases=[]
    for block in open(R+'parta.txt',encoding='utf8').read().split('\n\n'):
        lines=[l for l in block.strip().split('\n') if l.strip()]
        if not lines: continue
        _,label,kind,reword,domain,cat=lines[0].split('|')
        srcs=[l[2:].strip() for l in lines if l.startswith('S|')]
        merged=[l[2:].strip() for l in lines if l.startswith('M|')][0]
        note=[l[2:].strip() for l in lines if l.startswith('N|')][0]
        cases.append(dict(label=label,kind=None if kind=='-' else kind,reword=reword,domain=domain,cat=cat,srcs=srcs,merged=merged,note=note))
    random.Random(2323).shuffle(cases)
    with open('merge_corpus_v23.jsonl','w',encoding='utf8') as f:
        for i,c in enumerate(cases,1):
            cid="e23-%04d"%i
            r={"case_id":cid,"sources":[{"id":"%s-s%d"%(cid,j),"content":s,"category":c['cat']} for j,s in enumerate(c['srcs'],1)],
               "merged":c['merged'],"category":c['cat'],"label":c['label'],"kind":c['kind'],"reword":c['reword'],
               "domain":c['domain'],"split":"final","note":c['note']}
            f.write(json.dumps(r,ensure_ascii=False)+'\n')
part_b(); part_a()
