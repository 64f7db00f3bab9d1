"""Dates in the coverage check: month-name dates and their numeric equivalents.

A month name is a specific only beside a day or a year; such a date is credited by the same date
written numerically ("August 19, 2026" = "2026-08-19"), and the reverse.
"""

from __future__ import annotations

import re

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
    return found


def _precision(key: DateKey) -> int:
    return (key[0] is not None) + (key[2] is not None)


def _iso_key(token: str) -> DateKey:
    year, month, day = token.split("-")
    return (int(year), int(month), int(day))
