# Layout only: parses hand-written raw files, shuffles with a fixed seed, assigns ids.
import json, random, glob
def blocks(path):
    out=[]; cur=[]
    for line in open(path, encoding='utf-8'):
        line=line.rstrip('\n')
        if not line.strip():
            if cur: out.append(cur); cur=[]
        else: cur.append(line)
    if cur: out.append(cur)
    return out
# Part B
recs=[]
for f in sorted(glob.glob('raw_b*.txt')):
    for b in blocks(f):
        h=b[0].split()
        if h[0]=='G':
            recs.append({"kind":"group","difficulty":h[1],"domain":h[2],"split":"final","members":b[1:]})
        elif h[0]=='L':
            assert len(b)==3, b
            recs.append({"kind":"lookalike","differs":h[1],"domain":h[2],"split":"final","pair":b[1:]})
        elif h[0]=='F':
            for ln in b[1:]:
                d,t=ln.split(' | ',1)
                recs.append({"kind":"filler","domain":d.strip(),"split":"final","text":t.strip()})
random.Random(51).shuffle(recs)
n={"group":0,"lookalike":0,"filler":0}; pre={"group":"pg51","lookalike":"la51","filler":"f51"}
out=[]
for r in recs:
    n[r["kind"]]+=1
    rid="%s-%03d"%(pre[r["kind"]],n[r["kind"]])
    out.append(dict([("kind",r["kind"]),("id",rid)]+[(k,v) for k,v in r.items() if k!="kind"]))
with open('paraphrase_corpus_v51.jsonl','w',encoding='utf-8') as fh:
    for r in out: fh.write(json.dumps(r,ensure_ascii=False)+'\n')
# Part A
cases=[]
for f in sorted(glob.glob('raw_a*.txt')):
    for b in blocks(f):
        h=b[0].split()
        assert h[0]=='C', b
        label,kind,reword,domain,cat=h[1],h[2],h[3],h[4],h[5]
        srcs=[l[2:] for l in b if l.startswith('S ')]
        merged=[l[2:] for l in b if l.startswith('M ')]
        note=[l[2:] for l in b if l.startswith('N ')]
        assert len(merged)==1, b
        cases.append({"label":label,"kind":None if kind=='-' else kind,"reword":reword,"domain":domain,"category":cat,
                      "sources":srcs,"merged":merged[0],"note":note[0] if note else ""})
random.Random(5151).shuffle(cases)
with open('merge_corpus_v51.jsonl','w',encoding='utf-8') as fh:
    for i,c in enumerate(cases,1):
        cid="e51-%04d"%i
        rec={"case_id":cid,"sources":[{"id":"%s-s%d"%(cid,j),"content":s,"category":c["category"]} for j,s in enumerate(c["sources"],1)],
             "merged":c["merged"],"category":c["category"],"label":c["label"],"kind":c["kind"],"reword":c["reword"],
             "domain":c["domain"],"split":"final","note":c["note"]}
        fh.write(json.dumps(rec,ensure_ascii=False)+'\n')
print("built", len(out), "paraphrase records,", len(cases), "merge cases")
