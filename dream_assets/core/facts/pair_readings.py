"""Readings the near-duplicate judge adds after ``agreement.disagreement`` finds nothing (issue
24, twentieth round; docs/merge-checks.md, "Twentieth round"): differences between two memories
that share most words and that the rules before let through as one fact. Each is read from the
words one side writes and the other does not, so a word both write says nothing.

- a **former habit** ("used to volunteer", "formerly", "previously") against a side with no past
  in its own words ("volunteers");
- an **attempt** ("is applying for", "trying to buy", "halfway through") against a side that has
  done it ("has received", "bought", "finished");
- a **code** each side writes and the other does not ("europe-west2" / "us-central1",
  "#eng-releases" / "#ops-releases"): lowercase identifiers the coverage check's specifics miss;
- a word against its **"un-" opposite** ("comfortable" / "uncomfortable", "paid" / "unpaid");
- a **named hour** ("noon", "midday", "midnight") against another clock time ("4 p.m.").

Only the near-duplicate judge asks them (``candidates.pair_disagreement``); the merge gate does
not."""

from __future__ import annotations

import re
from functools import lru_cache

from dream_assets.core.facts.agreement import (
    _clock_times_read,
    _status,
    _words,
    times_difference,
)

# Thirty-first round: "a former colleague", "an ex-flatmate", "their old flatmate" are past too
# ("an old friend" is a long one: no role of the people table). Thirty-seventh round: one word
# between ("their old college roommate") and the mates of a band, a dorm, a school.
_FORMER = re.compile(
    r"\b(?:used\s+to|formerly|previously|former)\b|\bex-[a-z]"
    r"|\bold\s+(?:[a-z]+\s+)?(?:flatmate|roommate|housemate|colleague|co-?worker|boss|manager"
    r"|teacher|tutor|neighbou?r|landlord|landlady|tenant|teammate|mentor|coach|classmate"
    r"|bandmate|dorm-?mate|schoolmate|workmate)s?\b"
)
# Not done yet: an attempt under way, a course partly through. ("Offered" is not read: "offered a
# place" is how an admission is said.)
ATTEMPT = frozenset(
    {
        "applying", "trying", "attempting", "seeking", "halfway", "midway", "partway",
    }
)  # fmt: skip
# A lowercase identifier: a word joined to others by "-", "_", "/" or "." with a digit in it
# ("europe-west2", "us-central1", "py3.11"), or a channel or tag ("#eng-releases").
_CODE = re.compile(r"#[a-z0-9][\w-]*|(?<![\w#/.-])[a-z][a-z0-9]*(?:[-_/.][a-z0-9]+)+")
_NAMED_HOURS = re.compile(r"\b(noon|midday|midnight)\b")
# Each named hour as ``agreement._clock_times`` writes a clock time ("0:00", not "00:00").
_NAMED_HOUR = {"noon": "12:00", "midday": "12:00", "midnight": "0:00"}
# "un-" + a word of this many letters at least is that word's opposite ("undo" / "do" is not read).
_UN_ROOT = 4


def _done(words: frozenset[str]) -> bool:
    """Whether ``words`` say something was done, as ``agreement._status`` reads "done"."""
    return "done" in _status(words)


@lru_cache(maxsize=1 << 16)
def _former(text: str) -> bool:
    return _FORMER.search(text.lower()) is not None


@lru_cache(maxsize=1 << 16)
def _codes(text: str) -> frozenset[str]:
    lowered = text.lower()
    found = set()
    for match in _CODE.finditer(lowered):
        code = match.group().rstrip(".-_/")
        if code.startswith("#") or any(c.isdigit() for c in code):
            found.add(code)
    return frozenset(found)


def _unmatched(codes: frozenset[str], others: frozenset[str]) -> set[str]:
    """``codes`` the other side writes in no form: a code inside another is the same code said
    shorter ("t3.medium" in "db.t3.medium")."""
    return {c for c in codes if not any(c in o or o in c for o in others)}


def _hours(text: str) -> tuple[frozenset[str], ...]:
    named = tuple(frozenset({_NAMED_HOUR[m]}) for m in _NAMED_HOURS.findall(text.lower()))
    return _clock_times_read(text) + named


def stage_difference(a: str, b: str) -> str | None:
    """A former habit, or an attempt, against the other side's present or done fact."""
    a_words, b_words = _words(a), _words(b)
    a_own, b_own = a_words - b_words, b_words - a_words
    for one, other, other_own in ((a, b, b_own), (b, a, a_own)):
        if _former(one) and not _former(other) and not _done(other_own):
            return "status differs: former / current"
    for one_own, other_own in ((a_own, b_own), (b_own, a_own)):
        if one_own & ATTEMPT and not _done(one_own) and _done(other_own):
            return "status differs: attempted / done"
    return None


def reading_difference(a: str, b: str) -> str | None:
    """The twentieth round's readings of a pair ``agreement.disagreement`` let through."""
    a_codes, b_codes = _codes(a), _codes(b)
    a_only, b_only = _unmatched(a_codes, b_codes), _unmatched(b_codes, a_codes)
    if a_only and b_only:
        return f"codes differ: {min(a_only)} / {min(b_only)}"
    a_words, b_words = _words(a), _words(b)
    for one, other in ((a_words, b_words), (b_words, a_words)):
        for word in one - other:
            root = word[2:]
            if word.startswith("un") and len(root) >= _UN_ROOT and root in other - one:
                return f"negation differs: {root} / {word}"
    return times_difference(_hours(a), _hours(b)) or stage_difference(a, b)
