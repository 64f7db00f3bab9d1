"""A shared subject in other words (issue 24, twenty-fifth round): the subject band's condition
read with the embedding model's vectors of single words, not only with the words as written.

The subject band (``candidates.SubjectBand``) admits a semantic neighbour below the threshold when
the two share a subject: a specific, a number, or two content words (``agreement.shares_subject``).
Paraphrases with few shared words name their subject in other words ("Refuses mushrooms; the
texture makes him gag" / "Fungi are off the menu for him: their mouthfeel triggers his gag
reflex"): one content word in common, and "mushrooms" / "fungi" the same thing. Here each content
word one side writes and the other does not is paired, closest first and one to one, with the
other side's such words by the cosine of the model's vectors of the two words alone; a pair at
``KINSHIP`` or above counts as a word in common. The pair is still judged like every candidate
(``agreement.disagreement``): this only lets it be asked.

Measured over the forty-six spent blind sets (docs/benchmarks.md, "Twenty-fifth round"): at 0.70
it finds 29 more whole groups of 1 761 (all hard), no look-alike pair and no filler more, and the
regression corpus's figures are unchanged; at 0.60 the regression corpus gains a look-alike, at
0.50 fillers too. The rule asks the model only for words of pairs already in the band that do not
share a subject as written, each word once per scan (``WordVectors``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from dream_assets.core.facts.agreement import SHARED_SUBJECT_WORDS
from dream_assets.core.facts.meaning.text import Text

# The cosine of two words' vectors at which they name one thing (all-MiniLM-L6-v2, measured).
KINSHIP = 0.70
# Words of fewer letters than this are not read (abbreviations and particles: "pr", "db").
_MIN_LETTERS = 3


class WordVectors:
    """Unit vectors of single words by the scan's model, each word embedded once: ``embed``
    takes a list of strings and returns one vector per string (the scan's embedder)."""

    def __init__(self, embed: Callable[[Sequence[str]], np.ndarray]) -> None:
        self._embed = embed
        self._memo: dict[str, np.ndarray] = {}

    def __call__(self, words: Sequence[str]) -> np.ndarray:
        missing = [w for w in dict.fromkeys(words) if w not in self._memo]
        if missing:
            found = np.asarray(self._embed(missing), dtype=np.float64)
            norms = np.linalg.norm(found, axis=1, keepdims=True)
            unit = found / np.where(norms == 0, 1.0, norms)
            self._memo.update(zip(missing, unit, strict=True))
        return np.stack([self._memo[w] for w in words])


def subject_words(text: str) -> dict[str, str]:
    """The content words of ``text`` that can name a subject, by stem: alphabetic, three letters
    and up."""
    return {
        w.stem: w.lower
        for w in Text.read(text).words
        if w.content and w.lower.isalpha() and len(w.lower) >= _MIN_LETTERS
    }


def shares_subject_in_other_words(
    a: str,
    b: str,
    vectors: WordVectors,
    *,
    kinship: float = KINSHIP,
    need: int = SHARED_SUBJECT_WORDS,
) -> bool:
    """Whether ``a`` and ``b`` have ``need`` content words in common when a word of one and a
    word of the other whose vectors meet ``kinship`` count as one word."""
    words_a, words_b = subject_words(a), subject_words(b)
    shared = words_a.keys() & words_b.keys()
    own_a = [w for stem, w in words_a.items() if stem not in shared]
    own_b = [w for stem, w in words_b.items() if stem not in shared]
    if not own_a or not own_b or len(shared) + min(len(own_a), len(own_b)) < need:
        return False
    similarity = vectors(own_a) @ vectors(own_b).T
    matched = 0
    while len(shared) + matched < need and similarity.max() >= kinship:
        i, j = np.unravel_index(int(similarity.argmax()), similarity.shape)
        matched += 1
        similarity[i, :] = -1.0
        similarity[:, j] = -1.0
    return len(shared) + matched >= need
