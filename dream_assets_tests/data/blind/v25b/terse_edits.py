# One-off hand edit of chosen sources into terse no-subject notes (register balance). Each pair written by hand.
import glob
P = [
("User finds daily standups a waste of time and would rather post async updates in the team's Slack channel.", "Finds daily standups a waste of time; would rather post async updates in the team's Slack channel."),
("User wants to see the cherry blossoms in Kyoto during the April trip and has not booked hotels yet.", "Wants to see the cherry blossoms in Kyoto during the April trip; hasn't booked any hotels yet."),
("The user is on call for the platform team one week in every five, from Monday 10am to the next Monday.", "On call for the platform team one week in every five, from Monday 10am to the next Monday."),
("User pays £42 a month for a gym membership at PureFit and goes about three times a week.", "Pays £42 a month for a PureFit gym membership and goes about three times a week."),
("The user is driving the Ring Road in Iceland in September in a rented 4x4 Dacia Duster.", "Driving the Ring Road in Iceland this September in a rented 4x4 Dacia Duster."),
("The user is getting quotes for a single-storey kitchen extension and hopes to start building next spring.", "Getting quotes for a single-storey kitchen extension; hopes to start building next spring."),
("User visits the allotment every morning before work from May through September to water everything by hand.", "Visits the allotment every morning before work from May through September to water everything by hand."),
("User will sell the old Skoda Octavia privately once the new Kia arrives rather than trading it in at the dealer.", "Will sell the old Skoda Octavia privately once the new Kia arrives, rather than trading it in at the dealer."),
("The user developed plantar fasciitis in the right foot after ramping up running mileage too fast last spring.", "Developed plantar fasciitis in the right foot after ramping up running mileage too fast last spring."),
("User contributes 8% of gross pay to a workplace pension, and the employer matches up to 5%.", "Contributes 8% of gross pay to the workplace pension; employer matches up to 5%."),
("The user needs an e-visa for the Kenya safari in November and should apply at least three weeks beforehand.", "Needs an e-visa for the Kenya safari in November and should apply at least three weeks beforehand."),
("User does not want to be contacted by phone for work matters and asks colleagues to use email or Teams chat instead.", "Does not want to be contacted by phone for work matters; asks colleagues to use email or Teams chat instead."),
("The user checks work email only twice a day, at 10am and 4pm, to protect focus time.", "Checks work email only twice a day, at 10am and 4pm, to protect focus time."),
("User had the Canyon's rear derailleur replaced in May after a crash on a descent near Girona.", "Had the Canyon's rear derailleur replaced in May after crashing on a descent near Girona."),
("User is moving out of the Bristol flat on 31 August and has booked a professional clean for the day before.", "Moving out of the Bristol flat on 31 August; professional clean booked for the day before."),
("User is trying to eat 120 grams of protein a day while training for a powerlifting meet in March.", "Trying to eat 120 grams of protein a day while training for a powerlifting meet in March."),
("User keeps a life list of birds in eBird and has logged 212 species in the UK.", "Keeps a life list of birds in eBird, with 212 species logged in the UK so far."),
("User has Gold status with Qatar Airways Privilege Club, which expires at the end of June 2026.", "Has Gold status with Qatar Airways Privilege Club, expiring at the end of June 2026."),
("User had a sore arm for two days after the COVID booster but no other side effects.", "Had a sore arm for two days after the COVID booster but no other side effects."),
("User wants to get the ICC sailing certificate next summer to skipper charters in Croatia.", "Wants to get the ICC sailing certificate next summer so they can skipper charters in Croatia."),
("User prefers to hire automatic cars abroad because they haven't driven a manual since their driving test.", "Prefers hiring automatic cars abroad; hasn't driven a manual since the driving test."),
("The user always takes the full excess insurance when hiring a car, after a bad experience in Crete.", "Always takes full excess insurance when hiring a car, after a bad experience in Crete."),
("User has 14 days of annual leave left this year and must use at least 10 of them before the end of December.", "Has 14 days of annual leave left this year and must use at least 10 of them before the end of December."),
("The user is learning Brazilian Portuguese on Duolingo and with a tutor from Recife on iTalki every Saturday.", "Learning Brazilian Portuguese on Duolingo and with a tutor from Recife on iTalki every Saturday."),
("The user is on the waiting list for gallbladder removal at St James's and was told it could be up to eight months.", "On the waiting list for gallbladder removal at St James's; told it could be up to eight months."),
("User has to avoid fatty food until the gallbladder surgery because it triggers painful attacks.", "Has to avoid fatty food until the gallbladder surgery because it triggers painful attacks."),
("The user plays bass in a covers band called The Late Trams; the drummer, Kofi, books all their gigs.", "Plays bass in a covers band called The Late Trams; the drummer, Kofi, books all their gigs."),
("User invests £250 every month into a stocks and shares ISA through Vanguard, all in a FTSE Global All Cap fund.", "Invests £250 every month into a stocks and shares ISA through Vanguard, all in a FTSE Global All Cap fund."),
("The user is speaking at KubeCon Europe in Amsterdam in March about cost-cutting on Kubernetes clusters.", "Speaking at KubeCon Europe in Amsterdam this March about cost-cutting on Kubernetes clusters."),
("User takes Pepper to a reactive-dog training class on Saturday mornings run by a trainer named Oisín.", "Takes Pepper to a reactive-dog training class on Saturday mornings, run by a trainer named Oisín."),
("The user is lactose intolerant and uses Lactaid tablets when eating out, but buys lactose-free milk at home.", "Lactose intolerant; uses Lactaid tablets when eating out but buys lactose-free milk at home."),
("User does not use credit cards at all and pays for everything with a debit card or cash.", "Doesn't use credit cards at all and pays for everything with a debit card or cash."),
("The user only drinks dry white wine, especially Albariño from Rías Baixas, and finds red wine gives them headaches.", "Only drinks dry white wine, especially Albariño from Rías Baixas; red wine gives them headaches."),
("User has a standing desk at the office and a mechanical keyboard with Cherry MX Brown switches.", "Has a standing desk at the office and a mechanical keyboard with Cherry MX Brown switches."),
("The user has entered the ballot for the Berlin Marathon and will find out in December whether they got a place.", "Entered the ballot for the Berlin Marathon and will find out in December whether they got a place."),
("The user has a herniated disc at L5-S1 and sits on a kneeling chair at home to ease the lower back pain.", "Has a herniated disc at L5-S1 and sits on a kneeling chair at home to ease the lower back pain."),
("User files a self-assessment tax return every January because of rental income from a flat in Sheffield.", "Files a self-assessment tax return every January because of rental income from a flat in Sheffield."),
("User prefers sleeper trains to flights in Europe and took the Nightjet from Vienna to Paris last spring.", "Prefers sleeper trains to flights within Europe; took the Nightjet from Vienna to Paris last spring."),
("User meal-preps lunches on Sunday afternoons, usually a grain bowl with roasted vegetables and chickpeas, enough for five workdays.", "Meal-preps lunches on Sunday afternoons, usually a grain bowl with roasted vegetables and chickpeas, enough for five workdays."),
("The user doesn't have a driving licence and relies on trains and buses, even on holiday in rural France.", "Doesn't have a driving licence and relies on trains and buses, even on holiday in rural France."),
("User is planning a cycling holiday along the Loire in June, carrying panniers rather than using a luggage transfer.", "Planning a cycling holiday along the Loire in June, carrying panniers rather than using a luggage transfer."),
("The user is sitting the CFA Level II exam in August and studies for about 15 hours a week.", "Sitting the CFA Level II exam in August; studies for about 15 hours a week."),
("User keeps the house at 19°C during the day and 16°C at night to save energy.", "Keeps the house at 19°C during the day and 16°C at night to save energy."),
("User makes a fermented hot sauce from the windowsill chillies every autumn and gives bottles to friends.", "Makes a fermented hot sauce from the windowsill chillies every autumn and gives bottles to friends."),
("The user is volunteering at the Edinburgh Fringe this August as a venue steward, four shifts a week.", "Volunteering at the Edinburgh Fringe this August as a venue steward, four shifts a week."),
("The user scans negatives with a Plustek scanner and posts the best shots on a Flickr account.", "Scans negatives with a Plustek scanner and posts the best shots on a Flickr account."),
("The user is studying for the AWS Solutions Architect Professional exam and has booked it for 12 February.", "Studying for the AWS Solutions Architect Professional exam, booked for 12 February."),
("User is hoping to move somewhere with a garden within two years so they can adopt a dog.", "Hoping to move somewhere with a garden within two years so they can adopt a dog."),
("The user keeps the Ford Fiesta on the street because the house has no driveway.", "Keeps the Ford Fiesta parked on the street because the house has no driveway."),
("The user always leaves a route plan with their partner before camping trips in the Cairngorms.", "Always leaves a route plan with their partner before camping trips in the Cairngorms."),
]
n = 0
for f in sorted(glob.glob('raw_a_0*.txt')):
    s = open(f).read()
    for a, b in P:
        if 'S: ' + a in s:
            s = s.replace('S: ' + a, 'S: ' + b); n += 1
    open(f, 'w').write(s)
print('edited', n, 'of', len(P))
