"""An hour of the day or a duration in hours, in figures or in words, and the clock figure each
reads as ("at 9" / "9:00", "3 hours 41 minutes" / "3:41", "from 9 to 12" / "9:00-12:00"). Read only
for the merge gate (the coverage check's soft credits and the quantity rule). Split from
``equivalents.py``."""

from __future__ import annotations

import re
from collections.abc import Iterable

from dream_assets.core.facts.lexicon import TENS_WORDS, UNIT_WORDS

# ── A duration of hours and minutes written as a clock figure (seventh round) ──────────────

# "3 hours 45 minutes", "3 hours and 45", "3h45": a duration a race time or a timer writes as
# "3:45" (and the reverse). Read only for the merge gate (``coverage.missing_specifics(...,
# soft=True)`` and the quantity rule): the figure is the same, whatever it measures.
_HOURS_MINUTES = re.compile(
    r"\b(\d{1,2})\s*(?:hours?|hrs?|h)\s*(?:and\s+)?(\d{1,2})(?:\s*(?:minutes?|mins?|m))?\b",
    re.IGNORECASE,
)


# "five hours forty", "three hours and twenty-five minutes" (fourteenth round): the same duration
# in number words; each word is the figure the quantity rule reads.
_HOUR_WORD = "|".join(w for w, n in UNIT_WORDS.items() if 1 <= n <= 12)
_MINUTE_WORD = (
    "|".join(TENS_WORDS) + "|" + "|".join(w for w, n in UNIT_WORDS.items() if 1 <= n <= 19)
)
_HOURS_MINUTES_WORDS = re.compile(
    rf"\b({_HOUR_WORD})\s+hours?\s+(?:and\s+)?((?:{_MINUTE_WORD})(?:[\s-](?:{_HOUR_WORD}))?)"
    r"(?:\s+minutes?)?\b",
    re.IGNORECASE,
)


def _word_minutes(words: str) -> int:
    return sum({**UNIT_WORDS, **TENS_WORDS}[w] for w in re.split(r"[\s-]+", words.lower()))


def hours_minutes(text: str) -> dict[str, set[str]]:
    """Each figure of a duration in hours and minutes -> the clock figures it reads as
    ("3 hours 41 minutes": "3" and "41" -> {"3:41"}; "five hours forty": "five" and "forty" ->
    {"5:40"})."""
    found: dict[str, set[str]] = {}
    for match, clock in hours_minutes_spans(text):
        hours, minutes = (g.lower() for g in match.groups())
        for figure in (hours, minutes, *re.split(r"[\s-]+", minutes)):
            found.setdefault(figure, set()).add(clock)
    return found


def hours_minutes_spans(text: str) -> list[tuple[re.Match[str], str]]:
    """Each duration in hours and minutes of ``text`` and its clock figure ("3 h 41 min",
    "3:41"); the pair judge writes it as the other side's clock figure (twenty-third round,
    ``quantities.equated_durations``)."""
    found = []
    for match in (*_HOURS_MINUTES.finditer(text), *_HOURS_MINUTES_WORDS.finditer(text)):
        hours, minutes = match.groups()
        hour_value = int(hours) if hours.isdigit() else UNIT_WORDS[hours.lower()]
        minute_value = int(minutes) if minutes.isdigit() else _word_minutes(minutes)
        if minute_value < 60:
            found.append((match, f"{hour_value}:{minute_value:02d}"))
    return found


# "until 11" / "11 a.m.", "after 10 pm" / "22:00" (fourteenth round): an hour of the day written
# as a bare figure after a time preposition, or with its half of the day, which a merge writes as a
# clock time. Read only for the merge gate.
# Thirty-sixth round: a hedge before the figure ("from about 9"), and a comma or full stop after it
# that no digit follows ("lessons on Saturdays at 9, and ..."); "9,000" and "9.30" stay apart.
_BARE_HOUR = re.compile(
    r"\b(?:at|by|from|until|till|before|after|around|past)\s+"
    r"(?:(?:about|around|roughly|approximately)\s+)?"
    r"(\d{1,2})(?!\d|[:.,/]\d|[-%]|\s*(?:am|pm|a\.m|p\.m))",
    re.IGNORECASE,
)
# Thirty-sixth round: a figure with its part of the day ("about 3 in the afternoon" / "3 pm"), and
# the end of a range that opens with a clock time ("from 6:30 to 8" / "6:30-8 pm").
_DAYPART_HOUR = re.compile(
    r"\b(\d{1,2})\s+(?:in\s+the\s+(morning|afternoon|evening)|at\s+night)\b", re.IGNORECASE
)
_RANGE_AFTER_CLOCK = re.compile(
    r"\b\d{1,2}[:.]\d{2}\s*(?:to|-|\u2013|until|till)\s*(\d{1,2})(?!\d|[:.]\d)", re.IGNORECASE
)
_MARKED_HOUR = re.compile(r"(?<![\w:.,$£€])(\d{1,2})\s*(a\.?m|p\.?m)\b\.?", re.IGNORECASE)


