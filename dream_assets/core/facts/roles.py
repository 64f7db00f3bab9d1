"""Closed classes of English that tell two facts apart the way a name does (issue 24): the person
a fact is about ("their daughter" / "their husband", "a flatmate" / "their girlfriend") and the
time of day ("in the morning" / "in the evening", "at dawn" / "at dusk").

Each class is a set of words that name the same thing ("mum" / "mother", "boss" / "manager",
"evening" / "night"); two memories whose words fall in different classes of one table, each
with a class the other lacks, state different facts. Generic words ("child", "family",
"people", "time") are in no class: they name no one in particular. Ninth round: "teacher" and
"tutor" are one class ("learning the oud with a teacher" / "an Amman-based tutor").
"""

from __future__ import annotations

import re
from functools import lru_cache

_PEOPLE = """
mother mom mum mommy mummy mama; father dad daddy papa;
stepmother stepmom stepmum; stepfather stepdad; son; daughter; stepson; stepdaughter;
sister; brother; grandmother grandma granny gran nan nana; grandfather grandpa granddad grandad;
grandson; granddaughter; aunt auntie; uncle; niece; nephew; cousin;
wife husband spouse partner girlfriend boyfriend fiance fiancee;
godfather; godmother; godson; goddaughter;
boss manager supervisor; colleague coworker co-worker teammate; intern; mentor; mentee;
client customer; landlord landlady; tenant; neighbour neighbor neighbours neighbors;
flatmate roommate housemate; babysitter nanny; dentist; therapist counsellor
counselor; vet veterinarian; teacher tutor; coach; trainer; physio physiotherapist
"""
_TIMES_OF_DAY = """
morning mornings dawn sunrise breakfast; afternoon afternoons; evening evenings night nights
tonight nighttime bedtime bed dusk sunset dinner; noon midday lunch lunchtime; midnight
"""


def _classes(table: str) -> dict[str, int]:
    return {
        word: number
        for number, entry in enumerate(table.replace("\n", " ").split(";"))
        for word in entry.split()
    }


_PERSON_CLASS = _classes(_PEOPLE)
_TIME_CLASS = _classes(_TIMES_OF_DAY)
_TABLES = {"person": _PERSON_CLASS, "time of day": _TIME_CLASS}  # in the order they are asked
# "at dawn" / "at dusk" are two moments, but dawn and morning are one: the classes above fold
# them. The plurals of people are their own words above where a plural is common.
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")


# Sixteenth round: the half of the day a noon bound names ("before noon" is the morning, "after
# midday" the afternoon), read before the words, so "noon" alone stays noon.
_NOON_BOUND = re.compile(
    r"\b(before|until|till|by|after|past)\s+(?:noon|midday|lunch(?:time)?)\b", re.IGNORECASE
)
_HALF_OF_DAY = {"before": "morning", "until": "morning", "till": "morning", "by": "morning"}


def _found(text: str, classes: dict[str, int]) -> dict[int, str]:
    found: dict[int, str] = {}
    for word in _WORD.findall(text.lower()):
        for part in (word, *word.split("-")):
            key = part[:-1] if part not in classes and part.endswith("s") else part
            if key in classes:
                found.setdefault(classes[key], part)
    return found


def class_difference(a: str, b: str) -> str | None:
    """ "person differs: daughter / husband" when each text names a person (or a time of day) of
    a class the other does not, or None."""
    for kind in _TABLES:
        left, right = _found_in(a, kind), _found_in(b, kind)
        only_left = [w for c, w in left.items() if c not in right]
        only_right = [w for c, w in right.items() if c not in left]
        if only_left and only_right:
            return f"{kind} differs: {only_left[0]} / {only_right[0]}"
    return None


# ── Cost, not rules (issue 27) ─────────────────────────────────────────────────────────────
# The pair judge asks ``class_difference`` of every candidate pair, so one text's classes were
# read once per pair it is in: read once per text instead (a pure function of the text).
@lru_cache(maxsize=1 << 16)
def _found_in(text: str, kind: str) -> dict[int, str]:
    """``_found`` over the table of ``kind``, remembered per text (read only, never changed)."""
    if kind == "time of day":
        text = _NOON_BOUND.sub(lambda m: _HALF_OF_DAY.get(m.group(1).lower(), "afternoon"), text)
    else:
        text = _ROLE_DONE.sub(lambda m: m.lastgroup or "", text)  # the group is the role
    return _found(text, _TABLES[kind])


# Thirty-first round: a role said by what the person does ("used to share a flat with Haruto" /
# "Haruto, the old flatmate"; "teaches chemistry" / "a chemistry teacher").
_ROLE_DONE = re.compile(
    r"\b(?:(?P<flatmate>(?:share[sd]?|sharing)\s+(?:a\s+)?(?:flat|house|apartment|room))"
    r"|(?P<teacher>teach(?:es|ing)?|taught))\b",
    re.IGNORECASE,
)


def names_a_person(word: str) -> bool:
    """Whether ``word`` is a word of the person table ("Grandma", "Mum", "Boss"): capitalized as a
    name, it still names a role, which ``class_difference`` reads (forty-sixth round)."""
    return word.casefold() in _PERSON_CLASS
