"""Spellings of one specific that credit each other (issue 24): a unit abbreviated or written out
("GB" / "gigabytes"), a country and its people's adjective ("Norway" / "Norwegian"), a duration in
another unit ("30 minutes" / "half an hour"), a percentage as a fraction ("10%" / "a tenth").

Each is an equivalence class, never a dropped requirement: a merge that loses the unit, the
country or the duration in every spelling is still rejected. The tables are closed lists of
English, not fitted to any corpus sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction

from dream_assets.core.facts.lexicon import TENS_WORDS, UNIT_WORDS, readable_figure

# ── Units ──────────────────────────────────────────────────────────────────────────────────

_UNIT_CLASSES = (
    "GB gigabyte gigabytes",
    "MB megabyte megabytes",
    "TB terabyte terabytes",
    "KB kilobyte kilobytes",
    "Gbit Gbps gigabit gigabits",
    "Mbit Mbps megabit megabits",
    "GHz gigahertz",
    "MHz megahertz",
    "kWh kilowatt-hour kilowatt-hours",
    "kW kilowatt kilowatts",
    "mAh milliamp-hour milliamp-hours",
    "TV television",
    "USD dollar dollars $",
    "EUR euro euros €",
    "GBP sterling £",
    "UK Britain",
    "US USA America",
)
CURRENCY_SIGNS = frozenset({"$", "€", "£"})
# Each spelling (casefolded) -> its class as written: an abbreviation matches only as written
# ("US", never the pronoun "us"), a lowercase spelling in any letter case ("Gigabytes").
UNIT_SPELLINGS: dict[str, frozenset[str]] = {
    spelling.casefold(): frozenset(line.split())
    for line in _UNIT_CLASSES
    for spelling in line.split()
}


def spells(word: str, spellings: frozenset[str]) -> bool:
    """Whether ``word`` of a merge is one of ``spellings`` (see ``UNIT_SPELLINGS``)."""
    return word in spellings or (word.lower() in spellings and word.lower() != word.upper())


# ── Countries and their adjectives ─────────────────────────────────────────────────────────

_DEMONYMS = """
Afghanistan Afghan; Argentina Argentine Argentinian Argentinean; Australia Australian;
Austria Austrian; Belgium Belgian; Bolivia Bolivian; Brazil Brazilian; Britain British;
Bulgaria Bulgarian; Cambodia Cambodian; Canada Canadian; Chile Chilean; China Chinese;
Colombia Colombian; Croatia Croatian; Cuba Cuban; Czechia Czech; Denmark Danish Dane Danes;
Ecuador Ecuadorian; Egypt Egyptian; England English; Estonia Estonian; Ethiopia Ethiopian;
Finland Finnish Finn Finns; France French; Georgia Georgian; Germany German Germans;
Ghana Ghanaian; Greece Greek Greeks; Hungary Hungarian; Iceland Icelandic; India Indian;
Indonesia Indonesian; Iran Iranian Persian; Iraq Iraqi; Ireland Irish; Israel Israeli;
Italy Italian Italians; Jamaica Jamaican; Japan Japanese; Jordan Jordanian; Kenya Kenyan;
Korea Korean Koreans; Latvia Latvian; Lebanon Lebanese; Lithuania Lithuanian;
Malaysia Malaysian; Mexico Mexican Mexicans; Morocco Moroccan; Nepal Nepali Nepalese;
Netherlands Dutch Holland; Nigeria Nigerian; Norway Norwegian Norwegians; Pakistan Pakistani;
Peru Peruvian; Philippines Filipino Philippine; Poland Polish Pole Poles; Portugal Portuguese;
Romania Romanian; Russia Russian Russians; Scotland Scottish Scots; Serbia Serbian;
Singapore Singaporean; Slovakia Slovak Slovakian; Slovenia Slovenian; Spain Spanish Spaniard;
Sweden Swedish Swede Swedes; Switzerland Swiss; Syria Syrian; Taiwan Taiwanese; Thailand Thai;
Tunisia Tunisian; Turkey Turkish Turk Turks; Ukraine Ukrainian; Uruguay Uruguayan;
Venezuela Venezuelan; Vietnam Vietnamese; Wales Welsh; Europe European Europeans;
Africa African; Asia Asian; Scandinavia Scandinavian; Bavaria Bavarian; Catalonia Catalan;
Sicily Sicilian; Tuscany Tuscan; Provence Provencal; Normandy Norman; Brittany Breton;
Cornwall Cornish; Yorkshire Yorkshireman; Flanders Flemish; Andalusia Andalusian;
Galicia Galician; Lombardy Lombard; Venice Venetian; Paris Parisian; Texas Texan;
California Californian; Quebec Quebecois Quebecer; Bengal Bengali; Punjab Punjabi;
Kashmir Kashmiri; Gujarat Gujarati; Kerala Keralite; Hawaii Hawaiian; Siberia Siberian;
Patagonia Patagonian; Anatolia Anatolian; Crete Cretan; Sardinia Sardinian; Corsica Corsican
"""
DEMONYM_CLASSES: dict[str, frozenset[str]] = {
    name: frozenset(entry.split())
    for entry in _DEMONYMS.replace("\n", " ").split(";")
    for name in entry.split()
}

# ── Durations ──────────────────────────────────────────────────────────────────────────────

# Two families that convert exactly: clock time in minutes, calendar time in months.
DURATION_UNITS: dict[str, tuple[str, Fraction]] = {
    "second": ("min", Fraction(1, 60)), "sec": ("min", Fraction(1, 60)),
    "minute": ("min", Fraction(1)), "min": ("min", Fraction(1)),
    "hour": ("min", Fraction(60)), "hr": ("min", Fraction(60)),
    "day": ("min", Fraction(1440)), "week": ("min", Fraction(10080)),
    "fortnight": ("min", Fraction(20160)),
    "month": ("month", Fraction(1)), "year": ("month", Fraction(12)),
    "decade": ("month", Fraction(120)),
}  # fmt: skip
Duration = tuple[str, Fraction]


def duration_unit(word: str) -> tuple[str, Fraction] | None:
    """``("min", 60)`` for "hour", "hours", "hrs"; None for a word that is not a unit of time."""
    word = word.lower()
    if word in DURATION_UNITS:
        return DURATION_UNITS[word]
    if word.endswith("s") and word[:-1] in DURATION_UNITS:
        return DURATION_UNITS[word[:-1]]
    return None


_DURATION_WORDS = re.compile(r"\d+(?:\.\d+)?|[a-z]+")
_FRACTIONS_OF_A_UNIT = {"half": Fraction(1, 2), "quarter": Fraction(1, 4)}


def _units_of_time(
    text: str,
) -> Iterator[tuple[list[str], int, tuple[str, Fraction], list[str]]]:
    """Each unit of time in ``text``: its words, the unit's place, (family, size) and the up to
    four words before it (where a duration's or a frequency's count stands)."""
    words = _DURATION_WORDS.findall(text.lower())
    for index, word in enumerate(words):
        unit = duration_unit(word)
        if unit is not None:
            yield words, index, unit, words[max(0, index - 4) : index]


def durations_of(text: str) -> set[Duration]:
    """The durations ``text`` states in any spelling: "30 minutes", "half an hour", "a half-hour",
    "an hour and a half", "1.5 hours", "a quarter of an hour", "two weeks", "a fortnight"."""
    return {duration for _, duration in duration_counts(text)}


_DAY = Fraction(1440)


def calendar_readings(duration: Duration) -> set[Duration]:
    """A calendar duration and the days or weeks it is taken for (fourteenth round): "three
    months" / "90 days", "a month" / "four weeks", "a year" / "365 days" / "52 weeks". Read only
    for the merge gate, where the writer's rounding is no change of fact."""
    family, size = duration
    found = {duration}
    if family == "month":
        found |= {("min", size * 30 * _DAY), ("min", size * 28 * _DAY)}
        if size % 12 == 0:
            found |= {("min", size / 12 * 365 * _DAY), ("min", size / 12 * 364 * _DAY)}
    return found


