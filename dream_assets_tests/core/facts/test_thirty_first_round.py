"""Issue 24, thirty-first round (v31-v34b, measured once and spent, pooled with the fifty sets
before them as development data; docs/merge-checks.md, "Thirty-first round"): spellings of one
fact that the pair judge or the merge gate read as two, each with guards beside it:

* an acronym whose lowercase letters are its name's connectors ("UoA" / "University of Auckland",
  "TfL" / "Transport for London"; ``tokens.connector_initials``), both judges;
* an alias opening a compound adjective ("USSR-made", ``aliases._form_pattern``) and "American"
  for the United States (``aliases.ALIASES``);
* a month of a year written ISO ("2027-06") and a day and month without a year ("20/12"), as
  dates (``dates.written_dates``), both judges;
* a length the merge states as the period of the same thing ("cycles of two weeks" / "fortnightly
  cycles"; ``equivalents.length_as_period``), the gate;
* a kinship word written as a name ("for Dad's seventieth" / "the user's father"), a
  sentence-opening verb form the merge inflects ("Autoscaling is driven by CPU" / "autoscales on
  CPU"), "a Saturday or Sunday" as the weekend, an amount after a currency's letters ("R9,500"),
  the end of a spoken range of hours ("from eight to ten" / "from 8 to 10 pm"): the gate;
* a role said by what the person does ("shared a flat with" / "flatmate", "teaches" /
  "teacher"; ``roles``) and a former role ("their old flatmate", ``pair_readings._FORMER``): the
  pair judge.

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings

SAME = [
    (
        "Wiremu lectures in geology at the University of Otago.",
        "Wiremu is a geology lecturer at UoO.",
    ),
    (
        "Sanna's badge works at every Transport for London station.",
        "Sanna's TfL badge works at every station.",
    ),
    ("Dmitri restores Soviet motorbikes.", "Dmitri restores USSR-made motorbikes."),
    ("Keiko renews her US passport in May.", "Keiko renews her American passport in May."),
    ("The office shuts from 23 December to 2 January.", "The office shuts 23/12 through 02/01."),
    ("Farid's apprenticeship ends in March 2028.", "Farid's apprenticeship ends in 2028-03."),
    (
        "Ines, the user's old housemate, now teaches maths in Porto.",
        "The user once shared a house with Ines, who is a maths teacher in Porto these days.",
    ),
]


@pytest.mark.parametrize(("a", "b"), SAME)
def test_the_pair_judge_reads_one_fact_in_these_spellings(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is None


@pytest.mark.parametrize(("a", "b"), SAME[:6])
def test_the_gate_credits_these_spellings_both_ways(a: str, b: str) -> None:
    assert hard_findings([a], b) == []
    assert hard_findings([b], a) == []


@pytest.mark.parametrize(
    ("a", "b", "why"),
    [
        (
            "Wiremu lectures at the University of Otago.",
            "Wiremu lectures at UoA.",
            "specifics differ",
        ),
        (
            "Dmitri restores Soviet motorbikes.",
            "Dmitri restores Polish motorbikes.",
            "specifics differ",
        ),
        ("The office shuts on 23 December.", "The office shuts on 24/12.", "specifics differ"),
        (
            "Ines is the user's housemate and teaches maths in Porto.",
            "The user used to share a house with Ines, who teaches maths in Porto.",
            "status differs",
        ),
        (
            "Ines, the user's housemate, is a maths teacher.",
            "Ines, the user's landlady, is a maths teacher.",
            "person differs",
        ),
    ],
)
def test_another_name_date_or_role_still_differs(a: str, b: str, why: str) -> None:
    verdict = pair_disagreement(Statement(a), Statement(b))
    assert verdict is not None and verdict.startswith(why)


def test_an_acronym_whose_connector_the_name_lacks_is_missing() -> None:
    # "UoA" needs "of" (or "on") between its two words: "Auckland University" is another name.
    assert hard_findings(["Mele studies at UoA."], "Mele studies at Auckland University.")


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        (
            "The team works in Linear, with cycles of two weeks.",
            "The team runs fortnightly Linear cycles.",
        ),
        ("Sprints for the app team run for 14 days.", "The app team plans fortnightly sprints."),
        (
            "For Dad's seventieth the family books lunch.",
            "The family books lunch for the user's father's 70th.",
        ),
        (
            "Autoscaling for the billing API follows CPU load.",
            "The billing API autoscales on CPU load.",
        ),
        (
            "Salaries move to the Friday before when the 25th is a Saturday or Sunday.",
            "Salaries move to the Friday before when the 25th lands on a weekend.",
        ),
        (
            "Thandeka pays 12,400 rand a month for the flat.",
            "Thandeka's flat costs R12,400 monthly.",
        ),
        (
            "Lwazi studies every evening from seven to nine.",
            "Lwazi studies every evening from 7 to 9 pm.",
        ),
    ],
)
def test_the_gate_credits_these_restatements(source: str, merged: str) -> None:
    assert hard_findings([source], merged) == []


@pytest.mark.parametrize(
    ("source", "merged", "finding"),
    [
        # a course that lasts two weeks is no fortnightly course: the noun is not the period's
        (
            "The pottery course lasts two weeks.",
            "The pottery course is fortnightly.",
            "quantity: two",
        ),
        (
            "Lwazi studies every evening from seven to nine.",
            "Lwazi studies every evening from 7 to 10 pm.",
            "quantity: nine",
        ),
        (
            "Thandeka pays 12,400 rand a month for the flat.",
            "Thandeka's flat costs R12,900 monthly.",
            "12,400",
        ),
        (
            "For Dad's seventieth the family books lunch.",
            "The family books lunch for the user's mother's 70th.",
            "Dad",
        ),
    ],
)
def test_a_changed_length_hour_amount_or_relation_is_still_missing(
    source: str, merged: str, finding: str
) -> None:
    assert finding in hard_findings([source], merged)
