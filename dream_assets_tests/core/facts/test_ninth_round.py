"""Issue 24, ninth round: a range's first day, "once" in its idioms, "opening" as "first", the
half-year codes, camel-case clippings of a name, and negations restated by "yet to", "bans", a
difficulty, a bound or a positive idiom (docs/merge-checks.md, "Ninth round"). Each credit fails
on the eighth round's rules; each has a guard beside it that the loss it could hide is still
found.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.coverage import CoverageSource, missing_specifics
from dream_assets.core.facts.dates import range_first_days
from dream_assets_tests.core.facts.merges import check as _check


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # a range's first day takes the month written after its last day
        (
            ["Kenji is in Osaka from 4 to 18 August for the conference and a trip."],
            "Kenji will be in Osaka between August 4 and August 18 for the conference and a trip.",
        ),
        # "once in a while" is no count of one
        (
            ["Goes climbing once in a while with colleagues from the lab."],
            "Now and then goes climbing with colleagues from the lab.",
        ),
        # "opening" orders first
        (
            ["The first week of the new job is remote onboarding."],
            "The new job's opening week is remote onboarding.",
        ),
        # a half-year code and its words
        (
            ["The Orion launch slipped to H1 next year."],
            "The Orion launch slipped to the first half of next year.",
        ),
        # a clipped name and its camel-case spelling, both ways round
        (
            ["The reporting service stores events in Mongo."],
            "The reporting service stores its events in MongoDB.",
        ),
        (
            ["Staging runs PostgreSQL on a single node."],
            "Staging runs Postgres on a single node.",
        ),
        # a negated permission restated by "bans"
        (
            ["The gym doesn't allow phones on the weights floor."],
            "The gym bans phones on the weights floor.",
        ),
    ],
)
def test_a_restatement_passes_the_hard_gates(sources: list[str], merged: str) -> None:
    result = _check(sources, merged)
    assert result.ok, result.missing


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        # another first day, or the first day in another month
        (
            ["Kenji is in Osaka from 4 to 18 August for the conference."],
            "Kenji will be in Osaka between August 5 and August 18 for the conference.",
            "quantity: 4",
        ),
        (
            ["Kenji is in Osaka from 4 to 18 August for the conference."],
            "Kenji will be in Osaka between July 4 and August 18 for the conference.",
            "quantity: 4",
        ),
        # "once a month" is still a count
        (
            ["Visits her grandmother in Hove once a month."],
            "Visits her grandmother in Hove twice a month.",
            "quantity: once",
        ),
        # the other half, the other clipping
        (
            ["The Orion launch slipped to H1 next year."],
            "The Orion launch slipped to the second half of next year.",
            "H1",
        ),
        (
            ["The game is written in Java."],
            "The game is written in JavaScript.",
            "Java",
        ),
        # a lowercase extension is another name
        (
            ["Daniel coaches the under-12 team."],
            "Daniela coaches the under-12 team.",
            "Daniel",
        ),
        # "bans" of something else, and the flip itself
        (
            ["The gym doesn't allow phones on the weights floor."],
            "The gym allows phones on the weights floor.",
            "negation: doesn't allow phones on the weights floor",
        ),
    ],
)
def test_the_loss_is_still_found(sources: list[str], merged: str, finding: str) -> None:
    result = _check(sources, merged)
    assert finding in result.missing, (result.missing, result.hints)


@pytest.mark.parametrize(
    ("sources", "merged", "hint"),
    [
        # ("yet to" restating "hasn't", a hint here, is a negation of its own since the tenth
        # round: test_tenth_round.py)
        # an inability restated as a difficulty
        (
            ["Amara can't handle long car journeys."],
            "Long car journeys are hard for Amara.",
            "negation: can't handle long car journeys (restated?)",
        ),
        (
            ["Can't tolerate gluten."],
            "Gluten disagrees with them.",
            "negation: Can't tolerate gluten (restated?)",
        ),
        # a negated "after" a time restated as a bound
        (
            ["Never takes calls after 7pm."],
            "Takes calls only until 7 pm.",
            "negation: Never takes calls after 7 (restated?)",
        ),
    ],
)
def test_a_negation_restated_is_a_hint(sources: list[str], merged: str, hint: str) -> None:
    result = _check(sources, merged)
    assert result.ok, result.missing
    assert any(h.startswith(hint.removesuffix(" (restated?)")) for h in result.hints), result.hints
    assert hint in result.hints, result.hints


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        # "yet to" of something else, a difficulty beside the flip, "before" another time
        (
            ["The agency still hasn't refunded the visa fee."],
            "The agency refunded the visa fee; the passport is yet to arrive.",
            "negation: hasn't refunded the visa fee",
        ),
        (
            ["Amara can't handle long car journeys."],
            "Amara handles long car journeys well.",
            "negation: can't handle long car journeys",
        ),
        (
            ["Never takes calls after 7pm."],
            "Takes calls after 7 pm, before 9 pm.",
            "negation: Never takes calls after 7",
        ),
    ],
)
def test_a_flip_stays_hard(sources: list[str], merged: str, finding: str) -> None:
    result = _check(sources, merged)
    assert finding in result.missing, (result.missing, result.hints)


def test_a_positive_idiom_is_a_double_negation_hint() -> None:
    result = _check(
        ["Zeynep loves jigsaw puzzles and does one every weekend."],
        "Zeynep can't get enough of jigsaw puzzles and does one every weekend.",
    )
    assert result.ok, result.missing
    assert any(h.endswith("(double negation)") for h in result.hints), result.hints
    # an added negation that is no idiom stays hard
    lone = _check(
        ["Zeynep loves jigsaw puzzles and does one every weekend."],
        "Zeynep doesn't do jigsaw puzzles every weekend.",
    )
    assert not lone.ok


def test_an_added_negation_of_a_derivation_the_sources_negate_is_a_hint() -> None:
    result = _check(
        ["Has postponed the dentist twice already.", "No more postponements are allowed."],
        "Having postponed the dentist twice already, cannot postpone again.",
    )
    added = "negation: cannot postpone (not in the sources)"
    assert added not in result.missing, result.missing
    assert f"{added} (double negation)" in result.hints, result.hints


def test_range_first_days_reads_the_shapes() -> None:
    assert range_first_days("from 10 to 30 June") == {(6, 10)}
    assert range_first_days("10-30 June 2026") == {(6, 10)}
    assert range_first_days("the 3rd and 4th of May") == {(5, 3)}
    assert range_first_days("from 10 to 30 people") == set()


def test_the_pair_judge_keeps_the_clipping_apart() -> None:
    """The camel-case clipping is the merge gate's (``soft=True``); the pair judge's coverage
    reading (``soft=False``) still wants the name as written."""
    sources = [CoverageSource("a", "The reporting service stores events in Mongo.")]
    merged = "The reporting service stores events in MongoDB."
    assert missing_specifics(sources, merged, soft=True).ok
    assert missing_specifics(sources, merged, soft=False).missing == ("Mongo",)
