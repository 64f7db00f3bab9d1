"""One text as every meaning rule reads it: words, quantities and content stems, read once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dream_assets.core.facts.meaning.numbers import Quantity, quantities_of
from dream_assets.core.facts.meaning.words import Word, words_of
from dream_assets.core.facts.vocabulary import straighten


@dataclass(frozen=True)
class Text:
    """One source or merged text, read once for every rule."""

    id: str
    text: str  # apostrophes straightened, so word offsets index it
    words: tuple[Word, ...]
    quantities: tuple[Quantity, ...]
    content: frozenset[str]  # stemmed content words: what the source-overlap share compares
    numeric_exempt: bool = False

    @classmethod
    def read(cls, text: str, *, id: str = "", numeric_exempt: bool = False) -> Text:
        text = straighten(text)
        words = words_of(text)
        content = frozenset(w.stem for w in words if w.content and not w.lower[0].isdigit())
        return cls(id, text, words, tuple(quantities_of(text)), content, numeric_exempt)


def span(text: Text, words: Sequence[Word]) -> str:
    """The text from the first to the last word, as written, for the finding."""
    return text.text[words[0].start : words[-1].end] if words else ""
