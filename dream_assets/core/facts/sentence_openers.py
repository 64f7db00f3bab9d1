"""The near-duplicate judge's names, less the sentence openers (issue 24, fortieth round).

``agreement.disagreement`` keeps two texts apart when each names a specific the other does not
("specifics differ: Tessa / Violet"). A Titlecase English word that opens a sentence is read as a
specific too, and a paraphrase often opens on a different one: "Solar panels were installed last
spring" / "The house got rooftop PV", "Cow's milk causes stomach trouble" / "Dairy disagrees with
the user's gut", "Feature branches are deleted after merging" / "Once a PR is merged ...". On the
spent blind sets such openers split seven hard paraphrase groups.

The judge now reads such a word as the merge gate reads it (``name_evidence.soft_reason``,
"opener": an English word opening a sentence, not as a subject before "is", "has", "still" ...):
weak evidence of a name, so it alone does not keep the two apart. One exception keeps it hard:
the other text opens a sentence on another capitalized word followed by the same word
(``_substituted``: "Tessa books the company travel" / "Violet books the company travel"), where
the two sentences name different subjects in one place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from dream_assets.core.facts.aliases import unclipped
from dream_assets.core.facts.coverage import (
    capitalized_words_of,
    lowercase_words_of,
    specifics_read,
)
from dream_assets.core.facts.name_evidence import soft_reason
from dream_assets.core.facts.roles import names_a_person
from dream_assets.core.facts.vocabulary import Vocabulary, straighten


class Statement(Protocol):
    """What the judge reads of a side (``agreement.Statement``)."""

    @property
    def text(self) -> str: ...

    @property
    def category(self) -> str: ...


def judged_names(
    mine: Sequence[str],
    theirs: Sequence[str],
    statement: Statement,
    other: str,
    vocabulary: Vocabulary,
) -> list[str]:
    """The specifics of ``statement`` missing from ``other`` (``mine``; the other's missing from
    it: ``theirs``) that keep the two apart: ``unclipped``, less the sentence openers the other
    does not replace (module docstring)."""
    names = [name for name in unclipped(mine, theirs) if not _title_or_role(name, theirs)]
    if not names:
        return names
    text = statement.text
    found = {
        specific.text: specific
        for specific in specifics_read(
            text,
            vocabulary.is_numeric_exempt(statement.category),
            vocabulary,
            lowercase_words_of(text),
            capitalized_words_of(text),
        )
    }
    return [
        name
        for name in names
        if name not in found
        or soft_reason(found[name], text, other, vocabulary) != "opener"
        or _substituted(name, text, other)
    ]


# The honorifics the judge reads as a title, casefolded and without their point (not
# ``merged_text._HONORIFICS``, whose "St" and "Mt" also name places).
_HONORIFICS = frozenset({"mr", "mrs", "ms", "mx", "miss", "dr", "prof"})


def _title_or_role(name: str, theirs: Sequence[str]) -> bool:
    """Forty-sixth round: a word capitalized as a name that names no one by itself. An honorific
    the other side does not replace by another ("Mr. Osei" / "a landlord named Osei"; "Mr" /
    "Mrs" stays apart), and a word of the person table ("Grandpa Tendai" / "the user's grandfather
    Tendai", "Grandmother's will" / "Grandma's estate"), which the person rule
    (``roles.class_difference``) reads in any case ("Grandma" / "Grandpa" stays apart)."""
    if _is_honorific(name):
        return not any(_is_honorific(other) for other in theirs)
    return names_a_person(name)


def _is_honorific(word: str) -> bool:
    return word.casefold().rstrip(".") in _HONORIFICS


@lru_cache(maxsize=1 << 12)
def _substituted(name: str, text: str, other: str) -> bool:
    """Whether ``other`` opens a sentence on another capitalized word before the word that
    follows ``name`` where ``name`` opens a sentence of ``text``."""
    opening = r"(?:^|[.!?;:]\s+)"
    after = re.findall(rf"{opening}{re.escape(name)}\s+(\w+)", straighten(text))
    return any(
        found != name
        for word in after
        for found in re.findall(rf"{opening}([A-Z]\w*)\s+{re.escape(word)}\b", straighten(other))
    )
