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
from functools import lru_cache

from dream_assets.core.facts.baseline import BASELINE_WORDS
from dream_assets.core.facts.dates import (
    _iso_key,
    _month_dates,
)
from dream_assets.core.facts.equivalents import PERCENT_AFTER, duration_unit
from dream_assets.core.facts.lexicon import (
    NAMES_THAT_ARE_WORDS,
    english_readings,
    is_adverb_only,
    is_base_noun,
    is_compound_head,
    is_inflected_english,
    lemmas_of,
)
from dream_assets.core.facts.merged_text import MergedText
from dream_assets.core.facts.tokens import (
    EVIDENCE,
    MERIDIEM,
    PRONOUN_CONTRACTION,
    TOKEN,
    WEEKDAYS,
    WEEKDAYS_PLURAL,
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


@lru_cache(maxsize=1 << 16)
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


@lru_cache(maxsize=1 << 16)
def _midsentence_lowercase_words(text: str) -> frozenset[str]:
    """The merge's lowercase mid-sentence words with their lemmas ("pets" -> pet, "master's" ->
    master): a sentence-start capital in a source is credited by any inflection of its word."""
    words: set[str] = set()
    for match, kind, initial in positioned_tokens(straighten(text)):
        word = match.group()
        if kind == "word" and not initial and word.islower():
            word = word[:-2] if word.endswith("'s") else word
            words |= lemmas_of(word)
    return frozenset(words)


@lru_cache(maxsize=1 << 16)
def capitalized_words_of(text: str) -> frozenset[str]:
    """The casefolded capitalized words of ``text`` written mid-sentence: evidence of a name."""
    return frozenset(
        match.group().removesuffix("'s").casefold()
        for match, kind, initial in positioned_tokens(straighten(text))
        if kind == "word" and not initial and is_capitalized_word(match.group())
    )


def _opens_as_grammar(text: str, match: re.Match[str], following: re.Match[str] | None) -> bool:
    """Whether a sentence-opening capitalized English word is grammar, not a name, by the words
    around it: a title or classifier before a name ("Project Borealis", "Aunt Meera", "Neighbour
    Mrs. Kowalski"; the name after it stays a specific), the first part of a hyphenated word
    ("Meal-preps"), an adverb ("Absolutely loves ..."), or a noun modifying the noun after it
    ("Pet insurance", "Rental lease") or taking a prepositional complement ("Contractor for the
    kitchen is ..."). A word that opens a sentence as a subject ("Biscuit is a Sheltie", "Tom works
    ...") or a possessive ("Biscuit's vet") keeps its capital's weight: those are the places a
    name stands."""
    token = match.group()
    key = token.lower()
    if "'" in token or key in NAMES_THAT_ARE_WORDS or not english_readings(key):
        return False
    if is_adverb_only(key):
        return True
    rest = text[match.end() : match.end() + 2]
    if len(rest) == 2 and rest[0] == "-" and rest[1].islower():
        return True
    if following is None or text[match.end() : following.start()] != " ":
        return False
    if not is_base_noun(key):
        return False
    word = following.group()
    if word[0].isupper():
        return True
    if word in _NOUN_COMPLEMENTS:
        return True  # "Contractor for the kitchen is ...": a noun phrase's head, not a subject
    return word.islower() and is_compound_head(word)


# Prepositions that open a noun's complement ("Deadline for the report", "Rest of the week").
_NOUN_COMPLEMENTS = frozenset({"for", "of", "on", "at", "with", "from", "in", "to", "about"})


def _specifics(
    text: str,
    *,
    numeric_exempt: bool,
    vocabulary: Vocabulary,
    evidence: frozenset[str],
    names: frozenset[str] = frozenset(),
) -> Iterator[Specific]:
    text = straighten(text)
    month_dates = _month_dates(text)
    previous_kind, previous_end = "", -1
    tokens = list(positioned_tokens(text))
    for index, (match, kind, sentence_initial) in enumerate(tokens):
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
                if (
                    sentence_initial
                    and is_capitalized_word(token)
                    and token.lower() not in names
                    and token.lower() not in vocabulary.always_specific_words
                    and _opens_as_grammar(
                        text, match, tokens[index + 1][0] if index + 1 < len(tokens) else None
                    )
                ):
                    continue
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
                after = text[match.end() : match.end() + 40]
                unit = ""
                if PERCENT_AFTER.match(after):
                    unit = "%"
                else:
                    following = after.split(maxsplit=1)[:1]
                    if following and duration_unit(following[0].strip(".,;:)")) is not None:
                        unit = following[0].strip(".,;:)").lower()
                yield Specific(token, "number", unit=unit)


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
        names=capitalized_words_of(text),
    )
    return list(dict.fromkeys(specific.text for specific in found))


