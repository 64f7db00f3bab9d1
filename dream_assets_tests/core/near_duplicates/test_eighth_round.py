"""The duplicate judge's eighth round (issue 24 item 4): a clock time followed by a colon, one
quantity in another unit or spelling, an "-less" absence word, a status word a negation governs,
the word after "being", a clock time in words (docs/benchmarks.md, "Eighth round: the duplicate
judge"). Each test asks the rule and, where the rule has a switch, the judge without it, so it
fails when the rule is gone."""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement, _clock_times, subject_numbers
from dream_assets.core.facts.quantities import (
    equated_clock_words,
    equated_quantities,
    spelled_absences,
)
from dream_assets.core.near_duplicates.candidates import (
    EIGHTH_RULES,
    equated_pair,
    pair_disagreement,
)

NONE: frozenset[str] = frozenset()


def _judged(a: str, b: str, rules: frozenset[str] = EIGHTH_RULES) -> str | None:
    return pair_disagreement(Statement(a), Statement(b), eighth=rules)


# ── The clock time followed by a colon (a bug fix, no switch) ─────────────────────────────────


def test_a_clock_time_followed_by_a_colon_is_a_clock_time() -> None:
    assert _clock_times("Oct 21, 16:30: conference with the teacher.") == [frozenset({"16:30"})]
    assert _clock_times("Back at 12:30:45 sharp.") == [frozenset({"12:30"})]
    # Read as a clock time, 16 and 30 are no numbers against "half past four".
    assert (
        _judged(
            "Oct 21, 16:30: conference with the kids' teacher.",
            "Meeting the children's teacher on October 21 at half past four in the afternoon.",
            NONE,
        )
        is None
    )


def test_two_clock_times_still_differ_with_a_colon() -> None:
    verdict = _judged("Oct 21, 16:30: dentist.", "Oct 21, 17:30: dentist.", NONE)
    assert verdict is not None and "16:30" in verdict, verdict


# ── Quantities in other units ─────────────────────────────────────────────────────────────────

SAME_QUANTITY = [
    (
        "The laptop battery lasts only about two hours now.",
        "The notebook dies after roughly 120 minutes off the charger.",
    ),
    (
        "The tortoise Atlas is 35 years old.",
        "Atlas the tortoise has lived three and a half decades.",
    ),
    (
        "Sold the Yamaha MT-07 for £4,500.",
        "The Yamaha MT-07 went for four and a half thousand pounds.",
    ),
    ("The commute takes one and a half hours.", "The commute takes 90 minutes."),
    ("Walks 1.5 km to work.", "Walks 1,500 metres to work."),
    ("The sabbatical lasts 18 months.", "The sabbatical lasts 1.5 years."),
]


@pytest.mark.parametrize(("a", "b"), SAME_QUANTITY)
def test_one_quantity_in_another_unit_agrees(a: str, b: str) -> None:
    assert _judged(a, b) is None
    verdict = _judged(a, b, EIGHTH_RULES - {"quantities"})
    assert verdict is not None and "differ" in verdict, verdict


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The meeting takes two hours.", "The meeting takes 90 minutes."),
        ("The tortoise is 35 years old.", "The tortoise is three decades old."),
        ("Walks 1.5 km to work.", "Walks 1,200 metres to work."),
        # A month is no fixed number of days: not converted.
        ("The trial lasts one month.", "The trial lasts 30 days."),
    ],
)
def test_different_quantities_still_differ(a: str, b: str) -> None:
    verdict = _judged(a, b)
    assert verdict is not None and "differ" in verdict, verdict


def test_only_a_quantity_the_other_states_is_written_in() -> None:
    assert equated_quantities("lasts two hours", "dies after 120 minutes") == "lasts 120 minutes"
    assert equated_quantities("lasts two hours", "dies after 90 minutes") == "lasts two hours"
    assert equated_quantities("takes half an hour", "takes 30 minutes") == "takes 30 minutes"
    # A bare number is the judge's own reading, never rewritten.
    assert equated_quantities("has two cats", "has 2 cats") == "has two cats"


