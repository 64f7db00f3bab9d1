"""Attribution: who did what to whom stays as the sources say it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from dream_assets.core.facts.baseline import BASELINE_WORDS
from dream_assets.core.facts.meaning.text import Text
from dream_assets.core.facts.meaning.words import STOP_WORDS, Word

# ── Attribution ────────────────────────────────────────────────────────────────────────────

_NAME = re.compile(r"[A-Z][a-z]+")
# A passive or reciprocal rewording puts the doer second legitimately.
_REORDER_WORDS = frozenset({"by", "and", "with"})
# Symmetric verbs have no doer: "Tom met Anna" is "Anna met Tom" (stems, as ``stem`` makes them).
_SYMMETRIC_STEMS = frozenset({"met", "meet", "marry", "dat", "know", "knew", "talk", "argu"})
# A doer and the one it acts on stand within this many words of each other ("Tom, who had run the
# shop for years before the merger, hired Anna": 13). Bounded so that a sentence of many names (a
# pasted list) makes pairs in proportion to its length, not to its square (with the words
# between each pair: its cube).
_PAIR_SPAN = 24


@dataclass(frozen=True, slots=True)
class _NamedPair:
    first: str
    second: str
    between: frozenset[str]  # stemmed content words between the names: the verb and its object
    span: str  # first name .. second name, as written


def _named_pairs(text: Text) -> list[_NamedPair]:
    """Each ordered pair of names in one sentence with content words between them."""
    by_sentence: dict[int, list[tuple[int, Word]]] = {}
    for index, word in enumerate(text.words):
        # A capital opening a sentence is grammar when the word is generic English ("Every
        # morning", "When flying"), the rule the coverage check applies; a name may open it too.
        if (
            _NAME.fullmatch(word.text.removesuffix("'s"))
            and word.lower not in STOP_WORDS
            and not (_opens_sentence(text.words, index) and word.lower in BASELINE_WORDS)
        ):
            by_sentence.setdefault(word.sentence, []).append((index, word))
    pairs = []
    for names in by_sentence.values():
        for a, (i, first) in enumerate(names):
            for b in range(a + 1, len(names)):  # no copy of the rest of the sentence per name
                j, second = names[b]
                if j - i > _PAIR_SPAN:
                    break
                name_a, name_b = first.text.removesuffix("'s"), second.text.removesuffix("'s")
                if name_a == name_b:
                    continue
                between = text.words[i + 1 : j]
                stems = frozenset(w.stem for w in between if w.content and not w.text[0].isupper())
                if stems - _SYMMETRIC_STEMS and not {w.lower for w in between} & _REORDER_WORDS:
                    span = text.text[first.start : second.end]
                    pairs.append(_NamedPair(name_a, name_b, stems, span))
    return pairs


def _opens_sentence(words: Sequence[Word], index: int) -> bool:
    return index == 0 or words[index - 1].sentence != words[index].sentence


def attribution_findings(sources: Sequence[Text], merged: Text) -> list[str]:
    """Two names around a verb in a source are not swapped around the same verb in the merge."""
    # The merge's pairs by their two names, the words between them pooled: some pair of those
    # names shares a word with ``between`` exactly when their union does (one lookup a pair).
    merged_between: dict[tuple[str, str], set[str]] = {}
    for m in _named_pairs(merged):
        merged_between.setdefault((m.first, m.second), set()).update(m.between)
    findings: dict[str, None] = {}
    for source in sources:
        for pair in _named_pairs(source):
            same_order = not pair.between.isdisjoint(
                merged_between.get((pair.first, pair.second), ())
            )
            swapped = not pair.between.isdisjoint(merged_between.get((pair.second, pair.first), ()))
            if swapped and not same_order:
                findings[f"attribution: {pair.span}"] = None
    return list(findings)
