"""Issue 24, third round: what counts as a hard finding of the merge gate.

Only a name, number or date that vanished in every spelling, a negation lost, a count of a source
changed or dropped and a dropped source reject on their own; a capital that is weak evidence of a
name and a count the merge adds go to the verifier as hints (and bind without one).
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.coverage import CoverageSource, missing_specifics
from dream_assets.core.facts.merge_check import check_merge


def _check(sources: list[str], merged: str, *, hints_bind: bool = False):  # type: ignore[no-untyped-def]
    given = [CoverageSource(f"s{i}", text) for i, text in enumerate(sources)]
    return check_merge(given, merged, hints_bind=hints_bind)


@pytest.mark.parametrize(
    ("source", "merged", "hint"),
    [
        ("Rocco is a 12-year-old Labrador.", "Rocco, a 12-year-old Lab.", "name: Labrador"),
        # ("PostgreSQL" / "Postgres", a camel-case clipping, is credited since the ninth round)
        ("Deploys run on Kubernetes.", "Deploys run on Kube.", "name: Kubernetes"),
        ("Picks up the kids on Mondays.", "School pickup on Mon.", "name: Mondays"),
        # (beside a kept word of the name, "Buff Orpingtons" / "Buff Orpington", it is the same
        # name written in place: credited since the sixth round, test_sixth_round.py)
        ("The hens are Orpingtons.", "Four Orpington hens.", "name: Orpingtons"),
        ("Currently working on V5 problems.", "Currently projecting V5s.", "name: V5"),
        ("Prefers TypeScript over JavaScript.", "TS wins over plain JS.", "name: JavaScript"),
    ],
)
def test_a_name_clipped_or_in_its_plural_is_a_hint(source: str, merged: str, hint: str) -> None:
    result = _check([source], merged)
    assert result.missing == ()
    assert hint in result.hints


@pytest.mark.parametrize(
    ("sources", "merged", "hint"),
    [
        # a sentence-opening English word: its capital is grammar as likely as a name
        (
            ["Infrastructure is managed with Terraform."],
            "Infra is Terraform-managed.",
            "name: Infrastructure",
        ),
        # a word of a name whose head the merge keeps
        (
            ["Uses Home Assistant on a Raspberry Pi 4."],
            "Home Assistant runs on a Pi 4.",
            "name: Raspberry",
        ),
        (["Drives a 2019 Toyota Prius."], "Their 2019 Prius.", "name: Toyota"),
        (
            ["Enrolled at the University of Edinburgh."],
            "Studying at Edinburgh.",
            "name: University",
        ),
    ],
)
def test_weak_capitals_are_hints(sources: list[str], merged: str, hint: str) -> None:
    result = _check(sources, merged)
    assert result.ok and result.missing == ()
    assert hint in result.hints
    # where nobody reads the hints they reject, as before
    assert not _check(sources, merged, hints_bind=True).ok
    # the coverage-only rule (the pair judge's) is unchanged
    assert not missing_specifics([CoverageSource("s", sources[0])], merged).ok


@pytest.mark.parametrize(
    ("sources", "merged", "missing"),
    [
        # a name's modifier tells one name from another
        (["The venue moved to New Orleans last spring."], "The venue moved to Orleans.", "New"),
        # the words after a name's head tell variants apart
        (["Uses an Amex Platinum card for travel."], "Pays with an Amex card.", "Platinum"),
        # a name mid-sentence, a number, a weekday stay hard
        (["Walks the dog with Priya."], "Walks the dog.", "Priya"),
        (["The rent is 2400 a month."], "The rent is monthly.", "2400"),
        (["Swims on Tuesday."], "Swims weekly.", "Tuesday"),
        # "and" joins two names, not one
        (["Lives with Tom and Anna."], "Lives with Tom.", "Anna"),
    ],
)
def test_names_numbers_and_weekdays_stay_hard(
    sources: list[str], merged: str, missing: str
) -> None:
    result = _check(sources, merged)
    assert not result.ok
    assert missing in result.missing


def test_a_count_the_merge_adds_is_a_hint_a_count_changed_stays_hard() -> None:
    added = _check(["Attends Mass every Sunday at 10am."], "Attends Mass every Sunday at 10.")
    assert added.ok and added.hints == ("quantity: 10 (not in the sources)",)
    changed = _check(["Has two cats."], "Has three cats.")
    assert changed.missing == ("quantity: two",)
    dropped = _check(["Carries two EpiPens at all times."], "Carries an EpiPen everywhere.")
    assert "quantity: two" in dropped.missing


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (["Runs 5 km three mornings a week."], "Three weekly morning 5k runs."),  # 5k: 5 km
        (["Travels to the Singapore office every quarter."], "Quarterly trips to Singapore."),
        (["Requires a 50% deposit."], "Half is paid up front."),
        (["Reads one nonfiction book a month."], "Reads a nonfiction title per month."),
        (["Two of the team are in Berlin."], "A pair work from Berlin."),
    ],
)
def test_counts_in_another_spelling(sources: list[str], merged: str) -> None:
    assert not [f for f in _check(sources, merged).missing if f.startswith("quantity:")]


def test_one_is_not_credited_by_an_article_when_the_count_changed() -> None:
    result = _check(["Has one child."], "Has a house and two children.")
    assert result.missing == ("quantity: one",)


@pytest.mark.parametrize(
    ("sources", "merged", "missing"),
    [
        # a sentence-opening word as a subject or a possessive is where a name stands
        (
            ["Biscuit is a Sheltie.", "Biscuit eats kibble."],
            "A Sheltie that eats kibble.",
            "Biscuit",
        ),
        (["Tom still lives in Leeds."], "Still lives in Leeds.", "Tom"),
        (["Surgeon is Mr. Adebayo."], "Mr. Adebayo operates.", "Surgeon"),
    ],
)
def test_a_sentence_opening_subject_stays_hard(
    sources: list[str], merged: str, missing: str
) -> None:
    assert missing in _check(sources, merged).missing
