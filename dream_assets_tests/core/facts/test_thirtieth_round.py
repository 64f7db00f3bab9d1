"""Issue 24, thirtieth round (v33 and v33b, measured once and spent, pooled with the fifty-four
sets before them as development data; docs/merge-checks.md, "Thirtieth round"): three readings
of the duplicate judge, each of a group of v33 or v33b it split, each with guards beside it:

* the pair judge reads an ordinal word from "third" up as its number ("her seventh birthday" /
  "turns 7"; ``agreement._numbers``);
* an acronym spells one capitalized word closed up of two English words ("Elasticsearch" / "ES";
  ``aliases._initial_runs``);
* "USSR" / "Soviet Union" / "Soviet" are one name (``aliases.ALIASES``).

A figure counted in dozens ("24 buns" / "two dozen buns", v33) was read and left: the regression
coverage corpus holds "12 nodes" / "a dozen nodes" as a dropped specific.

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Aigerim's twin sons turn 9 on 14 June.",
            "On 14 June Aigerim's two boys, who are twins, have their ninth birthday.",
        ),
        ("The archive room is on the 12th floor.", "The archive room is on the twelfth floor."),
        (
            "The ranking service indexes into Elasticsearch 8 every night.",
            "Every night the ranking service rebuilds its ES 8 index.",
        ),
        (
            "Bogdan restores old Soviet radios and has about forty.",
            "Around 40 old radios from the USSR make up Bogdan's restoration hobby.",
        ),
    ],
)
def test_the_same_fact_in_these_spellings_is_one(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is None


@pytest.mark.parametrize(
    ("a", "b", "why"),
    [
        (
            "Aigerim's twin sons turn 9 on 14 June.",
            "On 14 June Aigerim's twin sons have their tenth birthday.",
            "numbers differ",
        ),
        (
            "The ranking service indexes into Elasticsearch 8 every night.",
            "The ranking service indexes into OpenSearch 8 every night.",
            "specifics differ",
        ),
        (
            "Bogdan restores old Soviet radios.",
            "Bogdan restores old Russian radios.",
            "specifics differ",
        ),
    ],
)
def test_another_number_or_name_still_differs(a: str, b: str, why: str) -> None:
    verdict = pair_disagreement(Statement(a), Statement(b))
    assert verdict is not None and verdict.startswith(why)


def test_a_figure_counted_in_dozens_is_still_missing() -> None:
    """Looked at and left: the regression coverage corpus holds "12 nodes" / "a dozen nodes" as a
    dropped specific (``dropspec-08``), so "24" / "two dozen" is not credited either."""
    source = "Marguerite brings 24 scones to the Sunday market stall."
    assert "24" in hard_findings([source], "Marguerite brings two dozen scones to her stall.")
