"""Issue 24, thirty-ninth round (read off v42 and v42b after their one measurement; the pair is
development data from then on; docs/merge-checks.md, "Thirty-ninth round"):

- an amount from 1900 to 2199 written with a thousands separator on one side and bare on the other
  ("2,000 IU" / "2000 IU") is one quantity: the bare figure is not only a year.

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (["Walks 2,000 steps before breakfast."], "Walks 2000 steps before breakfast."),
        (["Walks 2000 steps before breakfast."], "Walks 2,000 steps before breakfast."),
        (["The grant covers up to 1,950 euros."], "The grant covers at most 1950 euros."),
    ],
)
def test_a_figure_with_and_without_its_separator_is_one_quantity(
    sources: list[str], merged: str
) -> None:
    assert hard_findings(sources, merged) == []


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # Another amount.
        (["Walks 2,000 steps before breakfast."], "Walks 2500 steps before breakfast."),
        # The figure gone; only a year of the same digits elsewhere in another sense.
        (["Walks 2,000 steps before breakfast."], "Walks before breakfast, as since 2001."),
        # A figure inside a longer number is not that figure.
        (["Walks 2,000 steps before breakfast."], "Walks 12000 steps before breakfast."),
    ],
)
def test_another_amount_is_still_a_changed_quantity(sources: list[str], merged: str) -> None:
    assert hard_findings(sources, merged) != []
