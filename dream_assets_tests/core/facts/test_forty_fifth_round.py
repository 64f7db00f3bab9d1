"""Issue 24, forty-fifth round (read off v48 and v48b after their one measurement; the pair is
development data from then on; docs/benchmarks.md, "Forty-fifth round"):

- the pair judge reads a count in dozens as its number ("a dozen guests" is 12, "two dozen" 24;
  ``lexicon.dozens``), so "twelve guests" / "a dozen guests" state one count. Another count is
  still a difference, and the merge gate still holds an exact figure merged as "a dozen" a lost
  count (the coverage corpus's ``dropspec-08``): only the judge reads dozens.

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.lexicon import dozens
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings


def _judged(a: str, b: str) -> str | None:
    return pair_disagreement(Statement(a), Statement(b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Hosting a barbecue for twelve neighbours on the first of June.",
            "A barbecue for a dozen neighbours is planned for June 1.",
        ),
        (
            "Orders 24 bagels from Nessa's bakery on the first Friday of each month.",
            "Two dozen bagels come from Nessa's bakery every month, on the 1st Friday.",
        ),
    ],
)
def test_a_count_in_dozens_is_its_number(a: str, b: str) -> None:
    assert _judged(a, b) is None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "A barbecue for a dozen neighbours is planned for June 1.",
            "A barbecue for fifteen neighbours is planned for June 1.",
        ),
        (
            "Hosting a barbecue for twelve neighbours on June 1.",
            "A barbecue for half a dozen neighbours is planned for June 1.",
        ),
    ],
)
def test_another_count_is_still_a_difference(a: str, b: str) -> None:
    assert (_judged(a, b) or "").startswith("numbers differ")


def test_the_words_read() -> None:
    assert dozens(["a", "dozen", "guests"]) == {12}
    assert dozens(["two", "dozen", "eggs"]) == {24}
    assert dozens(["3", "dozen"]) == {36}
    assert dozens(["half", "a", "dozen", "eggs"]) == set()  # number_word_values' 6
    assert dozens(["dozens", "of", "emails"]) == set()


def test_the_merge_gate_still_holds_a_dozen_for_twelve_a_lost_count() -> None:
    assert hard_findings(
        ["The EKS cluster for billing has 12 nodes."], "The billing EKS cluster has a dozen nodes."
    )