def duration_counts(text: str) -> list[tuple[frozenset[str], Duration]]:
    """Each duration of ``text`` with the words that count it ("half" and "an" in "half an
    hour"), so a rule that reads those words as numbers can tell they measure a time."""
    found: list[tuple[frozenset[str], Duration]] = []
    for words, index, (family, size), before in _units_of_time(text):
        counted = _amount_before(before)
        if counted is None and words[index] == "fortnight":
            # "a planned fortnight", "the first fortnight": the unit that is itself a count
            counted = Fraction(1), 0
        if counted is None:
            continue
        amount, taken = counted
        counting = set(before[-taken:]) if taken else set()
        if words[index + 1 : index + 4] == ["and", "a", "half"]:
            amount += Fraction(1, 2)
            counting.add("half")
        found.append((frozenset(counting), (family, amount * size)))
    return found


def _amount_before(before: list[str]) -> tuple[Fraction, int] | None:
    """The count in the (up to four) words before a unit of time and how many of the last words
    it took, or None: no count."""
    if not before:
        return None
    if before[-4:] in (["one", "and", "a", "half"], ["an", "and", "a", "half"]):
        return Fraction(3, 2), 4  # "one and a half hours"
    if len(before) >= 3 and before[-2] == "of" and before[-1] in ("a", "an"):
        share = _FRACTIONS_OF_A_UNIT.get(before[-3])  # "a quarter of an hour"
        return (share, 3) if share is not None else None
    if len(before) >= 2 and before[-1] in ("a", "an") and before[-2] in _FRACTIONS_OF_A_UNIT:
        return _FRACTIONS_OF_A_UNIT[before[-2]], 2  # "half an hour", "half a day"
    last, earlier = before[-1], before[:-1]
    if last in _FRACTIONS_OF_A_UNIT:
        return _FRACTIONS_OF_A_UNIT[last], 1  # "a half-hour", "a quarter hour"
    if last[0].isdigit():
        return (Fraction(last), 1) if readable_figure(last) else None
    if last in ("a", "an", "one"):
        return Fraction(1), 1
    if last in UNIT_WORDS:
        tens = earlier[-1] if earlier else ""
        if tens in TENS_WORDS and UNIT_WORDS[last] < 10:
            return Fraction(TENS_WORDS[tens] + UNIT_WORDS[last]), 2
        return Fraction(UNIT_WORDS[last]), 1
    if last in TENS_WORDS:
        return Fraction(TENS_WORDS[last]), 1
    return None


