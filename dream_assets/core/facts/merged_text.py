"""What a merged text covers: every word, number, clock time and date it states, with the
equivalent spellings that credit a source's specific (docs/merge-checks.md, "How a specific is
credited by the merged text")."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import pairwise

from dream_assets.core.facts.baseline import FUNCTION_WORDS
from dream_assets.core.facts.dates import (
    _MONTHS,
    DateKey,
    _iso_key,
    _month_dates,
    written_dates,
)
from dream_assets.core.facts.equivalents import (
    CURRENCY_SIGNS,
    DEMONYM_CLASSES,
    UNIT_SPELLINGS,
    Duration,
    duration_unit,
    durations_of,
    percents_of,
    spells,
)
from dream_assets.core.facts.lexicon import (
    ORDINAL_WORDS,
    UNIT_WORDS,
    compound_ordinal,
    number_word_values,
    readable_figure,
)
from dream_assets.core.facts.tokens import (
    TOKEN,
    WEEKDAYS,
    WEEKDAYS_PLURAL,
    Specific,
    canonical_number,
    canonical_time,
    is_acronym,
    is_capitalized_word,
    is_plural_acronym,
    token_list,
    written_times,
)
from dream_assets.core.facts.vocabulary import straighten

# Titles written out or abbreviated name the same person ("Dr. Haddad" / "Doctor Haddad").
TITLE_SPELLINGS = {"Dr": "Doctor", "Prof": "Professor", "Mt": "Mount"}
_TITLE_EQUIVALENT = {**TITLE_SPELLINGS, **{full: short for short, full in TITLE_SPELLINGS.items()}}
_TITLE_BY_CAPITALS = {title.upper(): title for title in _TITLE_EQUIVALENT}
# The honorifics before a name, casefolded: their capitals are typography ("MR. OSEI").
_HONORIFICS = frozenset({"mr", "mrs", "ms", "mx", "dr", "prof", "sir", "dame", "st", "mt"})
# Letter case is typography for a name of at least this many letters ("Fatima" / "FATIMA");
# shorter acronyms collide with English words ("IT" / "It", "US" / "Us") and stay case-sensitive.
CASE_FOLD_MIN_LETTERS = 3


@dataclass(frozen=True)
class MergedText:
    words: frozenset[str]
    numbers: frozenset[str]
    times: frozenset[str]
    dates: frozenset[DateKey]
    # Casefolded capitalized or all-caps words of the merge that are not a sentence-start
    # capital (which may be grammar): a name in another letter case is the same name.
    folded: frozenset[str] = frozenset()
    text: str = ""  # straightened; the spellings below are read from it when first needed

    @cached_property
    def spelled(self) -> frozenset[str]:
        """What an acronym may be spelt out as: the capitals of a CamelCase word ("JavaScript"
        for "JS"), the initials of three to five consecutive words ("Amazon Web Services" for
        "AWS"), of two lowercase content words ("pull requests" for "PR"; two short or function
        words coincide too often), and a code's letters ("KL1234" for "KL")."""
        return frozenset(_acronym_spellings(self.text))

    @cached_property
    def percents(self) -> frozenset[str]:
        """The percentages the merge states ("10%", "a tenth")."""
        return frozenset(percents_of(self.text))

    @cached_property
    def durations(self) -> frozenset[Duration]:
        """The durations the merge states ("half an hour")."""
        return frozenset(durations_of(self.text))

    @cached_property
    def plain(self) -> frozenset[str]:
        """The words without their diacritics: "Krakow" is "Kraków" typed on another keyboard."""
        return frozenset(without_diacritics(w) for w in self.words)

    @classmethod
    def cached(cls, text: str) -> MergedText:
        """``of``, remembered per text: the pair judge checks one entry against many."""
        return _merged_text(text)

    @classmethod
    def of(cls, text: str) -> MergedText:
        text = straighten(text)
        words: set[str] = set()
        numbers: set[str] = set()
        times: set[str] = set()
        dates: set[DateKey] = set(_month_dates(text).values())
        for match in TOKEN.finditer(text):
            kind = match.lastgroup
            token = match.group()
            if kind in ("word", "code"):
                words.add(token)
                if token.endswith("'s"):
                    words.add(token[:-2])
            elif kind == "number":
                numbers.add(canonical_number(token))
            elif kind == "time":
                times.add(canonical_time(token))
                if token.count(":") == 2:
                    times.add(canonical_time(token.rsplit(":", 1)[0]))
            elif kind == "iso":
                # The year of "2026-04-15" is still 2026 to a source that said "in 2026".
                numbers.update(token.split("-"))
                dates.add(_iso_key(token))
        times |= written_times(text)  # "5.30 am" is "5:30" ("0200 UTC" "2:00"), and back
        numbers |= {clock.replace(":", ".") for clock in times}
        for _, _, readings in written_dates(text):  # "09.10.2026", "2027-06", "20/12"
            dates |= readings
        words |= {sign for sign in CURRENCY_SIGNS if sign in text}  # "$" spells "USD"
        # "R9,500", "Rs 40,000", "A$1,200": an amount after a currency's letters (31st round)
        numbers |= {canonical_number(m[1]) for m in _LETTERED_AMOUNT.finditer(text)}
        # "M&S" / "Marks and Spencer", "P&O": the initials of a name joined by its "&" are its
        # acronym (fourteenth round)
        words |= {m.group().replace("&", "") for m in _AMPERSAND_INITIALS.finditer(text)}
        lowered = _WORD_RUN.findall(text.lower())
        numbers |= {str(n) for n in number_word_values(lowered)}
        # "the fifteenth" / "the 15th": an ordinal word is its number (sixth round)
        numbers |= {str(ORDINAL_WORDS[w]) for w in lowered if w in ORDINAL_WORDS}
        # "her eighty-fifth birthday" / "turning 85": one ordinal (seventh round)
        numbers |= {
            str(value)
            for word, following in pairwise(lowered)
            if (value := compound_ordinal(word, following)) is not None
        }
        dates |= _numeric_day_months(text)
        numbers |= {_thousands(m.group(1)) for m in _THOUSANDS.finditer(text)}
        numbers |= {m.group(1) for m in _UNDER_TOKEN.finditer(text)}  # "U12" / "under-12"
        numbers |= {"12"} if _NOON.search(text) else set()  # "12–1pm" / "noon to 1"
        times |= _clock_readings(text)
        numbers |= {clock.replace(":", "").zfill(4) for clock in times}  # "2 am" / "0200 UTC"
        folded = set()
        for match, kind, initial in token_list(text):
            token = match.group()
            if kind != "word" or token.islower() or (initial and is_capitalized_word(token)):
                continue
            folded.add(token.casefold())
            if token.endswith("'s"):
                folded.add(token[:-2].casefold())
        return cls(
            frozenset(words),
            frozenset(numbers),
            frozenset(times),
            frozenset(dates),
            frozenset(folded),
            text,
        )

    def covers(self, specific: Specific) -> bool:
        if specific.kind == "number":
            number = canonical_number(specific.text)
            if number in self.numbers:
                return True
            if specific.unit == "k" and number.replace(".", "", 1).isdigit():
                # "£20k" / "£20,000": the figure and its scale (sixth round)
                return _thousands(number) in self.numbers
            if specific.unit == "%":
                return number in self.percents
            unit = duration_unit(specific.unit) if specific.unit else None
            if (
                unit is not None
                and number.replace(".", "", 1).isdigit()
                and readable_figure(number)
            ):
                family, size = unit
                return (family, Fraction(number) * size) in self.durations
            return False
        if specific.kind == "time":
            return canonical_time(specific.text) in self.times
        if specific.kind == "iso":
            return specific.date in self.dates
        name = specific.text
        if name in self.words:
            return True
        if without_diacritics(name) in self.plain:
            return True
        if _TITLE_EQUIVALENT.get(name) in self.words:
            return True
        # "DR. OKONKWO" / "Dr Okonkwo": a title in capitals is the same title (sixth round)
        title = _TITLE_BY_CAPITALS.get(name)
        if title is not None and (title in self.words or _TITLE_EQUIVALENT[title] in self.words):
            return True
        # "Mr. Osei" / "MR. OSEI", either way round: an honorific in capitals is the same
        # honorific (twelfth round; the sixth read "DR" / "Dr" one way)
        if name.casefold() in _HONORIFICS and (
            name.upper() in self.words or name.capitalize() in self.words
        ):
            return True
        if name in _TITLE_EQUIVALENT and _TITLE_EQUIVALENT[name].upper() in self.words:
            return True
        if is_acronym(name) and name in self.spelled:
            return True
        if is_plural_acronym(name) and name[:-1] in self.spelled:
            return True
        if len(name) >= CASE_FOLD_MIN_LETTERS and name.isalpha() and name.casefold() in self.folded:
            return True
        # "GB" / "gigabytes", "Norway" / "Norwegian": one thing in two spellings.
        spellings = UNIT_SPELLINGS.get(name.casefold()) or DEMONYM_CLASSES.get(name)
        if spellings and any(spells(w, spellings) for w in self.words if w != name):
            return True
        if _derived_adjective(name, self.words):
            return True
        if is_acronym(name) and name + "s" in self.words:
            return True
        if is_plural_acronym(name) and name[:-1] in self.words:
            return True
        # "on Mondays" / "on Monday": the same weekday, once or as a habit.
        if name in WEEKDAYS_PLURAL and name[:-1] in self.words:
            return True
        if name in WEEKDAYS and name + "s" in self.words:
            return True
        # "Sat 12 April" / "Saturday 12 April", "in Jan" / "in January": a weekday or a month
        # and its abbreviation, either way round (ninth round)
        if any(form in self.words for form in _CALENDAR_FORMS.get(name.removesuffix("."), ())):
            return True
        if (quarter := _QUARTER_CODE.fullmatch(name)) is not None:
            # "Q3" / "the third quarter", "third-quarter": one quarter of the year
            ordinal = _QUARTER_ORDINALS[int(quarter.group(1)) - 1]
            return re.search(rf"\b{ordinal}[- ]quarter\b", self.text, re.I) is not None
        if (age := _UNDER_CODE.fullmatch(name)) is not None:
            # "the U12 side" / "the under-12 team": an age group (ninth round)
            return re.search(rf"\bunder[- ]{age.group(1)}s?\b", self.text, re.I) is not None
        if (half := _HALF_CODE.fullmatch(name)) is not None:
            # "the H2 cycle" / "the second-half cycle": one half of the year (ninth round)
            ordinal = _QUARTER_ORDINALS[int(half.group(1)) - 1]
            return re.search(rf"\b{ordinal}[- ]half\b", self.text, re.I) is not None
        return specific.date is not None and self.has_date(specific.date)

    def has_acronym(self, acronyms: tuple[str, ...]) -> bool:
        """Whether the merge writes one of ``acronyms`` (or its plural) as an acronym."""
        return any(a in self.words or a + "s" in self.words for a in acronyms if len(a) >= 2)

    def has_date(self, wanted: DateKey) -> bool:
        """Whether the merge states the date ``wanted`` (at its precision)."""
        year, month, day = wanted
        return any(
            m == month and (day is None or d == day) and (year is None or y == year)
            for y, m, d in self.dates
        )


