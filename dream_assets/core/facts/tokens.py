"""The coverage check's tokens: one scan of a text into words, codes, numbers, ISO dates and
clock times, with whether each opens a sentence; and the canonical forms they compare by."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from dream_assets.core.facts.dates import DateKey

# ── Tokens ─────────────────────────────────────────────────────────────────────────────────

# One scan yields everything the rule looks at, in order, so sentence position is known for free.
TOKEN = re.compile(
    r"""
      (?P<marker> ^[ \t]*(?:[-*+>#\u2022]+|\d{1,3}[.)])[ \t]+ )   # list item or heading opens
    | (?P<iso>    (?<!\d)\d{4}-\d{1,2}-\d{1,2}(?!\d) )
    | (?P<time>   (?<!\d)\d{1,2}:\d{2}(?::\d{2})?(?!\d) )
    | (?P<number> (?<!\d)\d+(?:,\d{3}(?!\d))*(?:\.\d+)* )
    | (?P<code>   (?<![^\W_])[A-Z]+-\d[^\W_]*(?:\.\d+)*(?![^\W_])
                | (?<![^\W_])(?=[^\W_]*\d)(?=[^\W_]*[A-Z])[^\W\d_][^\W_]* )
    | (?P<word>   [^\W\d_]+(?:'[^\W\d_]+)* )
    | (?P<stop>   [.!?\u2026]+(?=[\s"')\]]|$) | :(?=\s) | \n )
    """,
    re.MULTILINE | re.VERBOSE,
)

# Lowercase prose words only: a twin inside a hostname, path, address, handle or code span is
# an identifier, not evidence that the capitalized form is ordinary language.
EVIDENCE = re.compile(r"(?<![\w.@/\\#`-])[^\W\d_]+(?:'[^\W\d_]+)*(?![\w@/\\`-]|[.:]\w)")

# "I'm", "I've", "I'll": the pronoun, not a name.
PRONOUN_CONTRACTION = re.compile(r"^I'[a-z]+$")

# A period after these does not end a sentence, so "Dr. May" keeps May mid-sentence.
# Only titles that precede a name: corporate suffixes and "etc." end sentences too often.
ABBREVIATIONS = frozenset(
    {"mr", "mrs", "ms", "dr", "prof", "st", "sr", "jr", "mt", "ft", "vs", "rev", "gen", "capt"}
)

MERIDIEM = frozenset({"AM", "PM"})

WEEKDAYS = frozenset(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
WEEKDAYS_PLURAL = frozenset(day + "s" for day in WEEKDAYS)


def canonical_number(token: str) -> str:
    return token.replace(",", "")


def canonical_time(token: str) -> str:
    hour, rest = token.split(":", 1)
    return f"{int(hour)}:{rest}"


def is_acronym(name: str) -> bool:
    return len(name) >= 2 and name.isalpha() and name.isupper()


def is_plural_acronym(name: str) -> bool:
    return len(name) >= 3 and name.endswith("s") and is_acronym(name[:-1])


# Thirty-first round: an acronym whose lowercase letters are the initials of its name's connectors
# ("UoA" / "University of Auckland", "DoD" / "Department of Defense", "TfL" / "Transport for
# London"); each capital one word of the name, each lowercase letter one connector, in order.
_CONNECTOR_ACRONYM = re.compile(r"[A-Z](?:[a-z][A-Z])+")
_ACRONYM_CONNECTORS = ("of", "for", "the", "and", "at", "in", "on", "de")


_CONNECTOR_ACRONYM_IN_TEXT = re.compile(rf"(?<![\w-]){_CONNECTOR_ACRONYM.pattern}(?![\w-])")


def connector_acronyms(text: str) -> set[str]:
    """The acronyms of that shape ``text`` writes ("UoA", "TfL")."""
    return set(_CONNECTOR_ACRONYM_IN_TEXT.findall(text))


@lru_cache(maxsize=1 << 10)
def connector_initials(acronym: str) -> re.Pattern[str] | None:
    """The name ``acronym`` spells with its connectors ("UoA": a capitalized word, "of" or "on",
    a capitalized word), or None when it is no such acronym."""
    if _CONNECTOR_ACRONYM.fullmatch(acronym) is None:
        return None
    parts = []
    for letter in acronym:
        if letter.isupper():
            parts.append(rf"{letter}[a-z\u00e0-\u00ff]+")
            continue
        connectors = [c for c in _ACRONYM_CONNECTORS if c[0] == letter]
        if not connectors:
            return None
        parts.append(f"(?:{'|'.join(connectors)})")
    return re.compile(r"(?<![\w-])" + r"\s+".join(parts) + r"(?![\w-])")


# Thirty-third round: a clock time written with a dot before its half of the day ("5.30 am",
# "7.45pm") is that time ("5:30"); a bare "5.30" stays a number.
_DOTTED_TIME = re.compile(r"(?<![\d.])(\d{1,2})\.([0-5]\d)\s*(?:[ap]\.?m\b\.?)", re.IGNORECASE)


# Thirty-fourth round: four figures before a time zone ("0200 UTC", "1730 CET") are a clock time
# ("02:00"); four figures alone stay a number.
ZONED_TIME = re.compile(
    r"(?<![\w.,:])([01]\d|2[0-3])([0-5]\d)(?=\s*(?:UTC|GMT|CET|CEST|BST|EST|EDT|PST|PDT)\b)"
)


def written_times(text: str) -> set[str]:
    """The clock times ``text`` writes with a dot ("5.30 am" -> "5:30") or as four figures
    before a time zone ("0200 UTC" -> "2:00"), canonical."""
    found = {m[0]: f"{m[1]}:{m[2]}" for m in ZONED_TIME.finditer(text)}
    found |= {m[0]: f"{m[1]}:{m[2]}" for m in _DOTTED_TIME.finditer(text) if int(m[1]) <= 12}
    return {canonical_time(clock) for clock in found.values()}


@lru_cache(maxsize=1 << 16)
def colon_times(text: str) -> str:
    """``text`` with each clock time ``written_times`` reads written with a colon ("5.30 am" ->
    "5:30 am", "0200 UTC" -> "02:00 UTC"), as the pair judge reads clock times."""
    text = ZONED_TIME.sub(lambda m: f"{m[1]}:{m[2]}", text)
    return _DOTTED_TIME.sub(lambda m: m[0].replace(".", ":", 1) if int(m[1]) <= 12 else m[0], text)


def is_capitalized_word(name: str) -> bool:
    """Titlecase, where capitalization may be grammar rather than a name."""
    letters = name.replace("'", "")
    return letters[0].isupper() and letters[1:].islower()


@dataclass(frozen=True, slots=True)
class Specific:
    text: str  # as written in the source (possessive reduced to the name)
    kind: str  # "word" | "number" | "time" | "iso"
    date: DateKey | None = None  # for a month word inside a date, and for an ISO date
    # A capitalized word found only at a sentence start: its capital may be grammar alone.
    initial: bool = False
    # For a number: "%" when a percentage follows, or the unit of time after it ("minutes").
    unit: str = ""


PositionedToken = tuple[re.Match[str], str, bool]


@lru_cache(maxsize=1 << 12)
def token_list(text: str) -> tuple[PositionedToken, ...]:
    """``positioned_tokens``, read once per text while it is in use: the coverage check and the
    merged text's reading each walk the tokens of one text, and the pair judge reads a text
    against each text of its candidate pairs, which come together (issue 27, round 23). Few kept:
    a text's tokens hold a match object each."""
    return tuple(positioned_tokens(text))


def positioned_tokens(text: str) -> Iterator[PositionedToken]:
    """Every word, code and number token of ``text`` with whether it opens a sentence."""
    sentence_initial = True
    previous_word = ""
    previous_word_end = -1
    for match in TOKEN.finditer(text):
        kind = match.lastgroup or ""
        token = match.group()
        if kind == "marker":
            sentence_initial = True
        elif kind == "stop":
            is_abbreviation = (
                token == "."
                and match.start() == previous_word_end
                and (len(previous_word) == 1 or previous_word.lower() in ABBREVIATIONS)
            )
            if not is_abbreviation:
                sentence_initial = True
        else:
            yield match, kind, sentence_initial
            if kind in ("word", "code"):
                previous_word, previous_word_end = token, match.end()
            sentence_initial = False