# ── Percentages ────────────────────────────────────────────────────────────────────────────

# "a tenth of their income" is 10 %; "two thirds" about 67 % (and 66 %).
_FRACTION_PERCENTS = {
    ("half",): (50,), ("third",): (33,), ("quarter",): (25,), ("fifth",): (20,),
    ("tenth",): (10,), ("three", "quarters"): (75,), ("two", "thirds"): (66, 67),
    ("two", "fifths"): (40,), ("three", "fifths"): (60,), ("four", "fifths"): (80,),
}  # fmt: skip
# From the first digit of a figure (a later one finds a part of the same match; tried from each,
# a long figure with no percent after it cost the square of its length).
_PERCENT = re.compile(r"(?<!\d)(\d+(?:\.\d+)?)\s*(?:%|percent\b|per cent\b)", re.IGNORECASE)


def percents_of(text: str) -> set[str]:
    """The percentages ``text`` states: "10%", "10 percent", and the fractions ("a tenth")."""
    found = {m.group(1) for m in _PERCENT.finditer(text)}
    words = re.findall(r"[a-z]+", text.lower())
    for index in range(len(words)):
        for size in (1, 2):
            key = tuple(words[index : index + size])
            if key not in _FRACTION_PERCENTS:
                continue
            before = words[index - 1] if index else ""
            after = words[index + size] if index + size < len(words) else ""
            # "a tenth of", "half the budget": a share, not "the third time" or "half-hour"
            if before in ("a", "one") or after in ("of", "the") or size == 2:
                found |= {str(v) for v in _FRACTION_PERCENTS[key]}
    return found


PERCENT_AFTER = re.compile(r"\s*(?:%|percent\b|per cent\b)", re.IGNORECASE)


# ── Frequencies ────────────────────────────────────────────────────────────────────────────

_TIMES = {"once": 1, "twice": 2, "thrice": 3}
_EVERY_SECOND = frozenset({"other", "second", "alternate"})
Rate = tuple[str, Fraction]  # (family, occurrences per unit of the family)


# Adverbs of a period: "fortnightly" is every two weeks, "weekly" every week.
_PERIOD_ADVERBS = {
    "hourly": "hour", "daily": "day", "nightly": "day", "weekly": "week",
    "fortnightly": "fortnight", "monthly": "month", "yearly": "year", "annually": "year",
    "annual": "year",
}  # fmt: skip
_QUARTERLY = ("month", Fraction(3))
# Twice a year, and every two years ("biweekly" and "bimonthly" are read both ways by people, so
# they are left out): times per year.
_PER_YEAR = {w: Fraction(2) for w in ("biannual", "biannually", "semiannual", "semiannually")}
_PER_YEAR |= {"biennial": Fraction(1, 2), "biennially": Fraction(1, 2)}


