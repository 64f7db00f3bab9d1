"""One text as every meaning rule reads it: words, quantities and content stems, read once."""

from __future__ import annotations

from dataclasses import dataclass

from dream_assets.core.facts.meaning.quantity import _quantities, _Quantity
from dream_assets.core.facts.meaning.words import _Word, _words
from dream_assets.core.facts.vocabulary import straighten


@dataclass(frozen=True)
class _Text:
    """One source or merged text, read once for every rule."""

    id: str
    text: str  # apostrophes straightened, so word offsets index it
    words: tuple[_Word, ...]
    quantities: tuple[_Quantity, ...]
    content: frozenset[str]  # stemmed content words: what the source-overlap share compares
    numeric_exempt: bool = False

    @classmethod
    def read(cls, text: str, *, id: str = "", numeric_exempt: bool = False) -> _Text:
        text = straighten(text)
        words = _words(text)
        content = frozenset(w.stem for w in words if w.content and not w.lower[0].isdigit())
        return cls(id, text, words, tuple(_quantities(text)), content, numeric_exempt)
