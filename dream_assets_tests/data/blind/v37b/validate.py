import json, re, sys, collections, os
errs=[]
def wc(t): return len(t.split())
# Part B
B=[json.loads(l) for l in open('paraphrase_corpus_v37b.jsonl')]
ids=[r["id"] for r in B]; 
if len(ids)!=len(set(ids)): errs.append("dup B ids")
c=collections.Counter((r["kind"],r.get("difficulty")) for r in B)
dif=collections.Counter(r["differs"] for r in B if r["kind"]=="lookalike")
texts=[]
for r in B:
    if r["split"]!="final": errs.append("split "+r["id"])
    if r["kind"]=="group":
        if not 2<=len(r["members"])<=4: errs.append("members "+r["id"])
        texts+=r["members"]
    elif r["kind"]=="lookalike":
        if len(r["pair"])!=2: errs.append("pair "+r["id"])
        if r["differs"] not in "name number date negation status place person object time".split(): errs.append("differs "+r["id"])
        texts+=r["pair"]
    else: texts.append(r["text"])
for t in texts:
    if not 5<=wc(t)<=25: errs.append("B wc %d: %s"%(wc(t),t))
dups=[t for t,n in collections.Counter(texts).items() if n>1]
if dups: errs.append("B dup texts %s"%dups)
print("Part B:", dict(c), "differs:", dict(dif))
# Part A
A=[json.loads(l) for l in open('merge_corpus_v37b.jsonl')] if os.path.exists('merge_corpus_v37b.jsonl') else []
ids=[r["case_id"] for r in A]
if len(ids)!=len(set(ids)): errs.append("dup A ids")
lab=collections.Counter((r["label"],r["kind"]) for r in A)
rw=collections.Counter((r["label"],r["reword"]) for r in A)
nsrc=collections.Counter(len(r["sources"]) for r in A)
atexts=[]
NUMW="one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred half".split()
numwords={w:i for i,w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
stats={"faithful":[], "lossy":[]}
for r in A:
    keys=set(r)-{"case_id","sources","merged","category","label","kind","reword","domain","split","note"}
    if keys: errs.append("extra keys "+r["case_id"])
    if r["label"]=="faithful" and (r["kind"] is not None or r["note"]!=""): errs.append("faithful kind/note "+r["case_id"])
    if r["label"]=="lossy" and (r["kind"] not in ["negation","quantity","dropped","detail","status","attribution"] or not r["note"]): errs.append("lossy kind/note "+r["case_id"])
    if r["reword"] not in ("light","heavy"): errs.append("reword "+r["case_id"])
    if not 2<=len(r["sources"])<=3: errs.append("nsrc "+r["case_id"])
    for s in r["sources"]:
        if s["category"]!=r["category"]: errs.append("cat "+r["case_id"])
        n=wc(s["content"])
        if not 5<=n<=35: errs.append("A src wc %d %s"%(n,r["case_id"]))
        stats[r["label"]].append(n)
        atexts.append(s["content"])
    atexts.append(r["merged"])
    if r["label"]=="faithful":
        m=r["merged"].lower().replace(",","")
        for s in r["sources"]:
            for num in re.findall(r"\d+(?:[.:]\d+)?", s["content"].replace(",","")):
                alt=[num]
                try:
                    v=int(num); alt+= [w for w,i in numwords.items() if i==v]
                except: pass
                if not any(re.search(r"(?<![\d.])"+re.escape(x)+r"(?![\d])", m) if x[0].isdigit() else re.search(r"\b"+x+r"\b", m) for x in alt):
                    errs.append("faithful number %s missing in merge %s"%(num,r["case_id"]))
dups=[t for t,n in collections.Counter(atexts).items() if n>1]
if dups: errs.append("A dup texts %s"%dups)
print("Part A: cases", len(A), "labels/kinds", dict(lab)); print("reword", dict(rw)); print("n sources", dict(nsrc))
for k,v in stats.items():
    if v: print("  %s sources: n=%d mean words=%.2f share>=18=%.2f min=%d max=%d"%(k,len(v),sum(v)/len(v),sum(x>=18 for x in v)/len(v),min(v),max(v)))
print("ERRORS:" if errs else "OK, no errors", *errs, sep="\n")
