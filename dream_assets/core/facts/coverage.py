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

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from dream_assets.core.facts.baseline import BASELINE_WORDS
from dream_assets.core.facts.dates import (
    _iso_key,
    _month_dates,
)
from dream_assets.core.facts.lexicon import is_inflected_english
from dream_assets.core.facts.merged_text import MergedText
from dream_assets.core.facts.tokens import (
    EVIDENCE,
    MERIDIEM,
    PRONOUN_CONTRACTION,
    Specific,
    is_capitalized_word,
    is_plural_acronym,
    positioned_tokens,
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
    "load_vocabulary",
    "lowercase_words_of",
    "missing_specifics",
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


def lowercase_words_of(text: str) -> frozenset[str]:
    """The all-lowercase prose words of ``text``: the corpus evidence of ordinary language."""
    words = set()
    for match in EVIDENCE.finditer(straighten(text)):
        word = match.group()
        if word.islower():
            words.add(word[:-2] if word.endswith("'s") else word)
    return frozenset(words)


# ── Extraction ─────────────────────────────────────────────────────────────────────────────


def _word_is_specific(
    name: str,
    *,
    sentence_initial: bool,
    in_date: bool,
    vocabulary: Vocabulary,
    evidence: frozenset[str],
) -> bool:
    if name == name.lower() or PRONOUN_CONTRACTION.match(name):
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
    if is_capitalized_word(name) or is_plural_acronym(name):
        if key in evidence:
            return False
        if sentence_initial and (key in BASELINE_WORDS or is_inflected_english(key)):
            return False  # "Drinks oat milk.": a subjectless memory opens with its verb
    return True


def _midsentence_lowercase_words(text: str) -> frozenset[str]:
    return frozenset(
        match.group()
        for match, kind, initial in positioned_tokens(straighten(text))
        if kind == "word" and not initial and match.group().islower()
    )


def _specifics(
    text: str,
    *,
    numeric_exempt: bool,
    vocabulary: Vocabulary,
    evidence: frozenset[str],
) -> Iterator[Specific]:
    text = straighten(text)
    month_dates = _month_dates(text)
    previous_kind, previous_end = "", -1
    for match, kind, sentence_initial in positioned_tokens(text):
        token = match.group()
        after_clock = (
            previous_kind in ("time", "number") and not text[previous_end : match.start()].strip()
        )
        previous_kind, previous_end = kind, match.end()
        if kind in ("word", "code"):
            if token.islower():  # the common case, and never a specific
                continue
            if after_clock and token.upper() in MERIDIEM:
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
                    and is_capitalized_word(name)
                    and name.lower() not in vocabulary.always_specific_words
                )
                yield Specific(name, "word", date, initial)
        elif not numeric_exempt:
            if kind == "iso":
                yield Specific(token, "iso", _iso_key(token))
            elif kind == "time":
                yield Specific(token, "time")
            elif sum(c.isdigit() for c in token) >= 2:
                yield Specific(token, "number")


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


# ── The check ──────────────────────────────────────────────────────────────────────────────


def missing_specifics(
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
    covered_by = MergedText.of(merged)
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
