"""Lexical near-duplicate pairs: token sets and the prefix-filtered Jaccard search
(``core/near_duplicates/cluster.py`` explains the method, its scaling and its measurements).

scipy is imported when a search runs, not with the module: a cycle that reuses its clusters
(``passes/duplicate_clusters/reuse.py``) never pays for it (docs/benchmarks.md, a whole cycle).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

if TYPE_CHECKING:
    import scipy.sparse as sp

# Word tokens including one-character ones and bare numbers: "3" and "v2" tell facts apart.
TOKEN_PATTERN = r"(?u)\b\w+\b"

# A pair computed as 0.8799999999 for a true 0.88 must still count as "at the threshold".
THRESHOLD_TOLERANCE = 1e-9

# Upper bound on the entries of one block of a candidate product, so memory stays bounded.
_BLOCK_PRODUCT = 20_000_000
_VERIFY_CHUNK = 1_000_000
# Rows are indexed so that a qualifying pair shares at least this many indexed tokens: one more
# indexed token per row costs a larger product but rejects the many pairs that share only a
# common date or name before the (dearer) exact check.
_SHARED_INDEXED = 2


class SimilarPair(NamedTuple):
    """Two entries, by position in the input, with ``left < right``. A named tuple: a scan makes
    one per pair (tens of thousands at 100 000 entries, most of them kept from the last scan)."""

    left: int
    right: int
    similarity: float


_TOKEN = re.compile(TOKEN_PATTERN)


def token_sets(texts: Sequence[str]) -> sp.csr_matrix:
    """One row per text, a 1 for each distinct lower-cased word token it contains.

    The sets scikit-learn's ``CountVectorizer(lowercase=True, token_pattern=TOKEN_PATTERN,
    binary=True)`` gives, built here: half its time at 100 000 entries, and no scikit-learn import
    on the cycle's path (docs/benchmarks.md, a whole cycle). Columns are numbered in order of
    first appearance; only the sets matter (``lexical_pairs`` renumbers by frequency).
    ``core/near_duplicates/token_cache.py`` keeps the rows across scans and builds this same
    matrix from them.
    """
    import scipy.sparse as sp

    vocabulary: dict[str, int] = {}
    indices, indptr = ordered_token_rows(texts, vocabulary)
    # No text with a single token gives zero columns: nothing can be a near-duplicate then.
    matrix = sp.csr_matrix(
        (np.ones(len(indices), dtype=np.int32), indices, indptr),
        shape=(len(texts), len(vocabulary)),
    )
    matrix.sort_indices()
    return matrix


def ordered_token_rows(
    texts: Sequence[str], vocabulary: dict[str, int]
) -> tuple[np.ndarray, np.ndarray]:
    """Each text's distinct lower-cased tokens, numbered by ``vocabulary`` (a token not in it
    gets the next number, so numbers follow first appearance), in the order they first occur
    in the text: (indices, indptr) of the rows, unsorted within a row."""
    number = vocabulary.setdefault
    indices: list[int] = []
    indptr = [0]
    for text in texts:
        indices.extend(
            [
                number(token, len(vocabulary))
                for token in dict.fromkeys(_TOKEN.findall(text.lower()))
            ]
        )
        indptr.append(len(indices))
    return np.asarray(indices, dtype=np.int32), np.asarray(indptr, dtype=np.int64)


def lexical_pairs(
    tokens: sp.csr_matrix, threshold: float, *, block_product: int = _BLOCK_PRODUCT
) -> list[SimilarPair]:
    """All pairs of rows of a binary token matrix with Jaccard >= ``threshold``.

    ``block_product`` bounds the entries of one block of the candidate product (memory).
    """
    n_rows, n_features = tokens.shape
    if n_rows < 2 or n_features == 0:
        return []
    tokens, sizes, indexed, short = _prefix_index(tokens, threshold)
    floor = threshold - THRESHOLD_TOLERANCE
    lefts: list[np.ndarray] = []
    rights: list[np.ndarray] = []
    sims: list[np.ndarray] = []
    for start, stop in _row_blocks(indexed, block_product):
        # Only rows from ``start`` on: each pair is looked at once, from its first row.
        shared = indexed[start:stop] @ indexed[start:].T
        keep = shared.data >= _SHARED_INDEXED
        if short.any():
            rows = np.repeat(np.arange(start, stop), np.diff(shared.indptr))
            keep |= short[rows] | short[shared.indices + start]
        at = np.flatnonzero(keep)
        left = np.searchsorted(shared.indptr, at, side="right").astype(np.int64) - 1 + start
        right = shared.indices[at].astype(np.int64) + start
        keep = right > left
        _verify(tokens, sizes, left[keep], right[keep], floor, (lefts, rights, sims))
    return as_pairs(lefts, rights, sims)


def lexical_pairs_touching(
    tokens: sp.csr_matrix,
    rows: Sequence[int],
    threshold: float,
    *,
    block_product: int = _BLOCK_PRODUCT,
) -> list[SimilarPair]:
    """The pairs of ``lexical_pairs`` that include at least one of ``rows``: the same prefix
    filter and exact check, with only those rows' products taken (an incremental scan, where the
    pairs among the other rows are known from the last one)."""
    n_rows, n_features = tokens.shape
    chosen = np.unique(np.asarray(rows, dtype=np.int64))
    if n_rows < 2 or n_features == 0 or chosen.size == 0:
        return []
    tokens, sizes, indexed, short = _prefix_index(tokens, threshold)
    floor = threshold - THRESHOLD_TOLERANCE
    is_chosen = np.zeros(n_rows, dtype=bool)
    is_chosen[chosen] = True
    subset = indexed[chosen]
    frequency = np.bincount(indexed.indices, minlength=indexed.shape[1]).astype(np.int64)
    found: tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]] = ([], [], [])
    for start, stop in _row_blocks(subset, block_product, frequency):
        shared = subset[start:stop] @ indexed.T
        keep = shared.data >= _SHARED_INDEXED
        counts = np.diff(shared.indptr)
        mine = np.repeat(chosen[start:stop], counts)
        if short.any():
            keep |= short[mine] | short[shared.indices]
        other = shared.indices.astype(np.int64)
        # Each pair once: with a row outside ``rows``, or with a later one of ``rows``.
        keep &= (other != mine) & (~is_chosen[other] | (other > mine))
        left = np.minimum(mine[keep], other[keep])
        right = np.maximum(mine[keep], other[keep])
        _verify(tokens, sizes, left, right, floor, found)
    return as_pairs(*found)


def _prefix_index(
    tokens: sp.csr_matrix, threshold: float
) -> tuple[sp.csr_matrix, np.ndarray, sp.csr_matrix, np.ndarray]:
    """The prefix filter's inputs: the columns reordered (frequent first), each row's size, the
    indexed part of each row, and the rows small enough that one shared token may suffice."""
    tokens = _frequent_features_first(tokens)
    sizes = np.diff(tokens.indptr).astype(np.int64)
    # J >= t needs an overlap of at least ceil(t * |x|) tokens, from either side.
    needed = np.ceil(threshold * sizes - 1e-6).astype(np.int64)
    indexed = _indexed_part(tokens, np.maximum(needed - _SHARED_INDEXED, 0))
    # A set too small to need two shared tokens needs only one.
    short = (needed < _SHARED_INDEXED) & (sizes > 0)
    return tokens, sizes, indexed, short


def _verify(
    tokens: sp.csr_matrix,
    sizes: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    floor: float,
    found: tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]],
) -> None:
    """Candidate pairs checked with their exact Jaccard; those at the threshold go to ``found``."""
    # Sets whose sizes differ by more than the threshold allows cannot reach it.
    small = np.minimum(sizes[left], sizes[right])
    large = np.maximum(sizes[left], sizes[right])
    keep = small >= floor * large
    left, right = left[keep], right[keep]
    # Verified in chunks so the row copies stay small whatever the block holds.
    for chunk in range(0, left.size, _VERIFY_CHUNK):
        a = left[chunk : chunk + _VERIFY_CHUNK]
        b = right[chunk : chunk + _VERIFY_CHUNK]
        overlap = np.asarray(tokens[a].multiply(tokens[b]).sum(axis=1)).ravel()
        jaccard = overlap / (sizes[a] + sizes[b] - overlap)
        passing = jaccard >= floor
        found[0].append(a[passing])
        found[1].append(b[passing])
        found[2].append(jaccard[passing])


def as_pairs(
    lefts: list[np.ndarray], rights: list[np.ndarray], sims: list[np.ndarray]
) -> list[SimilarPair]:
    if not lefts:
        return []
    left = np.concatenate(lefts)
    right = np.concatenate(rights)
    sim = np.concatenate(sims)
    return [
        SimilarPair(int(a), int(b), float(s))
        for a, b, s in zip(left.tolist(), right.tolist(), sim.tolist(), strict=True)
    ]


def _frequent_features_first(matrix: sp.csr_matrix) -> sp.csr_matrix:
    """Renumber features so that within each row the most frequent come first."""
    import scipy.sparse as sp

    frequency = np.bincount(matrix.indices, minlength=matrix.shape[1])
    # Ties by feature number, so the order (and the index) is deterministic.
    order = np.lexsort((np.arange(matrix.shape[1]), -frequency))
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    renumbered = sp.csr_matrix(
        (matrix.data.copy(), rank[matrix.indices], matrix.indptr.copy()), shape=matrix.shape
    )
    renumbered.sort_indices()
    return renumbered


def _indexed_part(tokens: sp.csr_matrix, dropped: np.ndarray) -> sp.csr_matrix:
    """Each row without its ``dropped[row]`` most frequent tokens (rows list them first)."""
    import scipy.sparse as sp

    sizes = np.diff(tokens.indptr)
    position = np.arange(tokens.nnz, dtype=np.int64) - np.repeat(tokens.indptr[:-1], sizes)
    keep = position >= np.repeat(dropped, sizes)
    indexed = sp.csr_matrix(
        (np.where(keep, tokens.data, 0), tokens.indices.copy(), tokens.indptr.copy()),
        shape=tokens.shape,
    )
    indexed.eliminate_zeros()
    return indexed


def _row_blocks(
    indexed: sp.csr_matrix, budget: int, frequency: np.ndarray | None = None
) -> list[tuple[int, int]]:
    """Consecutive row ranges whose candidate product has at most ``budget`` entries.

    A row's share of the product is at most the sum, over its indexed tokens, of how many rows
    index that token (``frequency``, by default counted in ``indexed`` itself), so the bound holds
    before the product is taken (memory-bounded scan).
    """
    if frequency is None:
        frequency = np.bincount(indexed.indices, minlength=indexed.shape[1]).astype(np.int64)
    cost = np.asarray(indexed @ frequency).ravel()
    blocks = []
    start = 0
    running = 0
    for row, row_cost in enumerate(cost.tolist()):
        if row > start and running + row_cost > budget:
            blocks.append((start, row))
            start, running = row, 0
        running += row_cost
    blocks.append((start, indexed.shape[0]))
    return blocks
