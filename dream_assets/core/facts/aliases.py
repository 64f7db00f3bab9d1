"""Aliases, abbreviations and other spellings of one specific, for the pair judge.

Two wordings of one fact often spell a name two ways: "PostgreSQL" / "Postgres", "Volkswagen" /
"VW", "IIT" / "Indian Institute of Technology", "UTas" / "University of Tasmania", "401(k)" /
"401k", "09.10.2026" / "9 October 2026" (the dates in ``dates.align_dates``). ``equated(text,
other)`` rewrites each such spelling of ``text`` into the spelling ``other`` actually writes, so
the specifics comparison (``agreement.disagreement``) then sees one specific. An alias counts only
when its equivalent form is present in the other text: "Postgres 15" / "MySQL 15" is not touched,
and "PostgreSQL 15" / "Postgres 14" still differs on its number (docs/benchmarks.md, "Sixth round:
the duplicate judge").

The rules, each reading both texts:

* **Known aliases** (``ALIASES``): names written two ways that no rule can derive (clipped names,
  brand abbreviations, tickers, transliterations, a party and its members, a degree and its
  abbreviation).
* **Initials**: an acronym, all capitals or clipped ("IIT", "UTas": "U" + "Tas"), is the run of
  capitalized words in the other text that its parts begin, one part a word ("Indian Institute of
  Technology", "University of Tasmania"; "of", "and", "for", "the", "in", "on", "at" are skipped,
  two in a row too: "Royal Society for the Protection of Birds" / "RSPB", twenty-sixth round).
  Sixteenth round: a CamelCase word's humps are words too ("TS" / "TypeScript", "JS" /
  "JavaScript").
* **Letter case of a name's word**: "Chicago Marathon" / "Chicago marathon" (two adjacent words
  equal but for case, one of them capitalized in both).
* **Code spellings**: "401(k)" / "401k", "403(b)" / "403b".
* **A name in the plural**: "Seikos" / "Seiko", "Teslas" / "Tesla" (twelfth round): the
  capitalized word less its "s" or "es", when the other writes that and not the plural.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from dream_assets.core.facts.dates import _MONTHS, align_dates, aligned_dates, stated_dates
from dream_assets.core.facts.lexicon import english_readings
from dream_assets.core.facts.place_names import ENDONYMS
from dream_assets.core.facts.tokens import connector_initials

# Each tuple: spellings of one thing. Matched as whole words, letter case as written (a lowercase
# spelling matches any case at a sentence start).
ALIASES: tuple[tuple[str, ...], ...] = (
    ("PostgreSQL", "Postgres"),
    ("MongoDB", "Mongo"),
    ("Kubernetes", "K8s"),
    ("Golang", "Go"),
    ("Volkswagen", "VW"),
    ("Mercedes-Benz", "Mercedes", "Merc"),
    ("Chevrolet", "Chevy"),
    ("Formula One", "Formula 1", "F1"),
    ("Nvidia", "NVIDIA", "NVDA"),
    ("Apple", "AAPL"),
    ("Microsoft", "MSFT"),
    ("Tesla", "TSLA"),
    ("Sichuan", "Szechuan", "Szechwan"),
    ("Beijing", "Peking"),
    ("Mumbai", "Bombay"),
    ("Green Party", "Greens"),
    ("United Kingdom", "UK", "U.K.", "Britain", "Great Britain", "British"),
    ("United States", "USA", "U.S.", "US", "American"),  # "American": thirty-first round
    ("New York City", "New York", "NYC"),
    ("Philadelphia", "Philly"),
    ("Shetland sheepdog", "Shetland Sheepdog", "Sheltie"),
    ("PhD", "Ph.D.", "doctorate", "doctoral degree", "doctoral"),
    ("USSR", "Soviet Union", "Soviet"),  # thirtieth round
    # Thirty-second round: four spent sets wrote "the iOS app" / "the iPhone app" for one app;
    # "JDK 17" is "Java 17"; a street type and its postal abbreviation.
    ("iOS", "iPhone"),
    ("JDK", "Java"),
    ("Street", "St"),
    ("Road", "Rd"),
    ("Avenue", "Ave"),
    ("weekdays", "weekday", "Weekdays", "Weekday", "Monday to Friday", "Monday through Friday",
     "Mon-Fri", "Monday-Friday"),
    ("weekends", "weekend", "Weekends", "Weekend", "Saturday and Sunday"),
    *ENDONYMS,  # forty-sixth round: a city in English and in its own language
)  # fmt: skip

# Twenty-sixth round: "in", "on", "at" too, and two in a row ("Royal Society for the Protection
# of Birds" / "RSPB", "Institute of Chartered Accountants in England and Wales" / "ICAEW").
_CONNECTORS = frozenset({"of", "and", "for", "the", "de", "in", "on", "at"})
# A run of capitalized words, the connectors between them included (up to two between two words).
# Twenty-eighth round: "&" is "and" ("London School of Hygiene & Tropical Medicine" / "LSHTM").
_CAPITALIZED_RUN = re.compile(
    r"\b[A-Z][a-z]+(?:\s+(?:(?:of|and|&|for|the|de|in|on|at)\s+){0,2}[A-Z][a-z]+)*"
)
# An acronym: two to six capitals ("IIT", "UK"), or clipped with lowercase parts ("UTas").
_ACRONYM_PARTS = 6
_ACRONYM = re.compile(
    rf"(?<![\w.])(?=[A-Z][a-z]*[A-Z])(?:[A-Z][a-z]{{0,3}}){{2,{_ACRONYM_PARTS}}}(?![\w])"
)
_CODE = re.compile(r"(?<![\w.])(\d{3})\(([a-z])\)|(?<![\w.])(\d{3})([a-z])(?![\w(])")


@cache
def _form_pattern(form: str) -> re.Pattern[str]:
    pattern = re.escape(form)
    if form[0].islower():  # "doctorate" at a sentence start is "Doctorate"
        pattern = f"(?:{re.escape(form[0].upper())}|{re.escape(form[0])}){re.escape(form[1:])}"
    # Thirty-first round: a form opening a compound adjective is the form ("USSR-made", "US-based");
    # a capitalized part after the hyphen makes another name ("Mercedes-Benz").
    return re.compile(rf"(?<![\w.-]){pattern}(?!\w|-[^a-z]|\.\w)")


def _find(form: str, text: str) -> re.Match[str] | None:
    return _form_pattern(form).search(text)


def alias_stated(name: str, text: str) -> bool:
    """``text`` writes another spelling of ``name`` from ``ALIASES`` ("Formula 1" for "F1",
    "British" for "UK"): the coverage check credits it as the pair judge equates it (thirteenth
    round)."""
    return any(
        _find(form, text) is not None
        for forms in ALIASES
        if name in forms
        for form in forms
        if form != name
    )


def _known_aliases(text: str, other: str, groups: frozenset[int]) -> str:
    for index in sorted(groups):
        forms = ALIASES[index]
        present = [(f, m) for f in forms if (m := _find(f, other)) is not None]
        if not present:
            continue
        theirs = max(present, key=lambda p: len(p[0]))[1].group()
        if _find(theirs, text) is not None:
            continue  # ``text`` already writes the other's spelling: nothing to equate
        for form in sorted(forms, key=len, reverse=True):
            if form.casefold() == theirs.casefold():
                continue
            match = _find(form, text)
            if match is not None:
                text = text[: match.start()] + theirs + text[match.end() :]
                break
    return text


def _parts(acronym: str) -> list[str]:
    """ "UTas" -> ["U", "Tas"], "IIT" -> ["I", "I", "T"]."""
    return re.findall(r"[A-Z][a-z]*", acronym)


def _initial_runs(text: str) -> list[tuple[int, int, list[str]]]:
    """Every sub-run of two to six capitalized words of ``text`` (an acronym has at most six
    parts, so no longer run can be one it spells): (start, end, its words). Bounded, not every
    sub-run: a text of n capitalized words in a row has n²/2 of those, each with its words, and
    a long one (a pasted list of names) would take the cycle's memory."""
    found = []
    for run in _CAPITALIZED_RUN.finditer(text):
        words = [m for m in re.finditer(r"[A-Za-z]+", run.group())]
        named = [m for m in words if m.group() not in _CONNECTORS]
        for first in range(len(named)):
            for last in range(first + 1, min(len(named), first + _ACRONYM_PARTS)):
                start, end = run.start() + named[first].start(), run.start() + named[last].end()
                found.append((start, end, [m.group() for m in named[first : last + 1]]))
    # Sixteenth round: one CamelCase word's humps are its words ("TypeScript" for "TS",
    # "JavaScript" for "JS"); each hump three letters or more, so "McDonald" is no "MD".
    for word in _CAMEL_WORD.finditer(text):
        found.append((word.start(), word.end(), re.findall(r"[A-Z][a-z]+", word.group())))
    # Thirtieth round: one capitalized word closed up of two English words of four letters and up
    # is their two words ("Elasticsearch" for "ES": "elastic", "search").
    for word in _CLOSED_COMPOUND.finditer(text):
        halves = _english_halves(word.group())
        if halves is not None:
            found.append((word.start(), word.end(), list(halves)))
    return found


