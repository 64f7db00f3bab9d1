"""Issue 24, twentieth round (v20–v21b, measured once and spent, pooled with the thirty sets before
them as development data), the near-duplicate judge: look-alikes that share most words but state
different facts are kept apart when one side writes a former habit and the other a present one, an
attempt and the other a thing done, a code the other does not write, a word and the other its
"un-" opposite, or a named hour ("noon") and the other another clock time; and a decimal said in
words ("six point four") is its digits (docs/merge-checks.md, "Twentieth round"). Each difference
is found only with the round's readings (``readings=False`` is the judge before it) and each has a
guard beside it: the same fact said both ways is still one fact. The sentences are written for
these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.lexicon import spoken_decimals
from dream_assets.core.near_duplicates.candidates import pair_disagreement


def judged(a: str, b: str, *, readings: bool = True) -> str | None:
    return pair_disagreement(Statement(a), Statement(b), readings=readings)


@pytest.mark.parametrize(
    ("a", "b", "reason"),
    [
        (
            "Noor used to coach the under-twelves at the rugby club on Sundays.",
            "Noor coaches the under-twelves at the rugby club on Sundays.",
            "status differs: former / current",
        ),
        (
            "Tomasz previously managed the Gdańsk warehouse for the logistics firm.",
            "Tomasz manages the Gdańsk warehouse for the logistics firm.",
            "status differs: former / current",
        ),
        (
            "Ines is applying for a mortgage with the Caixa branch near her office.",
            "Ines got a mortgage with the Caixa branch near her office.",
            "status differs: attempted / done",
        ),
        (
            "Halfway through the Rust book with the reading group at work.",
            "Finished the Rust book with the reading group at work.",
            "status differs: attempted / done",
        ),
        (
            "The build cache lives in the eu-north1 bucket of the platform account.",
            "The build cache lives in the ap-south2 bucket of the platform account.",
            "codes differ: eu-north1 / ap-south2",
        ),
        (
            "Incident updates go to the #inc-payments channel during an outage.",
            "Incident updates go to the #inc-checkout channel during an outage.",
            "codes differ: #inc-payments / #inc-checkout",
        ),
        (
            "The internship at the museum is paid and runs all summer.",
            "The internship at the museum is unpaid and runs all summer.",
            "negation differs: paid / unpaid",
        ),
        (
            "The cleaner comes on Thursdays at noon and has her own key.",
            "The cleaner comes on Thursdays at 3 pm and has her own key.",
            "times differ: 12:00 / 15:00",
        ),
    ],
)
def test_a_look_alike_is_kept_apart_by_the_round_s_readings(a: str, b: str, reason: str) -> None:
    assert judged(a, b, readings=False) is None  # the judge before this round let it through
    assert judged(a, b) == reason
    assert judged(b, a) is not None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a former habit on both sides, said two ways
        ("Used to live in Leeds before the move south.", "Lived in Leeds before the move south."),
        ("Noor used to coach rugby on Sundays.", "Noor formerly coached rugby on Sundays."),
        # an admission said as an offer is no attempt
        (
            "Daughter Amira got into Leeds Uni to study law.",
            "Leeds Uni offered the user's daughter Amira a place on its law course.",
        ),
        # an attempt on both sides
        (
            "Ines is applying for a mortgage with Caixa.",
            "Ines is trying to get a mortgage from Caixa.",
        ),
        # the same code in capitals, and a word that is no code
        ("Backups go to the eu-north1 bucket.", "Backups go to the EU-NORTH1 bucket."),
        ("Works part-time at the library.", "Has a part-time job at the library."),
        # a code said shorter is the same code (v22b, found after it was measured)
        (
            "Staging runs Postgres 15 on a db.r6g.large instance.",
            "The staging database is PostgreSQL 15 on the r6g.large class.",
        ),
        # "un-" before a short root is not read ("undo" / "do")
        ("Can undo the last deploy from the console.", "Can do a rollback of the last deploy."),
        # a named hour and its clock time
        ("Lunch with Dana is at noon on Fridays.", "Lunch with Dana is at 12 pm on Fridays."),
        ("The backup runs at midnight.", "The backup runs at 00:00."),
    ],
)
def test_one_fact_said_both_ways_is_not_split(a: str, b: str) -> None:
    assert judged(a, b) is None
    assert judged(b, a) is None


def test_a_decimal_said_in_words_is_its_digits() -> None:
    a = "A 6.4 kW solar array went on the roof in June."
    b = "Six point four kilowatts of solar panels went on the roof in June."
    assert judged(a, b) is None
    assert spoken_decimals(b)[0] == {"6.4"}
    # another decimal is another number
    assert judged(a, "Six point five kilowatts of solar panels went on the roof in June.") == (
        "numbers differ: 6.4 / 6.5"
    )
    # "point" after a number that is no decimal's: "ten points" reads no decimal
    assert spoken_decimals("Scored ten points in the quiz.")[0] == set()
