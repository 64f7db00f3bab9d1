"""One quantity in two spellings, for the near-duplicate pair judge (issue 24 item 4, eighth round).

Added beside the aliases and date spellings (``aliases.equated``) for the scan's pair judge
(``core/near_duplicates/candidates.equated_pair``); since the twenty-fourth round the merge gate
reads a measure in another unit with the same reader (``quantities``, asked by
``meaning/quantity.py`` and ``soft_credits.figure_said_otherwise``):

* **Units** (``equated_quantities``): a duration or a metric measure written in another unit is
  the same quantity ("two hours" / "120 minutes", "35 years" / "three and a half decades",
  "1.5 km" / "1,500 metres"). Only units with a fixed ratio are converted: seconds, minutes,
  hours, days, weeks and fortnights with each other; months, years, decades and centuries with
  each other (a month is no fixed number of days); grams with kilograms, millimetres to
  kilometres, millilitres with litres.
* **"And a half"** (the same function): "four and a half thousand pounds" is 4 500, "two and a
  half hours" 2.5 hours (``lexicon.number_word_values`` reads "four" and "thousand" apart).
* **An absence word** (``spelled_absences``): an "-less" word states its root's absence
  ("Carless" is "without a car"), spelled out as "without car" when the other text writes that
  root, so the negation rule sees a negation of the same word on both sides.

As with the aliases, a side's spelling is rewritten into the other text's spelling only where the
other actually states that quantity (or that root): "two hours" / "90 minutes" is untouched and
still differs on its numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from dream_assets.core.facts.equivalents import DURATION_UNITS
from dream_assets.core.facts.hours import hours_minutes_spans
from dream_assets.core.facts.lexicon import TENS_WORDS, UNIT_WORDS, readable_figure

# (dimension, size in the dimension's base unit) of each unit spelling. The units of time and
# their ratios are the gate's own table (``equivalents.DURATION_UNITS``: minutes for the fixed
# units, months for the calendar ones), each with its plural; "yr" and "century" are spellings
# only the pair judge reads, sized from that table.
_DIMENSIONS = {"min": "time", "month": "calendar"}
_UNITS: dict[str, tuple[str, Fraction]] = {}
for _name, (_family, _size) in {
    **DURATION_UNITS,
    "yr": DURATION_UNITS["year"],
    "century": ("month", DURATION_UNITS["decade"][1] * 10),
}.items():
    _plural = _name[:-1] + "ies" if _name.endswith("y") and _name != "day" else _name + "s"
    _UNITS[_name] = _UNITS[_plural] = (_DIMENSIONS[_family], _size)
for _names, _dimension, _metric in (
    (("g", "gram", "grams", "gramme", "grammes"), "mass", Fraction(1)),
    (("kg", "kgs", "kilo", "kilos", "kilogram", "kilograms"), "mass", Fraction(1000)),
    (("mm", "millimetre", "millimetres", "millimeter", "millimeters"), "length", Fraction(1, 1000)),
    (("cm", "centimetre", "centimetres", "centimeter", "centimeters"), "length", Fraction(1, 100)),
    (("metre", "metres", "meter", "meters"), "length", Fraction(1)),
    (("km", "kms", "kilometre", "kilometres", "kilometer", "kilometers"), "length", Fraction(1000)),
    (("ml", "millilitre", "millilitres", "milliliter", "milliliters"), "volume", Fraction(1, 1000)),
    (("litre", "litres", "liter", "liters"), "volume", Fraction(1)),
):
    for _name in _names:
        _UNITS[_name] = (_dimension, _metric)

_NUMBER_WORDS = {**UNIT_WORDS, **TENS_WORDS}
_WORDS = "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_UNIT_NAMES = "|".join(sorted(map(re.escape, _UNITS), key=len, reverse=True))

# A number (digits, or number words: "twenty-five", "twenty five"), an optional "and a half",
# an optional scale word, an optional unit; or "half a(n) UNIT".
_QUANTITY = re.compile(
    rf"(?<![\w.,])(?:(?P<digits>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    rf"|(?P<words>(?:{_WORDS})(?:[- ](?:{_WORDS}))?))"
    rf"(?P<half>[- ]and[- ]a[- ]half)?"
    rf"(?:[- ](?P<scale>hundred|thousand|million))?"
    rf"(?:[- ]?(?P<unit>{_UNIT_NAMES}))?(?![\w])"
    rf"|(?<![\w])half[- ]an?[- ](?P<half_unit>{_UNIT_NAMES})(?![\w])"
    rf"|(?<![\w])an?[- ](?P<one_unit>{_UNIT_NAMES})(?![\w])",
    re.IGNORECASE,
)
# Thirty-second round: "a week" is one week ("kept for 7 days" / "retained for a week"), unless it
# is the period of a rate: a count or an amount within the three words before it ("twice a week",
# "three tablets a day", "£30 a month", "8 hours a day").
_RATE_BEFORE = re.compile(
    rf"(?:\b(?:once|twice|thrice|times|per|every|each|{_WORDS}|{_UNIT_NAMES})\b|[\d%$£€])"
    r"(?:\W+[a-z]+){0,2}\W*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Quantity:
    start: int
    end: int
    surface: str
    dimension: str  # "" for a bare amount
    value: Fraction  # in the dimension's base unit (exact: two spellings are compared for equality)
    spelled: bool  # written another way than one plain figure (a unit, words, "and a half")


def _word_value(words: str) -> Fraction | None:
    parts = re.split(r"[- ]", words.lower())
    if len(parts) == 2:
        tens, unit = parts
        if tens in TENS_WORDS and UNIT_WORDS.get(unit, 10) < 10:
            return Fraction(TENS_WORDS[tens] + UNIT_WORDS[unit])
        return None
    return Fraction(_NUMBER_WORDS[parts[0]])


@lru_cache(maxsize=1 << 16)
def quantities(text: str) -> tuple[Quantity, ...]:
    """The quantities ``text`` writes with a unit, in words or with "and a half", and its plain
    figures (a bare amount, to be found by the other side's spellings)."""
    found = []
    for match in _QUANTITY.finditer(text):
        if match.group("one_unit") is not None:
            before = text[max(0, match.start() - 24) : match.start()]
            if _RATE_BEFORE.search(before):
                continue
            dimension, size = _UNITS[match.group("one_unit").lower()]
            found.append(Quantity(match.start(), match.end(), match.group(), dimension, size, True))
            continue
        if match.group("half_unit") is not None:
            dimension, size = _UNITS[match.group("half_unit").lower()]
            found.append(
                Quantity(match.start(), match.end(), match.group(), dimension, size / 2, True)
            )
            continue
        if match.group("digits") is not None:
            digits = match.group("digits").replace(",", "")
            if not readable_figure(digits):
                continue  # a code, not an amount (``LONGEST_FIGURE``)
            value: Fraction | None = Fraction(digits)
        else:
            value = _word_value(match.group("words"))
        if value is None:
            continue
        if match.group("half"):
            value += Fraction(1, 2)
        if match.group("scale"):
            value *= _SCALES[match.group("scale").lower()]
        unit = match.group("unit")
        dimension, size = _UNITS[unit.lower()] if unit else ("", Fraction(1))
        spelled = bool(unit or match.group("words") or match.group("half"))
        found.append(
            Quantity(match.start(), match.end(), match.group(), dimension, value * size, spelled)
        )
    return tuple(found)


def measure_elsewhere(figure: str, text: str, other: str) -> bool:
    """Whether ``figure`` (a number or a number word of ``text``) is part of a measure with a unit
    that ``other`` writes too, in any unit or spelling ("500" of "500 g" / "half a kilo"): the
    merge gate's reading (twenty-fourth round; ``meaning/quantity.py``, ``soft_credits``)."""
    other_measures = {(q.dimension, q.value) for q in quantities(other) if q.dimension}
    return any(
        figure.lower() in re.split(r"[\s-]+", q.surface.lower())
        and (q.dimension, q.value) in other_measures
        for q in quantities(text)
        if q.dimension
    )


def _same(a: Quantity, b: Quantity) -> bool:
    return a.dimension == b.dimension and a.value == b.value


def equated_quantities(text: str, other: str) -> str:
    """``text`` with each quantity that ``other`` writes in another unit or spelling rewritten
    into ``other``'s spelling ("two hours" -> "120 minutes" when ``other`` says "120 minutes").
    A quantity ``other`` does not state is left as written, so it still differs. A bare amount
    is rewritten only from "and a half" ("four and a half thousand" -> "£4,500"'s "4,500"): the
    other spellings of a bare number are the judge's own reading."""
    mine, theirs = quantities(text), quantities(other)
    if not mine or not theirs:
        return text
    out, last = [], 0
    for quantity in mine:
        if not quantity.spelled or (not quantity.dimension and "half" not in quantity.surface):
            continue
        match = next(
            (
                q
                for q in theirs
                if _same(quantity, q) and q.surface.casefold() != quantity.surface.casefold()
            ),
            None,
        )
        if match is None:
            continue
        out.append(text[last : quantity.start])
        out.append(match.surface)
        last = quantity.end
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


# "-less" words that state no absence of a root.
_NOT_ABSENCES = frozenset({"unless", "regardless", "nevertheless", "nonetheless", "bless"})
_LESS = re.compile(r"\b([A-Za-z]{3,})less\b")


def spelled_absences(text: str, other: str) -> str:
    """``text`` with each "-less" word whose root ``other`` writes ("Carless" / "Doesn't own a
    car") spelled as "without ROOT" (the negation rule's own word for an absence)."""
    if "less" not in text.lower():
        return text
    other_words = set(re.findall(r"[a-z]+", other.lower()))

    def spelled(match: re.Match[str]) -> str:
        word, root = match.group(), match.group(1)
        if word.lower() in _NOT_ABSENCES:
            return word
        if root.lower() not in other_words and root.lower() + "s" not in other_words:
            return word
        lead = "Without" if word[0].isupper() else "without"
        return f"{lead} {root.lower()}"

    return _LESS.sub(spelled, text)


# A clock time in words: "six in the morning", "half past four in the afternoon", "eight in the
# evening", "ten at night", "half past nine".
_CLOCK_WORDS = re.compile(
    rf"(?<![\w-])(?:(?P<part>half|quarter)[- ]past[- ])?(?P<hour>{_WORDS}|\d{{1,2}})"
    r"(?: o'clock)?(?:[- ](?P<period>in the morning|in the afternoon|in the evening|at night))?"
    r"(?![\w-])",
    re.IGNORECASE,
)
# A clock time in figures, as the pair judge reads them ("6 a.m.", "18:00", "4:30 pm").
_CLOCK_FIGURES = re.compile(
    r"(?<![\w:.])(\d{1,2})(?::(\d{2}))?\s*(a\.?m\b\.?|p\.?m\b\.?)"
    r"|(?<![\w:.])(\d{1,2}):(\d{2})(?!\d|:\d)",
    re.IGNORECASE,
)


def _word_readings(match: re.Match[str]) -> frozenset[str]:
    """The 24-hour readings of a clock time in words; none when it is no clock time (a bare
    number without "half past" or a part of the day)."""
    part, period = match.group("part"), match.group("period")
    if part is None and period is None:
        return frozenset()
    hour_text = match.group("hour").lower()
    hour = int(hour_text) if hour_text.isdigit() else _NUMBER_WORDS.get(hour_text, 99)
    if not 1 <= hour <= 12:
        return frozenset()
    minute = {"half": "30", "quarter": "15", None: "00"}[part.lower() if part else None]
    if period is None:
        return frozenset({f"{hour % 12}:{minute}", f"{hour % 12 + 12}:{minute}"})
    period = period.lower()
    if period == "in the morning":
        hour %= 12
    elif period in ("in the afternoon", "in the evening") or 6 <= hour < 12:
        hour += 12
    elif hour == 12:
        hour = 0  # "twelve at night"
    return frozenset({f"{hour}:{minute}"})


def _figure_readings(match: re.Match[str]) -> frozenset[str]:
    if match.group(1) is not None:
        hour, minute = int(match.group(1)), match.group(2) or "00"
        if not 1 <= hour <= 12:
            return frozenset()
        if match.group(3).lower().startswith("p"):
            return frozenset({f"{hour % 12 + 12}:{minute}"})
        return frozenset({f"{hour % 12}:{minute}"})
    return frozenset({f"{int(match.group(4))}:{match.group(5)}"})


def equated_clock_words(text: str, other: str) -> str:
    """``text`` with each clock time in words rewritten into ``other``'s figure when ``other``
    writes that time in figures ("six in the morning" -> "6 a.m." when ``other`` says "6 a.m."),
    and into a figure of its own when ``other`` writes another clock time ("six in the morning"
    -> "6:00 am" against "7 a.m."): the pair judge then reads a clock time on both sides, the
    same one or two. Without a clock figure in ``other`` the text stays as written."""
    figures = _clock_figures(other)
    if not figures:
        return text

    def written(match: re.Match[str]) -> str:
        readings = _word_readings(match)
        if not readings:
            return match.group()
        same = next((surface for surface, theirs in figures if theirs <= readings), None)
        if same is not None:
            return same
        if len(readings) > 1:
            return min(readings, key=len)  # "half past four": "4:30", either half of the day
        hour, minute = next(iter(readings)).split(":")
        return f"{int(hour) % 12 or 12}:{minute} {'am' if int(hour) < 12 else 'pm'}"

    return _CLOCK_WORDS.sub(written, text)


def equated_durations(text: str, other: str) -> str:
    """``text`` with each duration in hours and minutes written as the clock figure ``other``
    writes for it ("3 h 41 min" -> "3:41" against "the fastest in 3:41"; twenty-third round,
    docs/merge-checks.md): the merge gate credits the same figure (``soft_credits``), the pair
    judge read "3", "41" and "3:41" as three numbers."""
    if ":" not in other:
        return text  # no clock figure to write it as (the common case, read per candidate pair)
    spans = [
        (match, clock)
        for match, clock in hours_minutes_spans(text)
        if re.search(rf"(?<![\d:]){clock}(?![\d:])", other)
    ]
    for match, clock in sorted(spans, key=lambda span: -span[0].start()):
        text = text[: match.start()] + clock + text[match.end() :]
    return text


# ── Cost, not rules (issue 27) ─────────────────────────────────────────────────────────────
# The pair judge equates both sides of every candidate pair, so the other side's clock figures
# were read once per pair a text is in: read once per text (a pure function of the text).


@lru_cache(maxsize=1 << 16)
def _clock_figures(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The clock times ``text`` writes in figures, each with its 24-hour readings."""
    figures = [(m.group(), _figure_readings(m)) for m in _CLOCK_FIGURES.finditer(text)]
    return tuple((surface, readings) for surface, readings in figures if readings)
