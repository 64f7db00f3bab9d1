"""Dates in the coverage check: month-name dates and their numeric equivalents.

A month name is a specific only beside a day or a year; such a date is credited by the same date
written numerically ("August 19, 2026" = "2026-08-19"), and the reverse.
"""

from __future__ import annotations

import re

from dream_assets.core.facts.lexicon import ORDINAL_WORDS

_MONTHS = {
    "January": 1, "February": 2, "March": 3, "April": 4, "May": 5, "June": 6, "July": 7,
    "August": 8, "September": 9, "October": 10, "November": 11, "December": 12,
    "Jan": 1, "Feb": 2, "Mar": 3, "Apr": 4, "Jun": 6, "Jul": 7, "Aug": 8, "Sep": 9, "Sept": 9,
    "Oct": 10, "Nov": 11, "Dec": 12,
}  # fmt: skip
_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\b\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?\b"
_YEAR = r"(?P<year>\d{4})(?!\d)(?![.,]\d)"
# The three shapes in which a month is adjacent to a day or a year.
_MONTH_DAY_YEAR = re.compile(rf"\b{_MONTH}\s+{_DAY}(?:,?\s+{_YEAR})?")
_DAY_MONTH_YEAR = re.compile(rf"(?<![\d.,:]){_DAY}\s+(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR})?")
_MONTH_YEAR = re.compile(rf"\b{_MONTH}(?:,|\s+of)?\s+{_YEAR}")
# Fifteenth round: "the ninth of June", "the twenty-first of March": a day in an ordinal word.
_DAY_ORDINALS = {w: n for w, n in ORDINAL_WORDS.items() if n <= 31}
_ORDINAL_DAY_MONTH = re.compile(
    r"\b(?:(?P<tens>twenty|thirty)[\s-])?(?P<ordinal>"
    + "|".join(_DAY_ORDINALS)
    + rf")\s+(?:day\s+)?of\s+{_MONTH}(?:,?\s+{_YEAR})?",
    re.IGNORECASE,
)
_ANY_MONTH = re.compile(r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)")
_YEAR_MONTH = re.compile(r"(?<![\d-])(\d{4})-(\d{1,2})(?![\d-])")

DateKey = tuple[int | None, int, int | None]  # (year, month, day)


def _plausible_year(year: int) -> bool:
    # "May 1000 users" is not a date; the window keeps the month rule from firing on counts.
    return 1900 <= year <= 2199


def _month_dates(text: str) -> dict[int, DateKey]:
    """Month-word start offset -> the date it belongs to, most specific reading first."""
    found: dict[int, DateKey] = {}
    if not _ANY_MONTH.search(text):
        return found
    for pattern in (_MONTH_DAY_YEAR, _DAY_MONTH_YEAR, _MONTH_YEAR):
        for match in pattern.finditer(text):
            groups = match.groupdict()
            day = int(groups["day"]) if groups.get("day") else None
            year = int(groups["year"]) if groups.get("year") else None
            if day is not None and not 1 <= day <= 31:
                day = None
            if year is not None and not _plausible_year(year):
                year = None
            if day is None and year is None:
                continue
            key: DateKey = (year, _MONTHS[groups["month"]], day)
            start = match.start("month")
            previous = found.get(start)
            if previous is None or _precision(key) > _precision(previous):
                found[start] = key
    for match in _ORDINAL_DAY_MONTH.finditer(text):
        tens = {"twenty": 20, "thirty": 30}.get((match.group("tens") or "").lower(), 0)
        day = tens + _DAY_ORDINALS[match.group("ordinal").lower()]
        month = _MONTHS.get(match.group("month"))
        if month is None or not 1 <= day <= 31:
            continue
        year = int(match.group("year")) if match.group("year") else None
        key = (year if year is not None and _plausible_year(year) else None, month, day)
        start = match.start("month")
        if start not in found or _precision(key) > _precision(found[start]):
            found[start] = key
    return found


# Ninth round: "from 10 to 30 June", "10-30 June", "the 3rd and 4th of May": a range's first day
# takes the month written after its last day.
_DAY_RANGE_MONTH = re.compile(
    rf"(?<![\d.,:])(?P<first>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:to|-|\u2013|until|till|through|and)\s*"
    rf"(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}"
)


def range_first_days(text: str) -> set[tuple[int, int]]:
    """The (month, day) of each range's first day whose month is written only after the range's
    last day ("from 10 to 30 June": (6, 10))."""
    found = set()
    for match in _DAY_RANGE_MONTH.finditer(text):
        day = int(match["first"])
        if 1 <= day <= 31:
            found.add((_MONTHS[match["month"]], day))
    return found


def _precision(key: DateKey) -> int:
    return (key[0] is not None) + (key[2] is not None)


def _iso_key(token: str) -> DateKey:
    year, month, day = token.split("-")
    return (int(year), int(month), int(day))


