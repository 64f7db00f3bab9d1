"""Issue 24, thirty-fifth round (v38 and v38b, measured once and spent, pooled with the sets
before them as development data; docs/merge-checks.md, "Thirty-fifth round"):

- the "a" of "a couple of" counts two, not one: "lose one kilo" / "shed a couple of kilos" is a
  changed count (the thirty-fourth round's "a couple of" let it through on v38b);
- a figure after a currency sign with "m" is millions ("$1.2m" / "1.2 million dollars"), a figure
  with "m" alone stays what it is;
- a name's acronym is read without the run's leading "The" ("The Valuation Office Agency" /
  "VOA").

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (["Parks two streets away."], "Parks a couple of streets off."),
        (["Closed a 1.2 million dollar deal."], "Closed a $1.2m deal."),
        (["Raised £3 million in seed funding."], "Raised £3m in seed funding."),
        (["The Food Standards Agency inspected the cafe."], "The FSA inspected the cafe."),
        (["The Valuation Office Agency replied on 3 May."], "The VOA replied on 3 May."),
    ],
)
def test_the_gate_reads_one_fact_in_another_spelling(sources: list[str], merged: str) -> None:
    assert hard_findings(sources, merged) == []


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        (
            ["Has two cats, fed twice daily.", "The vet wants the older cat to lose one kilo."],
            "The two cats are fed twice daily; the vet wants the older cat to lose a couple of "
            "kilos.",
            "quantity: one",
        ),
        (["Closed a 1.2 million dollar deal."], "Closed a $1.3m deal.", "1.2"),
        (["The Food Standards Agency inspected the cafe."], "The FDA inspected the cafe.", "Food"),
    ],
)
def test_a_real_change_is_still_found(sources: list[str], merged: str, finding: str) -> None:
    assert finding in hard_findings(sources, merged)
