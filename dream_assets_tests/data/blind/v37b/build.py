# layout only: parse raw hand-written files, shuffle with fixed seed, assign ids
import json, random
def parse_b(path):
    recs=[]
    for line in open(path):
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
    return recs
def parse_a(path):
    cases=[];cur=None
    for line in open(path):
        line=line.rstrip('\n')
        if not line.strip() or line.startswith('#'): continue
        if line.startswith('C|'):
            _,label,kind,reword,domain,cat=line.split('|')
            cur={"label":label,"kind":None if kind=='-' else kind,"reword":reword,"domain":domain,"category":cat,"src":[],"merged":None,"note":""}
            cases.append(cur)
        elif line.startswith('S: '): cur["src"].append(line[3:].strip())
        elif line.startswith('M: '): cur["merged"]=line[3:].strip()
        elif line.startswith('N: '): cur["note"]=line[3:].strip()
        else: raise SystemExit("bad line: "+line)
    return cases
b=[]
import glob
for f in sorted(glob.glob('raw_b*.txt')): b+=parse_b(f)
random.Random(37).shuffle(b)
cnt={"group":0,"lookalike":0,"filler":0}
pre={"group":"pg37","lookalike":"la37","filler":"f37"}
with open('paraphrase_corpus_v37b.jsonl','w') as out:
    for r in b:
        cnt[r["kind"]]+=1
        r={"kind":r["kind"],"id":"%s-%03d"%(pre[r["kind"]],cnt[r["kind"]]),**{k:v for k,v in r.items() if k!="kind"}}
        out.write(json.dumps(r,ensure_ascii=False)+"\n")
a=[]
for f in sorted(glob.glob('raw_a*.txt')): a+=parse_a(f)
random.Random(3737).shuffle(a)
with open('merge_corpus_v37b.jsonl','w') as out:
    for i,c in enumerate(a,1):
        cid="e37-%04d"%i
        rec={"case_id":cid,"sources":[{"id":"%s-s%d"%(cid,j),"content":s,"category":c["category"]} for j,s in enumerate(c["src"],1)],
             "merged":c["merged"],"category":c["category"],"label":c["label"],"kind":c["kind"],"reword":c["reword"],
             "domain":c["domain"],"split":"final","note":c["note"] if c["label"]=="lossy" else ""}
        out.write(json.dumps(rec,ensure_ascii=False)+"\n")
print("built", len(b), "B records,", len(a), "A cases")
