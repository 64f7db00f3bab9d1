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

What counts as a specific (``specifics_of``)
--------------------------------------------
* **Capitalized words** (Titlecase, e.g. "Rocky", "Xebia"). A capitalized word is evidence of a
  proper noun only when it is not sentence-initial, so the built-in generic-English baseline
  (``coverage_baseline``) applies only at a sentence start (start of text, after ``. ! ? :``,
  at a line start or after a list marker; "Dr.", "St.", "e.g." and single-letter initials do not
  end a sentence). ``extraCommonWords`` applies in every position. ``alwaysSpecificWords`` wins
  over both. A word that the merge's own sources also write in all-lowercase prose ("marking",
  "the contact ids") is ordinary language wherever it is capitalized; lowercase twins inside
  identifiers (``lhotka.net``, ``calendar-mcp``, ``a/b``, ``x@y``) are not evidence, because they
  would unprotect the surname Lhotka. ``alwaysSpecificWords`` overrides this evidence too.
* **Acronyms and mixed-case names** ("IMAP", "PWOP", "gRPC", "OAuth", "iPhone", "GitHub",
  "O'Brien") are specific in every position: all-caps and internal capitals are deliberate
  typography, not grammar, so neither the baseline nor lowercase evidence applies to them (a
  lowercase "imap" usually sits inside a hostname). Only the operator's explicit lists do.
  Plural acronyms ("IDs", "APIs") are the exception a live corpus showed ("Contact IDs ...
  the contact ids"): they behave like capitalized words.
* **Codes** -- a letter-led token holding a digit and a capital ("EC2", "S3", "H100",
  "OAuth2", "M365"), or capitals joined to a number by a hyphen ("W-9", "GPT-4", "H-1B",
  "SHA-256") -- are one specific, matched whole, so the single digit of "GPT-4" still counts.
* **Numbers** with two or more digits, including versions ("3.11", "2.3.1"), money ("1,200"),
  years, ISO dates ("2026-08-19", one specific) and clock times ("14:30", one specific). Single
  digits are not specifics: "the top 3 items" rephrased as "the top three items" loses nothing.
  Hyphenated or slashed runs split into their numbers ("2024-2025", "555-1234", "8/19/2026").
* **Month names inside a date** ("August 19, 2026", "19th of Aug 2026", "May 2026") are always
  specific, even where the baseline would otherwise swallow "May".
* Weekday names are specifics in every position ("moved to Tuesday" loses a fact without it);
  month names outside a date are ordinary capitalized words (see ``coverage_baseline``).
* Not specifics: lowercase words (the check cannot see a dropped "peanut allergy"; that is a
  limit of the rule, not an oversight) and single letters ("I", "A", initials, and so the
  letters of a dotted abbreviation such as "U.S.").

How a specific is credited by the merged text
---------------------------------------------
* Words and codes: token equality, case-sensitive, on letter boundaries -- "Rocky" is credited by
  "Rocky's" or "Rocky-based" but not "Rockyville" or "rocky". Possessives in a source are
  reduced to the name ("Rocky's" requires "Rocky"). Acronyms are case-sensitive too, because
  short ones collide with English ("IT"/"it", "US"/"us", "AM"/"am"); singular and plural credit
  each other ("API"/"APIs").
* Numbers: as number tokens, never as digit substrings -- "2021" is not credited by "12021"
  or "2021.5", and "33" not by "8.33". A number inside a larger compound is credited ("2026"
  by "2026-04-15", "19" by "2026-08-19"). Thousands separators are canonicalized, so "1,200"
  and "1200" credit each other (an equivalent form, not a dropped requirement); "3.10" and
  "3.1" do not, because versions are not decimals.
* A capitalized word found only at a sentence start ("Recycling is collected ...") is credited by
  the same word lowercase mid-sentence in the merged text ("... and recycling is collected"):
  its capital was grammar. Mid-sentence capitals are never credited this way, and
  ``alwaysSpecificWords`` opts a word out.
* A weekday credits its plural and the reverse ("on Monday" / "on Mondays").
* Clock times compare by value with or without a leading zero ("09:00"/"9:00"); "14:30" is
  credited by "14:30:00".
* Dates: a month-name date in a source is credited when the merged text carries the same date in
  any form -- ISO "2026-08-19", year-month "2026-08", or another month spelling ("Aug 19,
  2026") -- and vice versa for an ISO date in a source. Two guards keep this narrow: the month
  must be adjacent to a day or a year in the source (a person or release named August is never
  credited), and when the source date carries a year (or a day) the merged date must carry the
  same one. A merge that drops the date in both spellings is rejected. Slashed dates
  ("8/19/2026") are not parsed: they are ambiguous between US and European order.

Numeric exemption by category
-----------------------------
Entries whose category is in ``numericExemptCategories`` (plus the built-in, irremovable
``anti-patterns/routing``) restate telemetry figures that have already moved by the time a merge
is proposed, so their numbers, dates and times are not required. Matching is segment-aware:
``anti-patterns/routing`` covers ``anti-patterns/routing/high-tier`` but not
``anti-patterns/routing-notes``. Each source's own category decides. A month-name date in an
exempt entry is still required through its month word; a bare ``2026-08-19`` is not.

Known conservative false positives (12h -> 24h clock rewrites, acronyms reworded in plain
English, number words, unit rewrites) are listed in docs/passes.md.
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
        if sentence_initial and key in BASELINE_WORDS:
            return False
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
    for match, kind, sentence_initial in _positioned_tokens(text):
        token = match.group()
        if kind in ("word", "code"):
            if token.islower():  # the common case, and never a specific
                continue
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


@dataclass(frozen=True, slots=True)
class _MergedText:
    words: frozenset[str]
    numbers: frozenset[str]
    times: frozenset[str]
    dates: frozenset[DateKey]

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
        return cls(frozenset(words), frozenset(numbers), frozenset(times), frozenset(dates))

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
