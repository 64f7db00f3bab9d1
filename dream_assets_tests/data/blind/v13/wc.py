import sys,re
# helper: print word counts of source lines in given raw files (layout check only)
for fn in sys.argv[1:]:
    n=0;tot=0;ge=0
    for line in open(fn):
        if line.startswith("s:"):
            w=len(line[2:].split()); n+=1; tot+=w; ge+= w>=18
            flag = " <--" if w<14 else ""
            print(w, line[2:60].strip()+flag) if w<14 else None
    print(fn, "sources",n,"mean",round(tot/n,2),"share>=18",round(ge/n,2))
