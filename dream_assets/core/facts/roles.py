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
            key = _class_key(part, classes)
            if key in classes:
                found.setdefault(classes[key], part)
    return found


def _class_key(word: str, classes: dict[str, int]) -> str:
    """The word as the table lists it: a plural not listed as its own word is read singular."""
    return word[:-1] if word not in classes and word.endswith("s") else word


def class_difference(a: str, b: str) -> str | None:
    """ "person differs: daughter / husband" when each text names a person (or a time of day) of
    a class the other does not, or None."""
    for kind in _TABLES:
        left, right = _found_in(a, kind), _found_in(b, kind)
        only_left = [w for c, w in left.items() if c not in right]
        only_right = [w for c, w in right.items() if c not in left]
        if (
            only_left
            and only_right
            and not (kind == "person" and _converse(a, b, only_left, only_right))
        ):
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


# Forty-eighth round: one relation said from either end ("Ana's daughter Mia" / "Mia, whose mother
# is Ana"; "Marisol's father, Ernesto" / "his daughter Marisol"). Each row: the words for one end
# of a relation, then the words for the other end (a sibling's other end is a sibling).
_CONVERSE_ROWS = (
    ("mother mom mum mommy mummy mama father dad daddy papa", "son daughter"),
    ("stepmother stepmom stepmum stepfather stepdad", "stepson stepdaughter"),
    ("sister brother", "sister brother"),
    ("grandmother grandma granny gran nan nana grandfather grandpa granddad grandad",
     "grandson granddaughter"),
    ("aunt auntie uncle", "niece nephew"),
    ("godfather godmother", "godson goddaughter"),
    ("mentor", "mentee"),
    ("landlord landlady", "tenant"),
)  # fmt: skip
_CONVERSE = frozenset(
    (left, right)
    for ends in _CONVERSE_ROWS
    for one, other in (ends, ends[::-1])
    for left in one.split()
    for right in other.split()
)
# A person the sentence names: a capitalized word, or the user.
_NAMED = r"((?i:the\s+user)|(?-i:[A-Z\u00c0-\u00de])[\w\u00c0-\u024f]*)"


def _converse(a: str, b: str, left: list[str], right: list[str]) -> bool:
    """Whether the one person word each side has and the other lacks are the two ends of one
    relation, each naming a different one of two people both sides name: "Ana's daughter Mia"
    names Mia a daughter, "Ana is her mum" names Ana a mother. A role that names the same person
    on both sides ("Ana's daughter Mia" / "Ana's mother Mia") is a different fact."""
    if len(left) != 1 or len(right) != 1:
        return False
    if (_class_key(left[0], _PERSON_CLASS), _class_key(right[0], _PERSON_CLASS)) not in _CONVERSE:
        return False
    named_a, named_b = _named_by(a, left[0]), _named_by(b, right[0])
    if len(named_a) != 1 or len(named_b) != 1 or named_a == named_b:
        return False
    people = named_a | named_b
    if not all(_mentions(text, person) is not None for text in (a, b) for person in people):
        return False
    # Both sides must be about one of the two: "Ana's daughter Mia lives in Porto" / "Mia's mother
    # Ana lives in Porto" name one relation and say where two different people live.
    return _about(a, left[0], people) == _about(b, right[0], people)


def _named_by(text: str, word: str) -> frozenset[str]:
    """Whom ``text`` names with the person word ``word``: "daughter Mia", "mother, Conceição",
    "whose mother is Ana", "Ana is her mum", "his sister, the user"."""
    role = rf"(?i:{re.escape(word)})"
    found = re.findall(rf"\b{role},?\s+(?:is\s+)?{_NAMED}", text)
    found += re.findall(
        rf"{_NAMED}\s+is\s+(?:(?i:the\s+)?(?i:user's|his|her|their)|[A-Z]\w*'s)\s+{role}\b", text
    )
    return frozenset(_person(name) for name in found)


def _person(name: str) -> str:
    """A name as ``_NAMED`` found it, in one form: "The  User" and "the user" are "user"."""
    return " ".join(name.casefold().split()).removeprefix("the ")


def _mentions(text: str, person: str) -> re.Match[str] | None:
    return re.search(rf"\b{re.escape(person)}\b", text, re.IGNORECASE)


def _about(text: str, word: str, people: frozenset[str]) -> str:
    """Which of ``people`` the text is about: the one a possessive names with the person word
    ("Ana's daughter Mia starts school": Mia), else the one it names first."""
    role = rf"(?i:{re.escape(word)})"
    owned = re.search(rf"[\w\u00c0-\u024f]+'s\s+{role},?\s+{_NAMED}", text)
    if owned is not None:
        return _person(owned.group(1))
    first = {person: found.start() for person in people if (found := _mentions(text, person))}
    return min(first, key=first.__getitem__, default="")
