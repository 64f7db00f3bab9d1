"""Issue 24, eighth round: days, gerunds and negations restated in a form the rules already read
on the other side (docs/merge-checks.md, "Eighth round"). Each credit fails on the seventh round's
rules; each has a guard beside it that the loss it could hide is still found.
"""

from __future__ import annotations

import pytest

from dream_assets_tests.core.facts.merges import check as _check


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # a day of a month the sources name, restated as a date of that month
        (
            ["Flies out to Lisbon on 3 March and back on the 10th."],
            "Flies to Lisbon on 3 March, returning on 10 March.",
        ),
        (
            ["The course starts on 4 June.", "The exam is on the 21st."],
            "The course starts on June 4 and the exam is on June 21.",
        ),
        # a sentence-opening gerund, kept by its verb mid-sentence
        (
            ["Reindexing the Solr core takes an hour on Sundays."],
            "A full reindex of the Solr core takes an hour on Sundays.",
        ),
        # a negative verb of objection, a source's "un-" adjective
        (
            ["Is happy to walk the neighbour's dog."],
            "Doesn't mind walking the neighbour's dog.",
        ),
        (
            ["Is unsure whether to renew the gym membership."],
            "Hasn't decided whether to renew the gym membership.",
        ),
    ],
)
def test_a_restatement_passes_the_hard_gates(sources: list[str], merged: str) -> None:
    result = _check(sources, merged)
    assert result.ok, result.missing


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        # another day, or a day of a month no source names
        (
            ["Flies out to Lisbon on 3 March and back on the 10th."],
            "Flies to Lisbon on 3 March, returning on 12 March.",
            "quantity: 10th",
        ),
        (
            ["Flies out to Lisbon on 3 March and back on the 10th."],
            "Flies to Lisbon on 3 March, returning on 10 April.",
            "quantity: 10th",
        ),
        # a gerund whose verb the merge does not state; a name that is a word stays a name
        (
            ["Reindexing the Solr core takes an hour on Sundays."],
            "The Solr core takes an hour on Sundays.",
            "Reindexing",
        ),
        (
            ["Reading is where the user's sister lives, with Tom."],
            "The user's sister reads a lot and lives with Tom.",
            "Reading",
        ),
        # a negation added to words no source negates
        (
            ["Is happy to walk the neighbour's dog."],
            "Doesn't walk the neighbour's dog.",
            "negation: Doesn't walk the neighbour's dog (not in the sources)",
        ),
    ],
)
def test_the_loss_is_still_found(sources: list[str], merged: str, finding: str) -> None:
    result = _check(sources, merged)
    assert finding in result.missing, result.missing


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # "outside" states the exclusion "never during" did
        (
            ["Deploys happen on Fridays; never deploy during trading hours."],
            "Deploys happen on Fridays, only outside trading hours.",
        ),
        # a governed word written out from its clipping, beside an exclusion word
        (
            ["The API token is in the vault, not in the repo."],
            "The API token lives in the vault and is kept out of the repository.",
        ),
        # "non-" joined to a governed word, "un-" before a word its clipping begins
        (
            ["Warnings that shouldn't block the release get a label."],
            "Non-blocking warnings get a label.",
        ),
        (
            ["Alerts escalate after ten minutes without an ack."],
            "Unacknowledged alerts escalate after ten minutes.",
        ),
    ],
)
def test_a_negation_restated_is_a_hint(sources: list[str], merged: str) -> None:
    result = _check(sources, merged)
    assert result.ok, result.missing
    assert any(h.startswith("negation: ") and h.endswith("(restated?)") for h in result.hints)


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        # the same words with nothing negative near them
        (
            ["Deploys happen on Fridays; never deploy during trading hours."],
            "Deploys happen on Fridays, during trading hours.",
            "negation: never deploy during trading hours",
        ),
        (
            ["The API token is in the vault, not in the repo."],
            "The API token lives in the vault and in the repository.",
            "negation: not in the repo",
        ),
        # a prefixed word the source writes itself is no restatement: dropping "no" flips it
        (
            ["The contract has no non-compete clause."],
            "The contract has a non-compete clause.",
            "negation: no non-compete clause",
        ),
    ],
)
def test_a_flip_stays_hard(sources: list[str], merged: str, finding: str) -> None:
    result = _check(sources, merged)
    assert finding in result.missing, result.missing


def test_a_negation_whose_words_the_merge_never_repeats_is_a_hint() -> None:
    # the merge states none of the negated statement's words but negates something of its own
    # ("Can't abide" / "hates" is one predicate since the fourteenth round: no hint at all)
    result = _check(
        ["Has two cats.", "Won't go near loud music; leaves parties early because of it."],
        "Has two cats, avoids noisy gigs and leaves parties early because of it.",
    )
    assert result.ok, result.missing
    assert any(h.startswith("negation: Won't go near") for h in result.hints), result.hints


@pytest.mark.parametrize(
    "merged",
    [
        # the negated words repeated with nothing negative near them: the flip stays hard
        "Has two cats, abides loud music and leaves parties early because of it.",
        # nothing negative anywhere in the merge: no restatement to hand to the verifier
        "Has two cats and leaves parties early because of it.",
    ],
)
def test_a_negation_lost_without_any_negation_stays_hard(merged: str) -> None:
    result = _check(
        ["Has two cats.", "Can't abide loud music; leaves parties early because of it."], merged
    )
    assert any(f.startswith("negation: Can't abide") for f in result.missing), result.missing