@lru_cache(maxsize=1 << 16)
def _merged_text(text: str) -> MergedText:
    return MergedText.of(text)


def without_diacritics(word: str) -> str:
    """ "Kraków" -> "Krakow", "Reykjavík" -> "Reykjavik"; "Straße" stays (no combining mark)."""
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


_QUARTER_CODE = re.compile(r"Q([1-4])")
_QUARTER_ORDINALS = ("first", "second", "third", "fourth")
_HALF_CODE = re.compile(r"H([12])")
_UNDER_CODE = re.compile(r"U(\d{1,2})")
_UNDER_TOKEN = re.compile(r"\bU(\d{1,2})s?\b")
# Weekdays and the abbreviations a person writes for them; months and theirs come from the
# dates' own table (``dates._MONTHS``: "Jan", "Sept", ...; "May" has none).
_WEEKDAY_ABBREVIATIONS = {
    "Monday": ("Mon",), "Tuesday": ("Tue", "Tues"), "Wednesday": ("Wed",),
    "Thursday": ("Thu", "Thur", "Thurs"), "Friday": ("Fri",), "Saturday": ("Sat",),
    "Sunday": ("Sun",),
}  # fmt: skip
_MONTH_SPELLINGS = [
    tuple(name for name, number in _MONTHS.items() if number == month) for month in range(1, 13)
]
# Each spelling -> the other spellings of its day or month.
_CALENDAR_FORMS: dict[str, tuple[str, ...]] = {
    spelling: tuple(s for s in forms if s != spelling)
    for forms in [(full, *short) for full, short in _WEEKDAY_ABBREVIATIONS.items()]
    + _MONTH_SPELLINGS
    for spelling in forms
    if len(forms) > 1
}
_WORD_RUN = re.compile(r"[a-z]+")
_THOUSANDS = re.compile(r"(?<![\w.,])(\d{1,3}(?:\.\d{1,2})?)[kK](?![^\W_])")  # "$18k" is 18000


