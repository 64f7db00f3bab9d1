"""One text as every meaning rule reads it: words, quantities and content stems, read once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

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
        reading = _reading(text)
        if not id and not numeric_exempt:
            return reading
        return cls(
            id, reading.text, reading.words, reading.quantities, reading.content, numeric_exempt
        )

    @classmethod
    def read_uncached(cls, text: str, *, id: str = "", numeric_exempt: bool = False) -> Text:
        """``read`` without the per-text memo (what the memo holds, for its tests)."""
        text = straighten(text)
        words = words_of(text)
        content = frozenset(w.stem for w in words if w.content and not w.lower[0].isdigit())
        return cls(id, text, words, tuple(quantities_of(text, words)), content, numeric_exempt)


# ── Cost, not rules (issue 27) ─────────────────────────────────────────────────────────────
# A text is read once per run, however many checks ask for it: the pair judge reads each text
# of every candidate pair it is in, a merge check each source again for each keeper it tries
# (and the keeper twice, as a source and as the merge). The reading is a pure function of the
# text; ``id`` and ``numeric_exempt`` are labels put on it, not read from it. Bounded: a reading
# holds the text's words, and a first cycle at 100 000 entries reads about 11 000 distinct texts.
READINGS_CACHED = 1 << 15


@lru_cache(maxsize=READINGS_CACHED)
def _reading(text: str) -> Text:
    return Text.read_uncached(text)


def span(text: Text, words: Sequence[Word]) -> str:
    """The text from the first to the last word, as written, for the finding."""
    return text.text[words[0].start : words[-1].end] if words else ""


def words_of_its_own(sources: Sequence[Text], merged: Text) -> frozenset[str]:
    """The merge's content stems that no source writes: where it says something in words of its
    own (a lost word restated, rather than dropped: ``negation``, ``quantity``)."""
    return merged.content - frozenset().union(*(source.content for source in sources))
