"""Concrete details and dropped sources: a merge keeps each source's content."""

from __future__ import annotations

import re
from collections.abc import Sequence

from dream_assets.core.facts.baseline import BASELINE_WORDS
from dream_assets.core.facts.coverage import (
    DEFAULT_VOCABULARY,
    CoverageSource,
    Vocabulary,
    missing_specifics,
    specifics_of,
)
from dream_assets.core.facts.equivalents import duration_counts, duration_unit
from dream_assets.core.facts.lexicon import TIMES_WORDS
from dream_assets.core.facts.meaning.negation import is_negative_verb
from dream_assets.core.facts.meaning.status import MARKER_WORDS
from dream_assets.core.facts.meaning.text import Text
from dream_assets.core.facts.meaning.words import Word
from dream_assets.core.facts.merged_text import MergedText
from dream_assets.core.facts.tokens import Specific

# ── Details ────────────────────────────────────────────────────────────────────────────────

# Derivational endings mark verbs, adjectives and abstract nouns ("renovation", "talented",
# "going"); the detail a merge generalises away is a concrete thing ("peanuts", "cello"), and
# the ending-less words left are far more often that.
_NOT_CONCRETE_ENDINGS = (
    "ing", "ed", "ly", "tion", "sion", "ment", "ness", "ity", "ous", "ive", "ful", "able",
    "ible", "ise", "ize", "al",
)  # fmt: skip
# Words outside the baseline that still name nothing specific.
_GENERIC_WORDS = frozenset({"means", "thing", "things", "stuff", "lots", "kind", "sort", "bit"})
# "tracker" is credited by "tracking", "meditation" by "meditates": the shared opening letters
# of an uncommon word are the word.
_DETAIL_PREFIX = 5


def _is_detail_word(word: Word) -> bool:
    # Uncommon lowercase words only: capitalised ones are the coverage check's, and the
    # generic-English baseline lists the words that say nothing specific.
    return (
        word.content
        and word.text.islower()
        and word.text.isalpha()
        and len(word.text) >= 4
        and word.lower not in BASELINE_WORDS
        and word.stem not in BASELINE_WORDS
        and word.lower not in _GENERIC_WORDS
        and not word.lower.endswith(_NOT_CONCRETE_ENDINGS)
        and not is_negative_verb(word)
        and word.lower not in MARKER_WORDS
    )


# A concrete detail sits where a noun does: after an article, a possessive pronoun, a
# preposition or a list's "and"/"or" ("allergic to peanuts", "plays the cello", "olives and
# anchovies"). A word after a noun or a name is usually its verb ("Rocky flies", "the service
# exposes") or the head of a compound whose meaning the merge can carry in other words.
_NOUN_OPENERS = frozenset(
    {
        "a", "an", "the", "his", "her", "their", "my", "our", "your", "its", "some", "any", "no",
        "to", "of", "with", "from", "for", "in", "on", "at", "about", "by", "like", "than", "into",
        "without", "and", "or",
    }
)  # fmt: skip


# Two sources are parallel when they share a frame and differ in a slot ("allergic to peanuts",
# "allergic to shellfish"): at most this many content words differ between them. The words that
# differ are the very facts that made them two memories.
PARALLEL_SOURCE_DIFFERENCE = 4


def _slot_words(sources: Sequence[Text]) -> set[tuple[int, int]]:
    """(source index, word index) of each word that tells a source from a parallel sibling."""
    slots: set[tuple[int, int]] = set()
    for i, source in enumerate(sources):
        for j, sibling in enumerate(sources):
            if i == j or not source.content & sibling.content:
                continue
            if len(source.content ^ sibling.content) > PARALLEL_SOURCE_DIFFERENCE:
                continue
            slots |= {
                (i, k)
                for k, w in enumerate(source.words)
                if w.content and w.stem not in sibling.content
            }
    return slots


