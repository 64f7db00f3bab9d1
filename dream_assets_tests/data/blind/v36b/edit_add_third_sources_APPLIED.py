# one-off editing helper: inserts my hand-written third sources and rewritten merges into the raw files
import glob, sys
P = {
"tech/ingest": ("If ClickHouse is unavailable, the ingest service buffers events on local disk for up to 6 hours before dropping them.",
 "Owned by the analytics platform team, the ingest service reads the raw-clicks Kafka topic and flushes aggregated rows into ClickHouse in 5-minute batches; during a ClickHouse outage it buffers events on local disk for at most six hours, then drops them."),
"pets/koda": ("Koda is insured with Petplan, and the policy covers his arthritis medication up to £4,000 a year.",
 "Koda, the user's 9-year-old Bernese mountain dog, has early arthritis in both hips, so walks are kept short (20 minutes at most) and he gets a green-lipped mussel joint supplement each morning; his Petplan insurance pays for arthritis medication up to four thousand pounds annually."),
"finance/mortgage": ("The user is overpaying the mortgage by £200 a month to clear it before turning sixty.",
 "Since remortgaging with Nationwide in June 2025 the user has a 5-year fix at 4.1%; around £212,000 remains outstanding, £1,130 is repaid monthly on the 1st, and an extra £200 a month goes in as overpayment so the loan is gone before they hit 60."),
"travel/japan": ("Elif wants to spend a day at the Ghibli Museum in Tokyo, so the user is trying to book tickets the moment they release.",
 "The user and their partner Elif are planning a fortnight in Japan in late October, going from Osaka to Tokyo, and have already reserved 2 nights at a ryokan in Kinosaki Onsen along the way; Elif is keen on a Ghibli Museum day in Tokyo, so the user will try to grab tickets as soon as they go on sale."),
"food/allergy": ("The user's allergist, Dr. Mwangi, has prescribed an adrenaline auto-injector after a reaction to pesto last year.",
 "Tree nuts, cashews and pistachios above all, trigger an allergy in the user, though peanuts don't; they scan labels for traces of those nuts and bring antihistamines to restaurants, and since a reaction to pesto last year Dr Mwangi, their allergist, has prescribed an adrenaline auto-injector."),
"education/aisha": ("Aisha is doing her final placement at an equine hospital in Newmarket from January to March.",
 "The user's friend Aisha, now a final-year vet student at London's Royal Veterinary College, is on her last placement at a Newmarket equine hospital from January to March and hopes to specialise in horse medicine once she graduates next summer."),
"legal/visa": ("The user's immigration lawyer, Ms. Tan, charges a fixed fee of £1,500 for the settlement application.",
 "Their employer-sponsored UK Skilled Worker visa runs until 2026-09-30; after five years' residence the user means to apply for indefinite leave to remain, with immigration lawyer Ms Tan handling the settlement application for a flat £1,500."),
"people/gustavo": ("Gustavo fixed the leaking shower in the Rua das Flores flat in February but the bathroom fan is still broken.",
 "Repairs at the user's Rua das Flores flat go through Gustavo Ferreira, the landlord's son, who likes WhatsApp messages and tends to answer only in the evening after his job; he sorted the shower leak in February, though the bathroom fan remains broken."),
"family/abuela": ("The user video-calls Rosario every Sunday at noon Chilean time, and her neighbour helps set up the tablet.",
 "At ninety-one, the user's grandmother Rosario still lives by herself in Valparaíso and won't hear of a care home; a carer named Marta comes each weekday morning to cook and sort her medication, and every Sunday at 12 pm Chile time the user video-calls her, with a neighbour getting the tablet ready."),
"travel/iceland": ("The user wants to return to Iceland in winter specifically to see the northern lights from a cabin near Mývatn.",
 "In 2023 the user spent 10 days circling Iceland's Ring Road in a hired campervan, and considers Jökulsárlón's glacier lagoon the best part; they'd like to go back in winter for the northern lights, staying in a cabin near Mývatn."),
"work/promo": ("The user's salary went up to 92,000 euros with the promotion, plus a yearly bonus of up to 10%.",
 "Two years after joining Finstack, the user became a Senior Data Engineer in February 2026; the promotion raised their pay to €92,000 with an annual bonus of at most ten percent, and the new role includes mentoring two juniors, Beatriz and Olu."),
"home/move": ("The user's partner Rhiannon works from home in the Sheffield house and has turned the box room into an office.",
 "Since August 2025 the user and their partner Rhiannon have lived in a 2-bed terrace in Sheffield, where she works from a home office made out of the box room; the user hopes to swap the house's ageing gas boiler for a heat pump."),
"tech/db": ("The orders database's read replica lags by up to 30 seconds during the nightly batch import.",
 "Orders live in a Postgres 15 instance on RDS, with a single read replica serving reporting that can fall as much as thirty seconds behind during the nightly batch import; any Alembic migration to it needs DBA review before it can merge."),
"people/hiroshi": ("Hiroshi's wife, Michiko, is a calligrapher, and she sent the user a hand-painted scroll as a wedding gift.",
 "The user keeps in touch with Hiroshi, their old doctoral supervisor, with a few emails a year and a New Year card; he left Kyoto University last year on retirement and volunteers at a botanical garden now, and his wife Michiko, a calligrapher, gave the user a hand-painted scroll for their wedding."),
# lossy
"food/meat": ("The user's cardiologist, Dr. Bianchi, wants a repeat cholesterol test every six months for the next two years.",
 "Since a 2024 cholesterol scare the user has eaten red meat along with chicken and fish, cooking chicken thighs most weeknights and choosing grilled fish at work meals out, and cardiologist Dr Bianchi wants their cholesterol rechecked every six months for two years."),
"tech/cache": ("Currency API failures in the pricing service fall back to the last known rate and raise a Sentry warning.",
 "The pricing service caches responses from the currency API because rates must be live for checkout, calling it through an internal proxy with a 2-second timeout; if the call fails it falls back to the last known rate and raises a Sentry warning."),
"people/leon": ("Léon and the user's sister Claire have been married since 2019 and live in Villeurbanne with their two cats.",
 "The user's brother-in-law Léon Martin, married to the user's sister Claire since 2019, lives with her and their two cats in Villeurbanne; a Lyon firefighter on 24-hour shifts who often misses Sunday lunch, he usually brings sparkling elderflower to family dinners and drinks alcohol only occasionally."),
"finance/loan": ("The user hasn't told their parents about the loan to Ifeoma because they disapprove of lending money in the family.",
 "In March the user lent cousin Ifeoma £1,200 toward a deposit, repayable over six months; she has paid the first three instalments on time by transfer, and the user has kept the loan from their parents, who dislike lending within the family."),
"tech/queue": ("The notification worker is written in Kotlin and deployed to the eu-central-1 cluster by the messaging team.",
 "The messaging team's Kotlin notification worker, deployed in the eu-central-1 cluster, drains the email queue with eight parallel consumers in batches of 50, and an alert is raised once over 10,000 messages have been waiting longer than 5 minutes."),
"tech/cdn": ("The marketing site's Cloudflare zone is managed in Terraform, in the infra-dns repository, by the web platform team.",
 "Marketing-site static assets are delivered via Cloudflare, whose cache is purged automatically with every deploy, and the Cloudflare zone itself is defined in Terraform in the infra-dns repo, owned by the web platform team."),
"legal/deed": ("The user and Tariq agreed to sell the Lahore flat within five years and split the proceeds equally.",
 "After probate completed in 2025, the user and their brother Tariq co-own their late mother's Lahore flat, and they've agreed to sell it within five years and split the money 50/50."),
"pets/dog": ("Saffi is microchipped and insured with Bought By Many, and the user takes her to Hampstead Heath most mornings.",
 "Last spring the user took in Saffi, a three-year-old dog from a Devon rescue, who is wary of men in hats and has to wear a muzzle at the vet since she snaps when handled; she is microchipped, insured with Bought By Many, and walked on Hampstead Heath most mornings."),
"tech/backup": ("Backup encryption keys are stored in AWS KMS and only the SRE team can use them for a restore.",
 "Production database backups run at 03:00 UTC and are copied to a separate AWS account, encrypted with AWS KMS keys that only the SRE team can use for restores; they are retained for 35 days, with a restore drill on the first Monday of each quarter."),
"home/kitchen": ("The user wants the new kitchen finished before their daughter's christening in early September.",
 "Having got two quotes, from Wren and a local joiner, the user has chosen a new kitchen, budgeting about £15,000, swapping the gas hob for induction, and wanting it done before their daughter's christening in early September."),
"tech/upgrade": ("The API service's Docker base image must also move from Debian Bullseye to Bookworm as part of the Node upgrade.",
 "The team upgraded the API service from Node 18 to Node 22 before Node 18 reached end of life, also moving its Docker base image from Debian Bullseye to Bookworm; the work was tracked in ticket PLAT-2231 and assigned to Bongani."),
"family/siblings": ("Ngozi and Chidi are both coming home to Lagos for their father's 70th birthday in November.",
 "Of the user's siblings, Chidi works nights as a paediatric nurse at Great Ormond Street, while Ngozi is training as a paramedic with placements from January; both are flying home to Lagos for their father's 70th in November."),
"tech/ownership": ("Both the recommendations service and the ranking model read features from the shared Feast feature store.",
 "The recommendations service and the search ranking model are owned by the personalisation team, led by Yerlan Abenov; the ranking model is retrained weekly, and both read features from the shared Feast feature store."),
}
done = set()
for fn in sorted(glob.glob('raw_merge_*.txt')):
    lines = open(fn).read().split('\n'); out = []; cat = None
    for ln in lines:
        if ln.startswith('@@'): cat = ln.split('|')[-1].strip()
        if ln.startswith('M:') and cat in P:
            out.append('S: ' + P[cat][0]); out.append('M: ' + P[cat][1]); done.add(cat); continue
        out.append(ln)
    open(fn, 'w').write('\n'.join(out))
print(len(done), set(P) - done)
