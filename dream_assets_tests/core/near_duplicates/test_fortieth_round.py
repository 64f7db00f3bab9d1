"""The duplicate judge's fortieth round (issue 24 item 4): the status reading no longer takes a
participle after a bare "be" ("must be submitted", "waiting to be paid back") as done, nor an
"-ed" word that is no past tense ("two hundred", "the speed limit"), so a faithful paraphrase that
writes one against a planned "due" or "still" is no longer split; and an English word opening a
sentence ("Solar panels ...") is weak evidence of a name, as the merge gate reads it, unless the
other side opens on another capitalized word before the same word ("Ivy books ..." / "Rose books
..."): ``core/facts/sentence_openers.py`` (docs/benchmarks.md, "Fortieth round"). Each faithful
pair below was split by the thirty-ninth round's rules; the look-alikes are told apart as
before."""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement, _status
from dream_assets.core.facts.sentence_openers import _substituted
from dream_assets.core.facts.status_uses import after_bare_be
from dream_assets.core.near_duplicates.candidates import pair_disagreement


def _judged(a: str, b: str) -> str | None:
    return pair_disagreement(Statement(a), Statement(b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a passive after a modal: the deadline, not a done submission
        (
            "Grant reports for the foundation are due on the 10th of every quarter.",
            "Each quarter the foundation's grant report must be submitted by the 10th.",
        ),
        # a passive after "to": still owed, not paid
        (
            "Still owes Tomasz 150 euros for the festival tickets.",
            "Tomasz is waiting to be paid back the 150 euros for the festival tickets.",
        ),
        # "can be planned": nothing is planned
        (
            "Sitting the bar exam on 9 July, so that week is blocked out.",
            "The bar exam falls on 9 July; nothing else can be planned that week.",
        ),
        # "hundred" is a number, not a past tense
        (
            "Still owes Ravi $200 for the flights.",
            "Ravi is owed two hundred dollars by the user for the flights.",
        ),
    ],
)
def test_a_faithful_paraphrase_is_not_split_on_status(a: str, b: str) -> None:
    assert _judged(a, b) is None
    assert _judged(b, a) is None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "The user is planning to repaint the porch blue.",
            "The user has repainted the porch blue.",
        ),
        # "submitted" after no "be" is still done
        (
            "The thesis draft is due to the committee in May.",
            "The thesis draft was submitted to the committee in May.",
        ),
        (
            "Plans to pay back the two hundred dollars to Inés.",
            "Paid back the two hundred dollars to Inés.",
        ),
    ],
)
def test_a_look_alike_is_still_told_apart(a: str, b: str) -> None:
    assert _judged(a, b) is not None
    assert _judged(b, a) is not None


def test_the_word_after_a_bare_be_only() -> None:
    text = "It must be submitted; it has been reviewed and is being signed."
    assert after_bare_be(text) == frozenset({"submitted"})
    assert after_bare_be("They won\u2019t be moved.") == frozenset({"moved"})


@pytest.mark.parametrize("word", ["hundred", "speed", "sacred", "indeed"])
def test_an_ed_word_that_is_no_past_tense_reads_as_no_status(word: str) -> None:
    assert _status(frozenset({word})) == frozenset()
    assert _status(frozenset({"reviewed"})) == frozenset({"done"})


def test_a_sentence_opener_alone_does_not_split_a_paraphrase() -> None:
    a = "Solar panels went up on the garage roof in April; they peak at about 5 kW."
    b = "The garage got rooftop PV in April, peaking around five kilowatts."
    assert _judged(a, b) is None
    assert _judged(b, a) is None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # the same sentence on another subject: both names stay hard
        ("Ivy books the team's offsite venues.", "Rose books the team's offsite venues."),
        ("Tessa books the company travel.", "Violet books the company travel."),
        # an opener before "is" stands as a subject, a name (the gate's rule)
        ("Biscuit is the user's Sheltie.", "Pepper is the user's Sheltie."),
    ],
)
def test_an_opener_in_a_name_s_place_still_tells_apart(a: str, b: str) -> None:
    assert (_judged(a, b) or "").startswith("specifics differ")
    assert (_judged(b, a) or "").startswith("specifics differ")


def test_substituted_reads_the_word_after_the_opener() -> None:
    assert _substituted("Violet", "Violet books travel.", "Tessa books travel.")
    assert not _substituted("Solar", "Solar panels are up.", "The roof has PV panels.")
    assert not _substituted("Violet", "Violet books travel.", "Violet books travel.")
