# Layout only: parses hand-written raw files, shuffles with fixed seed, assigns ids.
import json, random, glob
def part_b():
    recs=[]
    for line in open('raw_b.txt'):
        line=line.strip()
        if not line or line.startswith('#'): continue
        p=line.split('|',3)
        if p[0]=='G':
            recs.append({"kind":"group","difficulty":p[1],"domain":p[2],"split":"final","members":[m.strip() for m in p[3].split(' || ')]})
        elif p[0]=='L':
            a,b=[m.strip() for m in p[3].split(' || ')]
            recs.append({"kind":"lookalike","differs":p[1],"domain":p[2],"split":"final","pair":[a,b]})
        elif p[0]=='F':
            recs.append({"kind":"filler","domain":p[1],"split":"final","text":'|'.join(p[2:]).strip()})
    random.Random(27).shuffle(recs)
    c={'group':0,'lookalike':0,'filler':0}; pre={'group':'pg27','lookalike':'la27','filler':'f27'}
    out=[]
    for r in recs:
        c[r['kind']]+=1
        r2={"kind":r['kind'],"id":"%s-%03d"%(pre[r['kind']],c[r['kind']])}; r2.update({k:v for k,v in r.items() if k!='kind'})
        out.append(r2)
    with open('paraphrase_corpus_v27.jsonl','w') as f:
        for r in out: f.write(json.dumps(r,ensure_ascii=False)+'\n')
def part_a():
    cases=[]
    for fn in sorted(glob.glob('raw_a_*.txt')):
        for block in open(fn).read().split('\n\n'):
            lines=[l for l in block.strip().split('\n') if l.strip() and not l.startswith('#')]
            if not lines: continue
            h=lines[0].split('|')
            assert h[0]=='C',(fn,lines[0])
            label,kind,reword,domain,cat=h[1:6]
            srcs=[l[2:].strip() for l in lines if l.startswith('S:')]
            merged=[l[2:].strip() for l in lines if l.startswith('M:')]
            note=[l[2:].strip() for l in lines if l.startswith('N:')]
            assert len(merged)==1,(fn,lines)
            cases.append(dict(label=label,kind=None if kind=='-' else kind,reword=reword,domain=domain,category=cat,srcs=srcs,merged=merged[0],note=note[0] if note else ""))
    random.Random(2727).shuffle(cases)
    with open('merge_corpus_v27.jsonl','w') as f:
        for i,c in enumerate(cases,1):
            cid="e27-%04d"%i
            r={"case_id":cid,"sources":[{"id":"%s-s%d"%(cid,j),"content":s,"category":c['category']} for j,s in enumerate(c['srcs'],1)],
               "merged":c['merged'],"category":c['category'],"label":c['label'],"kind":c['kind'],"reword":c['reword'],
               "domain":c['domain'],"split":"final","note":c['note']}
            f.write(json.dumps(r,ensure_ascii=False)+'\n')
part_b()
import os
if glob.glob('raw_a_*.txt'): part_a()
