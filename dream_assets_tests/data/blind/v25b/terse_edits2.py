# One-off hand edit (second pass): more "User ..." sources rewritten by hand as terse notes, for register balance.
import glob
P = [
("User buys coffee beans by mail from Hamid's roastery in Tabriz roughly every six weeks.", "Buys coffee beans by mail from Hamid's roastery in Tabriz roughly every six weeks."),
("User has cut running to three short runs a week until the heel pain settles.", "Has cut running back to three short runs a week until the heel pain settles."),
("The user is organising a 20-year school reunion for the class of 2006 at a pub in Galway on 18 July.", "Organising a 20-year school reunion for the class of 2006 at a pub in Galway on 18 July."),
("User was promoted to senior product designer in January and now mentors two junior designers.", "Promoted to senior product designer in January; now mentors two junior designers as part of the role."),
("The user changes about a quarter of the aquarium water every Sunday and tests nitrates weekly.", "Changes about a quarter of the aquarium water every Sunday and tests the nitrates weekly."),
("User has hired Lothian Removals for the October move and paid a £200 deposit.", "Hired Lothian Removals for the October move and has paid them a £200 deposit."),
("The user needs about 60 more Qpoints to keep Qatar Gold status next year.", "Needs about 60 more Qpoints to keep the Qatar Gold status for next year."),
("User has two tickets for the Arctic Monkeys concert at Wembley on 6 June and is going with their friend Saoirse.", "Has two tickets for the Arctic Monkeys concert at Wembley on 6 June; going with their friend Saoirse."),
("The user registered a limited company, Brightfold Studio Ltd, in March 2025 for freelance illustration work.", "Registered a limited company, Brightfold Studio Ltd, in March 2025 for freelance illustration work."),
("User can eat hard aged cheeses like parmesan without any problems despite the lactose intolerance.", "Can eat hard aged cheeses like parmesan without any problems, despite the lactose intolerance."),
("User likes feedback to be direct and written down, and dislikes surprises in performance reviews.", "Likes feedback to be direct and written down; dislikes surprises in performance reviews."),
("User does a 20-minute McKenzie exercise routine every morning, as shown by their physio, Ingrid, in Uppsala.", "Does a 20-minute McKenzie exercise routine every morning, as shown by their physio, Ingrid, in Uppsala."),
("The user injured a finger pulley in June and now warms up for twenty minutes before bouldering.", "Injured a finger pulley in June and now warms up for twenty minutes before every bouldering session."),
("User cancelled Netflix in August and now only pays for Spotify Family and a Guardian digital subscription.", "Cancelled Netflix in August and now only pays for Spotify Family and a Guardian digital subscription."),
("User books Manila flights in August to get lower fares and always flies via Vancouver.", "Books the Manila flights in August to get lower fares and always flies via Vancouver."),
("User booked guesthouses for each night of the Iceland road trip except the two nights in Akureyri.", "Booked guesthouses for each night of the Iceland road trip except the two nights in Akureyri."),
("The user has ordered a Kia EV6 in dark green with a delivery date pencilled in for late February.", "Ordered a Kia EV6 in dark green, with a delivery date pencilled in for late February."),
("The user has had two interviews with a climate-tech startup in Oslo and is waiting to hear about a final round.", "Has had two interviews with a climate-tech startup in Oslo and is waiting to hear about a final round."),
("User would need to relocate from Gothenburg to Oslo if the startup role comes through.", "Would need to relocate from Gothenburg to Oslo if the startup role comes through."),
("User celebrated their 40th birthday at Tbilisi Nights with a group of twelve friends.", "Celebrated their 40th birthday at Tbilisi Nights with a group of twelve friends."),
("User keeps a small wine fridge in the kitchen holding about 24 bottles.", "Keeps a small wine fridge in the kitchen that holds about 24 bottles."),
("User is considering whether to negotiate the rent increase or look for a cheaper flat in Utrecht.", "Considering whether to negotiate the rent increase or look for a cheaper flat in Utrecht."),
("User buys Ilford HP5 film in bulk, usually ten rolls at a time.", "Buys Ilford HP5 film in bulk, usually ten rolls at a time."),
]
n = 0
for f in sorted(glob.glob('raw_a_0*.txt')):
    s = open(f).read()
    for a, b in P:
        if 'S: ' + a in s: s = s.replace('S: ' + a, 'S: ' + b); n += 1
    open(f, 'w').write(s)
print('edited', n, 'of', len(P))