# "17/10", "17/10/2026": a day and month in figures, read only where one order alone fits the
# calendar ("17/10" and "10/17" are 17 October); "10/12" is 10 December or 12 October and credits
# neither, "31/33" no date.
_DAY_MONTH = re.compile(r"(?<![\w/.])(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\w/])")


def _numeric_day_months(text: str) -> set[DateKey]:
    found: set[DateKey] = set()
    for match in _DAY_MONTH.finditer(text):
        first, second = int(match.group(1)), int(match.group(2))
        year = match.group(3)
        year_value = None if year is None else int(year) + (2000 if len(year) == 2 else 0)
        readings = {
            (day, month)
            for day, month in ((first, second), (second, first))
            if 1 <= month <= 12 and 1 <= day <= 31
        }
        if len(readings) == 1:
            ((day, month),) = readings
            found.add((year_value, month, day))
    return found


def _thousands(figure: str) -> str:
    """ "18" -> "18000", "26.5" -> "26500" (the figure before a "k"); a figure too long to be
    an amount (``readable_figure``) as it is."""
    if not readable_figure(figure):
        return figure
    return str(int(Fraction(figure) * 1000))


_HOUR_MARK = re.compile(
    r"(?<![\w:])(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|o'clock)(?!\w)", re.I
)
_CLOCK = re.compile(r"(?<![\w:])(\d{1,2}):(\d{2})(?!\d)")


