"""Concrete details and dropped sources: a merge keeps each source's content."""

from __future__ import annotations

from collections.abc import Sequence

from dream_assets.core.facts.baseline import BASELINE_WORDS
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
    sources: Sequence[Text], merged: Text, *, vanish_share: float, anchor_share: float
) -> list[str]:
    """A source whose words vanished from a merge that is built from its siblings' words.

    A merge written wholly in new words (a real paraphrase) loses most words of *every* source;
    word overlap cannot tell it from a lossy one, so that judgement is left to the verification
    call. What words can show is the characteristic drop: the merge copies a sibling nearly
    whole (at most ``anchor_share`` of it vanished) and more than ``vanish_share`` of this
    source is gone.
    """
    # The anchor is a sibling copied word for word: its own words, by stem. Whether a source
    # vanished asks whether its content survives in any form (``_KeptWords``).
    copied = [
        len(source.content - merged.content) / len(source.content) if source.content else 0.0
        for source in sources
    ]
    kept = _KeptWords(merged)
    findings = []
    for i, source in enumerate(sources):
        anchored = any(share <= anchor_share for j, share in enumerate(copied) if j != i)
        if anchored and copied[i] > vanish_share and kept.vanished_share(source) > vanish_share:
            findings.append(f"source: {source.id}")
    return findings


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

    def vanished_share(self, source: Text) -> float:
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
        if not words and not numbers:
            return 0.0
        gone = sum(not self._kept(stem, w) for stem, w in words.items())
        gone += sum(not self.merged.covers(Specific(n, "number")) for n in numbers)
        return gone / (len(words) + len(numbers))

    def _kept(self, stem_: str, word: Word) -> bool:
        if stem_ in self.stems:
            return True
        return word.text[0].isupper() and self.merged.covers(Specific(word.text, "word"))
