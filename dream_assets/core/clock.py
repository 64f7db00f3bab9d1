"""The one clock. Core code never calls ``datetime.now()``; it is handed a ``Clock``."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware (UTC)."""
        ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


@dataclass
class FixedClock:
    """A clock for tests and replays: stands still until advanced."""

    current: datetime = field(default_factory=lambda: datetime(2026, 11, 29, 12, 0, tzinfo=UTC))

    def now(self) -> datetime:
        return self.current

    def advance(self, delta: timedelta) -> None:
        self.current = self.current + delta


class TimeRangeError(ValueError):
    """A well-formed ISO-8601 timestamp whose UTC instant is outside years 1-9999."""


def parse_time(value: str) -> datetime:
    """Parse an ISO-8601 timestamp; a naive one is taken as UTC.

    Raises ValueError for text that is not ISO-8601, and for a timestamp whose UTC instant falls
    outside years 1-9999 (``0001-01-01T00:00:00+01:00``): ``astimezone`` raises OverflowError
    there, which no caller expects; as ValueError it is an unreadable timestamp like any other.
    """
    text = value.strip()
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    parsed = datetime.fromisoformat(text)
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        return parsed.astimezone(UTC)
    except OverflowError as exc:
        raise TimeRangeError(
            f"timestamp {value!r} is out of range: in UTC it falls outside years 1-9999"
        ) from exc


# The text of each UTC instant formatted lately: a first cycle at 100 000 entries formats the same
# few timestamps of every entry about ten times (its file, its index row, its review fingerprint),
# about a microsecond each, where a look-up is 20 ns (docs/benchmarks.md, round 9). Only exact
# ``datetime`` values in ``UTC``: two such values are equal exactly when they are the same instant,
# so equal keys always format alike (other zones compare equal across a fold, subclasses may format
# otherwise). Bounded: emptied when full. A cycle formats each entry's timestamps once per pass
# (its file, its fingerprint, its index row), a pass apart: a bound below a corpus's timestamps
# empties the dict before any is asked again, and every call pays the look-up and the format
# (1.2 µs against 0.85 µs for the format alone). Round 23 (issue 27): room for five timestamps
# of each of 100 000 entries (about 55 MB when full).
_FORMATTED: dict[datetime, str] = {}
_FORMATTED_KEPT = 1 << 19


def format_time(value: datetime) -> str:
    if value.tzinfo is UTC and type(value) is datetime:
        known = _FORMATTED.get(value)
        if known is None:
            if len(_FORMATTED) >= _FORMATTED_KEPT:
                _FORMATTED.clear()
            known = _FORMATTED[value] = value.isoformat()
        return known
    return value.astimezone(UTC).isoformat()
