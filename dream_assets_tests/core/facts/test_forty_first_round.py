"""Issue 24, forty-first round (read off v44 and v44b after their one measurement; the pair is
development data from then on; docs/merge-checks.md, "Forty-first round"):

- a numbered name written with its number in figures on one side and in Roman numerals or as an
  initial on the other ("Level 2" / "Level II") is one quantity for the merge gate, as the
  pair judge already reads it (thirty-fourth round, ``aliases.numbered_names``); another number
  ("Level 3" / "Level II") is still a change.

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (
            ["Is sitting the ACCA Part 2 papers in June.", "Studies for ACCA in the evenings."],
            "Sits the ACCA Part II papers in June and studies for them in the evenings.",
        ),
        (
            ["Passed the Grade VII piano exam last year.", "Grade 7 piano was a merit pass."],
            "Passed the Grade VII piano exam last year with a merit.",
        ),
    ],
)
def test_a_numbered_name_in_another_spelling_is_one_quantity(
    sources: list[str], merged: str
) -> None:
    assert hard_findings(sources, merged) == []


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # Another number, in numerals.
        (
            ["Is sitting the ACCA Part 2 papers in June."],
            "Is sitting the ACCA Part III papers in June.",
        ),
        # Another number, in numerals.
        (
            ["Passed the Grade VII piano exam last year.", "Grade 7 piano was a merit pass."],
            "Passed the Grade VI piano exam last year with a merit.",
        ),
        # The figure gone, another name numbered alike.
        (
            ["Is sitting the ACCA Part 2 papers in June."],
            "Is sitting the ACCA papers in June, Room II.",
        ),
    ],
)
def test_another_number_or_another_name_is_still_a_change(sources: list[str], merged: str) -> None:
    assert any(f.startswith("quantity") for f in hard_findings(sources, merged))
