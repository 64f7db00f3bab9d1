"""Issue 24, twenty-seventh round (the fifty spent sets pooled as development data;
docs/merge-checks.md, "Twenty-seventh round"): a lost negation whose governed words the merge
repeats nowhere, in a merge that writes words of its own, is a hint for the verifier
(``(restated?)``), whether or not the merge keeps the subject or negates anything else. The flip
the hard gate is precise about repeats the negated words with nothing negative near them; a
merge with no word of its own that lost the negated words dropped them, and stays hard.

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.coverage import CoverageSource
from dream_assets.core.facts.merge_check import check_merge
from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # the subject kept, the predicate said positively in other words, nothing negated
        (
            ["During the school holidays Ifeoma doesn't travel abroad, and keeps her phone on."],
            "In the school holidays Ifeoma stays in the country and keeps her phone on.",
        ),
        (
            ["The old router won't be replaced; Bram says it still copes."],
            "Bram says the old router still copes, so it stays in service.",
        ),
        (
            ["Marek's kiln isn't fired on weekdays."],
            "Marek uses his kiln at weekends only.",
        ),
    ],
)
def test_a_negation_said_positively_in_other_words_is_a_hint(
    sources: list[str], merged: str
) -> None:
    result = check_merge([CoverageSource(f"s{i}", t) for i, t in enumerate(sources)], merged)
    assert not [f for f in result.missing if f.startswith("negation: ")]
    assert [h for h in result.hints if h.startswith("negation: ") and h.endswith("(restated?)")]


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        # the flip repeats the negated words: hard, as before
        (
            ["Ifeoma doesn't travel abroad during the school holidays."],
            "Ifeoma travels abroad during the school holidays.",
            "negation: doesn't travel abroad during the school",
        ),
        # the negated words dropped, and nothing of the merge's own in their place: hard
        (
            [
                "The dentist appointment with Dr Varga is no longer happening.",
                "The dentist appointment with Dr Varga was for the crown.",
            ],
            "The dentist appointment with Dr Varga is for the crown.",
            "negation: no longer happening",
        ),
    ],
)
def test_a_flip_or_a_dropped_negation_stays_hard(
    sources: list[str], merged: str, finding: str
) -> None:
    assert finding in hard_findings(sources, merged)


# ── A lost "first" is a rank: a hint ────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (
            ["Leiden is Sanne's first choice for her master's."],
            "Leiden tops Sanne's list for her master's.",
        ),
        (
            ["Tariq is training for his first triathlon, in Bilbao in June."],
            "Tariq is training for a debut triathlon in Bilbao this June.",
        ),
    ],
)
def test_a_lost_first_is_a_rank_and_a_hint(sources: list[str], merged: str) -> None:
    result = check_merge([CoverageSource(f"s{i}", t) for i, t in enumerate(sources)], merged)
    assert not [f for f in result.missing if f.startswith("quantity: ")]
    assert "quantity: first (a rank?)" in result.hints


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        # another rank in its place: a changed rank, hard
        (
            ["Leiden is Sanne's first choice for her master's."],
            "Leiden is Sanne's second choice for her master's.",
            "quantity: first",
        ),
        # "the first of the month" is a day, not a rank
        (
            ["Rent is due on the first of the month.", "Rent goes by standing order."],
            "Rent goes by standing order each month.",
            "quantity: first",
        ),
        # "second" and later ranks stay hard: "every second Friday" is a frequency
        (
            ["The bins go out every second Friday."],
            "The bins go out every Friday.",
            "quantity: second",
        ),
    ],
)
def test_another_rank_or_a_later_one_stays_hard(
    sources: list[str], merged: str, finding: str
) -> None:
    assert finding in hard_findings(sources, merged)