# ── Equivalent date spellings for the pair judge (docs/benchmarks.md, "Sixth round") ──────────
# A date written with numbers only ("09.10.2026", "30/06/2025", "10/2025") or as a fixed-date
# holiday ("Christmas Eve", "New Year's Day 2023") is the same date as a month-name or ISO
# spelling of it *in the other text*: ``align_dates`` rewrites the one into the other's reading,
# so the coverage comparison sees one date. A numeric date is ambiguous ("09.10.2026": 9 October
# or September 10): any of its readings credits, and only a date the other text states.

_NUMERIC_DATE = re.compile(
    r"(?<![\w.,/:-])(?P<a>\d{1,2})(?P<sep>[./])(?P<b>\d{1,2})(?P=sep)(?P<year>\d{4})(?![\w/.]\w)"
)
_NUMERIC_MONTH_YEAR = re.compile(r"(?<![\w.,/:-])(?P<month>\d{1,2})/(?P<year>\d{4})(?![\w/])")
_ISO_DATE = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
_DAY_MONTH = re.compile(r"(?<![\w.,/:-])(?P<a>\d{1,2})/(?P<b>\d{1,2})(?![\w/]|[.,]\d)")
# Fixed-date holidays, (month, day); a year right after is part of the date.
HOLIDAYS = {
    "new year's day": (1, 1), "new year's eve": (12, 31), "christmas eve": (12, 24),
    "christmas day": (12, 25), "christmas": (12, 25), "boxing day": (12, 26),
    "halloween": (10, 31), "valentine's day": (2, 14), "st patrick's day": (3, 17),
    "fourth of july": (7, 4),
}  # fmt: skip
# Holidays whose day moves but whose month does not (US Thanksgiving).
HOLIDAY_MONTHS = {"thanksgiving": 11}
_HOLIDAY = re.compile(
    r"\b(?P<name>"
    + "|".join(
        re.escape(name).replace("'", "['\u2019]").replace(r"st\ ", r"st\.?\ ")
        for name in sorted([*HOLIDAYS, *HOLIDAY_MONTHS], key=len, reverse=True)
    )
    + rf")\b(?:,?\s+{_YEAR})?",
    re.IGNORECASE,
)
_MONTH_NAMES = tuple(_MONTHS)[:12]  # the full names come first in ``_MONTHS``
# A month named alone; "May" is left out (a verb far more often than a month).
_MONTH_ONLY = re.compile(
    r"(?<![\w-])(?P<month>" + "|".join(n for n in _MONTH_NAMES if n != "May") + r")\b"
)


def _valid(key: DateKey) -> bool:
    year, month, day = key
    return (
        1 <= month <= 12
        and (day is None or 1 <= day <= 31)
        and (year is None or _plausible_year(year))
    )


def _yearless_readings(match: re.Match[str], every: list[re.Match[str]]) -> list[DateKey]:
    """A day and month without a year, read in the one order its figures allow ("20/12"), or in
    the order another such date of the text fixes ("20/12 through 05/01"); "10/12" alone is
    either, and is read as neither (thirty-first round)."""
    a, b = int(match["a"]), int(match["b"])
    if a == b or max(a, b) > 12:
        return [(None, b, a), (None, a, b)]
    orders = {int(m["a"]) > 12 for m in every if max(int(m["a"]), int(m["b"])) > 12}
    if orders == {True}:
        return [(None, b, a)]
    if orders == {False}:
        return [(None, a, b)]
    return []


def written_dates(text: str) -> list[tuple[int, int, frozenset[DateKey]]]:
    """The numeric and holiday dates of ``text``: (start, end, the dates it may mean)."""
    found: list[tuple[int, int, frozenset[DateKey]]] = []
    for match in _NUMERIC_DATE.finditer(text):
        a, b, year = int(match["a"]), int(match["b"]), int(match["year"])
        readings = frozenset(k for k in ((year, b, a), (year, a, b)) if _valid(k))
        if readings:
            found.append((match.start(), match.end(), readings))
    for match in _NUMERIC_MONTH_YEAR.finditer(text):
        key: DateKey = (int(match["year"]), int(match["month"]), None)
        if _valid(key) and not any(s <= match.start() < e for s, e, _ in found):
            found.append((match.start(), match.end(), frozenset({key})))
    # Thirty-first round: a month and its year, ISO ("2027-06"), and a day and month without a
    # year ("20/12", "05/01"), in the order its figures or another such date fix.
    for match in _YEAR_MONTH.finditer(text):
        key = (int(match[1]), int(match[2]), None)
        if _valid(key):
            found.append((match.start(), match.end(), frozenset({key})))
    yearless = [
        m for m in _DAY_MONTH.finditer(text) if not any(s <= m.start() < e for s, e, _ in found)
    ]
    for match in yearless:
        either: frozenset[DateKey] = frozenset(
            k for k in _yearless_readings(match, yearless) if _valid(k)
        )
        if either:
            found.append((match.start(), match.end(), either))
    for match in _HOLIDAY.finditer(text):
        name = match["name"].lower().replace("\u2019", "'").replace("st. ", "st ")
        said: int | None = int(match["year"]) if match["year"] else None
        if said is not None and not _plausible_year(said):
            said = None
        month, day = HOLIDAYS.get(name, (HOLIDAY_MONTHS.get(name, 0), None))
        end = match.end() if said is not None else match.end("name")
        found.append((match.start(), end, frozenset({(said, month, day)})))
    return sorted(found)