def hour_figures(text: str) -> dict[str, set[str]]:
    """Each figure of ``text`` that says an hour of the day -> the clock times it may be."""
    found: dict[str, set[str]] = {}
    for match in (*_BARE_HOUR.finditer(text), *_RANGE_AFTER_CLOCK.finditer(text)):
        hour = int(match.group(1))
        if 1 <= hour <= 12:
            found.setdefault(match.group(1), set()).update({f"{hour}:00", f"{hour + 12}:00"})
    for match in _DAYPART_HOUR.finditer(text):
        hour = int(match.group(1))
        if 1 <= hour <= 12:
            morning = (match.group(2) or "").lower() == "morning"
            found.setdefault(match.group(1), set()).add(
                f"{hour % 12 if morning else hour % 12 + 12}:00"
            )
    for match in _MARKED_HOUR.finditer(text):
        hour = int(match.group(1))
        if 1 <= hour <= 12:
            pm = match.group(2).lower().startswith("p")
            clock = f"{hour % 12 + 12 if pm else hour % 12}:00"
            found.setdefault(match.group(1), set()).add(clock)
    return found


# ── An hour range written with bare numbers (ninth round) ──────────────────────────────────

# "blocks out 9 to 12", "between 8 and 10", "8-10": two hours of the day, which a merge may write
# as clock times ("9:00-12:00", "between 8 and 10 am"). Read only for the merge gate.
_HOUR_RANGE = re.compile(
    r"(?<![\d.,:$£€])\b(\d{1,2})\s*(?:to|-|\u2013|and|till|until)\s*(\d{1,2})\b(?![\d,:%]|\.\d)"
)


def hour_range_figures(text: str) -> set[str]:
    """The figures of ``text`` that bound a range of hours of the day (each 1-24)."""
    found: set[str] = set()
    for match in _HOUR_RANGE.finditer(text):
        first, last = match.group(1), match.group(2)
        if all(1 <= int(n) <= 24 for n in (first, last)):
            found |= {first, last}
    return found


def clock_hours(times: Iterable[str]) -> set[str]:
    """The hours of canonical clock times ("10:00" -> "10"; "19:00" -> "19" and "7")."""
    hours: set[str] = set()
    for time in times:
        hour = int(time.split(":", 1)[0])
        hours |= {str(hour), str(hour - 12)} if hour > 12 else {str(hour)}
    return hours


# Seventh round: an hour said in words is a clock time ("at nine", "five o'clock", "quarter past
# nine"); a merge that states the time in figures ("9 a.m.", "9:15") keeps it.
_HOUR_WORDS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
# Eighteenth round: a hedge between the preposition and the hour ("until about ten"), "between"
# ("between five and eight"), and an hour bound to a part of the day ("eight in the evening",
# "ten at night").
_SPOKEN_HOUR = re.compile(
    rf"\b(?:(?P<past>half|quarter) past (?P<h1>{_HOUR_WORDS})"
    # thirty-sixth round: an hour and its minutes in words ("home around four thirty" / "4:30"),
    # read before the hour alone
    r"|(?:at|by|from|until|till|before|after|around|about)"
    rf"(?: (?:about|around|roughly|approximately))? (?P<h5>{_HOUR_WORDS}) "
    r"(?P<m5>fifteen|thirty|forty-five)(?![\w-])"
    r"|(?:at|by|from|until|till|before|after|around|between)"
    rf"(?: (?:about|around|roughly|approximately))? (?P<h2>{_HOUR_WORDS})(?! (?:of|or|to)\b)"
    rf"|(?P<h3>{_HOUR_WORDS}|1[0-2]|[1-9]) o['\u2019]clock"  # "11 o'clock" (thirty-fourth round)
    rf"|(?P<h4>{_HOUR_WORDS}) (?:in the (?:morning|afternoon|evening)|at night))\b"
)
_MINUTE_WORDS = {"fifteen": "15", "thirty": "30", "forty-five": "45"}
_PAST_MINUTE = {"half": "30", "quarter": "15"}
# Thirty-first round: the end of a range of hours ("from eight to ten" / "from 8 to 10 pm").
_SPOKEN_RANGE_END = re.compile(
    rf"\b(?:from|between) (?:{_HOUR_WORDS}) (?:to|and|until|till) (?P<end>{_HOUR_WORDS})\b"
)


def spoken_clock(text: str) -> dict[str, set[str]]:
    """The words of ``text`` that say an hour -> the clock readings they may be."""
    found: dict[str, set[str]] = {}
    for match in _SPOKEN_HOUR.finditer(text.lower()):
        hour_word = next(match.group(f"h{n}") for n in range(1, 6) if match.group(f"h{n}"))
        hour = UNIT_WORDS.get(hour_word) or int(hour_word)
        minute = _PAST_MINUTE.get(match.group("past") or "", "00")
        minute = _MINUTE_WORDS.get(match.group("m5") or "", minute)
        readings = {f"{hour}:{minute}", f"{hour % 12 + 12}:{minute}"}
        found.setdefault(hour_word, set()).update(readings)
        for said_minute in (match.group("past"), match.group("m5")):
            if said_minute:
                found.setdefault(said_minute, set()).update(readings)
    for match in _SPOKEN_RANGE_END.finditer(text.lower()):
        hour = UNIT_WORDS[match["end"]]
        found.setdefault(match["end"], set()).update({f"{hour}:00", f"{hour % 12 + 12}:00"})
    return found
