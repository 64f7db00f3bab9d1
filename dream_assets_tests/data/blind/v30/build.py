# Layout only: parse hand-written raw files, shuffle with fixed seed, assign ids.
import json, random
def parse_b():
    recs=[]
    for line in open('raw_paraphrase.txt',encoding='utf-8'):
        line=line.strip()
        if not line or line.startswith('#'): continue
        p=line.split('|',3)
        if p[0]=='G':
            recs.append({"kind":"group","difficulty":p[1],"domain":p[2],"split":"final","members":[m.strip() for m in p[3].split(' || ')]})
        elif p[0]=='L':
            a,b=[m.strip() for m in p[3].split(' || ')]
            recs.append({"kind":"lookalike","differs":p[1],"domain":p[2],"split":"final","pair":[a,b]})
        elif p[0]=='F':
            t=line.split('|',2)
            recs.append({"kind":"filler","domain":t[1],"split":"final","text":t[2].strip()})
    random.Random(3030).shuffle(recs)
    c={"group":0,"lookalike":0,"filler":0}; pre={"group":"pg30","lookalike":"la30","filler":"f30"}
    out=[]
    for r in recs:
        c[r["kind"]]+=1
        d={"kind":r["kind"],"id":"%s-%03d"%(pre[r["kind"]],c[r["kind"]])}
        d.update({k:v for k,v in r.items() if k!="kind"})
        out.append(d)
    with open('paraphrase_corpus_v30.jsonl','w',encoding='utf-8') as f:
        for d in out: f.write(json.dumps(d,ensure_ascii=False)+'\n')
def parse_a():
    cases=[]; cur=None
    for line in open('raw_merge.txt',encoding='utf-8'):
        line=line.rstrip('\n')
        if line.startswith('#'): continue
        if line.startswith('C|'):
            _,label,kind,reword,domain,cat=line.split('|')
            cur={"label":label,"kind":None if kind=='-' else kind,"reword":reword,"domain":domain,"category":cat,"sources":[],"merged":None,"note":""}
            cases.append(cur)
        elif line.startswith('S: '): cur["sources"].append(line[3:].strip())
        elif line.startswith('M: '): cur["merged"]=line[3:].strip()
        elif line.startswith('N: '): cur["note"]=line[3:].strip()
    random.Random(3031).shuffle(cases)
    with open('merge_corpus_v30.jsonl','w',encoding='utf-8') as f:
        for i,c in enumerate(cases,1):
            cid="e30-%04d"%i
            d={"case_id":cid,"sources":[{"id":"%s-s%d"%(cid,j),"content":s,"category":c["category"]} for j,s in enumerate(c["sources"],1)],
               "merged":c["merged"],"category":c["category"],"label":c["label"],"kind":c["kind"],"reword":c["reword"],
               "domain":c["domain"],"split":"final","note":c["note"]}
            f.write(json.dumps(d,ensure_ascii=False)+'\n')
import os
if os.path.exists('raw_paraphrase.txt'): parse_b()
if os.path.exists('raw_merge.txt'): parse_a()