# ── The check ──────────────────────────────────────────────────────────────────────────────


def missing_specifics(
    sources: Sequence[CoverageSource],
    merged: str,
    *,
    vocabulary: Vocabulary = DEFAULT_VOCABULARY,
    soft: bool = False,
) -> CoverageResult:
    """Reject the merge if the merged text drops any specific of any source.

    With ``soft`` (the merge gate, ``merge_check.check_merge``), a dropped specific whose capital
    is weak evidence of a name goes to ``hints`` instead of ``missing`` (``is_soft_specific``):
    a sentence-opening English word ("Infrastructure is managed ...") and one word of a
    multi-word name another word of which the merge keeps ("Raspberry Pi" / "Pi", "University of
    Edinburgh" / "Edinburgh"). The verifier judges a hint; without one, hints bind.

    Every source is checked, not just the longest: a merge that keeps one source's names and
    drops its sibling's is the failure this exists to catch. ``missing`` lists each dropped
    specific once, in source order, exactly as written -- it is what the repair call is shown.
    """
    evidence = _evidence_of(source.content for source in sources)
    names = frozenset().union(*(capitalized_words_of(source.content) for source in sources))
    covered_by = MergedText.cached(merged)
    merged_prose = _midsentence_lowercase_words(merged)
    missing: dict[str, None] = {}
    hints: dict[str, None] = {}
    for source in sources:
        found = _specifics(
            source.content,
            numeric_exempt=vocabulary.is_numeric_exempt(source.category),
            vocabulary=vocabulary,
            evidence=evidence,
            names=names,
        )
        for specific in found:
            if specific.text in missing or covered_by.covers(specific):
                continue
            # "Central European Time" / "CET": a name written out, credited by its acronym.
            if covered_by.has_acronym(_capitalized_runs(source.content).get(specific.text, ())):
                continue
            # "Recycling is collected ..." merged as "... and recycling is collected": the same
            # word, its sentence-start capital dropped. Credited only from a sentence start and
            # only by the word lowercase mid-sentence in the merge (or an inflection of it:
            # "Quit" by "quitting", "Pet" by "pets"; never the reverse, so "Rose" is not credited
            # by "rises"), so a name still needs its capital wherever the source wrote it
            # mid-sentence.
            if specific.initial and specific.text.lower() in merged_prose:
                continue
            if soft and is_soft_specific(specific, source.content, merged, vocabulary):
                hints[f"name: {specific.text}"] = None
                continue
            missing[specific.text] = None
    return CoverageResult(ok=not missing, missing=tuple(missing), hints=tuple(hints))


# After a sentence-opening word, these make it the subject of its sentence ("Biscuit is a
# Sheltie", "Tom still lives in Leeds", "Biscuit's vet"): where a name stands, so it stays hard.
_SUBJECT_NEXT = frozenset(
    {"is", "was", "are", "were", "has", "had", "does", "did", "will", "can", "still", "also"}
)


def _opens_as_subject(word: str, source: str) -> bool:
    pattern = rf"(?:^|[.!?:]\s+){re.escape(word)}(?:'s\b|\u2019s\b|\s+(\w+))"
    for found in re.finditer(pattern, straighten(source)):
        if found.group(1) is None or found.group(1).lower() in _SUBJECT_NEXT:
            return True
    return False


def _clipped_in(text: str, merged: str) -> bool:
    """Whether the merge writes ``text`` clipped, in its singular or plural or by its CamelCase
    capitals: "Labrador" / "Lab", "PostgreSQL" / "Postgres", "Mondays" / "Mon", "Dublin" /
    "DUB", "Orpingtons" / "Orpington", "V5" / "V5s", "JavaScript" / "JS". Never a credit: the
    finding becomes a hint for the verifier (a clipped form can be another name)."""
    capitals = "".join(c for c in text if c.isupper())
    for token in {m.group() for m in TOKEN.finditer(straighten(merged))}:
        if token == text or not token[:1].isupper():
            continue
        if token in (text + "s", text + "es") or text in (token + "s", token + "es"):
            return True
        if len(token) >= 3 and text.lower().startswith(token.lower()):
            return True
        if len(capitals) >= 2 and token == capitals:
            return True
    return False