# ── An "-less" absence word ───────────────────────────────────────────────────────────────────


def test_an_absence_word_is_a_negation_of_its_root() -> None:
    a = "Doesn't own a car; uses Zipcar for trips."
    b = "Carless, so journeys are done with a car-club membership at Zipcar."
    assert _judged(a, b) is None
    assert _judged(a, b, EIGHTH_RULES - {"absences"}) == "negation differs"


def test_an_absence_word_against_its_presence_is_a_negation() -> None:
    verdict = _judged("Is carless and walks everywhere.", "Owns a car and drives everywhere.")
    assert verdict == "negation differs", verdict


def test_only_a_root_the_other_writes_is_spelled_out() -> None:
    assert spelled_absences("Carless, so walks.", "doesn't own a car") == "Without car, so walks."
    assert spelled_absences("Carless, so walks.", "walks a lot") == "Carless, so walks."
    assert spelled_absences("Unless it rains.", "un it rains") == "Unless it rains."


# ── A status word a negation governs ──────────────────────────────────────────────────────────

NEGATED_STATUS = [
    (
        "Friend Keanu borrowed the user's camera and hasn't returned it.",
        "Still waiting for pal Keanu to give back the borrowed camera.",
    ),
    (
        "The kitchen tap has been dripping since March and the user hasn't fixed it.",
        "Since March there's been a leak from the kitchen faucet, still unrepaired.",
    ),
]


@pytest.mark.parametrize(("a", "b"), NEGATED_STATUS)
def test_a_negated_status_word_states_no_status(a: str, b: str) -> None:
    assert _judged(a, b) is None
    verdict = _judged(a, b, EIGHTH_RULES - {"negated status"})
    assert verdict is not None and verdict.startswith("status differs"), verdict


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Has already sold the old Honda Civic.", "Is planning to sell the old Honda Civic."),
        ("Migrated the blog to Hugo.", "Is still migrating the blog to Hugo."),
        (
            "Has already paid this year's council tax.",
            "Still needs to pay this year's council tax.",
        ),
    ],
)
def test_a_status_no_negation_governs_still_differs(a: str, b: str) -> None:
    verdict = _judged(a, b)
    assert verdict is not None and verdict.startswith("status differs"), verdict


# ── The word after "being" is in progress ─────────────────────────────────────────────────────


def test_a_participle_after_being_is_in_progress_not_done() -> None:
    a = "Still owes roughly thirty thousand dollars in education debt and is repaying it."
    b = "Around 30k USD of university borrowing is being paid down."
    assert _judged(a, b) is None
    verdict = _judged(a, b, EIGHTH_RULES - {"progressive"})
    assert verdict is not None and verdict.startswith("status differs"), verdict


def test_a_done_participle_without_being_still_differs() -> None:
    verdict = _judged(
        "The PR adding OAuth login was merged.", "The PR adding OAuth login is still under review."
    )
    assert verdict is not None and verdict.startswith("status differs"), verdict


# ── A clock time in words ─────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Works out at roughly six in the morning.", "Early fitness sessions at about 6 a.m."),
        ("No calls past six in the evening on weekdays.", "Weekday evenings from 18:00 are off."),
    ],
)
def test_a_clock_time_in_words_is_the_other_sides_figure(a: str, b: str) -> None:
    left, right = equated_pair(Statement(a), Statement(b))
    assert subject_numbers(left.text) & subject_numbers(right.text)
    left, right = equated_pair(Statement(a), Statement(b), clock_words=False)
    assert not subject_numbers(left.text) & subject_numbers(right.text)


def test_another_clock_time_in_words_is_read_as_its_own_figure() -> None:
    assert equated_clock_words("six in the morning", "6 p.m.") == "6:00 am"
    assert equated_clock_words("ten at night", "10 pm") == "10 pm"
    assert equated_clock_words("has six cats", "6 a.m.") == "has six cats"
    assert equated_clock_words("six in the morning", "six cats") == "six in the morning"
    verdict = _judged("Gym at six in the morning.", "Gym at 7 a.m.")
    assert verdict is not None and "differ" in verdict, verdict
