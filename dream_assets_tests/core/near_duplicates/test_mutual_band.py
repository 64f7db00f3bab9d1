"""The mutual band (issue 24, forty-third round; ``core/near_duplicates/mutual.py``): under every
other band, two texts that are each other's nearest neighbour and stand clear of the rest of
their neighbourhood (ratio margin) are a candidate, judged like every candidate, when they share
few of their words (forty-fourth round). The vector search keeps each row's two nearest while it
computes its products (``mutual.Nearest``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.near_duplicates import mutual
from dream_assets.core.near_duplicates.candidates import (
    pair_disagreement,
    pair_same_specifics,
    pair_shares_subject,
)
from dream_assets.core.near_duplicates.cluster import embedding_pairs
from dream_assets.core.near_duplicates.embeddings import MINILM, MPNET
from dream_assets.core.near_duplicates.lexical_search import SimilarPair, token_sets
from dream_assets.core.near_duplicates.mutual import Nearest, apart_in_words, mutual_pairs
from dream_assets.core.near_duplicates.neighbours import cell_pairs, normalized
from dream_assets.core.options import DreamOptions
from dream_assets.passes.duplicate_clusters.scan import _model_rules, scan_duplicate_clusters
from dream_assets_tests.builders import NOW, entry, judged_scan, make_volume

# One fact in other words, no word or specific in common (a spent blind set's group, cosine
# 0.59 under the recorded model).
SHELLFISH = (
    "Can't eat shellfish; a shrimp reaction once put him in the ER.",
    "Crustaceans are off-limits for the user since prawns once sent him to the emergency room.",
)
# Two memories of nothing in common with them.
OTHERS = (
    "Keeps his passport in the top kitchen drawer.",
    "Waters the balcony tomatoes every second evening.",
)
# The same two wordings about two people: a look-alike the judge keeps apart.
TWO_PEOPLE = (
    "Tomasz can't eat shellfish; a shrimp reaction once put him in the ER.",
    "Crustaceans are off-limits for Mireille since prawns once sent her to the emergency room.",
)
BAND = (0.45, 1.30)
# One sentence with one word swapped: a look-alike the judge does not split (a spent blind set's).
SWAPPED = (
    "Saving up for a new road bike before the spring season.",
    "Saving up for a new telescope before the spring season.",
)


def _vectors(pair_cosine: float, crowd: float = 0.0) -> np.ndarray:
    """Four unit vectors: rows 0 and 1 at ``pair_cosine``; row 2 at ``crowd`` with row 0 (and
    less with row 1); row 3 apart from all."""
    rows = np.zeros((4, 6))
    rows[0, 0] = 1.0
    rows[1, 0], rows[1, 1] = pair_cosine, np.sqrt(1 - pair_cosine**2)
    rows[2, 0], rows[2, 2] = crowd, np.sqrt(1 - crowd**2)
    rows[3, 3] = 1.0
    return rows


def _scan(texts: Sequence[str], vectors: np.ndarray, mutual: tuple[float, float] | None):
    return judged_scan(texts, vectors, mutual=mutual)


def _clusters(texts: Sequence[str], vectors: np.ndarray, mutual: tuple[float, float] | None):
    return [c.member_ids for c in _scan(texts, vectors, mutual).clusters]


def test_the_pair_is_under_every_other_band() -> None:
    a, b = (Statement(t) for t in SHELLFISH)
    assert pair_disagreement(a, b) is None
    assert not pair_shares_subject(a, b) and not pair_same_specifics(a, b)
    assert _clusters([*SHELLFISH, *OTHERS], _vectors(0.55), None) == []


def test_a_mutual_pair_standing_clear_is_a_candidate() -> None:
    assert _clusters([*SHELLFISH, *OTHERS], _vectors(0.55), BAND) == [("e0", "e1")]


def test_a_pair_in_a_crowded_neighbourhood_is_not() -> None:
    # Row 2 sits at 0.50 from row 0: the pair (0.55) barely stands out (margin about 1.17).
    assert _clusters([*SHELLFISH, *OTHERS], _vectors(0.55, crowd=0.50), BAND) == []


def test_the_band_has_a_floor() -> None:
    assert _clusters([*SHELLFISH, *OTHERS], _vectors(0.42), BAND) == []


def test_a_mutual_pair_is_still_judged() -> None:
    a, b = (Statement(t) for t in TWO_PEOPLE)
    assert pair_disagreement(a, b) is not None
    assert _clusters([*TWO_PEOPLE, *OTHERS], _vectors(0.55), BAND) == []


def test_a_pair_sharing_most_of_its_words_is_not(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = (Statement(t) for t in SWAPPED)
    assert pair_disagreement(a, b) is None
    assert _clusters([*SWAPPED, *OTHERS], _vectors(0.55), BAND) == []
    # It is the words in common that keep it out: without that condition it would be clustered.
    monkeypatch.setattr(mutual, "MOST_SHARED_WORDS", 1.01)
    assert _clusters([*SWAPPED, *OTHERS], _vectors(0.55), BAND) == [("e0", "e1")]


def test_words_in_common_are_read_as_the_lexical_search_reads_them() -> None:
    pairs = [SimilarPair(0, 1, 0.5), SimilarPair(2, 3, 0.5)]
    tokens = token_sets([*SWAPPED, *SHELLFISH])
    assert apart_in_words(pairs, tokens) == [SimilarPair(2, 3, 0.5)]


def test_a_text_with_no_word_is_in_no_pair() -> None:
    pairs = [SimilarPair(0, 1, 0.5), SimilarPair(0, 2, 0.5)]
    tokens = token_sets(["🙂🙂", SHELLFISH[1], SHELLFISH[0]])
    assert apart_in_words(pairs, tokens) == []
    assert _clusters(["🙂🙂", "🎉", *OTHERS], _vectors(0.55), BAND) == []


def test_two_texts_alone_have_no_margin() -> None:
    two = _vectors(0.55)[:2]
    assert _clusters(list(SHELLFISH), two, BAND) == []


def test_the_scan_counts_the_band_among_its_candidates() -> None:
    scan = _scan([*SHELLFISH, *OTHERS], _vectors(0.55), BAND)
    assert scan.counts["candidates"] == 1 and scan.counts["candidates_rejected"] == 0


# ── Nearest: what the search keeps, against a brute force ───────────────────────────────────


def _brute(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    sims = matrix @ matrix.T
    np.fill_diagonal(sims, -np.inf)
    order = np.argsort(-sims, axis=1)
    rows = np.arange(len(matrix))
    return order[:, 0], sims[rows, order[:, 0]], sims[rows, order[:, 1]]


@pytest.mark.parametrize("search", ["exact", "cells"])
def test_nearest_matches_a_brute_force(search: str) -> None:
    rng = np.random.default_rng(7)
    matrix = normalized(rng.normal(size=(90, 12)))
    nearest = Nearest(len(matrix))
    if search == "exact":
        # Small blocks: each row meets the others in several products, both ways round.
        embedding_pairs(matrix, 0.99, block_cells=900, nearest=nearest)
    else:
        # Every row probes every cell: the search is complete, and each pair is scored twice.
        cell_pairs(matrix, 0.99, probes=9, cells=9, nearest=nearest)
    index, best, second = _brute(matrix)
    assert np.array_equal(nearest.index, index)
    assert np.allclose(nearest.best, best, atol=1e-5)
    assert np.allclose(nearest.second, second, atol=1e-5)


def test_a_pair_offered_twice_is_one_neighbour() -> None:
    nearest = Nearest(3)
    scores = np.array([[0.9, 0.2]])
    nearest.offer(np.array([0]), np.array([1, 2]), scores)
    nearest.offer(np.array([0]), np.array([1, 2]), scores)
    assert nearest.index[0] == 1 and nearest.best[0] == pytest.approx(0.9)
    assert nearest.second[0] == pytest.approx(0.2)


def test_mutual_pairs_reads_the_margin() -> None:
    nearest = Nearest(4)
    matrix = _vectors(0.55)
    nearest.offer(np.arange(4), np.arange(4), matrix @ matrix.T)
    assert [(p.left, p.right) for p in mutual_pairs(nearest, 0.45, 1.30)] == [(0, 1)]
    # margin 0.55 / ((2 * 0.55 + 0 + 0) / 4) = 2.0
    assert mutual_pairs(nearest, 0.45, 2.01) == []


# ── The scan pass reads the model's band ────────────────────────────────────────────────────


class MutualEmbedder:
    """The scan's embedder: the four memories laid out as ``_vectors(0.55)``."""

    key = "test:mutual-band"
    threshold = 0.74
    band_floor: float | None = 0.60
    triangle_floor: float | None = 0.50
    specifics_floor: float | None = 0.55
    number_floor: float | None = 0.40

    def __init__(self, mutual: tuple[float, float] | None) -> None:
        self.mutual = mutual
        layout = _vectors(0.55).astype(np.float32)
        self.sentences = dict(zip([*SHELLFISH, *OTHERS], layout, strict=True))

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        # Single words (the subject band in other words) are apart from everything.
        return np.stack([self.sentences.get(t, np.eye(6, dtype=np.float32)[5]) for t in texts])


@pytest.mark.parametrize(("mutual", "clustered"), [(BAND, True), (None, False)])
def test_the_scan_clusters_a_mutual_pair_only_under_the_models_band(
    tmp_path: Path, mutual: tuple[float, float] | None, clustered: bool
) -> None:
    texts = [*SHELLFISH, *OTHERS]
    volume = make_volume(
        tmp_path / "agent", [entry(f"m{i}", t, category="health") for i, t in enumerate(texts)]
    )
    _, clusters = scan_duplicate_clusters(
        volume, DreamOptions(embeddings="local"), NOW, embedder=MutualEmbedder(mutual)
    )
    found = [tuple(sorted(c.member_ids)) for c in clusters or []]
    assert found == ([("m0", "m1")] if clustered else [])


def test_a_changed_band_changes_the_reuse_key() -> None:
    options = DreamOptions(embeddings="local")
    assert _model_rules(options, MutualEmbedder(BAND)) != _model_rules(
        options, MutualEmbedder((0.45, 1.25))
    )


def test_the_band_is_recorded_for_the_model_it_was_measured_on() -> None:
    assert MINILM.mutual == BAND
    assert MPNET.mutual is None  # not measured for mpnet: no band