# A run of capitalized tokens, one name ("Raspberry Pi", "University of Edinburgh"); "and", "the"
# join two names, not one ("Tom and Anna", "Hosts the Postgres database").
_NAME_RUN = re.compile(r"\b[A-Z][\w'\u2019.-]*(?:\s+(?:(?:of|de)\s+)?[A-Z][\w'\u2019.-]*)+")


def is_soft_specific(specific: Specific, source: str, merged: str, vocabulary: Vocabulary) -> bool:
    """Whether a dropped specific is weak evidence of a lost name (issue 24, third round: on a
    fresh blind corpus these were most of the coverage check's false rejections, faithful
    rewordings that drop a sentence-opening word or shorten a name):

    * a Titlecase word opening a sentence that lemminflect knows as an English word and that the
      sources never write capitalized mid-sentence ("Unused budget", "Therapy sessions"): its
      capital is grammar as likely as a name -- unless it opens as a subject before "is", "has",
      "still" ... or a possessive ("Biscuit is a Sheltie", "Tom still lives ..."), where a name
      stands;
    * a word of a multi-word name whose later word the merge keeps (the head: "Raspberry Pi 4" /
      "Pi 4", "University of Edinburgh" / "Edinburgh", "Toyota Prius" / "Prius"),
      unless the word dropped is an English adjective or adverb: a modifier tells one name from
      another ("New Orleans" / "Orleans", "South Korea" / "Korea").

    Numbers, dates, times, weekdays, acronyms, codes, the names that are also words and
    ``alwaysSpecificWords`` are never soft: a number or a date that vanished is always hard."""
    text = specific.text
    if specific.kind != "word" or specific.date is not None or not text[:1].isupper():
        return False
    if text.lower() not in NAMES_THAT_ARE_WORDS and _clipped_in(text, merged):
        return True
    if not text[1:].islower() or text in WEEKDAYS or text in WEEKDAYS_PLURAL:
        return False
    if text.lower() in NAMES_THAT_ARE_WORDS or text.lower() in vocabulary.always_specific_words:
        return False
    if specific.initial and english_readings(text.lower()):
        return not _opens_as_subject(text, source)
    # "New Orleans" / "Orleans", "South Korea" / "Korea": a modifier tells one name from another
    if {"ADJ", "ADV"} & set(english_readings(text.lower())):
        return False
    merged_words = {m.group() for m in TOKEN.finditer(straighten(merged))}
    for run in _NAME_RUN.finditer(straighten(source)):
        words = [w.rstrip(".") for w in run.group().split() if w[:1].isupper()]
        if text not in words:
            continue
        # the name's head is kept: a word after the one dropped ("Raspberry Pi" / "Pi"); the
        # words after a head tell variants apart ("Amex Platinum" / "Amex") and stay hard
        if any(w != text and w in merged_words for w in words[words.index(text) + 1 :]):
            return True
    return False


# Letters with diacritics are letters ("Médecins Sans Frontières" / "MSF").
_TITLECASE = r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+"
_CAPITALIZED_RUN = re.compile(rf"\b{_TITLECASE}(?:\s+(?:(?:of|and|for|the)\s+)?{_TITLECASE})+\b")


@lru_cache(maxsize=1 << 16)
def _capitalized_runs(text: str) -> dict[str, tuple[str, ...]]:
    """Each word of a run of two or more capitalized words -> the run's possible acronyms (with
    and without the connecting "of", "and"...)."""
    found: dict[str, tuple[str, ...]] = {}
    # "Continuous integration is ..." / "CI": a capitalized word and the words after it.
    words = [m.group() for m in TOKEN.finditer(straighten(text)) if m.lastgroup == "word"]
    for index, word in enumerate(words):
        if is_capitalized_word(word):
            found[word] = tuple(
                "".join(w[0] for w in words[index : index + size]).upper() for size in (2, 3)
            )
    for match in _CAPITALIZED_RUN.finditer(straighten(text)):
        words = match.group().split()
        capitals = "".join(w[0] for w in words if w[0].isupper())
        every = "".join(w[0] for w in words).upper()
        for word in words:
            if word[0].isupper():
                found[word] = tuple(dict.fromkeys((capitals, every, *found.get(word, ()))))
    return found


def _evidence_of(contents: Iterable[str]) -> frozenset[str]:
    return frozenset().union(*(lowercase_words_of(content) for content in contents))