# Two capitalized words or more in one run: ``_CAPITALIZED_RUN`` with its repetition taken once
# at least (a run of ``_initial_runs`` with two named words; round 23, issue 27).
_TWO_CAPITALIZED = re.compile(_CAPITALIZED_RUN.pattern.removesuffix(")*") + ")+")


def _has_initial_runs(text: str) -> bool:
    """``bool(_initial_runs(text))`` without listing the sub-runs: what a text's profile asks."""
    return bool(
        _TWO_CAPITALIZED.search(text)
        or _CAMEL_WORD.search(text)
        or any(_english_halves(w.group()) for w in _CLOSED_COMPOUND.finditer(text))
    )


_CLOSED_COMPOUND = re.compile(r"\b[A-Z][a-z]{7,}\b")
_HALF_MIN = 4


@lru_cache(maxsize=1 << 12)
def _english_halves(word: str) -> tuple[str, str] | None:
    """The one split of ``word`` into two English words of four letters and up, or None (none,
    or more than one)."""
    splits = [
        (word[:at], word[at:].capitalize())
        for at in range(_HALF_MIN, len(word) - _HALF_MIN + 1)
        if english_readings(word[:at].lower()) and english_readings(word[at:])
    ]
    return splits[0] if len(splits) == 1 else None


_CAMEL_WORD = re.compile(r"\b[A-Z][a-z]{2,}(?:[A-Z][a-z]{2,})+\b")


