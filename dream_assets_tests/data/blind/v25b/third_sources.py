# One-off hand edit: add a hand-written third source to chosen cases and the hand-rewritten merge covering it.
import glob
E = [
("The user pays £45 a month for a PureFit gym membership, goes around three times a week, and the contract runs until March with one month's notice to cancel.",
 "Chose PureFit mainly because it has a 25-metre pool and stays open until 11pm on weekdays.",
 "The user pays £45 a month for a PureFit gym membership, picked mainly for its 25-metre pool and weekday opening until 11pm; they go around three times a week, and the contract runs until March with one month's notice to cancel."),
("The user's new Kia EV6 in dark green was delivered in late February, and the old Skoda Octavia will be sold privately rather than traded in at the dealer.",
 "A 7 kW wallbox for the Kia is being installed on the user's driveway next month by an electrician called Rhys.",
 "The user's new dark green Kia EV6 was delivered in late February, with a 7 kW wallbox going onto the driveway next month, fitted by an electrician called Rhys; the old Skoda Octavia will be sold privately rather than traded in at the dealer."),
("Caffeine after midday wrecks the user's sleep, so their single daily espresso always comes in the morning, brewed from beans hand-ground fresh each day in a Comandante.",
 "The user's espresso machine is a Lelit Bianca bought in 2023 and descaled every two months with citric acid.",
 "Caffeine after midday wrecks the user's sleep, so their single daily espresso always comes in the morning, pulled on a Lelit Bianca (bought 2023, descaled with citric acid every 2 months) from beans hand-ground fresh each day in a Comandante."),
("Juniper and Sorrel, the user's pair of Netherland Dwarf rabbits, are house rabbits trained to a litter tray, with timothy hay on tap and fresh greens each evening.",
 "Juniper and Sorrel see an exotics vet in Didsbury, where both of them were neutered in the spring of 2024.",
 "Juniper and Sorrel, the user's pair of Netherland Dwarf rabbits, are house rabbits trained to a litter tray, with timothy hay on tap and fresh greens each evening; both were neutered in spring 2024 at the Didsbury exotics vet they attend."),
("The user's left-handed squash partner Ahmed broke his wrist in February and is off the court until his physiotherapist gives the all-clear, likely in May.",
 "Before the injury, Ahmed and the user booked court 3 at the leisure centre on Tuesday lunchtimes and split the £9 fee.",
 "The user's left-handed squash partner Ahmed, with whom they used to book court three at the leisure centre on Tuesday lunchtimes and share the £9 fee, broke his wrist in February and is off the court until his physiotherapist gives the all-clear, likely in May."),
("With a north-facing, mostly shaded back garden, the user plants ferns, hostas and hellebores, and intends to swap the threadbare lawn for gravel next autumn.",
 "The back garden is roughly eight metres long, and the user already cleared a rotten shed from the far end last month.",
 "The user's back garden, about 8 metres long, faces north and is mostly shaded, so it is planted with ferns, hostas and hellebores; a rotten shed at the far end was removed last month, and the threadbare lawn is to become gravel next autumn."),
("The user mostly knits socks and shawls in wool from small Shetland mills, steers clear of acrylic, and is working on a Fair Isle sweater as a May birthday present for their partner.",
 "Sells hand-knitted shawls at a summer craft fair in Lerwick, which usually covers the cost of the year's wool.",
 "The user mostly knits socks and shawls in wool from small Shetland mills, steers clear of acrylic, and sells shawls at a Lerwick craft fair each summer, typically earning back the year's wool costs; currently on the needles is a Fair Isle sweater for their partner's May birthday."),
("The user intends to challenge a €90 parking ticket from Lyon in July, and has photographs proving scaffolding obscured the signs.",
 "The Lyon fine has to be contested within 45 days, and a colleague, Margaux, is helping the user write the appeal in French.",
 "The user intends to challenge a €90 parking ticket from Lyon in July, backed by photographs proving scaffolding obscured the signs; the appeal, due within forty-five days, is being written in French with help from a colleague, Margaux."),
("The user has a standing desk at the office and a mechanical keyboard, working from the office on Tuesdays and Thursdays and from home otherwise.",
 "Office desks are booked through an app called Deskbird, and the user always picks one by the windows on the third floor.",
 "The user has a standing desk at the office and a mechanical keyboard, works from the office on Tuesdays and Thursdays and from home otherwise, and books desks through Deskbird, always choosing one by the third-floor windows."),
("Bongani, the user's friend, moved from Johannesburg to Cape Town in February for a new job and is house-hunting in Observatory or Woodstock near the office.",
 "Bongani's new role is head of product at an insurance startup, and his partner Thandeka will follow him later in the year.",
 "Bongani, the user's friend, moved from Johannesburg to Cape Town in February to become head of product at an insurance startup and is house-hunting in Observatory or Woodstock near the office; his partner Thandeka will follow later in the year."),
("The user writes technical documentation in Markdown with one sentence per line for cleaner diffs, and runs Vale as a prose linter on documentation pull requests.",
 "Documentation pull requests need approval from one technical writer, currently Henrietta, before they are merged into the docs site.",
 "The user writes technical documentation in Markdown with one sentence per line for cleaner diffs and runs Vale as a prose linter on documentation pull requests, which also need approval from one technical writer, currently Henrietta, before merging into the docs site."),
("Having dropped Netflix in August, the user now pays only for Spotify Family and Guardian digital, and goes through all subscriptions every six months to cancel unused ones.",
 "Switched from Spotify Premium to the Family plan in 2025 so that the user's two teenagers could share the account.",
 "Having dropped Netflix in August, the user now pays only for Guardian digital and Spotify Family, which replaced Premium in 2025 so their 2 teenagers could share it, and goes through all subscriptions every six months to cancel unused ones."),
]
n = 0
for f in sorted(glob.glob('raw_a_0*.txt')):
    s = open(f).read()
    for old, src, new in E:
        if 'M: ' + old in s:
            s = s.replace('M: ' + old, 'S: ' + src + '\nM: ' + new); n += 1
    open(f, 'w').write(s)
print('edited', n, 'of', len(E))
