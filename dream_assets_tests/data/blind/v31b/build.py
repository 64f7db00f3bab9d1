# layout only: parse hand-written raw files, shuffle with fixed seed, assign ids
import json, random, glob
def part_b():
    recs=[]
    for fn in sorted(glob.glob('raw_b*.txt')):
        for line in open(fn):
            line=line.strip()
            if not line or line.startswith('#'): continue
            p=line.split('|',3)
            if p[0]=='G':
                recs.append({"kind":"group","difficulty":p[1],"domain":p[2],"split":"final","members":[m.strip() for m in p[3].split(' // ')]})
            elif p[0]=='L':
                a,b=[m.strip() for m in p[3].split(' // ')]
                recs.append({"kind":"lookalike","differs":p[1],"domain":p[2],"split":"final","pair":[a,b]})
            elif p[0]=='F':
                recs.append({"kind":"filler","domain":p[1],"split":"final","text":p[2].strip() if len(p)==3 else (p[2]+'|'+p[3]).strip()})
    random.Random(31).shuffle(recs)
    c={'group':0,'lookalike':0,'filler':0}; pre={'group':'pg31','lookalike':'la31','filler':'f31'}
    out=[]
    for r in recs:
        c[r['kind']]+=1
        d={"kind":r['kind'],"id":"%s-%03d"%(pre[r['kind']],c[r['kind']])}; d.update({k:v for k,v in r.items() if k!='kind'})
        out.append(d)
    with open('paraphrase_corpus_v31b.jsonl','w') as f:
        for d in out: f.write(json.dumps(d,ensure_ascii=False)+'\n')
def part_a():
    cases=[]
    for fn in sorted(glob.glob('raw_a*.txt')):
        for block in open(fn).read().split('\n\n'):
            lines=[l for l in block.strip().split('\n') if l.strip() and not l.startswith('#')]
            if not lines: continue
            label,kind,reword,domain,cat=[x.strip() for x in lines[0].split('|')]
            srcs=[l[2:].strip() for l in lines if l.startswith('S:')]
            merged=[l[2:].strip() for l in lines if l.startswith('M:')][0]
            note=([l[2:].strip() for l in lines if l.startswith('N:')] or [''])[0]
            cases.append(dict(label=label,kind=None if kind=='-' else kind,reword=reword,domain=domain,category=cat,srcs=srcs,merged=merged,note=note))
    random.Random(3131).shuffle(cases)
    with open('merge_corpus_v31b.jsonl','w') as f:
        for i,c in enumerate(cases,1):
            cid="e31-%04d"%i
            d={"case_id":cid,"sources":[{"id":"%s-s%d"%(cid,j),"content":s,"category":c['category']} for j,s in enumerate(c['srcs'],1)],
               "merged":c['merged'],"category":c['category'],"label":c['label'],"kind":c['kind'],"reword":c['reword'],
               "domain":c['domain'],"split":"final","note":c['note']}
            f.write(json.dumps(d,ensure_ascii=False)+'\n')
part_b(); part_a()
