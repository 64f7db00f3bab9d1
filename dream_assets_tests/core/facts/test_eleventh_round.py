"""Issue 24, eleventh round (v10 read as development data): each part of a capitalized run is a
name for its acronym, a numeric date's figures, an acronym that skips its "of", "always" for a
double negation, an antonym for a negated word (docs/merge-checks.md, "Eleventh round"). Each
credit or hint fails on the tenth round's rules; each has a guard beside it that the loss it
could hide is still found.
"""

from __future__ import annotations

import pytest

from dream_assets_tests.core.facts.merges import check


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (
            ["The user will fly to Los Angeles for Kaveh's graduation in June."],
            "The user is flying to LA for Kaveh's graduation in June.",
        ),
        (
            ["The residence permit is valid until 14/03/2028."],
            "The residence permit is valid until 14 March 2028.",
        ),
        (
            ["Holds LPA for her mother, Ines."],
            "Holds lasting power of attorney for her mother, Ines.",
        ),
    ],
)
def test_a_restatement_passes_the_hard_gates(sources: list[str], merged: str) -> None:
    result = check(sources, merged)
    assert result.ok, result.missing
    assert not [h for h in result.hints if h.startswith("name:")], result.hints  # a credit


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        (
            ["The user will fly to Los Angeles for Kaveh's graduation in June."],
            "The user is flying to SD for Kaveh's graduation in June.",
            "Angeles",
        ),
        (
            ["The residence permit is valid until 14/03/2028."],
            "The residence permit is valid until 14 April 2028.",
            "03",
        ),
        (
            ["Holds LPA for her mother, Ines."],
            "Holds it for her mother, Ines.",
            "LPA",
        ),
    ],
)
def test_the_loss_is_still_found(sources: list[str], merged: str, finding: str) -> None:
    result = check(sources, merged)
    assert finding in result.missing, (result.missing, result.hints)


@pytest.mark.parametrize(
    ("sources", "merged", "hint"),
    [
        (
            ["Fridays are pizza night, never without the garlic dip."],
            "Fridays are pizza night, and they always order the garlic dip.",
            "negation: never without the garlic dip (restated?)",
        ),
        (
            ["The bakery on Rua Augusta doesn't open on Sundays."],
            "The bakery on Rua Augusta is closed on Sundays.",
            "negation: doesn't open on Sundays (restated?)",
        ),
    ],
)
def test_a_negation_restated_is_a_hint(sources: list[str], merged: str, hint: str) -> None:
    result = check(sources, merged)
    assert result.ok, result.missing
    assert hint in result.hints, result.hints


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        (
            ["Fridays are pizza night, never without the garlic dip."],
            "Fridays are pizza night, sometimes with the garlic dip.",
            "negation: never without the garlic dip",
        ),
        (
            ["The bakery on Rua Augusta doesn't open on Sundays."],
            "The bakery on Rua Augusta opens on Sundays.",
            "negation: doesn't open on Sundays",
        ),
    ],
)
def test_a_flip_stays_hard(sources: list[str], merged: str, finding: str) -> None:
    result = check(sources, merged)
    assert finding in result.missing, (result.missing, result.hints)