def detail_findings(sources: Sequence[Text], merged: Text, *, gate_share: float) -> list[str]:
    """An uncommon word of a source that the merge generalised away.

    Two situations make a missing uncommon word a lost detail rather than a paraphrase:

    * the merge otherwise reuses its sources' words (at least ``gate_share`` of them): a merge
      written wholly in its own words replaces common and uncommon words alike, and only the
      verification call can judge it; one that keeps most words but not "peanuts" dropped it;
    * the word is what tells its source from a parallel sibling ("peanuts" beside "shellfish"):
      whatever the merge's wording, it must still say both.
    """
    merged_stems = merged.content
    merged_prefixes = {
        w.lower[:_DETAIL_PREFIX] for w in merged.words if len(w.lower) >= _DETAIL_PREFIX
    }
    merged_heads = tuple(s for s in merged_stems if len(s) >= 3)
    source_stems = frozenset[str]().union(*(source.content for source in sources))
    if not source_stems:
        return []
    reworded = len(source_stems & merged_stems) / len(source_stems) >= gate_share
    slots = _slot_words(sources)
    findings: dict[str, None] = {}
    for i, source in enumerate(sources):
        words = source.words
        for index, word in enumerate(words):
            if not reworded and (i, index) not in slots:
                continue
            if not _is_detail_word(word) or word.stem in merged_stems:
                continue
            if index == 0 or words[index - 1].lower not in _NOUN_OPENERS:
                continue
            if len(word.lower) >= _DETAIL_PREFIX and word.lower[:_DETAIL_PREFIX] in merged_prefixes:
                continue
            if any(word.lower.startswith(head) for head in merged_heads):
                continue  # a compound credited by its head: "runtime" by "runs"
            findings[f"detail: {word.text}"] = None
    return list(findings)


# ── Dropped source ─────────────────────────────────────────────────────────────────────────


def dropped_findings(
    sources: Sequence[Text],
    merged: Text,
    *,
    vanish_share: float,
    anchor_share: float,
    vocabulary: Vocabulary = DEFAULT_VOCABULARY,
) -> list[str]:
    """A source whose words vanished from a merge that is built from its siblings' words.

    A merge written wholly in new words (a real paraphrase) loses most words of *every* source;
    word overlap cannot tell it from a lossy one, so that judgement is left to the verification
    call. What words can show is the characteristic drop: the merge copies a sibling nearly
    whole (at most ``anchor_share`` of it vanished) and more than ``vanish_share`` of this
    source is gone. The finding names how much of the source survived: its specifics
    (``SPECIFICS_KEPT``) or some of its words beside words of the merge's own (``REWORDED``),
    both hints; otherwise it is plain (hard).
    """
    # The anchor is a sibling copied word for word: its own words, by stem. Whether a source
    # vanished asks whether its content survives in any form (``_KeptWords``).
    copied = [
        len(source.content - merged.content) / len(source.content) if source.content else 0.0
        for source in sources
    ]
    kept = _KeptWords(merged)
    words_of_sources = frozenset[str]().union(*(source.content for source in sources))
    findings = []
    for i, source in enumerate(sources):
        anchored = any(share <= anchor_share for j, share in enumerate(copied) if j != i)
        if not (anchored and copied[i] > vanish_share):
            continue
        lost, total = kept.lost(source)
        if not total or lost / total <= vanish_share:
            continue
        finding = f"source: {source.id}"
        siblings = [other for j, other in enumerate(sources) if j != i]
        if _keeps_its_specifics(source, siblings, merged, vocabulary):
            finding += SPECIFICS_KEPT  # a hint (``merge_check``): what names the fact survived
        elif (
            lost < total
            and len(merged.content - words_of_sources) >= lost
            and not any(not q.is_pronoun_one for q in source.quantities)
        ):
            finding += REWORDED  # a hint (``merge_check``): what was lost may be said anew
        findings.append(finding)
    return findings


# The sub-kinds of a dropped source (fifth round, docs/merge-checks.md "Fifth round"), measured on
# four blind corpora: nothing of it kept is hard; the two below are hints.
#
# Its own names, dates and clock times all kept (fourth round): "Two of the team are based in
# Kraków" / "a pair work out of Kraków"; "Dentist appointment on 19 January at 9am" / "Dental
# appt, Jan 19, 9 a.m.". What identifies the fact survived; whether its words were reworded
# faithfully is the verifier's. A kept amount alone is no such evidence: the period or the unit
# around it may be what changed ("£120 a month" / "£120 a quarter" stays hard).
SPECIFICS_KEPT = " (specifics kept)"
# Partly kept, and the merge writes at least as many content words of its own (in no source) as
# the source lost: the lost words may be said anew ("Is afraid of the vacuum cleaner" / "is scared
# of the hoover"). A drop removes words without putting others in their place ("Hana volunteers
# at an animal shelter" / nothing new beside the sibling copied whole), so that stays hard, as
# does a source nothing of which is kept, and one with an amount or a count: the words around a
# number are its unit and period, and new words there may be what changed ("£120 a month" /
# "costing £120 a quarter").
REWORDED = " (partly kept, reworded?)"


