"""Semantic neighbours: pairs of embedding rows whose cosine reaches a threshold, at scale.

Exact search compares every row with every other: 100 000 entries are 5e9 dot products (2-4 minutes
on the 2-core machine under load). Above ``EXACT_MAX_ROWS`` rows the search is **blocked by
cells** instead (an inverted-file search, numpy only):

1. ``sqrt(n)`` cell centroids from a few rounds of spherical k-means on a seeded sample;
2. each row's ``probes`` most similar centroids; its first is the row's *home* cell;
3. per cell, one dense product of the rows that probe it against the rows at home in it.

A pair is found when either row probes the other's home cell. The work is about
``n * probes * n / sqrt(n) * d`` (``probes * sqrt(n)`` times less than exact), the memory one
cell's product at a time, and the result is deterministic (the sample and the k-means are seeded),
so the same corpus gives the same clusters on every cycle. Found pairs are verified exactly, so
the search never invents a pair; it can only miss one whose two rows fall in cells that neither
probes. Recall against exact search is measured by ``benchmarks/bench_semantic.py`` on 10 000
and 100 000 vectors (docs/benchmarks.md). HNSW (usearch 2.26) was measured too and left out: on
this 2-core machine building the index for 100 000 vectors took longer than exact search.
"""

from __future__ import annotations

import numpy as np

from dream_assets.core.near_duplicates.cluster import MaskedFloor, embedding_pairs
from dream_assets.core.near_duplicates.lexical_search import THRESHOLD_TOLERANCE, SimilarPair
from dream_assets.core.near_duplicates.mutual import Nearest

# Exact below this many rows: about 3 s at 20 000 rows of d = 384.
EXACT_MAX_ROWS = 20_000
DEFAULT_PROBES = 16
_KMEANS_ROUNDS = 10
_SAMPLE_PER_CELL = 64
_BLOCK_ROWS = 4096


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
    exact_max_rows: int = EXACT_MAX_ROWS,
    lower: MaskedFloor | None = None,
    nearest: Nearest | None = None,
) -> tuple[list[SimilarPair], str]:
    """Pairs (``left < right``) with cosine >= ``threshold``, and the search used; with
    ``lower``, also the pairs down to its floor whose masks meet (``cluster.MaskedFloor``);
    ``nearest`` is offered every product the search computes (``mutual.Nearest``)."""
    matrix = normalized(vectors)
    if matrix.shape[0] <= exact_max_rows:
        return embedding_pairs(matrix, threshold, lower=lower, nearest=nearest), "exact"
    return cell_pairs(matrix, threshold, lower=lower, nearest=nearest), "cells"


def cell_pairs(
    matrix: np.ndarray,
    threshold: float,
    *,
    probes: int = DEFAULT_PROBES,
    cells: int | None = None,
    seed: int = 0,
    lower: MaskedFloor | None = None,
    nearest: Nearest | None = None,
) -> list[SimilarPair]:
    """Blocked by cells (see the module doc); ``matrix`` rows must be unit (or zero) vectors."""
    rows = matrix.shape[0]
    if rows < 2:
        return []
    count = cells or max(1, round(rows**0.5))
    centroids = _centroids(matrix, count, seed)
    probes = min(probes, count)
    top = np.empty((rows, probes), dtype=np.int64)
    for start in range(0, rows, _BLOCK_ROWS):
        scores = matrix[start : start + _BLOCK_ROWS] @ centroids.T
        part = np.argpartition(-scores, probes - 1, axis=1)[:, :probes]
        order = np.argsort(-np.take_along_axis(scores, part, axis=1), axis=1, kind="stable")
        top[start : start + _BLOCK_ROWS] = np.take_along_axis(part, order, axis=1)
    home = top[:, 0]
    at_home = np.argsort(home, kind="stable")
    home_bounds = np.searchsorted(home[at_home], np.arange(count + 1))
    probe_rows = np.repeat(np.arange(rows, dtype=np.int64), probes)
    probe_cells = top.ravel()
    by_cell = np.argsort(probe_cells, kind="stable")
    probe_bounds = np.searchsorted(probe_cells[by_cell], np.arange(count + 1))
    floor = threshold - THRESHOLD_TOLERANCE
    lefts: list[np.ndarray] = []
    rights: list[np.ndarray] = []
    sims: list[np.ndarray] = []
    for cell in range(count):
        members = at_home[home_bounds[cell] : home_bounds[cell + 1]]
        probers = probe_rows[by_cell[probe_bounds[cell] : probe_bounds[cell + 1]]]
        if members.size == 0 or probers.size == 0:
            continue
        scores = matrix[probers] @ matrix[members].T
        p_at, m_at = np.nonzero(scores >= (lower.low(floor) if lower else floor))
        a, b = probers[p_at], members[m_at]
        keep = a != b
        if lower is not None:
            keep &= lower.admits(scores[p_at, m_at], floor, a, b)
        lefts.append(np.minimum(a[keep], b[keep]))
        rights.append(np.maximum(a[keep], b[keep]))
        sims.append(scores[p_at[keep], m_at[keep]])
        if nearest is not None:
            nearest.offer(probers, members, scores)
    if not lefts:
        return []
    left, right = np.concatenate(lefts), np.concatenate(rights)
    sim = np.concatenate(sims).astype(np.float64)
    _, first = np.unique(left * rows + right, return_index=True)
    return [
        SimilarPair(int(a), int(b), float(s))
        for a, b, s in zip(
            left[first].tolist(), right[first].tolist(), sim[first].tolist(), strict=True
        )
    ]


def _centroids(matrix: np.ndarray, count: int, seed: int) -> np.ndarray:
    """Spherical k-means on a seeded sample; a cell that empties keeps its last centroid."""
    import scipy.sparse as sp  # on use: a cycle without vectors never imports it

    rng = np.random.default_rng(seed)
    rows = matrix.shape[0]
    sample = matrix[np.sort(rng.choice(rows, min(rows, _SAMPLE_PER_CELL * count), replace=False))]
    centroids = sample[np.sort(rng.choice(sample.shape[0], count, replace=False))].copy()
    for _ in range(_KMEANS_ROUNDS):
        assign = np.argmax(sample @ centroids.T, axis=1)
        # Per-cell sums as one sparse product (np.add.at is ~100x slower at this size).
        members = sp.csr_matrix(
            (np.ones(assign.size, dtype=np.float32), (assign, np.arange(assign.size))),
            shape=(count, assign.size),
        )
        sums = np.asarray(members @ sample, dtype=np.float32)
        norms = np.linalg.norm(sums, axis=1, keepdims=True)
        centroids = np.where(norms > 0, sums / np.where(norms > 0, norms, 1.0), centroids)
    return centroids.astype(np.float32)
