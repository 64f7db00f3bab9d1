"""The number band (issue 24, thirty-eighth round): below the specifics band, down to the model's
``number_floor``, a semantic neighbour is a candidate when the two state the same specifics and
write a number in common; the vector search finds the band's pairs through each row's numbers
(``cluster.MaskedFloor``) rather than listing every pair down to the floor."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from dream_assets.core.facts.agreement import Statement, subject_numbers
from dream_assets.core.near_duplicates.candidates import (
    number_masks,
    pair_disagreement,
    pair_same_specifics,
)
from dream_assets.core.near_duplicates.cluster import MaskedFloor, embedding_pairs
from dream_assets.core.near_duplicates.neighbours import cell_pairs, neighbour_pairs
from dream_assets.core.options import DreamOptions
from dream_assets.passes.duplicate_clusters.scan import _model_rules, scan_duplicate_clusters
from dream_assets_tests.builders import NOW, entry, make_volume, pair_scan

# One fact, few words in common, one date and one number written by both (a spent blind set's
# group, cosine 0.49 under the recorded model).
PARTY = (
    "Hosting a housewarming on 11 July; about 30 guests expected.",
    "The user is throwing a party for the new flat on July 11th, with roughly thirty people "
    "coming.",
)
# Two facts about one cat: a name in common, no number (a spent set's filler beside a group).
CAT = ("Cat Miso likes to sleep on the laptop keyboard.", "User's cat Miso is allergic to chicken.")


def _scan(texts: Sequence[str], cosine: float, number_floor: float | None) -> list[tuple[str, ...]]:
    return pair_scan(texts, cosine, number_floor=number_floor)


def test_the_pairs_read_as_the_band_asks() -> None:
    party = [Statement(t) for t in PARTY]
    assert pair_same_specifics(*party) and pair_disagreement(*party) is None
    assert subject_numbers(PARTY[0]) & subject_numbers(PARTY[1])
    cat = [Statement(t) for t in CAT]
    assert pair_same_specifics(*cat)  # the name alone agrees ...
    assert not subject_numbers(CAT[0]) & subject_numbers(CAT[1])  # ... and no number is shared


def test_the_number_band_admits_a_pair_with_a_number_in_common() -> None:
    assert _scan(PARTY, 0.45, 0.40) == [("e0", "e1")]
    # Without the band (the thirty-seventh round's rules) the pair is below every band's reach.
    assert _scan(PARTY, 0.45, None) == []


def test_the_number_band_has_a_floor() -> None:
    assert _scan(PARTY, 0.38, 0.40) == []


def test_a_name_alone_in_common_is_not_enough_below_the_specifics_band() -> None:
    assert _scan(CAT, 0.50, 0.40) == []
    # In the specifics band a name in common admits the pair, as before this round.
    assert _scan(CAT, 0.56, 0.40) == [("e0", "e1")]


def test_number_masks_share_a_bit_when_the_rows_share_a_number() -> None:
    numbers = [frozenset({"30", "11"}), frozenset({"30"}), frozenset(), frozenset({"2026"})]
    masks = number_masks(len(numbers), lambda i: numbers[i])
    assert masks[0] & masks[1]
    assert masks[2] == 0 and not masks[2] & masks[0] and not masks[2] & masks[3]


# ── The search: pairs below the threshold only where the masks meet ─────────────────────────


def _spread_vectors(rows: int, seed: int = 5) -> np.ndarray:
    """Low-dimensional unit vectors: their cosines spread over the whole range."""
    rng = np.random.default_rng(seed)
    base = rng.standard_normal((rows, 6)).astype(np.float32)
    return base / np.linalg.norm(base, axis=1, keepdims=True)


def _expected(vectors: np.ndarray, threshold: float, lower: MaskedFloor) -> set[tuple[int, int]]:
    scores = vectors @ vectors.T
    rows = vectors.shape[0]
    return {
        (a, b)
        for a in range(rows)
        for b in range(a + 1, rows)
        if scores[a, b] >= threshold - 1e-6
        or (scores[a, b] >= lower.floor - 1e-6 and lower.masks[a] & lower.masks[b])
    }


def test_exact_search_with_a_masked_floor_finds_exactly_the_masked_pairs() -> None:
    vectors = _spread_vectors(300)
    masks = np.array([1 << (row % 7) if row % 3 else 0 for row in range(300)], dtype=np.uint64)
    lower = MaskedFloor(0.40, masks)
    found = {(p.left, p.right) for p in embedding_pairs(vectors, 0.80, lower=lower)}
    expected = _expected(vectors, 0.80, lower)
    plain = {(p.left, p.right) for p in embedding_pairs(vectors, 0.80)}
    assert found == expected
    assert plain < found  # the band added pairs ...
    assert len(found) < len(
        {(p.left, p.right) for p in embedding_pairs(vectors, 0.40)}
    )  # ... not all


def test_cell_search_with_a_masked_floor_finds_only_masked_pairs_and_is_deterministic() -> None:
    vectors = _spread_vectors(2000)
    masks = np.array([1 << (row % 11) for row in range(2000)], dtype=np.uint64)
    lower = MaskedFloor(0.50, masks)
    expected = _expected(vectors, 0.90, lower)
    first, search = neighbour_pairs(vectors, 0.90, exact_max_rows=1000, lower=lower)
    second, _ = neighbour_pairs(vectors, 0.90, exact_max_rows=1000, lower=lower)
    found = {(p.left, p.right) for p in first}
    assert search == "cells" and first == second
    assert found == {(p.left, p.right) for p in cell_pairs(vectors, 0.90, lower=lower)}
    assert found <= expected  # verified: never a pair the band does not admit
    assert len(found) / len(expected) >= 0.9


# ── The scan pass reads the model's number floor ─────────────────────────────────────────────


class NumberBandEmbedder:
    """The scan's embedder: the two memories at cosine 0.45 (under the specifics band)."""

    key = "test:number-band"
    threshold = 0.74
    band_floor: float | None = 0.60
    triangle_floor: float | None = 0.50
    specifics_floor: float | None = 0.55

    def __init__(self, number_floor: float | None) -> None:
        self.number_floor = number_floor
        second = np.zeros(8, dtype=np.float32)
        second[0], second[1] = 0.45, np.sqrt(1 - 0.45**2)
        first = np.zeros(8, dtype=np.float32)
        first[0] = 1.0
        self.sentences = {PARTY[0]: first, PARTY[1]: second}

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        # Single words (the band's subject in other words) are orthogonal to everything.
        return np.stack([self.sentences.get(t, np.eye(8, dtype=np.float32)[7]) for t in texts])


@pytest.mark.parametrize(("number_floor", "clustered"), [(0.40, True), (None, False)])
def test_the_scan_clusters_a_number_band_pair_only_under_the_models_floor(
    tmp_path: Path, number_floor: float | None, clustered: bool
) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [entry("a", PARTY[0], category="events"), entry("b", PARTY[1], category="events")],
    )
    _, clusters = scan_duplicate_clusters(
        volume, DreamOptions(embeddings="local"), NOW, embedder=NumberBandEmbedder(number_floor)
    )
    found = [tuple(sorted(c.member_ids)) for c in clusters or []]
    assert found == ([("a", "b")] if clustered else [])


def test_a_changed_number_floor_changes_the_reuse_key() -> None:
    options = DreamOptions(embeddings="local")
    assert _model_rules(options, NumberBandEmbedder(0.40)) != _model_rules(
        options, NumberBandEmbedder(0.45)
    )
