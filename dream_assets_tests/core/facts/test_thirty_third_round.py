"""Issue 24, thirty-third round (v36 and v36b, measured once and spent, pooled with the sixty sets
before them as development data; docs/merge-checks.md, "Thirty-third round"): a clock time written
with a dot before its half of the day ("5.30 am") is that clock time (``tokens.written_times``),
for the gate and the pair judge, with guards beside it.

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.tokens import written_times
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("text", "times"),
    [
        ("Alarm at 5.30 am on weekdays.", {"5:30"}),
        ("The last tram leaves at 11.45pm.", {"11:45"}),
        ("Ran the 10k in 5.30 minutes per km.", set()),  # no half of the day: a number
        ("Scored 7.50 out of ten.", set()),
    ],
)
def test_a_dotted_time_is_read_only_before_its_half_of_the_day(text: str, times: set[str]) -> None:
    assert written_times(text) == times


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        ("Sipho wakes at 5:30 to swim before work.", "Sipho is up at 5.30 am for a pre-work swim."),
        ("Sipho is up at 5.30 am for a pre-work swim.", "Sipho wakes at 5:30 to swim before work."),
    ],
)
def test_the_gate_credits_a_dotted_time_both_ways(source: str, merged: str) -> None:
    assert hard_findings([source], merged) == []


def test_another_dotted_time_is_still_missing() -> None:
    assert "5:30" in hard_findings(
        ["Sipho wakes at 5:30 to swim before work."], "Sipho is up at 6.30 am for a pre-work swim."
    )


def test_the_pair_judge_reads_one_time_and_tells_another_apart() -> None:
    a = Statement("Sipho wakes at 5:30 to swim before work.")
    assert pair_disagreement(a, Statement("Swims before work: 5.30 am alarm.")) is None
    assert pair_disagreement(a, Statement("Swims before work: 6.30 am alarm.")) is not None
