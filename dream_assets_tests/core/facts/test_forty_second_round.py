"""Issue 24, forty-second round (read off v46 and v46b after their one measurement; the pair is
development data from then on; docs/merge-checks.md, "Forty-second round"):

- a ratio that ends a sentence ("a score of 720/1000.") still states its two figures for the
  merge gate: the full stop after it is the sentence's, not a decimal point. Before, the ratio
  reading refused any point after the second figure, so the two counts read as lost. A point
  followed by a digit ("1/2.5") still keeps the reading off, and a changed figure is still a
  change.

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (
            ["A pass in the IELTS listening paper needs 30 out of 40.", "Sits IELTS in May."],
            "Sits IELTS in May; the listening paper is passed with a score of 30/40.",
        ),
        (
            ["Rated the new ramen place 8 out of 10.", "Wants to take Leila to the ramen place."],
            "Wants to take Leila to the new ramen place, which they rated 8/10.",
        ),
        (
            ["Of the 12 applicants, 9 were invited to interview."],
            "Interview invitations went to applicants at a rate of 9/12.",
        ),
    ],
)
def test_a_ratio_that_ends_the_sentence_states_its_figures(sources: list[str], merged: str) -> None:
    assert hard_findings(sources, merged) == []


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # Another figure at the sentence's end.
        (
            ["A pass in the IELTS listening paper needs 30 out of 40.", "Sits IELTS in May."],
            "Sits IELTS in May; the listening paper is passed with a score of 32/40.",
        ),
        # A decimal after the slash is no ratio of the source's figures.
        (
            ["The driving theory test needs 43 correct answers out of 50."],
            "To pass the driving theory test you need 43/50.5 now.",
        ),
    ],
)
def test_another_figure_or_a_decimal_is_still_a_change(sources: list[str], merged: str) -> None:
    assert hard_findings(sources, merged)
