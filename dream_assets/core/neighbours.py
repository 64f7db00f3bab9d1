"""Semantic neighbours: pairs of embedding rows whose cosine reaches a threshold, at scale.

Exact search compares every row with every other (quadratic: 100 000 entries are 5e9 dot
products). Above ``EXACT_MAX_ROWS`` rows, when the optional ``usearch`` package (extra
``semantic``) is installed, each row instead asks an HNSW index (cosine metric) for its
``k`` nearest rows, and the pairs among those at or above the threshold are kept. A duplicate
cluster holds at most a handful of members (``max_cluster_size``), so ``k`` can stay small:
a row with more than ``k - 1`` near-copies loses only pairs that the cluster cap would not use.
Recall against exact search is measured by ``benchmarks/bench_semantic.py`` (docs/benchmarks.md).
Below ``EXACT_MAX_ROWS`` (or without usearch) the search is exact, in row blocks of bounded
memory, and so deterministic; the index's construction is parallel, so a pair sitting right at
its recall edge may be found on one cycle and missed on the next (it is then only not a
candidate that cycle: consolidation never merges on a candidate alone).
"""

from __future__ import annotations

import importlib.util

import numpy as np

from dream_assets.core.cluster import THRESHOLD_TOLERANCE, SimilarPair, embedding_pairs

# Exact search below this many rows: ~0.3 s at 10 000 rows of d = 384 on the 2-core machine.
EXACT_MAX_ROWS = 20_000
DEFAULT_NEIGHBOURS = 16
# HNSW parameters (usearch defaults are 16 / 128 / 64); measured in bench_semantic.py.
_CONNECTIVITY = 16
_EXPANSION_ADD = 128
_EXPANSION_SEARCH = 64


def index_available() -> bool:
    return importlib.util.find_spec("usearch") is not None


def normalized(vectors: np.ndarray) -> np.ndarray:
    matrix = np.asarray(vectors, dtype=np.float32)
    if matrix.ndim != 2:
        raise ValueError(f"vectors must be a 2-D array, got shape {matrix.shape}")
    if not np.all(np.isfinite(matrix)):
        raise ValueError("vectors must be finite")
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)


def neighbour_pairs(
    vectors: np.ndarray,
    threshold: float,
    *,
    k: int = DEFAULT_NEIGHBOURS,
    exact_max_rows: int = EXACT_MAX_ROWS,
) -> tuple[list[SimilarPair], str]:
    """Pairs (``left < right``) with cosine >= ``threshold`` and the search used."""
    matrix = normalized(vectors)
    if matrix.shape[0] <= exact_max_rows or not index_available():
        return embedding_pairs(matrix, threshold), "exact"
    return index_pairs(matrix, threshold, k=k), "hnsw"


def index_pairs(matrix: np.ndarray, threshold: float, *, k: int) -> list[SimilarPair]:
    """Approximate: each row's ``k`` nearest rows from an HNSW index, kept at >= threshold."""
    from usearch.index import Index

    rows = matrix.shape[0]
    if rows < 2:
        return []
    index = Index(
        ndim=matrix.shape[1],
        metric="cos",
        dtype="f32",
        connectivity=_CONNECTIVITY,
        expansion_add=_EXPANSION_ADD,
        expansion_search=_EXPANSION_SEARCH,
    )
    keys = np.arange(rows, dtype=np.uint64)
    index.add(keys, matrix)
    found = index.search(matrix, min(k, rows))
    neighbour = np.asarray(found.keys, dtype=np.int64).reshape(rows, -1)
    cosine = 1.0 - np.asarray(found.distances, dtype=np.float64).reshape(rows, -1)
    left = np.repeat(np.arange(rows, dtype=np.int64), neighbour.shape[1])
    right = neighbour.ravel()
    score = cosine.ravel()
    keep = (right >= 0) & (right < rows) & (right != left) & (score >= threshold - 1e-6)
    left, right, score = left[keep], right[keep], score[keep]
    # Each pair once, as (smaller, larger), scored by the exact cosine of its rows.
    low, high = np.minimum(left, right), np.maximum(left, right)
    unique = np.unique(np.stack([low, high], axis=1), axis=0)
    if unique.size == 0:
        return []
    exact = np.einsum("ij,ij->i", matrix[unique[:, 0]], matrix[unique[:, 1]])
    passing = exact >= threshold - THRESHOLD_TOLERANCE
    return [
        SimilarPair(int(a), int(b), float(s))
        for (a, b), s in zip(unique[passing].tolist(), exact[passing].tolist(), strict=True)
    ]
