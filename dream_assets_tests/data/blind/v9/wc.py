import sys,re,glob
for f in sys.argv[1:]:
    n=[];L=[]
    for line in open(f):
        if line.startswith(('S:','A:','B:','G:','T:')):
            w=len(line[2:].split()); n.append(w)
            if line.startswith('S:') and (w<5 or w>35): print('BAD',w,line.strip())
    if n: print(f, len(n), 'mean %.1f'%(sum(n)/len(n)), 'share18 %.2f'%(sum(x>=18 for x in n)/len(n)))