# At most eight more capitalized words on each side of the connector: unbounded, a long run of
# capitalized words with no connector was read again from each of its words (time in the square
# of its length; bench_long_texts.py).
_NAME_WITH_CONNECTORS = re.compile(
    r"\b[A-Z][a-z]+(?:\s+(?:(?:of|and|for|the|de)\s+)?[A-Z][a-z]+){0,8}\s+(?:of|and|for|the|de)"
    r"\s+[A-Z][a-z]+(?:\s+(?:(?:of|and|for|the|de)\s+)?[A-Z][a-z]+){0,8}"
)
_CODE_LETTERS = re.compile(r"(?<![^\W_])([A-Z]{2,})\d")
_CAMEL_CAPITALS = re.compile(r"[A-Z]")


_LETTERED_AMOUNT = re.compile(
    r"(?<![\w$])(?:R|Rs|RM|Rp|S\$|A\$|C\$|NZ\$|HK\$)\s?(\d{1,3}(?:,\d{3})+|\d{3,})\b"
)
_AMPERSAND_INITIALS = re.compile(r"(?<![\w&])[A-Z]{1,2}&[A-Z]{1,2}(?![\w&])")
_ACRONYM_CONNECTORS = frozenset({"of", "and", "for", "the", "&"})


def _acronym_spellings(text: str) -> set[str]:
    found = {m.group(1) for m in _CODE_LETTERS.finditer(text)}
    words = [m.group() for m in TOKEN.finditer(text) if m.lastgroup == "word"]
    for word in words:
        capitals = "".join(_CAMEL_CAPITALS.findall(word))
        if len(capitals) >= 2 and not word.isupper():
            found.add(capitals)
    for size in (3, 4, 5):
        for start in range(len(words) - size + 1):
            window = words[start : start + size]
            found.add("".join(w[0] for w in window).upper())
            # eleventh round: "lasting power of attorney" for "LPA", without its connectors
            inner = [w for w in window[1:-1] if w.lower() not in _ACRONYM_CONNECTORS]
            if len(inner) < size - 2:
                found.add((window[0][0] + "".join(w[0] for w in inner) + window[-1][0]).upper())
    # "London School of Economics" for "LSE": a name's capitals without its "of", "and", "the"
    for run in _NAME_WITH_CONNECTORS.finditer(text):
        capitals = "".join(w[0] for w in run.group().split() if w[0].isupper())
        if len(capitals) >= 3:
            found.add(capitals)
    # Two lowercase content words spell a two-letter acronym ("pull requests" for "PRs"); two
    # short or function words coincide with too many.
    for first, second in pairwise(words):
        if all(w.islower() and len(w) >= 3 and w not in FUNCTION_WORDS for w in (first, second)):
            found.add((first[0] + second[0]).upper())
        # ninth round: two capitalized words of a name ("British Airways" for "BA")
        if all(len(w) >= 3 and w[0].isupper() and w[1:].islower() for w in (first, second)):
            found.add(first[0] + second[0])
    return found


