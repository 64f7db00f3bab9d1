# Layout only: parses hand-written raw files, shuffles with fixed seed, assigns ids.
import json, random, glob
def wc(s): return len(s.split())
# Part B
recs=[]
for fn in sorted(glob.glob('raw_b_*.txt')):
    for line in open(fn):
        line=line.strip()
        if not line or line.startswith('#'): continue
        p=line.split('|',3)
        if p[0]=='G':
            recs.append({"kind":"group","difficulty":p[1],"domain":p[2],"split":"final","members":[m.strip() for m in p[3].split('||')]})
        elif p[0]=='L':
            a,b=[m.strip() for m in p[3].split('||')]
            recs.append({"kind":"lookalike","differs":p[1],"domain":p[2],"split":"final","pair":[a,b]})
        elif p[0]=='F':
            recs.append({"kind":"filler","domain":p[1],"split":"final","text":(p[2]+('|'+p[3] if len(p)>3 else '')).strip()})
random.Random(3030).shuffle(recs)
c={'group':0,'lookalike':0,'filler':0}
out=[]
for r in recs:
    c[r['kind']]+=1
    pre={'group':'pg30','lookalike':'la30','filler':'f30'}[r['kind']]
    d={"kind":r['kind'],"id":f"{pre}-{c[r['kind']]:03d}"}; d.update({k:v for k,v in r.items() if k!='kind'})
    out.append(d)
with open('paraphrase_corpus_v30b.jsonl','w') as f:
    for d in out: f.write(json.dumps(d,ensure_ascii=False)+'\n')
# Part A
cases=[]
for fn in sorted(glob.glob('raw_a_*.txt')):
    for blk in open(fn).read().split('\n\n'):
        lines=[l for l in blk.strip().split('\n') if l.strip() and not l.startswith('#')]
        if not lines: continue
        h=lines[0].split('|')
        assert h[0]=='C', blk
        label,kind,reword,domain,cat=h[1:6]
        srcs=[l[2:].strip() for l in lines if l.startswith('S:')]
        m=[l[2:].strip() for l in lines if l.startswith('M:')]
        n=[l[2:].strip() for l in lines if l.startswith('N:')]
        assert len(m)==1, blk
        cases.append(dict(label=label,kind=None if kind=='-' else kind,reword=reword,domain=domain,category=cat,srcs=srcs,merged=m[0],note=n[0] if n else ''))
random.Random(3031).shuffle(cases)
with open('merge_corpus_v30b.jsonl','w') as f:
    for i,c in enumerate(cases,1):
        cid=f"e30-{i:04d}"
        d={"case_id":cid,"sources":[{"id":f"{cid}-s{j}","content":s,"category":c['category']} for j,s in enumerate(c['srcs'],1)],
           "merged":c['merged'],"category":c['category'],"label":c['label'],"kind":c['kind'],"reword":c['reword'],
           "domain":c['domain'],"split":"final","note":c['note'] if c['label']=='lossy' else ""}
        f.write(json.dumps(d,ensure_ascii=False)+'\n')
print('built', len(out), 'B records,', len(cases), 'A cases')
