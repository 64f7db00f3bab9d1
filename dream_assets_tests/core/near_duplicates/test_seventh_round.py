"""The duplicate judge's seventh round (issue 24 item 4): the status rule read from each side's
own words, and the specifics band (docs/benchmarks.md, "Seventh round: the duplicate judge")."""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.near_duplicates.candidates import (
    pair_disagreement,
    pair_same_specifics,
)
from dream_assets_tests.builders import pair_scan

# Wordings of one fact whose status words are written by both sides ("called", "retired", "last").
SAME_STATUS = [
    ("Prefers to be called Sam, not Samantha.", "Wants to be called Sam, not Samantha."),
    (
        "The user's neighbour Hamid is a retired civil engineer.",
        "Hamid next door worked as a civil engineer until he retired.",
    ),
]
# Look-alikes that differ in status in words only one side writes.
DIFFERENT_STATUS = [
    ("Has already sold the old Honda Civic.", "Is planning to sell the old Honda Civic."),
    ("Migrated the blog to Hugo.", "Is still migrating the blog to Hugo."),
    ("Has stopped taking the atorvastatin.", "Has started taking the atorvastatin."),
    ("The contractor has completed the retiling.", "The contractor has postponed the retiling."),
]


@pytest.mark.parametrize(("a", "b"), SAME_STATUS)
def test_a_status_word_both_sides_write_is_no_difference(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is None
    # The rule before: the shared "called" read as done against "wants" read as planned.
    assert pair_disagreement(Statement(a), Statement(b), own_words_status=False) is not None


@pytest.mark.parametrize(("a", "b"), DIFFERENT_STATUS)
def test_a_status_in_words_one_side_writes_still_differs(a: str, b: str) -> None:
    verdict = pair_disagreement(Statement(a), Statement(b))
    assert verdict is not None and verdict.startswith("status differs"), verdict


SALARY = (
    "The user earns about £62,000 a year before tax.",
    "Gross annual pay comes to roughly sixty-two thousand pounds.",
)
SALARY_K = ("The user's salary is $95k a year.", "Earns ninety-five thousand USD annually.")


@pytest.mark.parametrize(("a", "b"), [SALARY, SALARY_K])
def test_the_same_specifics_in_other_spellings_agree(a: str, b: str) -> None:
    assert pair_same_specifics(Statement(a), Statement(b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # No specific and no number: agreeing specifics say nothing here.
        ("The dog is afraid of thunderstorms.", "Their dog panics when there is thunder."),
        # A number only one side states.
        ("Earns about £62,000 a year.", "Earns about £62,000 a year plus a 10 % bonus."),
        # A name only one side states.
        ("Left the umbrella at Marguerite's.", "Left the umbrella at Marguerite's in Lyon."),
        # Different numbers.
        ("Earns about £62,000 a year.", "Earns about £64,000 a year."),
    ],
)
def test_specifics_that_differ_or_are_absent_do_not_agree(a: str, b: str) -> None:
    assert not pair_same_specifics(Statement(a), Statement(b))


def _scan(texts: list[str], cosine: float, specifics_floor: float | None) -> list[tuple[str, ...]]:
    return pair_scan(texts, cosine, band_floor=0.64, specifics_floor=specifics_floor)


def test_the_specifics_band_admits_a_pair_that_states_the_same_specifics() -> None:
    assert _scan(list(SALARY), 0.58, 0.55) == [("e0", "e1")]
    # Without the band (the sixth round's rules) the pair is below every band's reach.
    assert _scan(list(SALARY), 0.58, None) == []


def test_the_specifics_band_has_a_floor() -> None:
    assert _scan(list(SALARY), 0.52, 0.55) == []


def test_the_specifics_band_does_not_admit_a_pair_without_specifics() -> None:
    texts = ["The dog is afraid of thunderstorms.", "Their dog panics when there is thunder."]
    assert _scan(texts, 0.60, 0.55) == []
