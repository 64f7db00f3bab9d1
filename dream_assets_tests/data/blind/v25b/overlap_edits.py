# One-off hand edit: restate shared context in some lossy sources (no new facts), so source overlap matches faithful cases.
import glob
P = [
("Valtteri, the colleague in the Helsinki office, is the one who reviews", "Valtteri, the colleague in the Helsinki office, is the person who reviews"),
("Catalogue API caching uses Redis with a 5-minute TTL for anonymous requests.", "Caching in the product catalogue API uses Redis with a 5-minute TTL for anonymous requests."),
("The hens' coop is locked every night at dusk because a fox was seen in the lane.", "The coop for the user's hens in the back garden is locked every night at dusk because a fox was seen in the lane."),
("Siddharth's hospital is covering his registration fee but not the hotel.", "Siddharth's hospital is covering his registration fee for the May cardiology conference in Vienna, but not the hotel."),
("Bongani is looking for a flat in Observatory or Woodstock, close to his new office.", "Bongani is looking for a flat in Cape Town, in Observatory or Woodstock, close to his new office."),
("Dragan's doctor in Belgrade suggested a cessation programme at the local health centre.", "To help Dragan quit smoking, his doctor in Belgrade suggested a cessation programme at the local health centre."),
("Zola, Lindiwe's daughter, started at a bilingual English and isiZulu creche in January.", "Zola, the baby girl Lindiwe and her wife adopted, started at a bilingual English and isiZulu creche in January."),
]
n = 0
for f in sorted(glob.glob('raw_a_0*.txt')):
    s = open(f).read()
    for a, b in P:
        if a in s: s = s.replace(a, b); n += 1
    open(f, 'w').write(s)
print('edited', n, 'of', len(P))
