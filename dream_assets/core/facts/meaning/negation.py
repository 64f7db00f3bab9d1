"""Negation: a negation in a source survives for the same statement; a merge adds none."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dream_assets.core.facts.meaning.text import Text, span
from dream_assets.core.facts.meaning.words import Word, clause_stems

# ── Negation ───────────────────────────────────────────────────────────────────────────────

_NEGATION_WORDS = frozenset(
    {"not", "never", "no", "none", "nobody", "nothing", "nowhere", "neither", "nor", "without"}
    | {"cannot", "noone"}
)

# Verbs of refusal and absence state a negation positively; they credit a source's "not" in the
# merge ("does not run" -> "avoids running") but are never demanded of one, because a source that
# says "avoids" already states the fact without a negation word.
_NEGATIVE_VERB_PREFIXES = ("avoid", "refus", "quit", "stopp", "lack", "dislik", "hate", "skip")

# How many content words after a negation it governs: "does not eat meat on Fridays" negates
# eating meat; four words reach the object of a phrasal verb without running into the next fact.
_NEGATION_REACH = 4


def _is_negation(word: Word) -> bool:
    return word.lower in _NEGATION_WORDS or word.lower.endswith("n't")


def is_negative_verb(word: Word) -> bool:
    return word.lower.startswith(_NEGATIVE_VERB_PREFIXES)


@dataclass(frozen=True, slots=True)
class _Negation:
    cue: Word
    scope: frozenset[str]  # stems of the words it governs
    words: tuple[Word, ...]  # cue .. last governed word, for the finding


def _negations(words: Sequence[Word]) -> list[_Negation]:
    found: list[_Negation] = []
    for index, word in enumerate(words):
        if not _is_negation(word):
            continue
        following = words[index + 1].lower if index + 1 < len(words) else ""
        if word.lower == "not" and following == "sure":
            continue  # "not sure" is uncertainty, a status marker credited by "unsure"
        if word.lower == "nor" and any(n.cue.clause == word.clause for n in found):
            continue  # "neither eggs nor dairy" is one negation
        governed = _clause_content(words, index, step=1, limit=_NEGATION_REACH)
        span: tuple[Word, ...] = (word, *governed)
        if not governed:
            # "Omar said he would not." -- the negated verb came before the cue.
            governed = _clause_content(words, index, step=-1, limit=2)
            span = (word,)
        found.append(_Negation(word, frozenset(w.stem for w in governed), span))
    return found


def _clause_content(words: Sequence[Word], index: int, *, step: int, limit: int) -> list[Word]:
    """Up to ``limit`` content words from ``index`` onwards (``step`` 1) or backwards (-1),
    within the clause of ``words[index]``."""
    found: list[Word] = []
    other = index + step
    while 0 <= other < len(words) and words[other].clause == words[index].clause:
        if words[other].content:
            found.append(words[other])
            if len(found) == limit:
                break
        other += step
    return found


def negation_losses(sources: Sequence[Text], merged: Text) -> list[str]:
    """Each source negation still governs one of its words somewhere in the merge.

    "Governs" is read generously on the merge's side: any clause of the merge holding a negation
    or a verb of refusal credits every content word of that clause. The failure this catches is
    the common one -- the merge states the negated words with no negation near them at all.
    """
    negated_clauses = {w.clause for w in merged.words if _is_negation(w) or is_negative_verb(w)}
    merged_clause_stems = clause_stems(merged.words)
    negated_stems: set[str] = set()
    for clause in negated_clauses:
        negated_stems |= merged_clause_stems.get(clause, set())
    findings = []
    for source in sources:
        for negation in _negations(source.words):
            kept = bool(negation.scope & negated_stems) if negation.scope else bool(negated_clauses)
            if not kept:
                findings.append(f"negation: {span(source, negation.words)}")
    return findings


def negation_additions(sources: Sequence[Text], merged: Text) -> list[str]:
    """A merge may not negate what a source states positively ("eats eggs" -> "eats no eggs")."""
    source_stems: set[str] = set()
    source_negated: set[str] = set()
    for source in sources:
        source_stems |= source.content
        stems_by_clause = clause_stems(source.words)
        for negation in _negations(source.words):
            source_negated |= stems_by_clause.get(negation.cue.clause, set())
    findings = []
    for negation in _negations(merged.words):
        # Only words the sources state are evidence of a flip; a paraphrase that negates new
        # words ("punctual" -> "never arrives late") says the same thing another way.
        stated = negation.scope & source_stems
        if stated and not stated & source_negated:
            findings.append(f"negation: {span(merged, negation.words)} (not in the sources)")
    return findings
