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
or more letters, "Dr" / "Doctor"; since the sixth round a name restated whole,
``name_evidence.restated_in``: "UNILAG", "KubeCon EU", "stocks-and-shares", "Year 4" /
"fourth-year").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from dream_assets.core.facts.baseline import BASELINE_WORDS
from dream_assets.core.facts.dates import (
    _iso_key,
    _month_dates,
    weekday_range_kept,
    written_dates,
)
from dream_assets.core.facts.equivalents import (
    PERCENT_AFTER,
    duration_unit,
)
from dream_assets.core.facts.lexicon import (
    NAMES_THAT_ARE_WORDS,
    english_readings,
    is_adverb_only,
    is_base_noun,
    is_compound_head,
    is_inflected_english,
    is_number_word,
    lemmas_of,
)
from dream_assets.core.facts.merged_text import MergedText
from dream_assets.core.facts.name_evidence import (
    capitalized_runs,
    is_soft_specific,
    new_words_of,
    restated_in,
    written_both_ways,
)
from dream_assets.core.facts.soft_credits import (
    another_form,
    camel_clipping,
    closed_class_capital,
    figure_said_otherwise,
    gerund_base,
    other_spelling,
    written_joined,
)
from dream_assets.core.facts.tokens import (
    EVIDENCE,
    MERIDIEM,
    PRONOUN_CONTRACTION,
    Specific,
    is_capitalized_word,
    is_plural_acronym,
    token_list,
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
        opener = key in BASELINE_WORDS or is_inflected_english(key) or is_number_word(key)
        if sentence_initial and opener:
            return False  # "Drinks oat milk.": a subjectless memory opens with its verb
    return True


@lru_cache(maxsize=1 << 16)
def _midsentence_lowercase_words(text: str) -> frozenset[str]:
    """The merge's lowercase mid-sentence words with their lemmas ("pets" -> pet, "master's" ->
    master): a sentence-start capital in a source is credited by any inflection of its word."""
    words: set[str] = set()
    for match, kind, initial in token_list(straighten(text)):
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
        for match, kind, initial in token_list(straighten(text))
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
    if text[match.end() : match.end() + 1] == ":":
        return True  # "Hobby: restoring watches", "Reminder: ...": a label (tenth round)
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


_THOUSAND_SUFFIX = re.compile(r"[kK](?![^\W_])")
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
    tokens = token_list(text)
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
                elif _THOUSAND_SUFFIX.match(after):
                    unit = "k"  # "£20k": credited by 20000 too (sixth round)
                else:
                    following = after.split(maxsplit=1)[:1]
                    if text[match.end() : match.end() + 1] == "-":  # "a 30-minute TTL"
                        following = after[1:].replace("-", " ").split(maxsplit=1)[:1]
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
    a sentence-opening English word ("Infrastructure is managed ..."), one word of a multi-word
    name whose head the merge keeps ("Raspberry Pi" / "Pi", "University of Edinburgh" /
    "Edinburgh") and an acronym in a merge that writes words of its own (``name_evidence``). The
    verifier judges a hint; without one, hints bind.

    Every source is checked, not just the longest: a merge that keeps one source's names and
    drops its sibling's is the failure this exists to catch. ``missing`` lists each dropped
    specific once, in source order, exactly as written -- it is what the repair call is shown.
    """
    evidence = _evidence_of(source.content for source in sources)
    names = frozenset().union(*(capitalized_words_of(source.content) for source in sources))
    covered_by = MergedText.cached(merged)
    merged_prose = _midsentence_lowercase_words(merged)
    contents = [source.content for source in sources]

    @cache
    def rewords() -> bool:  # read only when a dropped specific needs it
        return bool(new_words_of(merged, (source.content for source in sources)))

    missing: dict[str, None] = {}
    hints: dict[str, None] = {}
    for source in sources:
        found = specifics_read(
            source.content,
            vocabulary.is_numeric_exempt(source.category),
            vocabulary,
            evidence,
            names,
        )
        for specific in found:
            if specific.text in missing or covered_by.covers(specific):
                continue
            # "valid to 14/03/2028" / "valid until 14 March 2028": a figure of a numeric date
            # the merge states in another spelling (eleventh round)
            if specific.kind == "number" and _in_numeric_date(specific, source.content, covered_by):
                continue
            if weekday_range_kept(specific.text, source.content, covered_by.text):
                continue
            # "Central European Time" / "CET": a name written out, credited by its acronym.
            if covered_by.has_acronym(capitalized_runs(source.content).get(specific.text, ())):
                continue
            # "University of Lagos" / "UNILAG", "KubeCon Europe" / "KubeCon EU", "Year 4" /
            # "fourth-year": the same name restated whole (sixth round, ``restated_in``).
            if restated_in(specific, source.content, merged):
                continue
            # "Postgres" / "PostgreSQL", "McGill University" / "McGill": a name the sources
            # themselves write two ways, the merge keeping the other (seventh round; the gate)
            if soft and written_both_ways(specific, contents, merged):
                continue
            # "Postgres" / "PostgreSQL", "Mongo" / "MongoDB": a clipped name the merge writes out
            # in its camel-case spelling, or the reverse (ninth round, the gate only)
            if soft and camel_clipping(specific, covered_by):
                continue
            # "Tie Guan Yin" / "Tieguanyin": a name of several capitalized words written as one
            # word, or the reverse (ninth round, the gate only)
            if soft and written_joined(specific, source.content, merged):
                continue
            # "429 Too Many Requests": a capital on a function word or an adverb is a title's
            # typography, not a name of its own (seventh round; the title's other words count)
            if soft and closed_class_capital(specific, vocabulary):
                continue
            # "sub-3:45" / "below 3 hours 45", "3 h 41 min" / "3:41", "500 g" / "half a kilo"
            if soft and figure_said_otherwise(specific, source.content, covered_by):
                continue
            # "F1" / "Formula 1", "iTalki" / "italki": a known alias, a name in lowercase
            # (thirteenth round, the gate only)
            if soft and other_spelling(specific, merged, merged_prose):
                continue
            # "Recycling is collected ..." merged as "... and recycling is collected": the same
            # word, its sentence-start capital dropped. Credited only from a sentence start and
            # only by the word lowercase mid-sentence in the merge (or an inflection of it:
            # "Quit" by "quitting", "Pet" by "pets"; never the reverse, so "Rose" is not credited
            # by "rises"), so a name still needs its capital wherever the source wrote it
            # mid-sentence.
            if specific.initial and specific.text.lower() in merged_prose:
                continue
            # "Hotfix" / "hotfixes", "Gift Aids" / "Gift Aided", "British English" / "British
            # spelling" (fourteenth and fifteenth rounds, the gate only)
            if soft and another_form(specific, source.content, covered_by, merged_prose):
                continue
            # "Bouldering at the Castle gym" / "the user boulders at the Castle gym": a gerund
            # opening a sentence is its verb, credited by the verb lowercase mid-sentence in the
            # merge (eighth round, the gate only; "Rose" / "rises" stays apart: no "-ing")
            if soft and specific.initial and gerund_base(specific) in merged_prose:
                continue
            if soft and is_soft_specific(
                specific, source.content, merged, vocabulary, rewords=rewords()
            ):
                hints[f"name: {specific.text}"] = None
                continue
            missing[specific.text] = None
    return CoverageResult(ok=not missing, missing=tuple(missing), hints=tuple(hints))


@lru_cache(maxsize=1 << 16)
def specifics_read(
    text: str,
    numeric_exempt: bool,
    vocabulary: Vocabulary,
    evidence: frozenset[str],
    names: frozenset[str],
) -> tuple[Specific, ...]:
    """``_specifics`` read once per distinct arguments (issue 27): the pair judge asks it of one
    text against every other text of its candidate pairs, a merge check for each keeper it tries."""
    found = _specifics(
        text, numeric_exempt=numeric_exempt, vocabulary=vocabulary, evidence=evidence, names=names
    )
    return tuple(found)


def _in_numeric_date(specific: Specific, source: str, merged: MergedText) -> bool:
    text = straighten(source)
    for start, end, readings in written_dates(text):
        if re.search(rf"(?<!\d){re.escape(specific.text)}(?!\d)", text[start:end]) and any(
            merged.has_date(reading) for reading in readings
        ):
            return True
    return False


def _evidence_of(contents: Iterable[str]) -> frozenset[str]:
    return frozenset().union(*(lowercase_words_of(content) for content in contents))
