"""With no model, merge only what is safe by construction (the deterministic path)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from dream_assets.core.facts.coverage import CoverageSource, Vocabulary
from dream_assets.core.facts.lexicon import is_negation
from dream_assets.core.facts.meaning import DEFAULT_RULES, MeaningRules
from dream_assets.core.facts.merge_check import check_merge
from dream_assets.core.llm_reply import (
    MemoryReply,
    SaveItem,
)
from dream_assets.core.models import (
    SUBJECT_TIME_KEYS,
    MemoryEntry,
)

_WORD = re.compile(r"[a-z0-9']+")


def words_of(text: str) -> set[str]:
    return set(_WORD.findall(text.lower().replace("\u2019", "'")))


def negations_in(words: set[str]) -> frozenset[str]:
    # Any "n't" contraction negates (hasn't, mustn't, needn't ...), not only the listed words.
    return frozenset(w for w in words if is_negation(w))


def subject_time(entry: MemoryEntry) -> tuple[str, ...]:
    return tuple(str(entry.metadata.get(k, "")) for k in SUBJECT_TIME_KEYS)


def deterministic_reply(
    clusters: Sequence[list[str]],
    shown: dict[str, MemoryEntry],
    vocabulary: Vocabulary,
    rules: MeaningRules = DEFAULT_RULES,
) -> MemoryReply:
    """With no model, merge only what is safe by construction.

    A cluster merges into the wording of one member that already says everything the others
    say: it contains every word (and number) of every other member, so a lowercase fact
    ("peanuts" vs "shellfish") is never dropped, and it passes the coverage check. Members must
    also agree on negation ("prefers tea" / "does not prefer tea") and on subject time (the same
    words about two distinct moments are two facts). Exact duplicates and re-orderings merge;
    paraphrases wait for a model. Never prunes.
    """
    saves: list[SaveItem] = []
    for cluster in clusters:
        members = [shown[m] for m in cluster]
        words = {m.id: words_of(m.content) for m in members}
        if len({negations_in(w) for w in words.values()}) > 1:
            continue
        if len({subject_time(m) for m in members}) > 1:
            continue
        sources = [CoverageSource(m.id, m.content, m.category) for m in members]
        ranked = sorted(members, key=lambda m: (-len(m.content), -m.reinforcement_count, m.id))
        for keeper in ranked:
            says_everything = all(words[m.id] <= words[keeper.id] for m in members)
            if (
                says_everything
                and check_merge(
                    sources, keeper.content, vocabulary=vocabulary, rules=rules, hints_bind=True
                ).ok
            ):
                saves.append(
                    SaveItem(
                        content=keeper.content,
                        category=keeper.category,
                        tags=keeper.tags,
                        source_ids=tuple(m.id for m in members),
                    )
                )
                break
    return MemoryReply(to_delete=(), to_save=tuple(saves))