def _keeps_its_specifics(
    source: Text, siblings: Sequence[Text], merged: Text, vocabulary: Vocabulary
) -> bool:
    """Whether the source has specifics of its own (in no sibling) beyond bare amounts and the
    merge keeps every specific of it, strictly (a ``name:`` hint is not kept)."""
    theirs = set().union(*(specifics_of(s.text, vocabulary=vocabulary) for s in siblings))
    own = [x for x in specifics_of(source.text, vocabulary=vocabulary) if x not in theirs]
    if all(_is_amount(x, source.text) for x in own):
        return False
    whole = CoverageSource(source.id, source.text)
    return not missing_specifics([whole], merged.text, vocabulary=vocabulary).missing


_BARE_AMOUNT = re.compile(r"[\d.,]+")


def _is_amount(specific: str, text: str) -> bool:
    """A bare number, unless the source writes it as a clock time ("11 pm", "9 a.m.")."""
    if not _BARE_AMOUNT.fullmatch(specific):
        return False
    clock = rf"(?<![\d.,]){re.escape(specific)}\s*(?:[ap]\.?m\b|o'clock)"
    return re.search(clock, text, re.IGNORECASE) is None


# Clock words belong to the times the coverage check compares ("noon" / "12:00", "8 pm" / "20:00").
_CLOCK_WORDS = frozenset({"am", "pm", "noon", "midday", "midnight", "o'clock"})


class _KeptWords:
    """Whether a source's content word survives in the merge in some form: the same stem, or a
    spelling the coverage check credits (an acronym spelt out, a unit or a country in another
    form). Clock words are not counted: the times are the coverage check's. (A derivation that
    extends the stem, "drive" / "driver", was measured and left out: it credited "roof" by
    "roofer" and "presents" by "presentation" and let three losses through for one paraphrase.)"""

    def __init__(self, merged: Text) -> None:
        self.stems = merged.content
        self.merged = MergedText.cached(merged.text)
        self.values = {q.value for q in merged.quantities}

    def _said_by_value(self, source: Text) -> set[str]:
        """The source's number words and units of time that the merge states by value: "about
        fifteen years old" / "aged roughly 15", "two weeks" / "a fortnight"."""
        said = {
            q.text.lower()
            for q in source.quantities
            if q.value in self.values
            and not q.text[:1].isdigit()
            and q.text.lower() not in TIMES_WORDS  # "twice a day" is a rate, not "two meals"
        }
        kept_durations = self.merged.durations
        for counting, duration in duration_counts(source.text):
            if duration in kept_durations:
                said |= counting
                said |= {w.lower for w in source.words if duration_unit(w.lower) is not None}
        return said

    def vanished_share(self, source: Text) -> float:
        lost, total = self.lost(source)
        return lost / total if total else 0.0

    def lost(self, source: Text) -> tuple[int, int]:
        """How many of the source's content words (and numbers) vanished, of how many."""
        words = {
            w.stem: w
            for w in source.words
            if w.content and not w.lower[0].isdigit() and w.lower not in _CLOCK_WORDS
        }
        # Its numbers of two or more digits (the coverage check's) are its content too, kept by
        # value in any spelling ("£26,500" / "£26.5k", "91" / "ninety-one").
        numbers = {
            w.lower.rstrip("%"): w
            for w in source.words
            if w.lower[-1].isdigit() and sum(c.isdigit() for c in w.lower) >= 2
        }
        said = self._said_by_value(source)
        gone = sum(not self._kept(stem, w) and w.lower not in said for stem, w in words.items())
        gone += sum(not self.merged.covers(Specific(n, "number")) for n in numbers)
        return gone, len(words) + len(numbers)

    def _kept(self, stem_: str, word: Word) -> bool:
        if stem_ in self.stems:
            return True
        return word.text[0].isupper() and self.merged.covers(Specific(word.text, "word"))