def _clock_readings(text: str) -> set[str]:
    """The clock times a merge states in 12-hour words, as the check compares them: "8 a.m." and
    "8am" are 8:00, "4:30 pm" is 16:30 (and 4:30), and "16:30" is also 4:30 on a 12-hour clock
    (a source's "4:30" written as "16:30"). A bare "4:30" never credits "16:30": it may be
    morning."""
    found: set[str] = set()
    for match in _HOUR_MARK.finditer(text):
        hour, minute = int(match.group(1)), match.group(2) or "00"
        if not 1 <= hour <= 12:
            continue
        mark = match.group(3).lower().replace(".", "")
        if mark == "pm" and hour != 12:
            found.add(f"{hour + 12}:{minute}")
        elif mark == "am" and hour == 12:
            found.add(f"0:{minute}")
        found.add(f"{hour}:{minute}")
    for match in _CLOCK.finditer(text):
        hour = int(match.group(1))
        if 13 <= hour <= 23:
            found.add(f"{hour - 12}:{match.group(2)}")
    for match in _PAST_HOUR.finditer(text.lower()):
        # "half past eleven" is 11:30 (and 23:30: the words name no half of the day)
        past = _hour_of(match.group(2))
        if past is not None:
            minute = _PAST_MINUTES[match.group(1)]
            found |= {f"{past}:{minute}", f"{past + 12}:{minute}"}
    if _NOON.search(text):
        found.add("12:00")
    return found


_PAST_MINUTES = {"half": "30", "quarter": "15"}
_PAST_HOUR = re.compile(r"\b(half|quarter) past (\d{1,2}|[a-z]+)\b")
_NOON = re.compile(r"\b(?:noon|midday)\b", re.I)


def _hour_of(word: str) -> int | None:
    hour = int(word) if word.isdigit() else UNIT_WORDS.get(word)
    return hour if hour is not None and 1 <= hour <= 12 else None


# Seventeenth round: a place's adjective the demonym table does not list, by its regular endings
# ("Malawi" / "Malawian", "Rwanda" / "Rwandan", "Sudan" / "Sudanese", "Oman" / "Omani"), either
# way round; a name of four letters and up, so a short name is not read into a longer one.
_ADJECTIVE_ENDINGS = ("n", "an", "ian", "ese", "i")
_ADJECTIVE_BASE_MIN = 4


def _derived_adjective(name: str, words: Collection[str]) -> bool:
    if len(name) < _ADJECTIVE_BASE_MIN or not name.isalpha() or not name.istitle():
        return False
    for word in words:
        if word == name or not word.istitle():
            continue
        longer, shorter = (word, name) if len(word) > len(name) else (name, word)
        if len(shorter) < _ADJECTIVE_BASE_MIN or not longer.startswith(shorter):
            continue
        ending = longer[len(shorter) :]
        if ending in _ADJECTIVE_ENDINGS and (ending != "n" or shorter[-1] in "aeiou"):
            return True
    return False
