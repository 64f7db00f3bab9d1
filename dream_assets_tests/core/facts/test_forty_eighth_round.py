"""Issue 24, forty-eighth round (read off the groups the ninety-two spent sets missed;
docs/benchmarks.md, "Forty-eighth round"): the pair judge reads one relation said from either end
("Lena's son Timo" / "Timo, whose mother is Lena") as one fact (``roles._converse``). A role that
names the same person on both sides, two different people, or a text about the other person of
the two stays a difference. Only the judge reads it: the merge gate does not ask the person
table. The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.near_duplicates.candidates import pair_disagreement


def _judged(a: str, b: str) -> str | None:
    return pair_disagreement(Statement(a), Statement(b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Lena's son Timo starts kindergarten in Graz this autumn.",
            "Timo, whose mother is Lena, begins kindergarten in Graz this autumn.",
        ),
        (
            "Lena's son Timo starts kindergarten in Graz this autumn.",
            "This autumn Timo begins kindergarten in Graz; Lena is his mum.",
        ),
        (
            "Oskar's grandmother, Hilde, moved into his flat after her fall.",
            "After her fall, Hilde moved into the flat of her grandson Oskar.",
        ),
        (
            "Priyanka's uncle Dev runs the family pharmacy in Pune.",
            "Dev runs the family pharmacy in Pune, where his niece Priyanka helps on Saturdays.",
        ),
    ],
)
def test_one_relation_from_either_end_is_one_fact(a: str, b: str) -> None:
    assert _judged(a, b) is None
    assert _judged(b, a) is None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # The same person named by two roles: two facts.
        (
            "Lena's son Timo starts kindergarten in Graz this autumn.",
            "Lena's father Timo starts kindergarten in Graz this autumn.",
        ),
        # One relation, but each text says where a different one of the two lives.
        ("Lena's son Timo lives in Graz.", "Timo's mother Lena lives in Graz."),
        # Not two ends of one relation.
        ("Lena's son Timo lives in Graz.", "Timo's aunt Lena lives in Graz."),
    ],
)
def test_other_roles_stay_a_difference(a: str, b: str) -> None:
    assert (_judged(a, b) or "").startswith("person differs")
    assert (_judged(b, a) or "").startswith("person differs")


def test_two_other_people_stay_apart() -> None:
    assert _judged("Her brother Jonas visits in May.", "His sister Ruth visits in May.") is not None
