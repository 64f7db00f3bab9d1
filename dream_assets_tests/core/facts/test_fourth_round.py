"""Issue 24, fourth round: a finding is hard only where its evidence is precise.

An ordinal inside a hyphenated compound is no count, an added negation beside another in its
clause is a hint, a source whose own names, dates and times the merge keeps was reworded (a hint),
an acronym of a name with diacritics credits it, and number words with a scale are one number.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.coverage import CoverageSource, missing_specifics
from dream_assets.core.facts.meaning import changed_meanings
from dream_assets_tests.core.facts.merges import check as _check
from dream_assets_tests.core.facts.merges import sources_of as _sources


@pytest.mark.parametrize(
    "source", ["Buys second-hand furniture when it can.", "Flies first-class to Tokyo."]
)
def test_an_ordinal_joined_by_a_hyphen_is_no_count(source: str) -> None:
    merged = "Buys pre-owned furniture when it can." if "second" in source else "Flies to Tokyo."
    assert not [f for f in _check([source], merged).missing if f.startswith("quantity")]


def test_an_ordinal_on_its_own_is_still_required() -> None:
    assert _check(["Came second in the club race."], "Won the club race.").missing == (
        "quantity: second",
    )


def test_an_added_negation_beside_another_in_its_clause_is_a_hint() -> None:
    result = _check(
        ["Releases must pass review before shipping."], "Nothing ships without a passed review."
    )
    assert result.ok
    assert any(h.endswith("(double negation)") for h in result.hints)
    # without a verifier it binds, like every hint
    assert not _check(
        ["Releases must pass review before shipping."],
        "Nothing ships without a passed review.",
        hints_bind=True,
    ).ok


def test_neither_nor_is_one_negation_and_an_added_one_stays_hard() -> None:
    result = _check(
        ["The user eats eggs.", "The user eats dairy."], "The user eats neither eggs nor dairy."
    )
    assert result.missing == ("negation: neither eggs nor dairy (not in the sources)",)


_ANCHOR = "Pays the water bill by direct debit from the joint account."


def test_a_source_whose_date_and_time_the_merge_keeps_is_a_hint_not_a_drop() -> None:
    sources = [_ANCHOR, "The dentist appointment is on 19 January at 9am."]
    # (written "Jan 19", "January" itself is kept since the ninth round: no drop at all)
    merged = f"{_ANCHOR[:-1]}; dental appt 19/1, 9 a.m."
    assert "source: s1 (specifics kept)" in changed_meanings(_sources(sources), merged).missing
    result = _check(sources, merged)
    assert result.ok
    assert "source: s1 (specifics kept)" in result.hints


def test_a_source_whose_names_the_merge_keeps_is_a_hint_not_a_drop() -> None:
    sources = [
        "Volunteers at the animal sanctuary every Saturday morning.",
        "Two of the rescue dogs from the shelter were adopted by Priya in Leeds.",
    ]
    merged = (
        "Volunteers at the animal sanctuary every Saturday morning; a pair of its hounds went"
        " home with Priya in Leeds."
    )
    result = _check(sources, merged)
    assert result.ok
    assert "source: s1 (specifics kept)" in result.hints


def test_a_source_kept_only_by_an_amount_is_still_dropped() -> None:
    # the amount survived but its period changed: a kept number is no evidence the fact did
    sources = [_ANCHOR, "The household electricity bill is around £120 a month on average."]
    merged = f"{_ANCHOR[:-1]}; power costs £120 a quarter."
    assert _check(sources, merged).missing == ("source: s1",)


def test_a_source_that_vanished_with_its_names_is_still_dropped() -> None:
    sources = [
        "Volunteers at the animal sanctuary every Saturday morning.",
        "Two of the rescue dogs from the shelter were adopted by Priya in Leeds.",
    ]
    merged = "Volunteers at the animal sanctuary every Saturday morning."
    missing = _check(sources, merged).missing
    assert "source: s1" in missing and "Priya" in missing


def test_an_acronym_credits_a_name_written_with_diacritics() -> None:
    source = [CoverageSource("s0", "Donates monthly to Médecins Sans Frontières.")]
    assert missing_specifics(source, "Gives to MSF every month.").ok
    assert missing_specifics(source, "Gives to a charity every month.").missing == (
        "Médecins",
        "Sans",
        "Frontières",
    )


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        ("Aims for 10,000 steps a day.", "Targets ten thousand steps daily."),
        ("Saved 25,000 for a deposit.", "Has twenty-five thousand saved for a deposit."),
        ("Has 300 vinyl records.", "Owns three hundred vinyl records."),
    ],
)
def test_number_words_with_a_scale_are_one_number(source: str, merged: str) -> None:
    result = _check([source], merged)
    assert result.ok and not result.hints


def test_a_changed_number_in_words_is_still_found() -> None:
    result = _check(["Aims for 10,000 steps a day."], "Targets nine thousand steps daily.")
    assert "10,000" in result.missing
    assert "quantity: nine thousand (not in the sources)" in result.hints


def test_a_number_written_as_a_clock_time_keeps_a_source_like_a_name() -> None:
    bedtime = _check(
        [_ANCHOR, "Usually goes to bed around 11 pm."],
        f"{_ANCHOR[:-1]}; bedtime is typically about 11 pm.",
    )
    assert bedtime.ok and "source: s1 (specifics kept)" in bedtime.hints
    # the same number as a count is an amount: the drop stays hard
    pears = _check(
        [_ANCHOR, "Usually buys around 11 pears."],
        f"{_ANCHOR[:-1]}; typically picks up about 11 fruit.",
    )
    assert pears.missing == ("source: s1",)


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        ("Does not drink fizzy drinks.", "Fizzy drinks are out for them."),
        ("Does not use Slack for work.", "Slack is off the table for work."),
        ("Has not paid the invoice from March.", "The March invoice is still unpaid."),
    ],
)
def test_a_negation_perhaps_restated_by_an_exclusion_is_a_hint(source: str, merged: str) -> None:
    result = _check([source], merged)
    assert result.ok
    assert [h for h in result.hints if h.startswith("negation: ") and h.endswith("(restated?)")]
    assert not _check([source], merged, hints_bind=True).ok


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        ("Does not eat out on weekdays.", "Eats out on weekdays."),  # the source's own "out"
        (
            "Does not use Slack for work.",
            "Uses Slack for work, logging off at six.",
        ),  # other clause
        ("Does not use VS Code.", "VS Code is in their toolkit."),  # the plain flip
    ],
)
def test_a_negation_stated_away_stays_hard(source: str, merged: str) -> None:
    missing = _check([source], merged).missing
    assert [f for f in missing if f.startswith("negation: ")]
