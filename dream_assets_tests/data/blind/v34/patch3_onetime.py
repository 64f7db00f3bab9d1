# one-off edit helper: adds a hand-written third source and hand-written new merge to selected cases
import glob
patches = [
("M: The user's Shiba Inu Mochi has a rabies booster",
 "S: Whenever the user travels for more than one night, Mochi stays at a kennel called Paws Inn.",
 "M: The user's Shiba Inu Mochi has a rabies booster booked at the Eastside vet for April 2; she drools through every car ride, so towels go on the back seat for vet trips, and she boards at the Paws Inn kennel whenever the user is away for over a night."),
("M: Since September Chibuike has been at secondary school",
 "S: Adaeze packs Chibuike's lunch the night before because the school bus leaves so early in the morning.",
 "M: Since September Chibuike has been at secondary school in Enugu, catching the 6:45 school bus, so Adaeze makes his lunch the evening before; she says he is struggling with the transition and misses Mrs. Obi, his old primary teacher."),
("M: Sunita Rao, the user's manager, holds the annual review",
 "S: Sunita Rao asked the user to include the metrics from the churn dashboard project in the self-assessment.",
 "M: Sunita Rao, the user's manager, holds the annual review on December 4 and expects a written self-assessment seven days ahead, including the churn dashboard project's metrics; the user plans to argue there for promotion to senior analyst."),
("M: The user's brother-in-law Lukas fights fires",
 "S: The Klagenfurt Ironman will be Lukas's first full-distance race after two half-Ironmans.",
 "M: The user's brother-in-law Lukas fights fires in Graz on 24-hour shifts and, with two half-distance races behind him, is preparing for his first full Ironman in Klagenfurt next summer."),
("M: Retired sea captain Goran",
 "S: Goran keeps a spare key to the user's flat in his kitchen drawer.",
 "M: Retired sea captain Goran, who lives above the user and keeps their spare key in his kitchen drawer, looks after their plants when they travel, and gets a bottle of rakija from the user in thanks after each long trip."),
("M: Vegan since 2021, Thabo",
 "S: Every New Year's Eve Thabo cooks a big vegan curry for the user's group of friends.",
 "M: Vegan since 2021, Thabo takes B12 from fortified oat milk plus a supplement once a week, and a severe peanut allergy rules out most satay sauces for him; each New Year's Eve he makes a large vegan curry for the user's friends."),
("M: The user has a video call with Inês every first Sunday",
 "S: Inês and Magnus bought a flat in Nørrebro last year and are renovating the kitchen themselves.",
 "M: The user has a video call with Inês every first Sunday of the month; a landscape architect from Porto, she now lives in Copenhagen with Magnus, her partner, in a Nørrebro flat they bought last year and whose kitchen they are redoing themselves."),
("M: Using Shetland wool from Lerwick and a Kate Davies pattern",
 "S: Eleni learned to knit from her mother on Naxos when she was a girl.",
 "M: Taught to knit by her mother on Naxos as a child, Eleni is now making a cabled jumper for her grandson from a Kate Davies pattern in Shetland wool bought in Lerwick, and hopes to finish before his birthday on December 19."),
("M: Graciela cleans the user's apartment on alternate Thursday",
 "S: Graciela doesn't do the oven, so the user cleans it separately once a month.",
 "M: Graciela cleans the user's apartment on alternate Thursday mornings, letting herself in with her own key, though not the oven, which the user does monthly; she gets $110 via Zelle each time, and the dog is shut in the bedroom during her visits."),
("M: The user is a keen birder who records sightings in eBird",
 "S: The user's binoculars are Swarovski 8x32s, bought second-hand in 2024.",
 "M: The user is a keen birder with second-hand Swarovski 8x32 binoculars from 2024, records sightings in eBird, and has a UK list of 312 species; this year's goal is a bearded reedling at Suffolk's Minsmere reserve."),
("M: Most days the user covers the roughly 2 km",
 "S: On rainy days the user skips the scooter and walks from the station instead.",
 "M: Most days the user covers the roughly 2 km from station to office on a Lime scooter, with a monthly Lime Prime pass so no unlock fees apply; when it rains they walk it instead."),
("M: Hamza fasts during Ramadan, so work lunches",
 "S: Hamza is the team's only Arabic speaker and handles the weekly calls with the Cairo office.",
 "M: Hamza, the only Arabic speaker on the team, handles the weekly Cairo office calls; he fasts during Ramadan, so work lunches with him move to iftar or are skipped that month, and he likes alcohol and the Lebanese place on King Street for team dinners."),
("M: For the March trip to Vietnam the user applied",
 "S: User checked that their passport has more than six months of validity left, as Vietnam requires.",
 "M: For the March trip to Vietnam the user applied for a 90-day e-visa via the official government portal and confirmed the passport has over six months of validity, as required; they arrive in Hanoi and leave from Ho Chi Minh City after three weeks."),
("M: The user's 2014 VW Golf has its check-engine light on",
 "S: The user needs the Golf back by Friday evening for a family drive down to Cornwall.",
 "M: The user's 2014 VW Golf has its check-engine light on; the garage diagnosed a faulty EGR valve, and the repair is quoted at £480 and booked for next Thursday, with the car needed back by Friday evening for a family drive to Cornwall."),
("M: In 2021 Olumide met Chidi at a book club through the user",
 "S: Chidi works night shifts as a paediatric nurse at King's College Hospital.",
 "M: In 2021 Olumide met Chidi at a book club through the user; Chidi, a paediatric nurse on night shifts at King's College Hospital, now shares a flat in Peckham with the user and a cat named Jollof."),
("M: The user's daughter Amaka's university tuition",
 "S: Amaka studies mechanical engineering at Georgia Tech and lives in the student halls on campus.",
 "M: The user's daughter Amaka studies mechanical engineering at Georgia Tech, living in campus halls; tuition is $11,200 a year, paid in two instalments, with a $1,200 merit scholarship applied to the spring instalment."),
]
files = sorted(glob.glob("cases*.txt"))
for key, src, newm in patches:
    hit = 0
    for p in files:
        lines = open(p).read().split("\n")
        for i, l in enumerate(lines):
            if l.startswith(key):
                assert lines[i-1].startswith("S: ")
                lines[i:i+1] = [src, newm]
                hit += 1
                open(p, "w").write("\n".join(lines))
                break
    assert hit == 1, key
print("patched", len(patches))
