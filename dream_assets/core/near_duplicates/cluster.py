"""Near-duplicate clusters of memory entries: the ``duplicate_clusters`` scan.

Consolidation shows the model an entry only when it is new or changed since its last review, or
when it sits in a near-duplicate cluster (docs/passes.md, Pass 1). The clusters come from this
module's rules (``clusters_from_pairs``) over pairs from cosine over embeddings when the scan has
them and a lexical similarity otherwise, so deployments without embeddings still deduplicate.
``threshold`` defaults to 0.88 (``ConsolidationSimilarityThreshold``, kept equal to the
save-time dedupe threshold) and ``max_cluster_size`` to its 3 (``ConsolidationMaxClusterSize``):
the cap bounds eligibility, not merge size.

Cluster rules
-------------
* Only pairs with similarity >= ``threshold`` are considered (with a 1e-9 tolerance so that a
  pair sitting exactly on the threshold is not lost to float rounding).
* Clusters are formed greedily from the most similar pair down; ties are broken by the ids.
  An entry joins an existing cluster only while the cluster is below the cap and only when it is
  at or above the threshold with *every* member (complete linkage), so every pair inside a
  cluster is a near-duplicate pair. ``Cluster.similarity`` is therefore the **minimum pairwise
  similarity** among the members.
* An entry belongs to at most one cluster; two clusters are never joined.
* Output is sorted by member ids; ``cluster_id`` is derived from the sorted member ids alone, so
  the same group of entries gets the same id on every cycle.
* An entry whose text has no word token (or whose embedding is all zero) never clusters.

Why token Jaccard rather than TF-IDF cosine, and how the scan avoids comparing all pairs
(prefix filtering), with the measurements behind both: docs/benchmarks.md, "Near-duplicate scan:
the lexical method and its scaling". The duplicate_clusters scan itself goes through
``candidates.py``: lexical pairs from here united with semantic neighbours (``neighbours.py``),
each pair judged by ``core/facts/agreement.py`` before ``clusters_from_pairs``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from dream_assets.core.near_duplicates.lexical_search import (
    THRESHOLD_TOLERANCE,
    SimilarPair,
    as_pairs,
)
from dream_assets.core.near_duplicates.mutual import Nearest
from dream_assets.core.options import DreamOptions

# The defaults live with every other option; these names keep call sites short.
DEFAULT_SIMILARITY_THRESHOLD: float = DreamOptions().similarity_threshold
DEFAULT_MAX_CLUSTER_SIZE: int = DreamOptions().max_cluster_size

LEXICAL_METHOD = "token-jaccard"
EMBEDDING_METHOD = "embedding-cosine"

# Similarities are compared at this many decimals when ordering pairs, so that float noise from
# a different summation order cannot change which pair is taken first.
ORDER_DECIMALS = 9

# Upper bound on the entries of one block of a candidate product, so memory stays bounded.
_BLOCK_CELLS = 4_000_000


@dataclass(frozen=True)
class Cluster:
    cluster_id: str
    member_ids: tuple[str, ...]
    # Minimum pairwise similarity among the members (every pair is at or above the threshold).
    similarity: float


def cluster_id_for(member_ids: Iterable[str]) -> str:
    """Stable id of a cluster: the same members give the same id on every cycle."""
    digest = hashlib.sha1("\n".join(sorted(member_ids)).encode("utf-8")).hexdigest()
    return "c-" + digest[:12]


def embedding_pairs(
    vectors: np.ndarray,
    threshold: float,
    *,
    block_cells: int = _BLOCK_CELLS,
    lower: MaskedFloor | None = None,
    nearest: Nearest | None = None,
) -> list[SimilarPair]:
    """All pairs of embedding rows with cosine >= ``threshold`` (dense, in row blocks of at most
    ``block_cells`` scores); with ``lower``, also the pairs down to its floor whose masks meet
    (``MaskedFloor``); ``nearest`` is offered every product (``mutual.Nearest``)."""
    matrix = np.asarray(vectors, dtype=np.float64)
    if not np.all(np.isfinite(matrix)):
        raise ValueError("vectors must be finite")
    norms = np.linalg.norm(matrix, axis=1)
    nonzero = norms > 0
    matrix = np.where(nonzero[:, None], matrix / np.where(nonzero, norms, 1.0)[:, None], 0.0)
    n_rows = matrix.shape[0]
    floor = threshold - THRESHOLD_TOLERANCE
    lefts: list[np.ndarray] = []
    rights: list[np.ndarray] = []
    sims: list[np.ndarray] = []
    block = max(1, block_cells // max(1, n_rows))
    for start in range(0, n_rows, block):
        stop = min(n_rows, start + block)
        scores = matrix[start:stop] @ matrix[start:].T
        left_local, right_local = np.nonzero(scores >= (lower.low(floor) if lower else floor))
        left = left_local.astype(np.int64) + start
        right = right_local.astype(np.int64) + start
        keep = right > left
        if lower is not None:
            keep &= lower.admits(scores[left_local, right_local], floor, left, right)
        lefts.append(left[keep])
        rights.append(right[keep])
        sims.append(scores[left_local[keep], right_local[keep]])
        if nearest is not None:
            nearest.offer(np.arange(start, stop), np.arange(start, n_rows), scores)
    return as_pairs(lefts, rights, sims)


@dataclass(frozen=True)
class MaskedFloor:
    """A lower floor for a vector search, for some pairs only: below the search's threshold, down
    to ``floor``, a pair is found only when its two rows' ``masks`` share a bit (each row's mask
    marks what it holds, e.g. its numbers hashed to one of 64 bits: two rows that hold nothing in
    common never meet). The masks only narrow the search; the caller checks the pair itself.
    The search's cost stays that of its threshold plus the pairs whose masks meet, rather than
    every pair down to ``floor``."""

    floor: float
    masks: np.ndarray  # uint64, one per row

    def low(self, threshold_floor: float) -> float:
        return min(threshold_floor, self.floor - THRESHOLD_TOLERANCE)

    def admits(
        self, scores: np.ndarray, threshold_floor: float, left: np.ndarray, right: np.ndarray
    ) -> np.ndarray:
        """Of pairs found down to ``low``: those at the threshold, or whose masks meet."""
        return (scores >= threshold_floor) | ((self.masks[left] & self.masks[right]) != 0)


def clusters_from_pairs(
    ids: Sequence[str],
    pairs: Iterable[SimilarPair],
    *,
    max_cluster_size: int = DEFAULT_MAX_CLUSTER_SIZE,
) -> list[Cluster]:
    """Greedy complete-linkage clusters from near-duplicate pairs (see the module rules)."""
    similarity: dict[tuple[int, int], float] = {}
    for pair in pairs:
        similarity[_pair_key(pair.left, pair.right)] = pair.similarity

    def order(item: tuple[tuple[int, int], float]) -> tuple[float, str, str]:
        (a, b), score = item
        first, second = ids[a], ids[b]
        # The pair's ids in sorted order (``sorted`` of two, without making a list per pair).
        if second < first:
            first, second = second, first
        return (-round(score, ORDER_DECIMALS), first, second)

    ordered = sorted(similarity.items(), key=order)
    cluster_of: dict[int, int] = {}
    members: list[list[int]] = []
    for (left, right), _ in ordered:
        in_left, in_right = cluster_of.get(left), cluster_of.get(right)
        joined = in_left if in_left is not None else in_right
        if joined is None:
            cluster_of[left] = cluster_of[right] = len(members)
            members.append([left, right])
            continue
        if in_left is not None and in_right is not None:
            # Two clusters are never joined: each was formed from closer pairs than this one.
            continue
        newcomer = right if in_left is not None else left
        group = members[joined]
        # The cap bounds eligibility; complete linkage keeps every pair inside a near-duplicate.
        if len(group) < max_cluster_size and all(
            _pair_key(newcomer, member) in similarity for member in group
        ):
            group.append(newcomer)
            cluster_of[newcomer] = joined
    clusters = []
    for group in members:
        member_ids = tuple(sorted(ids[index] for index in group))
        weakest = min(
            similarity[_pair_key(a, b)] for i, a in enumerate(group) for b in group[i + 1 :]
        )
        clusters.append(
            Cluster(
                cluster_id=cluster_id_for(member_ids),
                member_ids=member_ids,
                similarity=min(1.0, round(weakest, ORDER_DECIMALS)),
            )
        )
    return sorted(clusters, key=lambda cluster: cluster.member_ids)


def _pair_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)
