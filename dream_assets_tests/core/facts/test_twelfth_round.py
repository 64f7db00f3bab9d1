"""Issue 24, twelfth round (the spent sets v2-v12b pooled as development data): "without fail" is
no negation; a lost negation restated by an exclusive word, a secret or a surprise, or a bound
that keeps its figure is a hint; a classifier closing a name ("Hospital", "University") dropped
after the name it classifies is a hint; "three thousand two hundred" is one number
(docs/merge-checks.md, "Twelfth round"). Each case fails on the eleventh round's rules; each has a
guard beside it that the loss it could hide is still found.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.meaning.text import Text
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.core.facts.merges import check


@pytest.mark.parametrize(
    ("sources", "merged", "hint"),
    [
        (
            ["Nobody has write access to the billing database except the finance bot."],
            "Write access to the billing database belongs solely to the finance bot.",
            "negation: Nobody has write access to the billing database (restated?)",
        ),
        (
            ["Priya must not find out about the engagement ring before Saturday."],
            "The engagement ring is a surprise for Priya until Saturday.",
            "negation: not find out about the engagement ring before (restated?)",
        ),
        (
            ["Standups never run over 10 minutes on the data team."],
            "Standups on the data team are capped at ten minutes.",
            "negation: never run over 10 minutes on the data (restated?)",
        ),
        (
            ["The staging cluster is not used by anyone except the QA team."],
            "The staging cluster is used exclusively by the QA team.",
            "negation: not used by anyone except the QA (restated?)",
        ),
        (
            ["Olu hasn't told his parents about the new job in Lagos."],
            "Olu's new job in Lagos is still a secret from his parents.",
            "negation: hasn't told his parents about the new job (restated?)",
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
            ["Nobody has write access to the billing database except the finance bot."],
            "Everyone has write access to the billing database, including the finance bot.",
            "negation: Nobody has write access to the billing database",
        ),
        (
            ["Priya must not find out about the engagement ring before Saturday."],
            "Priya will find out about the engagement ring before Saturday.",
            "negation: not find out about the engagement ring before",
        ),
        (
            ["Standups never run over 10 minutes on the data team."],
            "Standups on the data team run over 20 minutes.",
            "negation: never run over 10 minutes on the data",
        ),
        # "only" is no restatement: "only occasionally" softens a negation as often as it restates
        # one (measured: seven lossy merges of the spent sets would have passed)
        (
            ["Hasn't had a drink since 2021."],
            "Has drunk only occasionally since 2021.",
            "negation: Hasn't had a drink since 2021",
        ),
    ],
)
def test_the_flip_stays_hard(sources: list[str], merged: str, finding: str) -> None:
    result = check(sources, merged)
    assert finding in result.missing, (result.missing, result.hints)


def test_without_fail_is_no_negation() -> None:
    result = check(
        ["Grandma Rosa phones on Sunday mornings without fail."],
        "Grandma Rosa phones every Sunday morning.",
    )
    assert result.ok, result.missing
    assert not [h for h in result.hints if h.startswith("negation")], result.hints
    # "without" anything else is still read
    lost = check(["Grandma Rosa never leaves without her cane."], "Grandma Rosa leaves her cane.")
    assert not lost.ok


@pytest.mark.parametrize("head", ["Hospital", "University"])
def test_a_classifier_closing_a_name_is_a_hint(head: str) -> None:
    source = f"Had knee surgery at St Luke's {head} in May 2024."
    result = check([source], "Had knee surgery at St Luke's in May 2024.")
    assert result.ok, result.missing
    assert f"name: {head}" in result.hints, result.hints
    # the whole name dropped stays hard
    lost = check([source], "Had knee surgery in May 2024.")
    assert {"Luke", head} <= set(lost.missing), lost.missing


def test_a_name_after_its_head_still_tells_variants_apart() -> None:
    result = check(["Pays with an Amex Platinum card."], "Pays with an Amex card.")
    assert "Platinum" in result.missing, (result.missing, result.hints)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("insured for three thousand two hundred pounds", "3200"),
        ("about twenty-five thousand three hundred and twelve visitors", "25312"),
        ("five thousand and two hundred and fifty", "5250"),
        ("ten thousand steps", "10000"),
    ],
)
def test_hundreds_after_a_thousand_are_one_number(text: str, value: str) -> None:
    assert [q.value for q in Text.read_uncached(text).quantities] == [value]


def test_a_number_spelled_in_two_groups_is_kept_by_its_figure() -> None:
    source = "Her ring is insured for three thousand two hundred pounds."
    assert check([source], "Her ring is insured for £3,200.").ok
    changed = check([source], "Her ring is insured for £3,000.")
    assert not changed.ok, changed.missing


def test_the_pair_judge_reads_hundreds_after_a_thousand_as_one_number() -> None:
    figure = Statement("Owes the tax office £2,300 for self-assessment, due by 31 January.")
    words = Statement(
        "A tax bill of two thousand three hundred pounds is due to the revenue by Jan 31."
    )
    assert pair_disagreement(figure, words) is None
    other = Statement("Owes the tax office £2,000 for self-assessment, due by 31 January.")
    assert pair_disagreement(other, words) == "numbers differ: 2000 / 2300"


def test_a_name_in_the_plural_is_the_name() -> None:
    plural = Statement("Restores vintage mechanical watches, mainly Seikos from the 1970s.")
    singular = Statement("Brings old wind-up Seiko timepieces from the seventies back to life.")
    assert pair_disagreement(plural, singular) is None
    assert pair_disagreement(singular, plural) is None
    # another name in the plural still differs
    other = Statement("Restores vintage mechanical watches, mainly Casios from the 1970s.")
    assert pair_disagreement(other, singular) is not None
