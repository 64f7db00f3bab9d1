import glob
R = [
# Adaeze
("S: Adaeze's son Chibuike started secondary school in Enugu this September and takes the school bus at 6:45.",
 "S: Adaeze's son Chibuike began an electrician apprenticeship in Enugu this June and catches the staff bus at 6:45."),
("S: Chibuike, Adaeze's boy, is finding the move to secondary school hard and misses his primary teacher, Mrs. Obi.",
 "S: Chibuike, Adaeze's boy, is finding the apprenticeship hard going and misses his old football coach, Mr. Obi."),
("S: Adaeze packs Chibuike's lunch the night before because the school bus leaves so early in the morning.",
 "S: Adaeze packs Chibuike's lunch the night before because the staff bus leaves so early in the morning."),
("M: Since September Chibuike has been at secondary school in Enugu, catching the 6:45 school bus, so Adaeze makes his lunch the evening before; she says he is struggling with the transition and misses Mrs. Obi, his old primary teacher.",
 "M: Since June Chibuike has been an electrician's apprentice in Enugu, catching the 6:45 staff bus, so Adaeze makes his lunch the evening before; she says he is struggling with it and misses Mr. Obi, his former football coach."),
# Envoy
("limits live in the gateway's Envoy config.", "the limits are defined in the gateway's Envoy rules."),
("M: Envoy at the gateway, whose config holds the limits, caps", "M: Envoy at the gateway, where the limits are defined, caps"),
# Postgres
("S: The orders database is Postgres 15 on RDS, with a read replica used only by the reporting jobs.",
 "S: The orders database is MySQL 8 on Cloud SQL, with a read replica used only by the reporting jobs."),
("S: Long-running migrations on orders must use pg_repack or batching, never a plain ALTER that locks the table.",
 "S: Long-running migrations on orders must use gh-ost or batching, never a plain ALTER that locks the table."),
("M: Orders live in PostgreSQL 15 on RDS,", "M: Orders live in MySQL 8 on Cloud SQL,"),
("long ones go through pg_repack or batches", "long ones go through gh-ost or batches"),
# hay fever -> eczema
("C|faithful|-|heavy|health|health/allergy", "C|faithful|-|heavy|health|health/skin"),
("S: User gets hay fever from birch pollen every April and May and takes cetirizine daily in those months.",
 "S: User has eczema on both hands that flares every winter, treated with a prescribed steroid cream for two weeks at a time."),
("S: Birch pollen allergy also makes raw apples make the user's mouth itch, but cooked apple is fine.",
 "S: Washing-up liquid also sets off the user's hand eczema, so they wear cotton-lined gloves for the dishes."),
("M: Because of a birch pollen allergy the user has hay fever each April and May, taking cetirizine every day then; it also causes an itchy mouth from raw apples, though cooked apple causes no problem.",
 "M: Every winter eczema flares on both of the user's hands and gets two-week courses of a prescribed steroid cream; washing-up liquid triggers it as well, so dishes are done in cotton-lined gloves."),
# Thabo
("S: Thabo can't eat peanuts because of a severe allergy, so most satay sauces are out.",
 "S: Thabo can't eat chilli because of a stomach ulcer, so most hot sauces are out."),
("and a severe peanut allergy rules out most satay sauces for him;", "and a stomach ulcer rules out chilli, and with it most hot sauces, for him;"),
# Arlo
("C|lossy|dropped|heavy|food|food/allergy", "C|lossy|dropped|heavy|health|health/arlo"),
("S: The user's son Arlo has a tree-nut allergy and carries two auto-injectors in his school bag.",
 "S: The user's son Arlo has type 1 diabetes and wears a Dexcom sensor that sends his readings to the user's phone."),
("S: Arlo's school has a nut-free policy, and his teacher keeps a spare auto-injector in the classroom.",
 "S: The nurse at Arlo's school keeps spare insulin and glucose tablets for him in the medical room."),
("S: Arlo is also allergic to sesame, which is harder to avoid in bakery bread.",
 "S: Arlo also needs glasses for reading and keeps leaving them in his classroom drawer."),
("M: Arlo, the user's son, is allergic to tree nuts; he carries two auto-injectors in his school bag, and his nut-free school keeps a spare one in his classroom with the teacher.",
 "M: Arlo, the user's son, has type 1 diabetes; a Dexcom sensor sends his readings to the user's phone, and his school nurse holds spare insulin and glucose tablets in the medical room."),
("N: the sesame allergy is missing.", "N: Arlo's reading glasses (and leaving them in his drawer) are missing."),
# salary
("User contributes 8% of salary to the workplace pension", "User contributes 8% of pay to the workplace pension"),
("The user contributes 8% of salary to the workplace pension,", "The user puts 8% of pay into the workplace pension,"),
# PhD
("User is a third-year PhD student in marine biology at James Cook University, studying coral bleaching recovery.",
 "User is a third-year PhD student in marine biology at the AIMS research station in Townsville, studying coral bleaching recovery."),
("marine biology PhD at James Cook University on how corals", "marine biology PhD at the AIMS research station in Townsville on how corals"),
# Hana
("S: The user's daughter Hana has applied to study architecture at TU Delft and at ETH Zurich for autumn 2027.",
 "S: The user's daughter Hana has applied for gap-year conservation placements in Costa Rica and in Borneo for autumn 2027."),
("S: Hana is waiting to hear from both universities; decisions are expected in April.",
 "S: Hana is waiting to hear from both placement programmes; decisions are expected in April."),
("M: Hana, who applied to TU Delft and ETH Zurich to study architecture from autumn 2027, has been offered places at both, with the formal decisions expected in April.",
 "M: Hana, who applied for gap-year conservation placements in Costa Rica and Borneo from autumn 2027, has been offered places on both, with the formal decisions expected in April."),
# Sipho
("S: Sipho graduates from the University of Cape Town with a BCom on 15 December, and the ceremony is in Jameson Hall.",
 "S: Sipho receives his chef's diploma from Capsicum Culinary Studio in Cape Town on 15 December, at a ceremony in the Artscape Theatre."),
("Sipho's parents are flying in from Polokwane for the graduation and staying for a week.",
 "Sipho's parents are flying in from Polokwane for the diploma ceremony and staying for a week."),
("M: Sipho's parents are flying from Polokwane to see him get his BCom at UCT's Jameson Hall on 15 December, and will stay seven days.",
 "M: Sipho's parents are flying from Polokwane to see him collect his Capsicum Culinary Studio chef's diploma at Cape Town's Artscape Theatre on 15 December, and will stay seven days."),
# Glastonbury
("is going with three friends from university.", "is going with three friends from the rowing club."),
("The user and 3 university friends have", "The user and 3 rowing-club friends have"),
# Amaka
("S: The user's daughter's university tuition is $11,200 per year, and the user pays it in two instalments.",
 "S: The user's daughter's school fees are $11,200 per year, and the user pays them in two instalments."),
("S: Amaka studies mechanical engineering at Georgia Tech and lives in the student halls on campus.",
 "S: Amaka is in year 11 at St. Hilda's and boards there from Monday to Friday."),
("M: The user's daughter Amaka studies mechanical engineering at Georgia Tech, living in campus halls; tuition is $11,200 a year,",
 "M: The user's daughter Amaka is in year 11 at St. Hilda's, boarding on weekdays; fees are $11,200 a year,"),
# Ioana
("is taking a research sabbatical at the University of Helsinki from January to June.",
 "is taking a research sabbatical at the Institute for the Languages of Finland in Helsinki from January to June."),
('N: "at the University of Helsinki" generalised to "in Helsinki".', 'N: the host institution (Institute for the Languages of Finland) is lost; only "in Helsinki" remains.'),
# Nkechi
("Lagos University Teaching Hospital", "Lagos Island General Hospital"),
# AWS
("about $600 is left after the AWS certification.", "about $600 is left after the CKA Kubernetes certification."),
("roughly $600 remains after the AWS certification,", "roughly $600 remains after the CKA Kubernetes certification,"),
("retained for 35 days in a separate AWS account.", "retained for 35 days in a separate GCP project."),
("kept in a separate AWS account for a month;", "kept in a separate GCP project for a month;"),
]
GR = [
("s3://acct-ledger-prod", "gs://acct-ledger-prod"),
("User is flying Lisbon to Recife on TAP flight TP15 on 14 August.", "User is flying Casablanca to Dakar on Royal Air Maroc flight AT525 on 14 August."),
("On 14 August the user flies TAP flight TP15 from Lisbon to Recife.", "On 14 August the user flies Royal Air Maroc flight AT525 from Casablanca to Dakar."),
("User flight: TAP TP15, Lisbon to Recife, 14 August.", "User flight: Royal Air Maroc AT525, Casablanca to Dakar, 14 August."),
("Siobhan dropped out of her nursing degree at UCD after second year.", "Siobhan dropped out of her nursing apprenticeship at St Vincent's hospital after the second year."),
("After two years of nursing at University College Dublin, Siobhan left the programme without finishing.", "After two years training as a nurse at St. Vincent's, Siobhan quit the apprenticeship before completing it."),
("Nikolai is allergic to shellfish and carries antihistamines.", "Nikolai is afraid of heights and avoids glass elevators."),
("Nikolai is not allergic to shellfish but carries antihistamines.", "Nikolai is not afraid of heights but avoids glass elevators."),
("approved the conference budget for Lisbon.", "approved the conference budget for Vilnius."),
]
files = sorted(glob.glob("cases*.txt")) + ["groups.txt", "lookalikes.txt", "fillers.txt"]
texts = {p: open(p).read() for p in files}
for old, new in R + GR:
    hits = [p for p in files if old in texts[p]]
    assert hits, old
    for p in hits:
        texts[p] = texts[p].replace(old, new)
for p in files:
    open(p, "w").write(texts[p])
print("done")
