"""Issue 24, twenty-first round (v23 and v23b, measured once and spent, pooled with the thirty-four
sets before them as development data), the merge gate's quantities: a count said by naming what it
counts ("two rabbits, Fig and Truffle" / "rabbits Fig and Truffle") and a length said as an
adjective that the merge states as a period ("two-week cycles" / "fortnightly cycles")
(docs/merge-checks.md, "Twenty-first round"). Each credit fails on the twentieth round's rules;
each has guards beside it that the difference it could hide is still found. The sentences are
written for these tests, not taken from a corpus.
"""

from __future__ import annotations

from dream_assets.core.facts.coverage import CoverageResult
from dream_assets.core.facts.merge_check import is_hint
from dream_assets_tests.core.facts.merges import check


def _quantity(result: CoverageResult, text: str) -> bool:
    """Whether ``result`` holds the hard finding that the source's ``text`` is lost."""
    finding = f"quantity: {text}"
    return finding in result.missing and not is_hint(finding)


def test_a_count_said_by_naming_what_it_counts() -> None:
    assert check(
        ["Shares the allotment with two neighbours, Okonkwo and Brigitte, since 2019."],
        "Since 2019 the allotment has been shared with neighbours Okonkwo and Brigitte.",
    ).ok
    assert check(
        ["Keeps three hens: Pepper, Saffron and Clove, in the back garden."],
        "Pepper, Saffron and Clove are the hens kept in the back garden.",
    ).ok


def test_a_count_said_by_naming_keeps_its_guards() -> None:
    # a name left out: the count is no longer said
    assert _quantity(
        check(
            ["Shares the allotment with two neighbours, Okonkwo and Brigitte, since 2019."],
            "Since 2019 the allotment has been shared with neighbour Okonkwo and others.",
        ),
        "two",
    )
    # the merge counts them otherwise
    assert _quantity(
        check(
            ["Keeps two hens, Pepper and Saffron, in the back garden."],
            "Pepper and Saffron, the three hens, live in the back garden.",
        ),
        "two",
    )
    # names that are not the ones counted ("two" counts more than the two names after it)
    assert _quantity(
        check(
            ["Keeps three hens, Pepper and Saffron among them, in the back garden."],
            "Pepper and Saffron are hens kept in the back garden.",
        ),
        "three",
    )


def test_a_length_said_as_an_adjective_is_the_period_of_a_rate() -> None:
    assert check(
        ["The data team plans its work in two-week sprints that start on Tuesdays."],
        "Work on the data team is planned in fortnightly sprints starting each Tuesday.",
    ).ok
    assert check(
        ["The gym membership is billed as a one-month rolling contract."],
        "The gym membership is a monthly rolling contract.",
    ).ok


def test_a_length_said_as_an_adjective_keeps_its_guards() -> None:
    # another period
    assert _quantity(
        check(
            ["The data team plans its work in two-week sprints that start on Tuesdays."],
            "Work on the data team is planned in weekly sprints starting each Tuesday.",
        ),
        "two",
    )
    # a length that is not an adjective: "stayed two weeks" is no period
    assert _quantity(
        check(
            ["Stayed two weeks with her cousin in Gdańsk last summer."],
            "Visits her cousin in Gdańsk fortnightly; did so last summer.",
        ),
        "two",
    )