def stated_dates(text: str) -> set[DateKey]:
    """Every date ``text`` states in any spelling, a month named alone ("this December") as a
    date of that month."""
    month_dates = _month_dates(text)
    dates = set(month_dates.values())
    dates |= {(int(y), int(m), int(d)) for y, m, d in _ISO_DATE.findall(text)}
    for _, _, readings in written_dates(text):
        dates |= readings
    dates |= {
        (None, _MONTHS[m["month"]], None)
        for m in _MONTH_ONLY.finditer(text)
        if m.start() not in month_dates  # "24 December" is that day, not the month at large
    }
    return {k for k in dates if _valid(k)}


def _agreeing(left: DateKey, right: DateKey) -> DateKey | None:
    """The date both mean, at the precision both state, or None when they conflict. A day only
    one side states is a conflict: "Christmas" is not "December", "9 October 2026" not "October
    2026" (a year only one side states is dropped: "every Christmas" / "Christmas 2025")."""
    if (left[2] is None) != (right[2] is None):
        return None
    merged = []
    for mine, theirs in zip(left, right, strict=True):
        if mine is not None and theirs is not None and mine != theirs:
            return None
        merged.append(mine if theirs is None else theirs if mine is None else mine)
    # A field only one side states is dropped: the rewrite never adds precision.
    return tuple(None if left[n] is None or right[n] is None else merged[n] for n in range(3))  # type: ignore[return-value]


def spelled_date(key: DateKey) -> str:
    """A month-name spelling of ``key`` that the coverage check reads back as that date."""
    year, month, day = key
    name = _MONTH_NAMES[month - 1]
    if day is not None:
        return f"{name} {day}, {year}" if year is not None else f"{name} {day}"
    return f"{name} {year}" if year is not None else name


def aligned_dates(text: str) -> list[tuple[int, int, frozenset[DateKey]]]:
    """The dates ``align_dates`` may rewrite: the numeric and holiday ones, and (seventeenth
    round) the ISO ones, whose month the pair judge would otherwise read as a number of its own
    ("valid until 30 June 2027" / "expires 2027-06-30": 6 is no number the other states)."""
    found = written_dates(text)
    iso: list[tuple[int, int, frozenset[DateKey]]] = [
        (m.start(), m.end(), frozenset({key}))
        for m in _ISO_DATE.finditer(text)
        if _valid(key := (int(m[1]), int(m[2]), int(m[3])))
    ]
    return sorted(found + iso) if iso else found


def align_dates(text: str, other: str) -> str:
    """``text`` with each numeric, holiday or ISO date that ``other`` states in another spelling
    rewritten as a month-name date (the precision both state); a date ``other`` does not state
    is left as written, so it still differs."""
    written = aligned_dates(text)
    if not written:
        return text
    theirs = stated_dates(other)
    out, at = [], 0
    for start, end, readings in written:
        if start < at:
            continue
        agreed = [
            a for r in readings for t in theirs if (a := _agreeing(r, t)) is not None and a[1]
        ]
        if not agreed:
            continue
        best = max(agreed, key=lambda k: (k[0] is not None) + (k[2] is not None))
        out += [text[at:start], spelled_date(best)]
        at = end
    return "".join(out) + text[at:] if out else text


# Nineteenth round: "Monday to Friday" is the weekdays, "Saturday and Sunday" the weekend; a merge
# that writes the word keeps both ends of the range ("online 9 to 5, Monday to Friday" / "online
# 9 to 5 on weekdays").
_WEEKDAY_RANGE = re.compile(
    r"\bMon(?:day)?s?\s*(?:to|through|thru|till|until|-|\u2013)\s*Fri(?:day)?s?\b"
)
# "a Saturday or Sunday" is a day of the weekend (thirty-first round).
_WEEKEND_PAIR = re.compile(r"\bSat(?:urday)?s?\s*(?:and|or|&|-|\u2013)\s*Sun(?:day)?s?\b")
_WEEKDAYS_WORD = re.compile(r"\b(?:week-?days?|working week|work-?week)\b", re.IGNORECASE)
_WEEKEND_WORD = re.compile(r"\bweek-?ends?\b", re.IGNORECASE)


def weekday_range_kept(name: str, source: str, merged: str) -> bool:
    """Whether ``name`` is an end of a source's "Monday to Friday" (or "Saturday and Sunday")
    and the merge writes "weekdays" (or "weekend")."""
    for span, word in ((_WEEKDAY_RANGE, _WEEKDAYS_WORD), (_WEEKEND_PAIR, _WEEKEND_WORD)):
        for match in span.finditer(source):
            ends = match.group().replace("-", " ").replace("\u2013", " ").split()
            if name in ends and word.search(merged):
                return True
    return False
