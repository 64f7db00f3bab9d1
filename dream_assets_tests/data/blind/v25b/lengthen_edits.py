# One-off hand edit: lengthen short faithful sources with restated context only (no new facts), by hand.
import glob
P = [
("User plans to remortgage before November 2027 to avoid the variable rate.", "User plans to remortgage before the fixed 3.9% deal ends in November 2027, so as not to slip onto the lender's variable rate."),
("Valtteri reviews most of the user's data pipeline pull requests.", "Valtteri, the colleague in the Helsinki office, is the one who reviews most of the user's data pipeline pull requests."),
("Joaquín charges $25 per hour and prefers payment through Wise.", "Joaquín charges $25 per hour for the Spanish lessons over Zoom and prefers the user to pay him through Wise."),
("The user's go-to focus album is Brian Eno's 'Music for Airports'.", "When coding, the user's go-to focus album is Brian Eno's 'Music for Airports', since it has no lyrics to distract them."),
("During on-call weeks the user won't schedule any travel or evening plans.", "During their platform on-call weeks the user won't schedule any travel or evening plans, keeping the whole week clear."),
("The company is paying for the user's KubeCon flights and three nights' hotel.", "The company is paying for the user's flights to Amsterdam for KubeCon and for three nights in a hotel there."),
("Fringe volunteers get free tickets to two shows for every shift worked.", "As a perk, Fringe volunteers like the user get free tickets to two shows for each shift they work."),
("Ayumi's beginner's plate must stay on the car for one year after passing.", "Under Japanese rules Ayumi's beginner's plate must stay on whatever car she drives for one year after passing the test."),
("Comfort now works as chief risk officer at a pension fund in Accra.", "Comfort, the user's old manager from the bank, now works as chief risk officer at a pension fund in Accra."),
("Hiroko Saito used to lead the payments infrastructure group at the same company.", "Before becoming director of platform engineering, Hiroko Saito used to lead the payments infrastructure group at the same company."),
]
n = 0
for f in sorted(glob.glob('raw_a_0*.txt')):
    s = open(f).read()
    for a, b in P:
        if 'S: ' + a in s: s = s.replace('S: ' + a, 'S: ' + b); n += 1
    open(f, 'w').write(s)
print('edited', n, 'of', len(P))
