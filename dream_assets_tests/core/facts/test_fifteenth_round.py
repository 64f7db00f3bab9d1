"""Issue 24, fifteenth round (v14 and v14b, measured once and spent, pooled with the sixteen sets
before them as development data): a full stop, colon or comma inside a token ends no clause, a day
written as an ordinal word before its month is a date, a "first" that orders nothing, "little" and
"few" for "not ... much / many", the word an "un-" negates, a figure with a thousands comma in a
negated comparison, the verbs of avoiding, a plural's singular, and a variety of English named by
its country (docs/merge-checks.md, "Fifteenth round"). Each credit fails on the fourteenth round's
rules; each has a guard beside it that the loss it could hide is still found. The sentences are
written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.dates import stated_dates
from dream_assets.core.facts.meaning.text import Text
from dream_assets_tests.core.facts.merges import check


def test_a_dot_inside_a_file_name_ends_no_clause() -> None:
    words = Text.read_uncached("nobody should commit .env files or config.toml edits").words
    assert len({w.clause for w in words}) == 1
    source = "Tokens live in 1Password; nobody should paste tokens into .env files in the repo."
    kept = check([source], "Tokens live in 1Password and must never be pasted into .env files.")
    assert kept.ok, kept.missing
    flipped = check([source], "Tokens live in 1Password and are pasted into .env files.")
    assert not flipped.ok, flipped.hints


def test_a_day_in_an_ordinal_word_is_a_date() -> None:
    assert (None, 6, 9) in stated_dates("The twins turn forty on the ninth of June.")
    source = "The twins turn forty on the ninth of June and celebrate in Accra."
    assert check([source], "On June 9 the twins turn 40 and celebrate in Accra.").ok
    moved = check([source], "On June 19 the twins turn 40 and celebrate in Accra.")
    assert not moved.ok, moved.missing


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        (
            "Takes ibuprofen at the first sign of a flare-up, never more than 1,200 mg a day.",
            "Takes ibuprofen as soon as a flare-up starts, never more than 1,200 mg daily.",
        ),
        (
            "Staying in Kyoto for six nights, at a machiya near Gion for the first two.",
            "The six-night Kyoto stay opens with 2 nights at a machiya near Gion.",
        ),
    ],
)
def test_a_first_that_orders_nothing(source: str, merged: str) -> None:
    result = check([source], merged)
    assert result.ok, result.missing


def test_a_first_that_orders_is_still_a_quantity() -> None:
    result = check(["Won the first round of the chess club ladder."], "Won a round of the ladder.")
    assert not result.ok, result.hints


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        ("Doesn't know many people in Leeds yet.", "Knows few people in Leeds so far."),
        (
            "The billing consumer must not lag more than 20,000 events or it pages on-call.",
            "The billing consumer pages on-call once its lag exceeds 20,000 events.",
        ),
        (
            "Hotfixes don't go through the weekly release.",
            "Every hotfix bypasses the weekly release.",
        ),
    ],
)
def test_a_negation_said_another_way(source: str, merged: str) -> None:
    result = check([source], merged)
    assert result.ok, result.missing


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        # "never" is no "not ... many": "few" stands only for the latter
        ("Never invites people from work.", "Invites few people from work."),
    ],
)
def test_a_flip_said_another_way_is_still_found(source: str, merged: str) -> None:
    result = check([source], merged)
    assert not result.ok, result.hints


_MENTORING = [
    "Mentors students at the code club one evening a month.",
    "The mentoring at the code club is unpaid.",
]


def test_the_word_an_un_word_negates_is_negated() -> None:
    merged = "Mentors students at the code club without pay one evening a month."
    result = check(_MENTORING, merged)
    assert result.ok, result.missing
    # a negation of what no source negates is still found
    added = check(_MENTORING, "Mentors at the code club without pay, but not in the evenings.")
    assert "negation: not in the evenings (not in the sources)" in added.missing


def test_a_variety_of_english_by_its_country() -> None:
    source = "Wants every README in British English with sentence-case headings."
    kept = check([source], "Every README should use UK spelling and sentence-case headings.")
    assert kept.ok, kept.missing
    other = check([source], "Every README should use US spelling and sentence-case headings.")
    assert not other.ok, other.missing


def test_a_change_after_getting_is_not_done() -> None:
    # the pair judge: "are getting married" on a date is the plan "will marry" states
    from dream_assets.core.near_duplicates.candidates import Statement, pair_disagreement

    planned = Statement("Will marry Noor in Cork on 3 May 2027.")
    assert (
        pair_disagreement(Statement("Is getting married to Noor in Cork on 3 May 2027."), planned)
        is None
    )
    done = pair_disagreement(Statement("Got married to Noor in Cork on 3 May 2027."), planned)
    assert done == "status differs: planned / done"