def _spells(acronym: str, words: list[str]) -> bool:
    parts = _parts(acronym)
    return len(parts) == len(words) and all(
        w.lower().startswith(p.lower()) and (len(p) == 1 or len(w) > len(p))
        for p, w in zip(parts, words, strict=True)
    )


def _initials(text: str, other: str) -> str:
    # An acronym of ``text`` spelt out in ``other``: written as ``other`` spells it.
    runs = _initial_runs(other)
    for match in list(_ACRONYM.finditer(text))[::-1]:
        if re.search(rf"(?<![\w.]){re.escape(match.group())}(?!\w)", other):
            continue
        spelt = next((other[s:e] for s, e, words in runs if _spells(match.group(), words)), "")
        if not spelt and (name := connector_initials(match.group())) is not None:
            spelt = found.group() if (found := name.search(other)) else ""  # "UoA" (31st round)
        if spelt:
            text = text[: match.start()] + spelt + text[match.end() :]
    # A run of ``text`` that an acronym of ``other`` spells: written as that acronym.
    for acronym in {m.group() for m in _ACRONYM.finditer(other)}:
        if re.search(rf"(?<![\w.]){re.escape(acronym)}(?!\w)", text):
            continue
        for start, end, words in sorted(_initial_runs(text), key=lambda r: r[1] - r[0]):
            if _spells(acronym, words):
                text = text[:start] + acronym + text[end:]
                break
        else:
            if (name := connector_initials(acronym)) and (found := name.search(text)):
                text = text[: found.start()] + acronym + text[found.end() :]
    return text


_WORD_PAIR = re.compile(r"(?=\b([A-Za-z]+)\s+([A-Za-z]+)\b)")


def _letter_case(text: str, other: str) -> str:
    theirs: dict[tuple[str, str], tuple[str, str]] = {}
    for match in _WORD_PAIR.finditer(other):
        pair = (match.group(1), match.group(2))
        theirs.setdefault((pair[0].casefold(), pair[1].casefold()), pair)
    for match in list(_WORD_PAIR.finditer(text))[::-1]:
        mine = (match.group(1), match.group(2))
        found = theirs.get((mine[0].casefold(), mine[1].casefold()))
        if found is None or found == mine:
            continue
        # One word capitalized in both: a name ("Chicago"), the other word its case variant,
        # written mid-sentence in both (a sentence-start capital is grammar).
        if not any(m[:1].isupper() and f[:1].isupper() for m, f in zip(mine, found, strict=True)):
            continue
        if _opens_sentence(text, match.start(1)) or _opens_sentence(
            other, other.find(" ".join(found))
        ):
            continue
        start = match.start(1)
        end = match.end(2)
        text = text[:start] + f"{found[0]} {found[1]}" + text[end:]
    return text


