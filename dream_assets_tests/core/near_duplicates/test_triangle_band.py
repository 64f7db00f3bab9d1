"""The triangle band and numbers as a subject (issue 24, fifth round): below the subject band, a
pair that closes a triangle of two kept pairs is a candidate when it meets one of the subject
band's two conditions; a number shared in any spelling is a shared subject. Every such pair is
judged like every candidate."""

from __future__ import annotations

import numpy as np

from dream_assets.core.facts.agreement import Statement, disagreement, shares_subject
from dream_assets_tests.builders import band_scan

THRESHOLD, BAND, TRIANGLE = 0.74, 0.64, 0.50


def _vectors(cosines: np.ndarray) -> np.ndarray:
    """Unit vectors whose pairwise cosines are ``cosines`` (a positive definite matrix, ones on
    the diagonal)."""
    return np.linalg.cholesky(cosines)


def _scan(
    texts: list[str], cosines: list[list[float]], *, triangle: float | None = TRIANGLE
) -> list[tuple[str, ...]]:
    vectors = _vectors(np.array(cosines))
    return band_scan(texts, vectors, cosine_threshold=THRESHOLD, band=(BAND, triangle))


# Three wordings of one fact: (first, second) at 0.82, (second, last) at 0.80, the loosest pair
# (first, last) at ``loose``.
def _three(loose: float) -> list[list[float]]:
    return [[1.0, 0.82, loose], [0.82, 1.0, 0.80], [loose, 0.80, 1.0]]


SEASICK = [
    "Gets seasick easily, so avoids cruises.",
    "Stays away from cruise ships because motion at sea makes them ill.",
    "Cruises are out: they get seasick on any boat.",
]


def test_a_pair_that_closes_a_triangle_below_the_subject_band_is_clustered() -> None:
    texts = SEASICK
    # The loosest pair shares a subject (two content words) but sits under the band's floor.
    assert shares_subject(Statement(texts[0]), Statement(texts[2]))
    assert _scan(texts, _three(0.55)) == [("e0", "e1", "e2")]


def test_without_the_triangle_band_the_group_is_not_whole() -> None:
    assert _scan(SEASICK, _three(0.55), triangle=None) == [("e0", "e1")]


def test_a_triangle_pair_in_the_subject_band_needs_no_shared_subject() -> None:
    texts = [
        "The dog is afraid of thunderstorms.",
        "Thunder makes the dog panic and hide.",
        "Their pet panics when there is a storm overhead.",
    ]
    assert not shares_subject(Statement(texts[0]), Statement(texts[2]))
    assert _scan(texts, _three(0.66)) == [("e0", "e1", "e2")]
    assert _scan(texts, _three(0.66), triangle=None) == [("e0", "e1")]


def test_a_triangle_pair_under_the_band_without_a_shared_subject_stays_apart() -> None:
    texts = [
        "The dog is afraid of thunderstorms.",
        "Thunder makes the dog panic and hide.",
        "Their pet panics when there is a storm overhead.",
    ]
    assert _scan(texts, _three(0.60)) == [("e0", "e1")]


def test_a_triangle_pair_under_the_triangle_floor_stays_apart() -> None:
    assert _scan(SEASICK, _three(0.45)) == [("e0", "e1")]


def test_a_triangle_pair_is_still_judged() -> None:
    texts = [
        "The Atlas launch lands on 2025-04-12.",
        "Atlas launch: mid-April 2025.",
        "The Atlas launch lands on 2025-04-21.",
    ]
    assert shares_subject(Statement(texts[0]), Statement(texts[2]))
    assert disagreement(Statement(texts[0]), Statement(texts[2])) is not None
    assert ("e0", "e1", "e2") not in _scan(texts, _three(0.60))


def test_two_look_alikes_with_no_third_wording_stay_apart() -> None:
    texts = ["Left the umbrella at Marguerite's house.", "Left the charger at Marguerite's house."]
    assert _scan(texts, [[1.0, 0.60], [0.60, 1.0]]) == []


def test_a_number_in_another_spelling_is_a_shared_subject() -> None:
    for a, b in [
        ("Has visited 34 countries so far.", "Has been to thirty-four countries."),
        ("Donates £20 a month to Médecins Sans Frontières.", "Gives MSF twenty pounds monthly."),
        ("Has about 12,000 dollars saved.", "Emergency savings stand at roughly $12k."),
        ("Prefers no meetings before 10 am.", "Avoid booking them into calls before 10:00."),
    ]:
        assert shares_subject(Statement(a), Statement(b)), (a, b)
        assert not shares_subject(Statement(a), Statement(b), numbers=False), (a, b)


def test_zero_and_one_do_not_name_a_subject() -> None:
    assert not shares_subject(Statement("Takes one pill at night."), Statement("Has one brother."))


def test_a_band_pair_sharing_only_a_number_is_clustered() -> None:
    texts = ["Has visited 34 countries so far.", "Has been to thirty-four countries."]
    assert _scan(texts, [[1.0, 0.70], [0.70, 1.0]], triangle=None) == [("e0", "e1")]


def test_a_triangle_closes_only_through_a_third_entrys_closest_kept_neighbours() -> None:
    # Four wordings of one fact (a cluster holds three) and another fact about the same dog, kept
    # with the first wording in the subject band: the fourth wording left over must not pair with
    # it through the first, which is closer to the other wordings.
    texts = [
        "Has a golden retriever named Biscuit who is nine years old.",
        "Golden retriever named Biscuit, age nine.",
        "Has a 9-year-old golden retriever called Biscuit.",
        "User's golden retriever Biscuit is nine years old.",
        "Biscuit the golden retriever has hip dysplasia.",
    ]
    cosines = [
        [1.0, 0.95, 0.96, 0.90, 0.67],
        [0.95, 1.0, 0.93, 0.87, 0.55],
        [0.96, 0.93, 1.0, 0.86, 0.55],
        [0.90, 0.87, 0.86, 1.0, 0.60],
        [0.67, 0.55, 0.55, 0.60, 1.0],
    ]
    assert shares_subject(Statement(texts[3]), Statement(texts[4]))
    assert _scan(texts, cosines) == [("e0", "e1", "e2")]