def _quarter_rate(before: list[str]) -> list[tuple[frozenset[str], Rate]]:
    """ "once a quarter", "twice a quarter", "every quarter", "each quarter" / "quarterly", "every
    three months" (twenty-fourth round); "a quarter of the budget", "quarter past" are no period.
    The words that count it include "quarter" itself, which the quantity rule reads as a share."""
    family, size = _QUARTERLY
    if before[-1:] and before[-1] in ("every", "each", "per"):
        return [(frozenset({"quarter"}), (family, 1 / size))]
    if before[-1:] == ["a"] and len(before) == 2 and before[0] in _TIMES:
        return [(frozenset({before[0], "quarter"}), (family, _TIMES[before[0]] / size))]
    return []


def _adverb_rates(text: str) -> list[tuple[frozenset[str], Rate]]:
    """ "fortnightly" is one per 20 160 minutes; "twice weekly" and "two times weekly" two per
    10 080; "quarterly" one per three months."""
    found: list[tuple[frozenset[str], Rate]] = []
    words = _DURATION_WORDS.findall(text.lower())
    for index, word in enumerate(words):
        if word in _PER_YEAR:  # "biannual reviews" / "twice a year" (ninth round)
            family, size = DURATION_UNITS["year"]
            found.append((frozenset(), (family, _PER_YEAR[word] / size)))
            continue
        unit = _QUARTERLY if word == "quarterly" else None
        if word in _PERIOD_ADVERBS:
            unit = DURATION_UNITS[_PERIOD_ADVERBS[word]]
        before = words[max(0, index - 2) : index]
        if word == "quarter":
            found += _quarter_rate(before)
            continue
        if unit is None:
            continue
        family, size = unit
        if before[-1:] and before[-1] in _TIMES:  # "twice weekly"
            found.append((frozenset(before[-1:]), (family, _TIMES[before[-1]] / size)))
        elif before[-1:] == ["times"] and len(before) == 2:  # "three times weekly"
            counted = _amount_before(before[:1])
            if counted is not None:
                found.append((frozenset(before[:1]), (family, counted[0] / size)))
        else:
            found.append((frozenset(), (family, 1 / size)))
    return found


def frequency_counts(text: str) -> list[tuple[frozenset[str], Rate]]:
    """The frequencies ``text`` states with the words that count them: "every six months" is one
    per six months ("six"), "twice a year" two per twelve months ("twice"), "three times a
    week" three per 10 080 minutes ("three"), "fortnightly" one per two weeks."""
    found: list[tuple[frozenset[str], Rate]] = _adverb_rates(text)
    for _words, _index, (family, size), before in _units_of_time(text):
        if len(before) >= 2 and before[-2] == "every" and before[-1] in _EVERY_SECOND:
            # "every other year" / "every two years" (twenty-fourth round)
            found.append((frozenset(), (family, 1 / (2 * size))))
        elif len(before) >= 2 and before[-2] == "every":  # "every six months"
            counted = _amount_before(before[-1:])
            if counted is not None:
                found.append((frozenset(before[-1:]), (family, 1 / (counted[0] * size))))
        elif before[-1:] == ["every"]:  # "every month"
            found.append((frozenset(), (family, 1 / size)))
        elif len(before) >= 2 and before[-1] in ("a", "an", "per", "each"):
            count = before[-2]
            if count in _TIMES:  # "twice a year"
                found.append((frozenset({count}), (family, _TIMES[count] / size)))
            elif count == "times" and len(before) >= 3:  # "three times a week"
                counted = _amount_before(before[-3:-2])
                if counted is not None:
                    found.append((frozenset(before[-3:-2]), (family, counted[0] / size)))
    return found


# Thirty-first round: "cycles of two weeks", "Linear cycles run for 14 days" / "fortnightly
# cycles": the length of a recurring thing that the merge states as the period before its noun
# (the adverb, up to one word, the noun the source writes too).
_PERIOD_BEFORE_NOUN = re.compile(
    rf"\b({'|'.join(_PERIOD_ADVERBS)})\s+([a-z]{{3,}})(?:\s+([a-z]{{3,}}))?", re.IGNORECASE
)


def length_as_period(count: str, source: str, merged: str) -> bool:
    """Whether ``count`` counts a length of ``source`` that ``merged`` states as a period."""
    source_words = {w.removesuffix("s") for w in _DURATION_WORDS.findall(source.lower())}
    periods = {
        DURATION_UNITS[_PERIOD_ADVERBS[m[1].lower()]]
        for m in _PERIOD_BEFORE_NOUN.finditer(merged)
        if {m[2].lower().removesuffix("s"), (m[3] or "").lower().removesuffix("s")} & source_words
    }
    lower = count.lower()
    return bool(periods) and any(
        lower in words and d in periods for words, d in duration_counts(source)
    )