_PLURAL_NAME = re.compile(r"\b([A-Z][a-zA-Z]+?)(e?s)\b")


def _plural_names(text: str, other: str) -> str:
    for match in list(_PLURAL_NAME.finditer(text))[::-1]:
        name = match.group(1)
        if re.search(rf"\b{re.escape(match.group())}\b", other) is None and re.search(
            rf"\b{re.escape(name)}\b", other
        ):
            text = text[: match.start()] + name + text[match.end() :]
    return text


def _opens_sentence(text: str, at: int) -> bool:
    return not text[:at].strip() or text[:at].rstrip()[-1] in ".!?:;\n"


def _codes(text: str, other: str) -> str:
    theirs = {}
    for match in _CODE.finditer(other):
        digits, letter = match.group(1) or match.group(3), match.group(2) or match.group(4)
        theirs[(digits, letter)] = match.group()
    out, at = [], 0
    for match in _CODE.finditer(text):
        digits, letter = match.group(1) or match.group(3), match.group(2) or match.group(4)
        if (digits, letter) in theirs:
            out += [text[at : match.start()], theirs[(digits, letter)]]
            at = match.end()
    return "".join(out) + text[at:] if out else text


# Thirty-fourth round: a numbered name ("Level II" / "Level 2" / "L2", "Tier 3" / "T3"): a
# capitalized word and its number in figures or Roman numerals, or the word's initial joined to the
# number, written as ``other`` writes it. Another number ("Level 3" / "L2") stays apart.
NUMBERED = re.compile(r"\b([A-Z][a-z]+) (\d{1,2}|[IVX]{2,4})\b")
_LETTER_NUMBER = re.compile(r"(?<![\w.-])([A-Z])(\d{1,2})(?![\w.-])")
_ROMAN = {"II": 2, "III": 3, "IV": 4, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "XI": 11, "XII": 12}


def _numbered(match: re.Match[str]) -> tuple[str, int] | None:
    word, number = match.groups()
    value = int(number) if number.isdigit() else _ROMAN.get(number)
    # "May 5" is a date, never "M5" (a motorway, a model)
    return None if value is None or word in _MONTHS else (word, value)


def numbered_names(text: str, other: str) -> str:
    theirs = {key: m.group() for m in NUMBERED.finditer(other) if (key := _numbered(m))}
    theirs |= {(m[1], int(m[2])): m.group() for m in _LETTER_NUMBER.finditer(other)}

    def written(match: re.Match[str]) -> str:
        if (key := _numbered(match)) is None:
            return match.group()
        # a Roman number neither side writes as the other is read in figures ("Level III" /
        # "Level 2" differ in their numbers)
        return theirs.get(key) or theirs.get((key[0][0], key[1])) or f"{key[0]} {key[1]}"

    return NUMBERED.sub(written, text)


@dataclass(frozen=True)
class _Profile:
    """What one text offers each rule, read once per text: a pair asks only the rules both of
    its texts can meet (cost, not rules: most candidate pairs meet none)."""

    aliases: frozenset[int]  # the ``ALIASES`` groups it writes a form of
    acronyms: bool
    runs: bool  # a run of two or more capitalized words
    pairs: dict[tuple[str, str], tuple[str, str]]  # casefolded adjacent words -> as written
    codes: frozenset[tuple[str, str]]
    written_dates: bool
    dates: bool
    plural_names: bool
    numbered: bool


@lru_cache(maxsize=1 << 16)
def _profile(text: str) -> _Profile:
    pairs: dict[tuple[str, str], tuple[str, str]] = {}
    for match in _WORD_PAIR.finditer(text):
        pair = (match.group(1), match.group(2))
        if pair[0][:1].isupper() or pair[1][:1].isupper():
            pairs.setdefault((pair[0].casefold(), pair[1].casefold()), pair)
    return _Profile(
        aliases=_alias_groups(text),
        acronyms=_ACRONYM.search(text) is not None,
        runs=_has_initial_runs(text),
        pairs=pairs,
        codes=frozenset(
            (m.group(1) or m.group(3), m.group(2) or m.group(4)) for m in _CODE.finditer(text)
        ),
        written_dates=bool(aligned_dates(text)),
        dates=bool(stated_dates(text)),
        plural_names=_PLURAL_NAME.search(text) is not None,
        numbered=bool(NUMBERED.search(text) or _LETTER_NUMBER.search(text)),
    )


