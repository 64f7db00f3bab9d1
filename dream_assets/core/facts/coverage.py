"""The merge coverage check: a merge may not drop a specific that any of its sources carries.

docs/passes.md, "The merge coverage check". Before a merge is applied, the specifics in its
sources -- proper nouns, acronyms and multi-digit numbers -- must all appear in the merged text.
If any is missing the merge is rejected outright and the sources are left alone. This is what
catches the characteristic failure: a plausible-reading merge that keeps the machine-readable
half of an entry and quietly drops a name or a date.

The check is biased toward rejection because the costs are asymmetric: a false rejection leaves
a duplicate pair alive for another cycle, a false acceptance destroys the only record of how a
fact was worded. Every widening below therefore *credits an equivalent form that is actually
present* rather than removing a requirement.

What counts as a specific and how the merged text credits it, rule by rule, is in
docs/merge-checks.md ("The coverage rule in detail"): capitalized words outside the sentence-start
baseline, acronyms, codes, multi-digit numbers, dates and clock times; credited by equal tokens or
an equivalent spelling (dates, thousands separators, weekday plurals, letter case of a name of three
or more letters, "Dr" / "Doctor").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from dream_assets.core.facts.baseline import BASELINE_WORDS
from dream_assets.core.facts.dates import (
    _YEAR_MONTH,
    DateKey,
    _iso_key,
    _month_dates,
    _plausible_year,
)
from dream_assets.core.facts.lexicon import is_inflected_english, number_word_values
from dream_assets.core.facts.vocabulary import (
    BUILT_IN_NUMERIC_EXEMPT_CATEGORY,
    DEFAULT_VOCABULARY,
    VOCABULARY_FILE_NAME,
    Vocabulary,
    load_vocabulary,
    straighten,
)

__all__ = [
    "BUILT_IN_NUMERIC_EXEMPT_CATEGORY",
    "DEFAULT_VOCABULARY",
    "VOCABULARY_FILE_NAME",
    "CoverageResult",
    "CoverageSource",
    "Vocabulary",
    "check_merge",
    "load_vocabulary",
    "lowercase_words_of",
    "specifics_of",
]

# ── Inputs and result ──────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class CoverageSource:
    id: str
    content: str
    category: str = ""


@dataclass(frozen=True)
class CoverageResult:
    ok: bool
    missing: tuple[str, ...]
    """The exact specifics, as written in the sources, that the merged text does not cover."""
    hints: tuple[str, ...] = ()
    """Findings that do not reject on their own (``merge_check.HINT_KINDS``): for the verifier."""


# ── Tokens ─────────────────────────────────────────────────────────────────────────────────

# One scan yields everything the rule looks at, in order, so sentence position is known for free.
_TOKEN = re.compile(
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
_EVIDENCE = re.compile(r"(?<![\w.@/\\#`-])[^\W\d_]+(?:'[^\W\d_]+)*(?![\w@/\\`-]|[.:]\w)")

# "I'm", "I've", "I'll": the pronoun, not a name.
_PRONOUN_CONTRACTION = re.compile(r"^I'[a-z]+$")

# A period after these does not end a sentence, so "Dr. May" keeps May mid-sentence.
# Only titles that precede a name: corporate suffixes and "etc." end sentences too often.
_ABBREVIATIONS = frozenset(
    {"mr", "mrs", "ms", "dr", "prof", "st", "sr", "jr", "mt", "ft", "vs", "rev", "gen", "capt"}
)

_MERIDIEM = frozenset({"AM", "PM"})

_WEEKDAYS = frozenset(
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
)
_WEEKDAYS_PLURAL = frozenset(day + "s" for day in _WEEKDAYS)


def _canonical_number(token: str) -> str:
    return token.replace(",", "")


def _canonical_time(token: str) -> str:
    hour, rest = token.split(":", 1)
    return f"{int(hour)}:{rest}"


def _is_acronym(name: str) -> bool:
    return len(name) >= 2 and name.isalpha() and name.isupper()


def _is_plural_acronym(name: str) -> bool:
    return len(name) >= 3 and name.endswith("s") and _is_acronym(name[:-1])


def _is_capitalized_word(name: str) -> bool:
    """Titlecase, where capitalization may be grammar rather than a name."""
    letters = name.replace("'", "")
    return letters[0].isupper() and letters[1:].islower()


def lowercase_words_of(text: str) -> frozenset[str]:
    """The all-lowercase prose words of ``text``: the corpus evidence of ordinary language."""
    words = set()
    for match in _EVIDENCE.finditer(straighten(text)):
        word = match.group()
        if word.islower():
            words.add(word[:-2] if word.endswith("'s") else word)
    return frozenset(words)


# ── Extraction ─────────────────────────────────────────────────────────────────────────────


@dataclass(frozen=True, slots=True)
class _Specific:
    text: str  # as written in the source (possessive reduced to the name)
    kind: str  # "word" | "number" | "time" | "iso"
    date: DateKey | None = None  # for a month word inside a date, and for an ISO date
    # A capitalized word found only at a sentence start: its capital may be grammar alone.
    initial: bool = False


def _word_is_specific(
    name: str,
    *,
    sentence_initial: bool,
    in_date: bool,
    vocabulary: Vocabulary,
    evidence: frozenset[str],
) -> bool:
    if name == name.lower() or _PRONOUN_CONTRACTION.match(name):
        return False
    if len(name.replace("'", "")) < 2:
        return False  # single letters: "I", "A", initials
    key = name.lower()
    if key in vocabulary.always_specific_words:
        return True  # the operator's escape hatch outranks every reason below
    if in_date:
        return True  # a month beside a day or year is a date, not the word "may"
    if key in vocabulary.extra_common_words:
        return False
    if _is_capitalized_word(name) or _is_plural_acronym(name):
        if key in evidence:
            return False
        if sentence_initial and (key in BASELINE_WORDS or is_inflected_english(key)):
            return False  # "Drinks oat milk.": a subjectless memory opens with its verb
    return True


def _positioned_tokens(text: str) -> Iterator[tuple[re.Match[str], str, bool]]:
    """Every word, code and number token of ``text`` with whether it opens a sentence."""
    sentence_initial = True
    previous_word = ""
    previous_word_end = -1
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or ""
        token = match.group()
        if kind == "marker":
            sentence_initial = True
        elif kind == "stop":
            is_abbreviation = (
                token == "."
                and match.start() == previous_word_end
                and (len(previous_word) == 1 or previous_word.lower() in _ABBREVIATIONS)
            )
            if not is_abbreviation:
                sentence_initial = True
        else:
            yield match, kind, sentence_initial
            if kind in ("word", "code"):
                previous_word, previous_word_end = token, match.end()
            sentence_initial = False


def _midsentence_lowercase_words(text: str) -> frozenset[str]:
    return frozenset(
        match.group()
        for match, kind, initial in _positioned_tokens(straighten(text))
        if kind == "word" and not initial and match.group().islower()
    )


def _specifics(
    text: str,
    *,
    numeric_exempt: bool,
    vocabulary: Vocabulary,
    evidence: frozenset[str],
) -> Iterator[_Specific]:
    text = straighten(text)
    month_dates = _month_dates(text)
    previous_kind, previous_end = "", -1
    for match, kind, sentence_initial in _positioned_tokens(text):
        token = match.group()
        after_clock = (
            previous_kind in ("time", "number") and not text[previous_end : match.start()].strip()
        )
        previous_kind, previous_end = kind, match.end()
        if kind in ("word", "code"):
            if token.islower():  # the common case, and never a specific
                continue
            if after_clock and token.upper() in _MERIDIEM:
                continue  # "2:00 PM": part of the clock time, which the check compares
            name = token[:-2] if token.endswith("'s") else token
            date = month_dates.get(match.start())
            if _word_is_specific(
                name,
                sentence_initial=sentence_initial,
                in_date=date is not None,
                vocabulary=vocabulary,
                evidence=evidence,
            ):
                initial = (
                    sentence_initial
                    and _is_capitalized_word(name)
                    and name.lower() not in vocabulary.always_specific_words
                )
                yield _Specific(name, "word", date, initial)
        elif not numeric_exempt:
            if kind == "iso":
                yield _Specific(token, "iso", _iso_key(token))
            elif kind == "time":
                yield _Specific(token, "time")
            elif sum(c.isdigit() for c in token) >= 2:
                yield _Specific(token, "number")


def specifics_of(
    text: str,
    *,
    category: str = "",
    vocabulary: Vocabulary = DEFAULT_VOCABULARY,
    lowercase_evidence: frozenset[str] = frozenset(),
) -> list[str]:
    """The specifics of one entry, as written, in order of first appearance.

    ``lowercase_evidence`` is the set of lowercase prose words of the merge's sources
    (``lowercase_words_of``); it is a parameter because the evidence is the whole cluster's text,
    not just this entry's.
    """
    found = _specifics(
        text,
        numeric_exempt=vocabulary.is_numeric_exempt(category),
        vocabulary=vocabulary,
        evidence=lowercase_evidence,
    )
    return list(dict.fromkeys(specific.text for specific in found))


# ── What the merged text covers ────────────────────────────────────────────────────────────


# Titles written out or abbreviated name the same person ("Dr. Haddad" / "Doctor Haddad").
TITLE_SPELLINGS = {"Dr": "Doctor", "Prof": "Professor", "Mt": "Mount"}
_TITLE_EQUIVALENT = {**TITLE_SPELLINGS, **{full: short for short, full in TITLE_SPELLINGS.items()}}
# Letter case is typography for a name of at least this many letters ("Fatima" / "FATIMA");
# shorter acronyms collide with English words ("IT" / "It", "US" / "Us") and stay case-sensitive.
CASE_FOLD_MIN_LETTERS = 3


@dataclass(frozen=True, slots=True)
class _MergedText:
    words: frozenset[str]
    numbers: frozenset[str]
    times: frozenset[str]
    dates: frozenset[DateKey]
    # Casefolded capitalized or all-caps words of the merge that are not a sentence-start
    # capital (which may be grammar): a name in another letter case is the same name.
    folded: frozenset[str] = frozenset()
    # What an acronym may be spelt out as: the capitals of a CamelCase word ("JavaScript" for
    # "JS"), the initials of three or more consecutive words ("continuous integration and
    # delivery" is not; "Amazon Web Services" for "AWS" is), and a code's letters ("KL1234" for
    # "KL"). Two-letter initials of any two words coincide too often to credit.
    spelled: frozenset[str] = frozenset()

    @classmethod
    def of(cls, text: str) -> _MergedText:
        text = straighten(text)
        words: set[str] = set()
        numbers: set[str] = set()
        times: set[str] = set()
        dates: set[DateKey] = set(_month_dates(text).values())
        for match in _TOKEN.finditer(text):
            kind = match.lastgroup
            token = match.group()
            if kind in ("word", "code"):
                words.add(token)
                if token.endswith("'s"):
                    words.add(token[:-2])
            elif kind == "number":
                numbers.add(_canonical_number(token))
            elif kind == "time":
                times.add(_canonical_time(token))
                if token.count(":") == 2:
                    times.add(_canonical_time(token.rsplit(":", 1)[0]))
            elif kind == "iso":
                # The year of "2026-04-15" is still 2026 to a source that said "in 2026".
                numbers.update(token.split("-"))
                dates.add(_iso_key(token))
        for match in _YEAR_MONTH.finditer(text):
            year, month = int(match.group(1)), int(match.group(2))
            if _plausible_year(year) and 1 <= month <= 12:
                dates.add((year, month, None))
        numbers |= {str(n) for n in number_word_values(_WORD_RUN.findall(text.lower()))}
        numbers |= {str(int(m.group(1)) * 1000) for m in _THOUSANDS.finditer(text)}
        times |= _clock_readings(text)
        spelled = _acronym_spellings(text)
        folded = set()
        for match, kind, initial in _positioned_tokens(text):
            token = match.group()
            if kind != "word" or token.islower() or (initial and _is_capitalized_word(token)):
                continue
            folded.add(token.casefold())
            if token.endswith("'s"):
                folded.add(token[:-2].casefold())
        return cls(
            frozenset(words),
            frozenset(numbers),
            frozenset(times),
            frozenset(dates),
            frozenset(folded),
            frozenset(spelled),
        )

    def covers(self, specific: _Specific) -> bool:
        if specific.kind == "number":
            return _canonical_number(specific.text) in self.numbers
        if specific.kind == "time":
            return _canonical_time(specific.text) in self.times
        if specific.kind == "iso":
            return specific.date in self.dates
        name = specific.text
        if name in self.words:
            return True
        if _TITLE_EQUIVALENT.get(name) in self.words:
            return True
        if _is_acronym(name) and name in self.spelled:
            return True
        if _is_plural_acronym(name) and name[:-1] in self.spelled:
            return True
        if len(name) >= CASE_FOLD_MIN_LETTERS and name.isalpha() and name.casefold() in self.folded:
            return True
        if _is_acronym(name) and name + "s" in self.words:
            return True
        if _is_plural_acronym(name) and name[:-1] in self.words:
            return True
        # "on Mondays" / "on Monday": the same weekday, once or as a habit.
        if name in _WEEKDAYS_PLURAL and name[:-1] in self.words:
            return True
        if name in _WEEKDAYS and name + "s" in self.words:
            return True
        return specific.date is not None and self._has_date(specific.date)

    def _has_date(self, wanted: DateKey) -> bool:
        year, month, day = wanted
        return any(
            m == month and (day is None or d == day) and (year is None or y == year)
            for y, m, d in self.dates
        )


_WORD_RUN = re.compile(r"[a-z]+")
_THOUSANDS = re.compile(r"(?<![\w.,])(\d{1,3})[kK](?![^\W_])")  # "$18k" is 18000
_HOUR_MARK = re.compile(
    r"(?<![\w:])(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|o'clock)(?!\w)", re.I
)
_CLOCK = re.compile(r"(?<![\w:])(\d{1,2}):(\d{2})(?!\d)")


_CODE_LETTERS = re.compile(r"(?<![^\W_])([A-Z]{2,})\d")
_CAMEL_CAPITALS = re.compile(r"[A-Z]")


def _acronym_spellings(text: str) -> set[str]:
    found = {m.group(1) for m in _CODE_LETTERS.finditer(text)}
    words = [m.group() for m in _TOKEN.finditer(text) if m.lastgroup == "word"]
    for word in words:
        capitals = "".join(_CAMEL_CAPITALS.findall(word))
        if len(capitals) >= 2 and not word.isupper():
            found.add(capitals)
    for size in (3, 4, 5):
        for start in range(len(words) - size + 1):
            found.add("".join(w[0] for w in words[start : start + size]).upper())
    return found


def _clock_readings(text: str) -> set[str]:
    """The clock times a merge states in 12-hour words, as the check compares them: "8 a.m." and
    "8am" are 8:00, "4:30 pm" is 16:30 (and 4:30), and "16:30" is also 4:30 on a 12-hour clock
    (a source's "4:30" written as "16:30"). A bare "4:30" never credits "16:30": it may be
    morning."""
    found: set[str] = set()
    for match in _HOUR_MARK.finditer(text):
        hour, minute = int(match.group(1)), match.group(2) or "00"
        if not 1 <= hour <= 12:
            continue
        mark = match.group(3).lower().replace(".", "")
        if mark == "pm" and hour != 12:
            found.add(f"{hour + 12}:{minute}")
        elif mark == "am" and hour == 12:
            found.add(f"0:{minute}")
        found.add(f"{hour}:{minute}")
    for match in _CLOCK.finditer(text):
        hour = int(match.group(1))
        if 13 <= hour <= 23:
            found.add(f"{hour - 12}:{match.group(2)}")
    return found


# ── The check ──────────────────────────────────────────────────────────────────────────────


def check_merge(
    sources: Sequence[CoverageSource],
    merged: str,
    *,
    vocabulary: Vocabulary = DEFAULT_VOCABULARY,
) -> CoverageResult:
    """Reject the merge if the merged text drops any specific of any source.

    Every source is checked, not just the longest: a merge that keeps one source's names and
    drops its sibling's is the failure this exists to catch. ``missing`` lists each dropped
    specific once, in source order, exactly as written -- it is what the repair call is shown.
    """
    evidence = _evidence_of(source.content for source in sources)
    covered_by = _MergedText.of(merged)
    merged_prose = _midsentence_lowercase_words(merged)
    missing: dict[str, None] = {}
    for source in sources:
        found = _specifics(
            source.content,
            numeric_exempt=vocabulary.is_numeric_exempt(source.category),
            vocabulary=vocabulary,
            evidence=evidence,
        )
        for specific in found:
            if specific.text in missing or covered_by.covers(specific):
                continue
            # "Recycling is collected ..." merged as "... and recycling is collected": the same
            # word, its sentence-start capital dropped. Credited only from a sentence start and
            # only by the word lowercase mid-sentence in the merge, so a name still needs its
            # capital wherever the source wrote it mid-sentence.
            if specific.initial and specific.text.lower() in merged_prose:
                continue
            missing[specific.text] = None
    return CoverageResult(ok=not missing, missing=tuple(missing))


def _evidence_of(contents: Iterable[str]) -> frozenset[str]:
    return frozenset().union(*(lowercase_words_of(content) for content in contents))
