import json, re, collections, statistics
W=lambda t: len(t.split())
err=[]
def chk(c,m):
    if not c: err.append(m)
# Part B
ids=set(); texts=collections.Counter(); cnt=collections.Counter()
pb=[json.loads(l) for l in open('paraphrase_corpus_v51.jsonl',encoding='utf-8')]
for r in pb:
    chk(r["id"] not in ids, "dup id "+r["id"]); ids.add(r["id"])
    chk(r.get("split")=="final", "split "+r["id"]); chk(r.get("domain"), "domain "+r["id"])
    if r["kind"]=="group":
        chk(r["difficulty"] in ("easy","hard"), "diff "+r["id"]); chk(2<=len(r["members"])<=4, "members "+r["id"])
        cnt["group_"+r["difficulty"]]+=1; ts=r["members"]
        chk(re.fullmatch(r"pg51-\d{3}",r["id"]), "idfmt "+r["id"])
    elif r["kind"]=="lookalike":
        chk(r["differs"] in "name number date negation status place person object time".split(), "differs "+r["id"])
        chk(len(r["pair"])==2, "pair "+r["id"]); cnt["lookalike"]+=1; cnt["la_"+r["differs"]]+=1; ts=r["pair"]
        chk(re.fullmatch(r"la51-\d{3}",r["id"]), "idfmt "+r["id"])
    elif r["kind"]=="filler":
        cnt["filler"]+=1; ts=[r["text"]]; chk(re.fullmatch(r"f51-\d{3}",r["id"]), "idfmt "+r["id"])
    else: err.append("kind "+str(r))
    for t in ts:
        texts[t]+=1; chk(5<=W(t)<=25, "B words %d %s: %s"%(W(t),r["id"],t))
for t,c in texts.items(): chk(c==1, "B dup text: "+t)
print("Part B:", dict(sorted(cnt.items())))
# Part A
KINDS=["negation","quantity","dropped","detail","status","attribution"]
pa=[json.loads(l) for l in open('merge_corpus_v51.jsonl',encoding='utf-8')]
ac=collections.Counter(); cids=set(); atexts=collections.Counter(); nsrc=collections.Counter()
wl={"faithful":[], "lossy":[]}
numre=re.compile(r"\d+(?:[.,]\d+)*")
for c in pa:
    cid=c["case_id"]; chk(re.fullmatch(r"e51-\d{4}",cid), "cid "+cid); chk(cid not in cids,"dup "+cid); cids.add(cid)
    chk(set(c)=={"case_id","sources","merged","category","label","kind","reword","domain","split","note"}, "keys "+cid)
    chk(c["label"] in ("faithful","lossy"), "label "+cid); chk(c["reword"] in ("light","heavy"), "reword "+cid)
    chk(c["split"]=="final","split "+cid); chk("/" in c["category"], "category "+cid)
    chk(2<=len(c["sources"])<=3, "nsrc "+cid); nsrc[len(c["sources"])]+=1
    for j,s in enumerate(c["sources"],1):
        chk(s["id"]==f"{cid}-s{j}", "sid "+cid); chk(s["category"]==c["category"], "scat "+cid)
        chk(5<=W(s["content"])<=35, "A src words %d %s"%(W(s["content"]),cid)); atexts[s["content"]]+=1
        wl[c["label"]].append(W(s["content"]))
    atexts[c["merged"]]+=1
    if c["label"]=="faithful":
        chk(c["kind"] is None and c["note"]=="", "faithful kind/note "+cid); ac["faithful"]+=1; ac["faithful_"+c["reword"]]+=1
        mnums=set(n.replace(",","") for n in numre.findall(c["merged"]))
        for s in c["sources"]:
            for n in numre.findall(s["content"]):
                chk(n.replace(",","") in mnums, "number %s missing in merge %s"%(n,cid))
    else:
        chk(c["kind"] in KINDS and c["note"], "lossy kind/note "+cid); ac["lossy_"+str(c["kind"])]+=1; ac["lossy_"+c["reword"]]+=1
for t,n in atexts.items(): chk(n==1, "A dup text: "+t)
print("Part A:", dict(sorted(ac.items())), "sources per case:", dict(nsrc))
for lab in ("faithful","lossy"):
    L=wl[lab]
    if L: print(f"  {lab}: {len(L)} sources, mean words {statistics.mean(L):.2f}, share >=18 words {sum(x>=18 for x in L)/len(L):.2f}")
print("ERRORS:", len(err)); [print("  ",e) for e in err[:40]]