# ── Cost, not rules (issue 27) ─────────────────────────────────────────────────────────────
# ``_profile`` asks which ``ALIASES`` groups a text writes a form of; most texts write none. A
# form matches only where it opens a word (``_form_pattern``'s look-behind), and its first word
# ends where the text's word does (the form goes on with a space, a dot or a hyphen, or the
# pattern's look-ahead ends it), so a text writes a form only if one of its words is, letter case
# aside, that form's first word: only the groups of those openers are searched. One alternation
# of all 86 form patterns (the filter before) cost 90 µs a text; the words' set costs a few
# (docs/benchmarks.md, issue 27 round 23).
_WORD_RUN = re.compile(r"\w+")


@cache
def _alias_openers() -> dict[str, frozenset[int]]:
    """Each form's first word, case folded -> the groups with a form opening with it."""
    openers: dict[str, set[int]] = {}
    for index, forms in enumerate(ALIASES):
        for form in forms:
            first = _WORD_RUN.match(form)
            assert first is not None, form  # every form opens with a letter or a digit
            openers.setdefault(first.group().casefold(), set()).add(index)
    return {word: frozenset(groups) for word, groups in openers.items()}


def _alias_groups(text: str) -> frozenset[int]:
    """The ``ALIASES`` groups ``text`` writes a form of (each form searched as ``_find`` does)."""
    openers = _alias_openers()
    candidates: set[int] = set()
    for word in _WORD_RUN.findall(text):
        groups = openers.get(word.casefold())
        if groups is not None:
            candidates |= groups
    return frozenset(
        n for n in candidates if any(_find(form, text) is not None for form in ALIASES[n])
    )


@lru_cache(maxsize=1 << 16)
def equated(text: str, other: str) -> str:
    """``text`` with each spelling of a specific that ``other`` writes another way rewritten into
    ``other``'s spelling (known aliases, initials, a name's letter case, code spellings, dates, a
    name in the plural); everything else as written. Only what ``other`` states is ever written
    in: a name or date that ``other`` lacks in every spelling stays, and still tells the two
    apart. Each rule is asked only when both texts (as written) offer what it reads
    (``_profile``)."""
    mine, theirs = _profile(text), _profile(other)
    if mine.aliases & theirs.aliases:
        text = _known_aliases(text, other, mine.aliases & theirs.aliases)
    if (mine.acronyms and theirs.runs) or (mine.runs and theirs.acronyms):
        text = _initials(text, other)
    if any(theirs.pairs.get(key, pair) != pair for key, pair in mine.pairs.items()):
        text = _letter_case(text, other)
    if mine.codes & theirs.codes:
        text = _codes(text, other)
    if mine.written_dates and theirs.dates:
        text = align_dates(text, other)
    if mine.plural_names:
        text = _plural_names(text, other)
    if mine.numbered:
        text = numbered_names(text, other)
    return text


# Eighteenth round: a name one side writes clipped ("VP of Engineering" / "VP Eng", "Postgres" /
# "PostgreSQL"): three letters and up, the other side's whole word starting with them and two
# letters longer at least ("Mensa" / "Mensah", "PAYMENT" / "PAYMENTS" are other names).
_CLIPPED_MIN = 3
_CLIPPED_LETTERS = 2


def unclipped(mine: Sequence[str], theirs: Sequence[str]) -> list[str]:
    """The specifics of ``mine`` that are not a clipping of one of ``theirs``, nor clipped to
    one: the two sides then name the same thing, each in its own length."""
    return [x for x in mine if not any(_clipping(x, y) or _clipping(y, x) for y in theirs)]


def _clipping(short: str, long: str) -> bool:
    """Whether ``short`` is ``long`` clipped ("Eng" / "Engineering")."""
    return (
        _CLIPPED_MIN <= len(short) <= len(long) - _CLIPPED_LETTERS
        and short[:1].isupper()
        and long.casefold().startswith(short.casefold())
    )
