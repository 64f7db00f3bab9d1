# one-off edit after re-reading every faithful merge against its sources: remove small additions/inferences.
P = [
("merge_02.txt", "M Since the 2022 operation on the meniscus of their left knee, the user skips downhill running",
 "M The user had an operation on the meniscus of their left knee in 2022; they skip downhill running"),
("merge_02.txt", "Hyun-woo from number 12 next door, who holds a spare key,", "their neighbour Hyun-woo from number 12, who holds a spare key,"),
("merge_02.txt", "at his favourite izakaya in Shibuya", "at an izakaya he likes in Shibuya"),
("merge_03.txt", "M Since an anaphylactic reaction to prawns in Bangkok in 2018 that kept them in hospital for two nights, the user has the shellfish allergy flagged at every restaurant, cross-contamination from shared fryers included, and never goes anywhere without an EpiPen.",
 "M The user, who went into anaphylaxis after eating prawns in Bangkok in 2018 and spent two nights in hospital, is allergic to shellfish, never goes anywhere without an EpiPen, and must have the allergy flagged at every restaurant, cross-contamination from shared fryers included."),
("merge_05.txt", "M The user has two standing tickets for Rosalía", "M The user bought two standing tickets for Rosalía"),
("merge_06.txt", "M Six people are coming to the user's for dinner on Saturday;", "M The user's Saturday dinner is for six;"),
("merge_07.txt", "M Work in the web repo is trunk-based, so feature branches", "M Work in the web repo is trunk-based: feature branches"),
("merge_07.txt", "M The user boulders at The Arch in Bermondsey twice weekly, typically around V4,",
 "M The user climbs at The Arch in Bermondsey twice weekly, mostly bouldering at around V4,"),
("merge_08.txt", "DVLA driving licence and bank have not been yet.", "DVLA driving licence and bank still have to be updated."),
("merge_07.txt", "S3 Leilani is flying from Portland to visit the user", "S3 Leilani, the user's mom, is flying from Portland to visit the user"),
]
for f, old, new in P:
    s = open(f, encoding="utf-8").read()
    n = s.count(old)
    assert n == 1, (f, old, n)
    open(f, "w", encoding="utf-8").write(s.replace(old, new))
print("applied", len(P))
