"""The lower cosine band (issue 24): below the candidate threshold, a semantic neighbour counts
only when the two memories share a subject, and is judged like every candidate."""

from __future__ import annotations

import numpy as np

from dream_assets.core.facts.agreement import Statement, shares_subject
from dream_assets_tests.builders import band_scan


def _vectors(cosines: dict[tuple[int, int], float], size: int) -> np.ndarray:
    """Unit vectors with the given pairwise cosines to entry 0 (others orthogonal to each other
    where unspecified is not needed here: two or three entries)."""
    base = np.zeros((size, size + 1))
    base[0, 0] = 1.0
    for (left, right), cosine in cosines.items():
        assert left == 0
        base[right, 0] = cosine
        base[right, right] = np.sqrt(1 - cosine**2)
    return base


def _scan(texts: list[str], cosine: float, floor: float | None) -> list[tuple[str, ...]]:
    vectors = _vectors({(0, 1): cosine}, len(texts))
    return band_scan(texts, vectors, band=None if floor is None else (floor, None))


JON = ["Jon has a shellfish allergy.", "Shellfish triggers an allergic reaction in Jon."]


def test_a_neighbour_in_the_band_that_shares_a_subject_is_clustered() -> None:
    assert _scan(JON, 0.70, floor=0.66) == [("e0", "e1")]


def test_without_the_band_the_same_pair_stays_apart() -> None:
    assert _scan(JON, 0.70, floor=None) == []


def test_a_neighbour_below_the_band_stays_apart() -> None:
    assert _scan(JON, 0.60, floor=0.66) == []


def test_a_neighbour_in_the_band_without_a_shared_subject_stays_apart() -> None:
    texts = ["Jon has a shellfish allergy.", "Priya is learning the cello."]
    assert not shares_subject(Statement(texts[0]), Statement(texts[1]))
    assert _scan(texts, 0.70, floor=0.66) == []


def test_a_band_pair_is_still_judged() -> None:
    texts = ["The Atlas launch lands on 2025-04-12.", "The Atlas launch lands on 2025-04-21."]
    assert shares_subject(Statement(texts[0]), Statement(texts[1]))
    assert _scan(texts, 0.70, floor=0.66) == []


def test_a_subject_is_a_shared_specific_in_any_letter_case_or_two_content_words() -> None:
    assert shares_subject(Statement("FATIMA visits in December."), Statement("Fatima is coming."))
    assert shares_subject(
        Statement("Walks the dog every morning."), Statement("Every morning the dog gets a walk.")
    )
    # One shared common word is not a subject.
    assert not shares_subject(Statement("Walks the dog."), Statement("The dog is a beagle."))
    assert not shares_subject(Statement("Likes tea."), Statement("Drinks coffee daily."))
