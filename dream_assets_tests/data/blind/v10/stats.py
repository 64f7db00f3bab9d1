import json, sys
from collections import defaultdict
d = defaultdict(list)
for l in open('merge_corpus_v10.jsonl'):
    r = json.loads(l)
    for s in r['sources']:
        d[r['label']].append(len(s['content'].split()))
        if len(sys.argv) > 1 and r['label'] == sys.argv[1] and len(s['content'].split()) < int(sys.argv[2]):
            print(len(s['content'].split()), s['content'])
for k, v in d.items():
    print(k, len(v), round(sum(v)/len(v), 2), round(sum(x >= 18 for x in v)/len(v), 2))
