"""How strong a dropped capital is as evidence of a lost name (issue 24): the merge gate reports a
weak one as a ``name:`` hint instead of rejecting (``coverage.missing_specifics(..., soft=True)``);
the coverage-only rule and the pair judge are unchanged (docs/merge-checks.md, "Hard gates and
hints")."""

from __future__ import annotations

import re
from collections.abc import Iterable

from dream_assets.core.facts.baseline import FUNCTION_WORDS
from dream_assets.core.facts.lexicon import NAMES_THAT_ARE_WORDS, english_readings, lemmas_of
from dream_assets.core.facts.tokens import (
    TOKEN,
    WEEKDAYS,
    WEEKDAYS_PLURAL,
    Specific,
    is_acronym,
    is_plural_acronym,
)
from dream_assets.core.facts.vocabulary import Vocabulary, straighten

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


def is_soft_specific(
    specific: Specific, source: str, merged: str, vocabulary: Vocabulary, *, rewords: bool = False
) -> bool:
    """Whether a dropped specific is weak evidence of a lost name: ``soft_reason`` names one."""
    return soft_reason(specific, source, merged, vocabulary, rewords=rewords) is not None


def new_words_of(merged: str, sources: Iterable[str]) -> frozenset[str]:
    """The merge's lowercase content words that no source writes in any form: where a merge says
    something in words of its own ("language-server" for "LSP", "objectives" for "OKR")."""
    theirs = {
        lemma
        for text in sources
        for word in _LOWER_WORD.findall(straighten(text).lower())
        for lemma in (word, *lemmas_of(word))
    }
    return frozenset(
        word
        for word in _LOWER_WORD.findall(straighten(merged))
        if word not in FUNCTION_WORDS and word not in theirs and not theirs & set(lemmas_of(word))
    )


_LOWER_WORD = re.compile(r"\b[a-z]{3,}\b")


def soft_reason(
    specific: Specific, source: str, merged: str, vocabulary: Vocabulary, *, rewords: bool = False
) -> str | None:
    """Why a dropped specific is weak evidence of a lost name (issue 24; on fresh blind corpora
    these were most of the coverage check's false rejections), or None where it is strong:

    * ``opener`` (third round): a Titlecase word opening a sentence that lemminflect knows as an
      English word and that the sources never write capitalized mid-sentence ("Unused budget",
      "Therapy sessions"): its capital is grammar as likely as a name -- unless it opens as a
      subject before "is", "has", "still" ... or a possessive ("Biscuit is a Sheltie", "Tom
      still lives ..."), where a name stands;
    * ``clipped`` (third round): the merge writes it clipped, in its other number or by its
      CamelCase capitals ("Labrador" / "Lab", "PostgreSQL" / "Postgres");
    * ``part of a name`` (third round): a word of a multi-word name whose later word, its head,
      the merge keeps ("Raspberry Pi 4" / "Pi 4", "University of Edinburgh" / "Edinburgh"),
      unless the word dropped is an English adjective or adverb: a modifier tells one name from
      another ("New Orleans" / "Orleans", "South Korea" / "Korea"); the words after a head tell
      variants apart ("Amex Platinum" / "Amex") and stay hard;
    * ``acronym`` (fifth round): an acronym of letters ("OKR", "LSP", "PhD", "UTas") dropped
      from a merge that writes words of its own (``rewords``: ``new_words_of``), where it may be
      written out or said by a synonym ("objectives", "language-server", "doctorate"): on four
      blind corpora 10 of 880 faithful merges (1.1 %) did so, and none of their 345 negation,
      quantity and dropped-source losses was caught by such an acronym alone. A merge that adds
      no word of its own and loses an acronym dropped it ("IMAP delivery is configured" /
      "Delivery is configured"): that stays hard.

    Numbers, dates, times, weekdays, codes ("Q3", "GPT-4"), the names that are also words and
    ``alwaysSpecificWords`` are never soft: a number or a date that vanished is always hard."""
    text = specific.text
    if specific.kind != "word" or specific.date is not None or not text[:1].isupper():
        return None
    if text.lower() in vocabulary.always_specific_words:
        return None
    if text.lower() not in NAMES_THAT_ARE_WORDS and _clipped_in(text, merged):
        return "clipped"
    if rewords and _is_letter_acronym(text):
        return "acronym"
    if not text[1:].islower() or text in WEEKDAYS or text in WEEKDAYS_PLURAL:
        return None
    if text.lower() in NAMES_THAT_ARE_WORDS:
        return None
    if specific.initial and english_readings(text.lower()):
        return None if _opens_as_subject(text, source) else "opener"
    # "New Orleans" / "Orleans", "South Korea" / "Korea": a modifier tells one name from another
    if {"ADJ", "ADV"} & set(english_readings(text.lower())):
        return None
    merged_words = {m.group() for m in TOKEN.finditer(straighten(merged))}
    for run in _NAME_RUN.finditer(straighten(source)):
        words = [_name_word(w) for w in run.group().split() if w[:1].isupper()]
        # the name's head is kept: a word after the one dropped ("Raspberry Pi" / "Pi"); the
        # words after a head tell variants apart ("Amex Platinum" / "Amex") and stay hard
        if text in words and any(w in merged_words for w in words[words.index(text) + 1 :]):
            return "part of a name"
    return None


def _name_word(word: str) -> str:
    """ "Thomas'" -> "Thomas", "King's" -> "King", "Dr." -> "Dr"."""
    word = word.rstrip(".")
    return word[:-2] if word.endswith(("'s", "\u2019s")) else word.rstrip("'\u2019")


def _is_letter_acronym(text: str) -> bool:
    """All capitals ("OKR", "IDs"), or letters at least half of them capitals ("PhD", "UTas")."""
    if not text.isalpha() or len(text) < 2:
        return False
    capitals = sum(c.isupper() for c in text)
    return is_acronym(text) or is_plural_acronym(text) or 2 * capitals >= len(text)
