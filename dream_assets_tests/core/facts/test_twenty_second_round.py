"""Issue 24, twenty-second round (v24 and v24b, measured once and spent, pooled with the thirty-six
sets before them as development data), the near-duplicate judge: a number that is part of a
frequency the other memory states too, in other numbers, is no difference of numbers ("every
six hours" / "four times a day", "every 90 days" / "every three months")
(``core/facts/pair_measures.py``; docs/merge-checks.md, "Twenty-second round"). Each pair was
split by the twenty-first round's judge; each has guards beside it that a measure said
differently, or a number outside the measure, still tells two facts apart. The sentences are
written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement, _numbers
from dream_assets.core.facts.pair_measures import without_shared_measures
from dream_assets.core.near_duplicates.candidates import pair_disagreement


def judged(a: str, b: str) -> str | None:
    return pair_disagreement(Statement(a), Statement(b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "The greenhouse sprinklers run every eight hours in July.",
            "In July the greenhouse sprinklers run three times a day.",
        ),
        (
            "Tomasz waters the bonsai twice a day in summer.",
            "In summer Tomasz waters the bonsai every 12 hours.",
        ),
        (
            "The Kestrel API rotates its signing keys every 90 days.",
            "Signing keys of the Kestrel API are rotated every three months.",
        ),
    ],
)
def test_one_measure_in_other_numbers_is_one_fact(a: str, b: str) -> None:
    assert judged(a, b) is None
    # the judge before the round read the numbers as written: each side has one the other lacks
    a_numbers, b_numbers = _numbers(a), _numbers(b)
    assert a_numbers - b_numbers and b_numbers - a_numbers
    kept_a, kept_b = without_shared_measures(a, b, a_numbers, b_numbers)
    assert not (kept_a - kept_b and kept_b - kept_a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # another rate
        (
            "The greenhouse sprinklers run every eight hours in July.",
            "In July the greenhouse sprinklers run four times a day.",
        ),
        # another length
        (
            "Invoices from Lumen Print are kept for 30 days before archiving.",
            "Lumen Print invoices are kept for two months before archiving.",
        ),
        # the measure agrees, another number does not
        (
            "The greenhouse sprinklers run every eight hours on 3 beds.",
            "The greenhouse sprinklers run three times a day on 5 beds.",
        ),
    ],
)
def test_a_measure_said_differently_is_still_a_difference(a: str, b: str) -> None:
    verdict = judged(a, b)
    assert verdict is not None and verdict.startswith("numbers differ")


def test_a_spoken_ordinal_compound_is_one_number() -> None:
    """After v25 (a development change): "the twenty-eighth" is 28, not 20 and 8."""
    assert (
        judged(
            "The Riverside allotment fee of £40 is due on the 28th of each month.",
            "On the twenty-eighth of every month the £40 Riverside allotment fee is due.",
        )
        is None
    )
    verdict = judged(
        "The Riverside allotment fee of £40 is due on the 28th of each month.",
        "On the twenty-first of every month the £40 Riverside allotment fee is due.",
    )
    assert verdict is not None and "28" in verdict
