"""Issue 24, twenty-eighth round (v31 and v31b, measured once and spent, pooled with the fifty
sets before them as development data; docs/merge-checks.md, "Twenty-eighth round"): two readings
of the duplicate judge, each of a group of v31b it split, and one of the merge gate, of a faithful
merge of v31b it rejected, each with guards beside it:

* "will" after a possessive or a determiner is the document, not a plan ("the user's will was
  drawn up" / "prepared the user's last testament"; ``status_uses.NO_STATUS_USES``);
* an acronym spells a name across "&" as across "and" ("London School of Hygiene & Tropical
  Medicine" / "LSHTM"; ``aliases._CAPITALIZED_RUN``);
* a decision against a thing states the negation of doing it ("decided not to overpay" / "chose
  against overpaying"; ``stated_negatively.contrast_clauses``).

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.status_uses import no_status_words
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Lucinda's will was drawn up by the solicitor Ahmed Rahimi in 2023.",
            "In 2023 Ahmed Rahimi, a solicitor, prepared Lucinda's testament.",
        ),
        (
            "Her will was signed at the notary in Lyon on 3 May.",
            "On 3 May she finalised her testament at a Lyon notary.",
        ),
        (
            "The user made a living will in 2022.",
            "Since 2022 the user has had an advance directive, written as a living will.",
        ),
    ],
)
def test_a_will_that_is_a_document_states_no_plan(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is None


def test_a_modal_will_is_still_a_plan() -> None:
    assert no_status_words("She will sign her will on Friday.") == frozenset()
    assert "will" in no_status_words("Her will was signed on Friday.")
    verdict = pair_disagreement(
        Statement("Nkechi will sign the lease on 11 February."),
        Statement("On 11 February Nkechi signed the lease."),
    )
    assert verdict == "status differs: planned / done"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Oskar is studying for an MSc at LSHTM and finishes in 2027.",
            "Oskar's MSc at the London School of Hygiene & Tropical Medicine ends in 2027.",
        ),
        (
            "Priya lectures in linguistics at SOAS on Tuesdays.",
            "On Tuesdays Priya teaches linguistics at the School of Oriental & African Studies.",
        ),
    ],
)
def test_an_acronym_spells_a_name_across_an_ampersand(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is None


def test_another_acronym_across_an_ampersand_still_differs() -> None:
    verdict = pair_disagreement(
        Statement("Oskar is studying for an MSc at LSE and finishes in 2027."),
        Statement("Oskar's MSc at the London School of Hygiene & Tropical Medicine ends in 2027."),
    )
    assert verdict is not None and verdict.startswith("specifics differ")


# ── A decision against a thing is a decision not to do it ─────────────────────────────────


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        (
            "Tomasz decided not to renew the gym membership because he now runs outdoors.",
            "Because he runs outdoors now, Tomasz chose against renewing his gym membership.",
        ),
        (
            "The team agreed not to adopt GraphQL for the billing API.",
            "For the billing API the team agreed against adopting GraphQL.",
        ),
        (
            "Ines decided not to take the night shift.",
            "Ines opted against taking the night shift.",
        ),
    ],
)
def test_a_decision_against_keeps_the_negation(source: str, merged: str) -> None:
    assert not [f for f in hard_findings([source], merged) if f.startswith("negation: ")]


def test_a_decision_for_the_thing_is_still_a_flip() -> None:
    findings = hard_findings(
        ["Tomasz decided not to renew the gym membership."],
        "Tomasz decided to renew the gym membership.",
    )
    assert [f for f in findings if f.startswith("negation: ")]


def test_a_word_that_only_begins_like_opt_is_no_decision() -> None:
    # "opt" is the verb alone ("opted against"), not a prefix: "optimised against" decides nothing.
    findings = hard_findings(
        ["The build does not run the slow integration suite."],
        "The build is optimised against the slow integration suite.",
    )
    assert [f for f in findings if f.startswith("negation: ")]
