"""Issue 24, sixteenth round (v15 and v15b, measured once and spent, pooled with the eighteen sets
before them as development data): for the duplicate judge, a noon bound names a half of the day,
"wants" before a thing is no plan, a CamelCase name's humps spell its initials, "Sheltie" is a
Shetland sheepdog, and what credits a negation in a merge credits it in a pair; for the merge
gate, a negation the merge adds to words of its own is a hint (docs/merge-checks.md, "Sixteenth
round"). Each credit fails on the fifteenth round's rules; each has a guard beside it that the
difference it could hide is still found. The sentences are written for these tests, not taken
from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.aliases import equated
from dream_assets.core.facts.merge_check import is_hint
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.core.facts.merges import check


def judge(a: str, b: str) -> str | None:
    return pair_disagreement(Statement(a), Statement(b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Answers support tickets most mornings, about an hour a day.",
            "Roughly sixty minutes of support tickets before noon on most days.",
        ),
        (
            "Keeps the afternoons for calls with the Lagos office.",
            "Calls with the Lagos office happen only after midday.",
        ),
    ],
)
def test_a_noon_bound_names_a_half_of_the_day(a: str, b: str) -> None:
    assert judge(a, b) is None


def test_a_noon_bound_still_tells_the_halves_apart() -> None:
    verdict = judge(
        "Walks the dog every morning along the canal.",
        "Walks the dog along the canal after noon.",
    )
    assert verdict is not None and verdict.startswith("time of day differs")
    assert judge("Takes lunch at noon with Ravi.", "Takes lunch at midday with Ravi.") is None


def test_wants_before_a_thing_is_no_plan() -> None:
    assert (
        judge(
            "Wants meeting notes short and in numbered lists.",
            "Prefers terse meeting notes, formatted as numbered lists.",
        )
        is None
    )


def test_wants_to_is_still_a_plan() -> None:
    verdict = judge(
        "Wants to move the blog to Hugo next quarter.",
        "Moved the blog to Hugo last quarter.",
    )
    assert verdict is not None and verdict.startswith("status differs")


def test_a_camelcase_name_spells_its_initials() -> None:
    text = "New services at Brightline are written in TS, never plain JS."
    other = "Brightline writes every new service in TypeScript rather than JavaScript."
    assert equated(text, other) == (
        "New services at Brightline are written in TypeScript, never plain JavaScript."
    )
    # three-letter humps at least: "McDonald" spells no "MD"
    assert equated("Dr McDonald is an MD in Leeds.", "An MD in Leeds") == (
        "Dr McDonald is an MD in Leeds."
    )
    # an acronym the other text does not spell out stays, and still tells the two apart
    assert judge("The admin panel is written in TS.", "The admin panel is written in Elm.")


def test_a_sheltie_is_a_shetland_sheepdog() -> None:
    a = "Kofi's Sheltie, Pilot, hides in the bath when the neighbours set off fireworks."
    b = "Pilot, Kofi's Shetland sheepdog, takes refuge in the bathtub during fireworks."
    assert judge(a, b) is None
    assert check([a], b).ok
    generalised = check([a], "Pilot, Kofi's dog, hides in the bath during fireworks.")
    assert not generalised.ok or any("Sheltie" in h for h in generalised.hints)
    assert judge("Pilot is a Sheltie.", "Pilot is a Shetland pony.") is not None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("No sugar in coffee since 2021.", "Gave up sugar in coffee in 2021."),
        (
            "Cannot work with music playing in the background.",
            "Working with background music is impossible for the user.",
        ),
    ],
)
def test_a_negation_said_another_way_in_a_pair(a: str, b: str) -> None:
    assert judge(a, b) is None


def test_a_flip_in_a_pair_is_still_found() -> None:
    verdict = judge("Does not eat meat since 2018.", "Eats meat since 2018.")
    assert verdict == "negation differs"


def test_a_negation_the_merge_adds_to_its_own_words_is_a_hint() -> None:
    source = "Staging builds may run at most three hours before they are cancelled."
    merged = "Staging builds are cancelled rather than allowed to exceed three hours."
    result = check([source], "Staging builds never outlast three hours; longer ones are cancelled.")
    assert result.ok, result.missing
    assert any(h.startswith("negation: never outlast") and is_hint(h) for h in result.hints)
    assert check([source], merged).ok


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (["Karin eats fish.", "Karin eats cheese."], "Karin eats neither fish nor cheese."),
        (
            ["The user swims every morning.", "The user cycles to the office."],
            "The user cycles to the office but does not swim every morning.",
        ),
    ],
)
def test_a_negation_added_to_a_sources_own_words_stays_hard(
    sources: list[str], merged: str
) -> None:
    result = check(sources, merged)
    assert not result.ok
    assert any(f.startswith("negation: ") for f in result.missing), result.missing
