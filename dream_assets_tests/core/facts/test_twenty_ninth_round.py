"""Issue 24, twenty-ninth round (v32 and v32b, measured once and spent, pooled with the fifty-two
sets before them as development data; docs/merge-checks.md, "Twenty-ninth round"): two shapes of a
lost negation that the merge may have said in other words, hints for the verifier (``(restated?)``),
each with guards beside it:

* an adjective negated by its prefix in a clause holding a governed word ("can't digest lactose" /
  "being lactose intolerant");
* a negated comparison said as a bound of the same side ("never goes below four replicas" / "a
  floor of 4 pods", "no band below 6.5" / "every band at least 6.5", "won't put in more than 5 %"
  / "capped at 5 %").

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.coverage import CoverageSource
from dream_assets.core.facts.merge_check import check_merge
from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        (
            "Ines can't digest gluten, so she bakes with rice flour.",
            "Being gluten intolerant, Ines bakes with rice flour.",
        ),
        (
            "The checkout service never runs fewer than three replicas in production.",
            "In production the checkout service keeps at least 3 replicas.",
        ),
        (
            "Won't spend more than £200 on the new bike.",
            "The new bike's budget is capped at £200.",
        ),
        (
            "Kemal doesn't read his work email more than twice a day.",
            "Kemal reads his work email at most twice daily.",
        ),
    ],
)
def test_a_negation_said_as_a_negative_adjective_or_a_bound_is_a_hint(
    source: str, merged: str
) -> None:
    result = check_merge([CoverageSource("s0", source)], merged)
    assert not [f for f in result.missing if f.startswith("negation: ")], result.missing
    assert [h for h in result.hints if h.startswith("negation: ") and h.endswith("(restated?)")]


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        # the flip repeats the negated words with nothing negative or bounding near them
        ("Ines can't digest gluten.", "Ines digests gluten."),
        (
            "The checkout service never runs fewer than three replicas.",
            "The checkout service runs fewer than three replicas.",
        ),
        # a bound of the other side is no restatement: "never below 3" is not "at most 3"
        (
            "The checkout service never runs fewer than three replicas.",
            "The checkout service runs at most 3 replicas.",
        ),
    ],
)
def test_a_flip_or_a_bound_of_the_other_side_stays_hard(source: str, merged: str) -> None:
    assert [f for f in hard_findings([source], merged) if f.startswith("negation: ")]
