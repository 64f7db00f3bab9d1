"""The duplicate judge's ninth round (issue 24 item 4): a weekday or a month and its
abbreviation are one specific, and "teacher" / "tutor" one person (docs/benchmarks.md, "Ninth
round: the duplicate judge"). Each pair was judged different by the eighth round's rules; each
has a guard that a different day, month or person is still told apart."""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.coverage import CoverageSource, missing_specifics
from dream_assets.core.near_duplicates.candidates import pair_disagreement


def _judged(a: str, b: str) -> str | None:
    return pair_disagreement(Statement(a), Statement(b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "The book club meets on Thursday evenings at the library.",
            "Book club: Thurs evenings, at the library.",
        ),
        ("Moved to Leeds in September.", "Moved to Leeds in Sept."),
        ("Kaveh's rent goes up in Feb.", "Kaveh's rent goes up in February."),
        (
            "Practises the sitar with a teacher in Pune every week.",
            "Has a weekly sitar lesson with a tutor in Pune.",
        ),
    ],
)
def test_the_same_fact_in_another_spelling_is_not_told_apart(a: str, b: str) -> None:
    assert _judged(a, b) is None
    assert _judged(b, a) is None


@pytest.mark.parametrize(
    ("a", "b", "reason"),
    [
        (
            "The book club meets on Thursday evenings at the library.",
            "The book club meets on Tues evenings at the library.",
            "specifics differ",
        ),
        ("Moved to Leeds in September.", "Moved to Leeds in Oct.", "specifics differ"),
        (
            "Practises the sitar with a teacher in Pune every week.",
            "Practises the sitar with a coach in Pune every week.",
            "person differs",
        ),
    ],
)
def test_another_day_month_or_person_is_still_told_apart(a: str, b: str, reason: str) -> None:
    verdict = _judged(a, b)
    assert verdict is not None and verdict.startswith(reason), verdict


def test_the_merge_gate_reads_the_abbreviation_too() -> None:
    sources = [CoverageSource("s", "Leaves for Accra on Saturday.")]
    assert missing_specifics(sources, "Off to Accra on Sat.").ok
    assert missing_specifics(sources, "Off to Accra on Sun.").missing == ("Saturday",)
