"""The mutual band (issue 24, forty-third round): two texts that are each other's nearest
neighbour, and stand clearly above the rest of their neighbourhood, are a candidate below every
other band.

Paraphrases that share no word and no specific ("Can't eat shellfish; a shrimp reaction once put
him in the ER" / "Crustaceans are off-limits for the user since prawns once sent him to the
emergency room", cosine 0.59) sit under the subject band, among pairs of unrelated memories of one
topic at the same cosine ("wears glasses for reading" / "spare glasses are in the desk drawer",
0.66). What sets the first apart is their neighbourhood: each is the other's closest text, and
the next closest is much further away. The measure is the ratio margin of bitext mining (Artetxe
and Schwenk, 2019): the pair's cosine over the mean, for the two texts, of the mean of each
one's two highest cosines (the pair's own and the next one's). A text among many of its topic has
a close second neighbour and a margin near 1; a restatement alone with its original stands out.

The band's pairs share few words (``MOST_SHARED_WORDS``, forty-fourth round): a look-alike
that swaps one word in a shared sentence ("a new road bike" / "a new telescope") can stand alone
the same way; its shared words say that what differs is the word swapped.

``Nearest`` keeps each row's nearest neighbour and its second-highest cosine while the vector
search computes its products (``cluster.embedding_pairs``, ``neighbours.cell_pairs``), so the band
costs no second search; ``mutual_pairs`` lists the band's pairs. A pair found is judged like every
candidate (``agreement.disagreement``).

Measured on the eighty-four spent blind sets and the regression corpus (docs/benchmarks.md,
"Forty-third round", "Forty-fourth round"): from cosine 0.45 at a margin of 1.30, with fewer than
0.40 of the words in common, 35 more whole groups of 2 977, no more look-alike pair and no more
filler, and the regression corpus's figures unchanged. A lower margin finds more groups and
clusters the regression corpus's unrelated memories of one topic; without a margin, 29 and 35 of
its 200 fillers (goal: 2 %).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from dream_assets.core.near_duplicates.lexical_search import THRESHOLD_TOLERANCE, SimilarPair

if TYPE_CHECKING:
    import scipy.sparse as sp

_NONE = -np.inf
# The band's pairs share fewer than this share of their words (token Jaccard, the lexical
# search's tokens): two texts that share most of their words and still sit far apart in the
# vector space differ in the words they do not share ("Saving up for a new road bike before the
# spring season" / "... a new telescope ...", 0.55). Measured over the eighty-four spent sets:
# of the pairs the band finds and the judge keeps, every look-alike shares 0.44 or more of its
# words, 4 of 316 paraphrase pairs 0.40 or more (docs/benchmarks.md, "Forty-fourth round").
MOST_SHARED_WORDS = 0.40


class Nearest:
    """Each row's nearest neighbour (its index and cosine) and second-highest cosine among the
    pairs a search offers; a pair offered twice counts once."""

    def __init__(self, rows: int) -> None:
        self.index = np.full(rows, -1, dtype=np.int64)
        self.best = np.full(rows, _NONE)
        self.second_index = np.full(rows, -1, dtype=np.int64)
        self.second = np.full(rows, _NONE)

    def offer(self, rows: np.ndarray, cols: np.ndarray, scores: np.ndarray) -> None:
        """``scores[a, b]`` is the cosine of ``rows[a]`` and ``cols[b]`` (each index once in
        its array); a row paired with itself is skipped. ``scores`` is overwritten: offer a
        product once the search is done with it."""
        if rows.size == 0 or cols.size == 0:
            return
        _, at_row, at_col = np.intersect1d(rows, cols, assume_unique=True, return_indices=True)
        scores[at_row, at_col] = _NONE
        by_row = _two_highest(scores)
        # Along the columns through a transposed copy: a reduction across rows is several times
        # slower in place (measured: 37 against 11 ms for a 200 x 20 000 block).
        by_col = _two_highest(np.ascontiguousarray(scores.T))
        self._merge(rows, cols, by_row)
        self._merge(cols, rows, by_col)

    def _merge(
        self, rows: np.ndarray, cols: np.ndarray, found: tuple[np.ndarray, np.ndarray]
    ) -> None:
        """Each row's two best so far and the two ``found`` now (positions into ``cols`` and
        their cosines): the two best of the four, a neighbour found again counted once."""
        positions, values = found
        candidates = np.concatenate(
            [self.best[rows][:, None], self.second[rows][:, None], values], axis=1
        )
        indices = np.concatenate(
            [self.index[rows][:, None], self.second_index[rows][:, None], cols[positions]], axis=1
        )
        for later in range(2, candidates.shape[1]):
            for earlier in range(later):
                same = indices[:, later] == indices[:, earlier]
                candidates[:, later] = np.where(same, _NONE, candidates[:, later])
        order = np.argsort(-candidates, axis=1, kind="stable")[:, :2]
        candidates = np.take_along_axis(candidates, order, axis=1)
        indices = np.take_along_axis(indices, order, axis=1)
        self.best[rows], self.index[rows] = candidates[:, 0], indices[:, 0]
        self.second[rows], self.second_index[rows] = candidates[:, 1], indices[:, 1]


def _two_highest(scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row: the positions and values of the two highest scores (one, and -inf, where there
    is one), as two columns each; ``scores`` is left as it was."""
    lines = np.arange(scores.shape[0])
    first = scores.argmax(axis=1)
    top = scores[lines, first].astype(np.float64)
    scores[lines, first] = _NONE
    second = scores.argmax(axis=1)
    runner = scores[lines, second].astype(np.float64)
    scores[lines, first] = top
    return np.stack([first, second], axis=1), np.stack([top, runner], axis=1)


def apart_in_words(pairs: list[SimilarPair], tokens: sp.csr_matrix) -> list[SimilarPair]:
    """Of ``pairs``, those whose two rows of ``tokens`` (``lexical_search.token_sets``) share
    less than ``MOST_SHARED_WORDS`` of their words; a text with no word is in no such pair (the
    band reads words, as every band does)."""
    if not pairs:
        return []
    left = np.array([p.left for p in pairs])
    right = np.array([p.right for p in pairs])
    shared = np.asarray(tokens[left].multiply(tokens[right]).sum(axis=1)).ravel()
    sizes = np.diff(tokens.indptr)
    union = sizes[left] + sizes[right] - shared
    overlap = np.divide(shared, union, out=np.zeros(len(pairs)), where=union > 0)
    worded = (sizes[left] > 0) & (sizes[right] > 0)
    return [
        p
        for p, o, w in zip(pairs, overlap.tolist(), worded.tolist(), strict=True)
        if w and o < MOST_SHARED_WORDS
    ]


def mutual_pairs(nearest: Nearest, floor: float, margin: float) -> list[SimilarPair]:
    """Pairs (``left < right``) of rows that are each other's nearest neighbour at cosine >=
    ``floor`` whose ratio margin (the module doc) is >= ``margin``; a row with no second
    neighbour has no margin and is in no pair."""
    pairs = []
    for left, right in enumerate(nearest.index.tolist()):
        if right <= left or nearest.index[right] != left:
            continue
        cosine = float(nearest.best[left])
        if cosine < floor - THRESHOLD_TOLERANCE:
            continue
        seconds = (float(nearest.second[left]), float(nearest.second[right]))
        if not all(np.isfinite(seconds)):
            continue
        neighbourhood = (2 * cosine + seconds[0] + seconds[1]) / 4
        if neighbourhood > 0 and cosine >= margin * neighbourhood - THRESHOLD_TOLERANCE:
            pairs.append(SimilarPair(left, right, cosine))
    return pairs
