"""Issue 24, thirty-sixth round (read off v38, v38b, v39 and v39b and the sets before them, each
reading checked over every spent set; docs/merge-checks.md, "Thirty-sixth round"):

- hours: a bare hour after a hedge or before a comma ("from about 9", "at 9,"), a figure with its
  part of the day ("3 in the afternoon" / "3 pm"), the end of a range opening with a clock time
  ("6:30 to 8" / "6:30-8 pm"), an hour and its minutes in words ("around four thirty" / "4:30");
- counts: "both" is two, "twice daily" is "morning and night", a second thing is an "extra",
  "additional" or "spare" one, a first child the "firstborn", a first stage the "primary" one, a
  count that opens its sentence counts the names after it ("Two of her analysts, A and B"), and
  "once" before a name or a number is the conjunction ("once Zoya starts nursery");
- negations said without a negation word: a verb of prevention before a gerund without its
  "from" ("prevents him lifting"), leaving a thing alone ("leaves the study alone"); a merge that
  negates, as the subject of its clause, what a source negates ("but not a desert tour" / "a
  desert tour is not wanted") and a "not yet" of what a source still means or weighs up ("keeps
  meaning to replace it" / "still hasn't replaced it") are hints for the verifier;
- a sentence-opening gerund or "re-" verb that lemminflect does not list ("Reindexing",
  "Retest") is an opener, a hint, in a merge that rewords;
- the pair judge reads "off" as an absence: "Fridays off", "off the table", "stays off ferries".

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.lexicon import derived_english
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # hours
        (
            ["Piano lessons are on Saturday mornings at 9, before football."],
            "Piano is 9 am on Saturdays, before football.",
        ),
        (
            ["Plays five-a-side from about 7 until ten on Thursdays."],
            "Plays five-a-side on Thursdays from around 7 pm to 10 pm.",
        ),
        (["Best reached at about 4 in the afternoon."], "Best reached at about 4 pm."),
        (["Pottery class on Mondays from 6:30 to 9."], "Pottery class on Mondays, 6:30-9 pm."),
        (
            ["Gets back from the depot around five thirty."],
            "Gets back from the depot at about 5:30.",
        ),
        # counts
        (["Has two nephews in Leeds."], "Both nephews live in Leeds."),
        (["Uses the steroid inhaler twice daily."], "Uses the steroid inhaler morning and night."),
        (["Keeps a second laptop charger in the car."], "Keeps a spare laptop charger in the car."),
        (
            ["Orders over €500 need a second signature."],
            "Orders over €500 need an extra signature.",
        ),
        (
            ["Her first child, Tomás, is four; the second is due in May."],
            "Tomás, her firstborn, is four; the second is due in May.",
        ),
        (
            ["Two of her students, Aiyana and Bruno, sit the exam in May."],
            "Aiyana and Bruno, her students, sit the exam in May.",
        ),
        (
            ["Will renew the lease once Priya signs the new contract."],
            "Will renew the lease after Priya signs the new contract.",
        ),
        # negations in other words
        (
            ["Hemi can't climb the loft ladder because of his hip."],
            "Hemi's hip prevents him climbing the loft ladder.",
        ),
        (
            ["The gardener doesn't touch the vegetable beds."],
            "The gardener leaves the vegetable beds alone.",
        ),
    ],
)
def test_the_gate_reads_one_fact_in_another_spelling(sources: list[str], merged: str) -> None:
    assert hard_findings(sources, merged) == []


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (
            ["Wants a harbour cruise and a museum day, but not a cooking class."],
            "Wants a harbour cruise and a museum day; a cooking class is not wanted.",
        ),
        (
            ["Keeps meaning to replace the porch light before winter."],
            "Still hasn't replaced the porch light; means to before winter.",
        ),
        (
            ["Is deciding whether to sell the van or keep it for another year."],
            "Hasn't yet decided whether to sell the van or keep it another year.",
        ),
        (
            ["The archive server is slow.", "Reindexing the archive takes six hours every Sunday."],
            "The archive server is slow; its Sunday rebuild of the index runs six hours.",
        ),
    ],
)
def test_a_restatement_is_a_hint_not_a_rejection(sources: list[str], merged: str) -> None:
    assert hard_findings(sources, merged) == []


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        (
            ["Piano lessons are on Saturday mornings at 9, before football."],
            "Piano is 10 am on Saturdays, before football.",
            "quantity: 9",
        ),
        (["Has three nephews in Leeds."], "Both nephews live in Leeds.", "quantity: three"),
        (
            ["Uses the steroid inhaler twice daily."],
            "Uses the steroid inhaler every morning.",
            "quantity: twice",
        ),
        (["Goes to the gym once a week."], "Goes to the gym twice a week.", "quantity: once"),
        (
            ["Hemi can climb the loft ladder."],
            "Hemi can't climb the loft ladder.",
            "negation: can't climb the loft ladder (not in the sources)",
        ),
        (
            ["The gardener doesn't touch the vegetable beds."],
            "The gardener tends the vegetable beds.",
            "negation: doesn't touch the vegetable beds",
        ),
        # a gerund the merge drops without a word of its own stays hard (eighth round)
        (
            ["Reindexing the archive takes six hours on Sundays."],
            "The archive takes six hours on Sundays.",
            "Reindexing",
        ),
    ],
)
def test_a_real_change_is_still_found(sources: list[str], merged: str, finding: str) -> None:
    assert finding in hard_findings(sources, merged)


@pytest.mark.parametrize(
    ("word", "derived"),
    [
        ("reindexing", True),
        ("bouldering", True),
        ("retest", True),
        ("beijing", False),
        ("renata", False),
        ("ming", False),
    ],
)
def test_a_derived_english_word(word: str, derived: bool) -> None:
    assert derived_english(word) is derived


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Works a four-day week; Fridays are always off.", "The user never works on a Friday."),
        ("Works four days a week; Fridays off.", "The user has no work on Fridays."),
        (
            "Dr Lindqvist told the user not to cycle until March.",
            "Cycling is off the table until March, per Dr Lindqvist.",
        ),
    ],
)
def test_the_pair_judge_reads_off_as_an_absence(a: str, b: str) -> None:
    assert pair_disagreement(Statement(b), Statement(a)) is None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Doesn't take Fridays off.", "Takes Fridays off."),
        ("Hasn't paid off the car loan.", "Paid off the car loan."),
    ],
)
def test_the_pair_judge_still_tells_a_flip_apart(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is not None
