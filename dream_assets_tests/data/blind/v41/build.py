# Layout only: reads hand-written raw files, shuffles with fixed seed, assigns ids, writes JSONL.
import json, random
def blocks(path):
    out=[]
    try: txt=open(path,encoding='utf-8').read()
    except FileNotFoundError: return out
    for b in txt.split('\n\n'):
        lines=[l for l in b.strip().split('\n') if l.strip() and not l.startswith('#')]
        if lines: out.append(lines)
    return out
# Part B
recs=[]
for b in blocks('raw_paraphrase.txt'):
    h=b[0].split(); t=h[0]
    if t=='G': recs.append({"kind":"group","difficulty":h[1],"domain":h[2],"split":"final","members":b[1:]})
    elif t=='L': recs.append({"kind":"lookalike","differs":h[1],"domain":h[2],"split":"final","pair":b[1:]})
    elif t=='F':
        for l in b[1:]:
            d,txt=l.split('|',1); recs.append({"kind":"filler","domain":d.strip(),"split":"final","text":txt.strip()})
random.Random(41).shuffle(recs)
c={"group":0,"lookalike":0,"filler":0}; pre={"group":"pg41","lookalike":"la41","filler":"f41"}
with open('paraphrase_corpus_v41.jsonl','w',encoding='utf-8') as f:
    for r in recs:
        c[r["kind"]]+=1; rid="%s-%03d"%(pre[r["kind"]],c[r["kind"]])
        r={"kind":r["kind"],"id":rid,**{k:v for k,v in r.items() if k!="kind"}}
        f.write(json.dumps(r,ensure_ascii=False)+'\n')
# Part A
cases=[]
for b in blocks('raw_merge.txt'):
    h=b[0].split(); _,label,kind,reword,domain,cat=h
    srcs=[l[2:].strip() for l in b[1:] if l.startswith('S ')]
    merged=[l[2:].strip() for l in b[1:] if l.startswith('M ')][0]
    note=[l[2:].strip() for l in b[1:] if l.startswith('N ')]
    cases.append(dict(label=label,kind=None if kind=='-' else kind,reword=reword,domain=domain,cat=cat,srcs=srcs,merged=merged,note=note[0] if note else ""))
random.Random(4141).shuffle(cases)
with open('merge_corpus_v41.jsonl','w',encoding='utf-8') as f:
    for i,c in enumerate(cases,1):
        cid="e41-%04d"%i
        r={"case_id":cid,"sources":[{"id":"%s-s%d"%(cid,j),"content":s,"category":c["cat"]} for j,s in enumerate(c["srcs"],1)],
           "merged":c["merged"],"category":c["cat"],"label":c["label"],"kind":c["kind"],"reword":c["reword"],
           "domain":c["domain"],"split":"final","note":c["note"]}
        f.write(json.dumps(r,ensure_ascii=False)+'\n')
print("built",len(recs),"paraphrase records,",len(cases),"merge cases")
