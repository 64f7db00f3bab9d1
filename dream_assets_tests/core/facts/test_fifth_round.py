"""Issue 24, fifth round: counts and periods restated in words are the same quantity, and the
hard findings split into sub-kinds measured on four blind corpora (docs/merge-checks.md, "Fifth
round"): a dropped source partly kept beside words of the merge's own and an acronym dropped from
a merge that writes words of its own are hints; a drop with nothing new in its place stays hard.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.coverage import missing_specifics
from dream_assets.core.facts.meaning import changed_meanings
from dream_assets_tests.core.facts.merges import check as _check
from dream_assets_tests.core.facts.merges import sources_of as _sources


def _quantities(texts: list[str], merged: str) -> list[str]:
    found = changed_meanings(_sources(texts), merged).missing
    return [f for f in found if f.startswith("quantity") and not f.endswith("(not in the sources)")]


# ── Counts and periods in words ─────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        ("Sees a therapist every two weeks.", "Fortnightly sessions with a therapist."),
        ("Replaces the filter every six months.", "Replaces the filter twice yearly."),
        ("Reviews the budget every three months.", "Reviews the budget quarterly."),
        ("Planning a trip to Kyoto for two weeks.", "A planned fortnight in Kyoto."),
        ("Hosts a board game night every second Friday.", "Hosts games on alternate Fridays."),
        ("Would want the second cat to be an adult.", "Would prefer another cat, an adult."),
        ("On call one week in every five.", "Covers on-call every fifth week."),
        ("There are four worker pods in production.", "A quartet of worker pods runs in prod."),
        ("Has two rabbits who live indoors.", "Their pair of indoor rabbits."),
        ("Passed the test with 31 out of 33.", "Scored 31/33 on the test."),
        ("Sales target is $1.2 million.", "The sales quota is $1.2M."),
        ("Needs half a dozen eggs.", "Needs 6 eggs."),
    ],
)
def test_a_count_or_period_restated_in_words_is_the_same_quantity(source: str, merged: str) -> None:
    assert _quantities([source], merged) == []


@pytest.mark.parametrize(
    ("source", "merged", "finding"),
    [
        ("Sees a therapist every two weeks.", "Weekly sessions with a therapist.", "two"),
        ("Takes amoxicillin three times a day.", "Takes amoxicillin twice daily.", "three"),
        ("Atlas is hiring two more backend engineers.", "Atlas is hiring another one.", "two"),
        # a group word counts things, never a frequency
        ("Goes to daycare twice a week.", "The pair go to daycare one day a week.", "twice"),
        ("Scored 31 out of 33.", "Scored 30/33.", "31"),
    ],
)
def test_a_changed_count_or_period_is_still_found(source: str, merged: str, finding: str) -> None:
    assert f"quantity: {finding}" in _quantities([source], merged)


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        ("Has life insurance for £250,000.", "Life cover of a quarter of a million pounds."),
        ("Session data is cached for a 30-minute window.", "Sessions expire after half an hour."),
        ("Goes to bed around 11:30pm.", "Turns in near half past eleven."),
        ("Is unavailable 12–1pm for lunch.", "Lunch runs from noon to 1."),
        ("The sales target for Q3 is high.", "The third-quarter quota is high."),
        ("Studies at King's College London.", "Studies at KCL."),
        ("Will study at the LSE.", "Will study at the London School of Economics."),
    ],
)
def test_a_specific_in_another_spelling_is_credited(source: str, merged: str) -> None:
    assert missing_specifics(_sources([source]), merged).missing == ()


@pytest.mark.parametrize(
    ("source", "merged", "missing"),
    [
        ("Goes to bed around 11:30pm.", "Goes to bed near half past ten.", "11:30"),
        ("The sales target for Q3 is high.", "The second-quarter quota is high.", "Q3"),
        ("Will study at the LSE.", "Will study at the London Business School.", "LSE"),
        ("Has life insurance for £250,000.", "Life cover of half a million pounds.", "250,000"),
    ],
)
def test_another_value_in_words_is_still_missing(source: str, merged: str, missing: str) -> None:
    assert missing in missing_specifics(_sources([source]), merged).missing


# ── Negation words that negate nothing ──────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        (
            "Shares the fence with the neighbour at number 14.",
            "Splits it with the neighbour at No. 14.",
        ),
        ("Old flags must be removed within 30 days.", "Flags go no later than 30 days after."),
    ],
)
def test_a_number_or_a_bound_is_no_negation(source: str, merged: str) -> None:
    found = changed_meanings(_sources([source]), merged).missing
    assert not [f for f in found if f.startswith("negation")]


def test_no_longer_is_still_a_negation() -> None:
    found = changed_meanings(_sources(["Drinks coffee daily."]), "No longer drinks coffee.").missing
    assert any(f.startswith("negation") for f in found)


def test_an_added_negation_bound_to_until_is_a_hint() -> None:
    result = _check(
        ["Migrations must be reviewed by a second engineer before running in production."],
        "No migration runs in production until a second engineer has reviewed it.",
    )
    assert result.ok
    assert any(h.startswith("negation: No migration") for h in result.hints)


# ── Dropped sources by sub-kind ─────────────────────────────────────────────────────────────

_ANCHOR = "Mango is a green-cheeked conure that can say hello."


def test_a_source_partly_kept_beside_new_words_is_a_hint() -> None:
    sources = [_ANCHOR, "Mango is afraid of the vacuum cleaner at home."]
    merged = (
        "Mango is a green-cheeked conure that can say hello, scared stiff of the hoover indoors."
    )
    assert (
        "source: s1 (partly kept, reworded?)" in changed_meanings(_sources(sources), merged).missing
    )
    result = _check(sources, merged)
    assert result.ok and "source: s1 (partly kept, reworded?)" in result.hints


def test_a_source_dropped_with_nothing_new_in_its_place_stays_hard() -> None:
    # the kept word is the subject the sibling shares; the merge is the sibling copied whole
    sources = ["Hana collects vinyl records.", "Hana volunteers at an animal shelter."]
    assert _check(sources, "Hana collects vinyl records.").missing == ("source: s1",)


def test_a_reworded_source_with_an_amount_stays_hard() -> None:
    # the words around an amount are its unit and period: new words there may be the change
    sources = ["The supplier is Octopus Energy.", "The electricity bill is around £120 a month."]
    merged = "The supplier is Octopus Energy, the power costing about £120 a quarter."
    assert _check(sources, merged).missing == ("source: s1",)


def test_number_words_and_durations_said_by_value_keep_a_source() -> None:
    sources = [
        "Sheldon is a Hermann's tortoise who hibernates in a fridge.",
        "Sheldon is about fifteen years old.",
    ]
    merged = "Sheldon is a Hermann's tortoise who hibernates in a fridge, aged 15."
    assert _check(sources, merged).ok


# ── Acronyms ────────────────────────────────────────────────────────────────────────────────


def test_an_acronym_dropped_from_a_merge_in_its_own_words_is_a_hint() -> None:
    result = _check(
        ["Uses Neovim as the main editor.", "Has LSP configured for Go in Neovim."],
        "Their primary editor is Neovim, set up with language-server support for Go.",
    )
    assert result.ok and "name: LSP" in result.hints


def test_an_acronym_dropped_from_a_merge_with_no_new_word_stays_hard() -> None:
    result = _check(
        ["IMAP delivery is configured for the agent account."],
        "Delivery is configured for the agent account.",
    )
    assert result.missing == ("IMAP",)


def test_a_code_stays_hard_in_any_merge() -> None:
    result = _check(["The router is a TP-Link AX55 with GPT-4 support."], "A new router, reworded.")
    assert "GPT-4" in result.missing
