# one-off edit: add reasons (because/since/so) to some faithful sources, kept in the merges, so that
# reason clauses are not a lossy-only surface cue. Every replacement text is hand-written.
P = [
("merge_01.txt", "every morning before work, usually at around 6:30.", "every morning before work, usually at around 6:30, because the path is quiet then."),
("merge_01.txt", "every morning before work, usually around 6:30.", "every morning before work, usually around 6:30 since the path is quiet at that hour."),
("merge_01.txt", "prefers to be contacted by text rather than email.", "prefers to be contacted by text rather than email because he rarely checks his inbox."),
("merge_01.txt", "would rather get texts than emails;", "would rather get texts than emails, as he seldom looks at his inbox;"),
("merge_01.txt", "wants panniers for the weekly grocery runs.", "wants panniers for the weekly grocery runs since a backpack hurts their shoulders."),
("merge_01.txt", "they'd like panniers for the weekly grocery shopping.", "they'd like panniers for the weekly grocery shopping because carrying a backpack hurts their shoulders."),
("merge_02.txt", "S3 Gabriela wants Sanjay to own the Q3 discount analysis by himself.",
 "S3 Gabriela wants Sanjay to own the Q3 discount analysis by himself, since he is up for promotion in spring."),
("merge_02.txt", "and she wants Sanjay to take ownership of the Q3 discount analysis on his own.",
 "and, as Sanjay is up for promotion in spring, she wants him to take ownership of the Q3 discount analysis on his own."),
("merge_02.txt", "in Townsville as a field technician.", "in Townsville as a field technician, because she wanted to stay close to the reef."),
("merge_02.txt", "for the Australian Institute of Marine Science in Townsville.", "for the Australian Institute of Marine Science in Townsville because she wanted to stay close to the reef."),
("merge_02.txt", "S3 Kenji's sister Aiko is handling the guest list and keeping him busy on the day.",
 "S3 Kenji's sister Aiko is handling the guest list, since she knows his work friends, and keeping him busy on the day."),
("merge_02.txt", "his sister Aiko is in charge of the guest list and of keeping him occupied that day.",
 "his sister Aiko is in charge of the guest list, as she knows his work friends, and of keeping him occupied that day."),
("merge_03.txt", "in a storage unit in Oakland, unit 214 at SecureStor.", "in a storage unit in Oakland, unit 214 at SecureStor, because the apartment has no balcony."),
("merge_03.txt", "to hold their camping gear and two kayaks;", "to hold their camping gear and two kayaks, since their apartment has no balcony;"),
("merge_03.txt", "who comes to the house on Wednesdays at 4:15.", "who comes to the house on Wednesdays at 4:15 so Sofia doesn't miss football."),
("merge_03.txt", "with Mrs. Lindqvist from Malmö, and she practises", "with Mrs. Lindqvist from Malmö, who comes to the house so that Sofia doesn't have to miss football, and she practises"),
("merge_03.txt", "by 1 March from the shop Noor picked.", "by 1 March from the shop Noor picked, because alterations take six weeks."),
("merge_03.txt", "from the shop Noor chose by March 1.", "from the shop Noor chose by March 1, since alterations take six weeks."),
("merge_04.txt", "S1 Student loan fully cleared in 2024; now redirecting the old £250 monthly repayment into an ISA.", "S1 Student loan fully cleared in 2024; now redirecting the old £250 monthly repayment into an ISA so the budget doesn't change."),
("merge_04.txt", "is now redirecting the old £250 monthly repayment into an ISA.\n", "is now redirecting the old £250 monthly repayment into an ISA so the budget doesn't change.\n"),
("merge_04.txt", "that connects through Athens for Noa's wedding.", "that connects through Athens for Noa's wedding, because direct flights are too expensive."),
("merge_04.txt", "with a connection in Athens.", "with a connection in Athens, as direct flights are too expensive."),
("merge_05.txt", "standing section; doors at 6:30.", "standing section; doors at 6:30, so leave work by 5."),
("merge_05.txt", "and doors open at 6:30.", "and doors open at 6:30, so the user should leave work by 5."),
("merge_05.txt", "S1 Router is in the hallway cupboard; mesh extender", "S1 Router is in the hallway cupboard because of the phone socket; mesh extender"),
("merge_05.txt", "the router is in the hallway cupboard and a mesh extender", "the router is in the hallway cupboard because of the phone socket, and a mesh extender"),
("merge_06.txt", "German Requiem on 23 November at Grieghallen.", "German Requiem on 23 November at Grieghallen, so she practises the German text with an app every evening."),
("merge_06.txt", "at Grieghallen on 23 November.", "at Grieghallen on 23 November, so she drills the German text with an app every evening."),
("merge_07.txt", "does it mostly to keep up with new Python tooling.", "does it mostly because it keeps them up to date with new Python tooling."),
("merge_07.txt", "mostly as a way to keep up with new Python tooling.", "mostly because it keeps them current with new Python tooling."),
("merge_07.txt", "need to send the summons to HR by Friday.", "need to send the summons to HR by Friday so payroll can flag it."),
("merge_07.txt", "and the summons needs to go to HR by Friday.", "and the summons needs to go to HR by Friday so payroll can flag it."),
("merge_08.txt", "dislikes tools that need a mouse for basic navigation.\nM", "dislikes tools that need a mouse for basic navigation, because of RSI in the right wrist.\nM"),
("merge_08.txt", "dislikes tools that need a mouse for basic navigation.\n", "dislikes tools that need a mouse for basic navigation, because of RSI in the right wrist.\n"),
]
for f, old, new in P[18:]:  # first 18 were applied by the earlier run
    s = open(f, encoding="utf-8").read()
    n = s.count(old)
    assert n == 1, (f, old, n)
    open(f, "w", encoding="utf-8").write(s.replace(old, new))
print("applied", len(P))
