"""Issue 24, twenty-third round (v26 and v26b, measured once and spent, pooled with the forty
sets before them as development data; docs/merge-checks.md, "Twenty-third round"). Three readings,
each of a pair the twenty-second round's rules judged wrongly, each with guards beside it:

* the near-duplicate judge reads "going" as a plan only in "going to" before a bare verb
  (``core/facts/status_uses.py``, as the merge gate's status rule reads it);
* the near-duplicate judge writes a duration in hours and minutes as the clock figure the other
  memory writes for it ("3 h 41 min" / "3:41", ``quantities.equated_durations``);
* the merge gate does not read a number word opening a sentence ("Eighteen guests …") as a name
  (``lexicon.is_number_word``): the quantity rule reads it as the number it is;
* a verb of prevention credits a lost negation in all its forms ("keeping them from") and with a
  list between it and its "from" ("stops any … or … from"; ``meaning/stated_negatively.py``).

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement, status_difference_in_own_words
from dream_assets.core.facts.status_uses import no_status_words
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings


def judged(a: str, b: str) -> str | None:
    return pair_disagreement(Statement(a), Statement(b))


# ── "going" is a plan only before a bare verb ─────────────────────────────────────────────


def test_going_to_a_place_is_no_plan() -> None:
    a = "Tomasz's daughter Ilse joined a Thursday fencing club in Gdansk this spring."
    b = "This spring, Ilse, Tomasz's girl, started going to a Gdansk fencing club on Thursdays."
    assert judged(a, b) is None
    # the rule before the round: every "going" a plan, against a done "joined"
    own = status_difference_in_own_words(Statement(a), Statement(b))
    assert "going" in no_status_words(b) and own is None


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("Is going to sell the van in March.", False),
        ("The user is going to ask for a raise.", False),
        ("Goes on; going to the gym daily.", True),
        ("The refurbishment is going well.", True),
        ("Going to Leeds for the weekend.", True),  # a place, in capitals
    ],
)
def test_going_uses(text: str, plain: bool) -> None:
    assert ("going" in no_status_words(text)) is plain


def test_a_plan_against_a_done_fact_still_differs() -> None:
    assert (
        judged(
            "Ilse is going to join a fencing club in Gdansk.",
            "Ilse joined a fencing club in Gdansk.",
        )
        == "status differs: planned / done"
    )


# ── a duration in hours and minutes is its clock figure ───────────────────────────────────


def test_hours_and_minutes_are_the_clock_figure() -> None:
    a = "The user has swum the lake crossing twice, the faster in 1:52 in Annecy."
    b = "Two lake crossings swum; best time 1 h 52 min, set in Annecy."
    assert judged(a, b) is None
    assert judged(a, "Two lake crossings swum; best time 1 h 52 min 10 s, set in Annecy.") is None


@pytest.mark.parametrize(
    "b",
    [
        "Two lake crossings swum; best time 1 h 57 min, set in Annecy.",
        "Two lake crossings swum; best time 2 h 52 min, set in Annecy.",
    ],
)
def test_another_duration_still_differs(b: str) -> None:
    a = "The user has swum the lake crossing twice, the faster in 1:52 in Annecy."
    assert judged(a, b) is not None


# ── a number word opening a sentence is a number, not a name ──────────────────────────────


@pytest.mark.parametrize(("word", "figure"), [("Nineteen", "19"), ("Thirty", "30")])
def test_a_number_word_opening_a_sentence_is_no_name(word: str, figure: str) -> None:
    sources = [
        "The user is planning a retirement lunch for their manager Odile on 3 March.",
        f"{word} colleagues have replied yes to Odile's lunch, and the venue is Chez Marin.",
    ]
    merged = (
        "The user is planning a retirement lunch on 3 March for their manager Odile at Chez "
        f"Marin, and {figure} colleagues have replied yes."
    )
    # before the round: the word was a name the merge lost
    assert hard_findings(sources, merged) == []


def test_the_number_itself_still_counts() -> None:
    sources = ["Nineteen colleagues have replied yes to Odile's lunch at Chez Marin."]
    lost = hard_findings(sources, "Colleagues have replied yes to Odile's lunch at Chez Marin.")
    assert lost and all(f.startswith("quantity") for f in lost)
    changed = hard_findings(
        sources, "22 colleagues have replied yes to Odile's lunch at Chez Marin."
    )
    assert changed


def test_a_name_opening_a_sentence_is_still_a_name() -> None:
    sources = ["Odile has booked Chez Marin for the retirement lunch on 3 March."]
    assert "Odile" in hard_findings(sources, "Chez Marin is booked for the lunch on 3 March.")


# ── a prevention in its other forms, and past a list ─────────────────────────────────────


@pytest.mark.parametrize(
    "merged",
    [
        "Nightly exports run on their own worker pool, keeping them from ever slowing down "
        "checkout requests.",
        "A CI check stops any passport numbers or home addresses from ever reaching the "
        "analytics tables.",
    ],
)
def test_a_prevention_keeps_the_negation(merged: str) -> None:
    sources = {
        "keeping": "Nightly exports run on a separate worker pool so they never slow down "
        "checkout requests.",
        "stops": "The analytics tables must never hold passport numbers or home addresses; a CI "
        "check enforces it.",
    }
    source = sources["keeping" if "keeping" in merged else "stops"]
    assert not [f for f in hard_findings([source], merged) if f.startswith("negation")]


def test_a_flip_without_a_prevention_is_still_caught() -> None:
    source = "The analytics tables must never hold passport numbers or home addresses."
    flipped = "The analytics tables hold passport numbers and home addresses."
    assert [f for f in hard_findings([source], flipped) if f.startswith("negation")]
