R = {
# lossy files
"S: The user blocks 8 to 10 every morning for focused work and doesn't take calls in that window.":
"S: Blocks 8 to 10 every morning for focused, deep work; doesn't take any calls during that window.",
"S: The user keeps six hens in the back garden, mostly Buff Orpingtons, and gets about four eggs a day.":
"S: Keeps six hens in the back garden, mostly Buff Orpingtons; gets about four eggs a day from them.",
"S: The user has made a set of four mugs in the pottery class and glazed them in celadon.":
"S: Made a set of four mugs in the pottery class so far and glazed all of them in celadon.",
"S: The user gets an annual HbA1c test because of family history; last result was normal.":
"S: Gets an HbA1c blood test every year because of the family history; the last result came back normal.",
"S: The user swims about 12 km a week at the moment and plans to build up to 25 km before the crossing.":
"S: Swimming about 12 km a week at the moment; plans to build up to 25 km a week before the crossing.",
"S: The user dislikes story points and argued in the last retro for switching to counting tickets instead.":
"S: Dislikes story points; argued in the last retro that the team should switch to simply counting tickets instead.",
"S: The user enjoys trying non-alcoholic craft beers and likes the ones from a brewery in Ghent.":
"S: Enjoys trying non-alcoholic craft beers, especially the ones from a small brewery in Ghent.",
"S: The user sells each loaf at the farmers' market for 6 euros and usually sells out by noon.":
"S: Sells each loaf at the farmers' market for 6 euros; usually sold out by noon.",
"S: The user wants to do a two-night desert trip from Merzouga and ride a camel at sunset.":
"S: Wants a two-night desert trip from Merzouga during the Morocco holiday, including a camel ride at sunset.",
"S: The user sends colour film to a lab in Brighton because they don't want to handle C-41 chemicals.":
"S: Sends colour film off to a lab in Brighton rather than developing it, so as not to handle C-41 chemicals.",
"S: The user has had twenty lessons with an instructor called Des and practises in their mum's car at weekends.":
"S: Twenty lessons done so far with an instructor called Des; practises in their mum's car at weekends.",
"S: The user wants to add their laptop and camera to the contents policy as specified items.":
"S: Wants the laptop and the camera added to the contents policy as specified items before renewal.",
# faithful files
"S: The user dislikes tofu unless it is deep-fried and heavily seasoned, and prefers tempeh in stir-fries.":
"S: Dislikes tofu unless it's deep-fried and heavily seasoned; prefers tempeh in stir-fries.",
"S: The user walks Otis twice a day, about forty minutes each time, along the canal towpath.":
"S: Walks Otis twice a day along the canal towpath, about forty minutes each time.",
"S: The user sets aside 30 percent of every client payment in a separate savings account for taxes.":
"S: Sets aside 30 percent of every client payment in a separate savings account, purely for taxes.",
"S: The user charges the Niro at home overnight on a cheap off-peak tariff and rarely uses public chargers.":
"S: Charges the Niro at home overnight on a cheap off-peak tariff; rarely uses public chargers.",
"S: The user has paused their gym membership until the back injury heals.":
"S: Gym membership paused until the back injury has fully healed, as advised.",
"S: The user phones Rosario every Saturday and speaks Spanish with her because her English is limited.":
"S: Phones Rosario every Saturday and speaks Spanish with her, since her English is limited.",
"S: The user does a 25 percent water change every Sunday and doses liquid fertiliser after each change.":
"S: Does a 25 percent water change on the tank every Sunday, then doses liquid fertiliser after each change.",
"S: The user prefers pytest over unittest and wants fixtures kept in conftest.py files.":
"S: Prefers pytest over unittest; fixtures should be kept in conftest.py files, not inside test modules.",
"S: The user sleeps from about 9am to 4pm after night shifts and keeps their phone on do-not-disturb.":
"S: Sleeps from about 9am to 4pm after night shifts, with the phone on do-not-disturb.",
"S: The user has about thirty dahlia varieties and swaps tubers with other allotment holders in spring.":
"S: Has about thirty dahlia varieties now; swaps tubers with other allotment holders every spring.",
"S: The user prefers tmux over multiple terminal windows and keeps one session per project.":
"S: Prefers tmux over multiple terminal windows and keeps exactly one session per project.",
"S: The user gives 5% of their income to charity, split between a malaria charity and a local food bank.":
"S: Gives 5% of income to charity, split between a malaria charity and the local food bank.",
"S: The user keeps a spreadsheet of tutoring income because it must go on their tax return as self-employment income.":
"S: Keeps a spreadsheet of tutoring income, since it must go on the tax return as self-employment income.",
"S: The user wears a helmet on the scooter and bought a reflective vest after a near miss in November.":
"S: Wears a helmet on the scooter; bought a reflective vest after a near miss with a van in November.",
"S: The user learns best from worked examples and short videos, not long reference documentation.":
"S: Learns best from worked examples and short videos, not from long reference documentation.",
"S: The user practises Korean with a language exchange partner, Seo-yeon, on Sunday evenings over video.":
"S: Practises Korean over video with a language exchange partner, Seo-yeon, on Sunday evenings.",
"S: The user wants to stop in Big Sur for two nights and avoid driving after dark on the coastal stretches.":
"S: Wants two nights in Big Sur on the road trip and no driving after dark on the coastal stretches.",
}
import glob
n=0
for fn in glob.glob('a_*.txt'):
    s=open(fn).read()
    for a,b in R.items():
        if a in s: s=s.replace(a,b); n+=1
    open(fn,'w').write(s)
print(n, len(R))
