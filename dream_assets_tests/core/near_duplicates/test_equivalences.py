"""The pair judge's equivalences (docs/benchmarks.md, "Sixth round: the duplicate judge"): an
alias, initials, a name's letter case, a code's or a date's spelling is one specific only when
the equivalent form is written in the other text; a genuinely different name, number or date
still keeps a look-alike apart. Each pair below is kept apart as written (the rule before) and
judged one fact with the equivalences."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dream_assets.core.facts import agreement
from dream_assets.core.facts.agreement import Statement, disagreement
from dream_assets.core.facts.aliases import equated
from dream_assets.core.facts.dates import align_dates, stated_dates, written_dates
from dream_assets.core.near_duplicates.candidates import pair_disagreement, pair_shares_subject

EQUIVALENT = {
    "clipped name": (
        "Prefers PostgreSQL over MySQL for new projects.",
        "For new projects, prefers Postgres over MySQL.",
    ),
    "brand abbreviation": ("Drives a 2017 Volkswagen Golf.", "Drives a 2017 VW Golf."),
    "ticker": (
        "Bought 20 shares of Nvidia in 2019.",
        "In 2019 they picked up twenty shares of NVDA.",
    ),
    "sport abbreviation": ("Watches every Formula 1 race live.", "Never misses a live F1 race."),
    "language nickname": (
        "Writes backend services mostly in Go.",
        "Golang is their main language for backend services.",
    ),
    "transliteration": (
        "Loves spicy food, especially Sichuan dishes.",
        "Loves spicy food, Szechuan dishes most of all.",
    ),
    "party and its members": ("Votes for the Green Party.", "Votes for the Greens."),
    "country and its adjective": (
        "Is a British and Nigerian dual national.",
        "Holds citizenship of both the UK and Nigeria.",
    ),
    "initials": (
        "Has a bachelor's degree in mechanical engineering from IIT Bombay.",
        "Bachelor's degree in mechanical engineering, Indian Institute of Technology Bombay.",
    ),
    "clipped initials and a degree": (
        "Has a PhD in marine biology from the University of Tasmania.",
        "Earned a doctorate in marine biology at UTas.",
    ),
    "weekdays": (
        "Weekday evenings from 18:00 are off limits.",
        "Evenings from 18:00, Monday to Friday, are off limits.",
    ),
    "a name's letter case": (
        "Ran the Chicago Marathon in 2025.",
        "Ran the Chicago marathon in 2025, finishing in 4:05.",
    ),
    "code spelling": (
        "Contributes 10% of salary to a 401(k).",
        "Contributes ten percent of salary to their 401k.",
    ),
    "numeric date, day first": (
        "Passport expires on 9 October 2026.",
        "The passport's expiry date is 09.10.2026.",
    ),
    "numeric month and year": (
        "Ran the Chicago marathon in October 2025.",
        "Finished the Chicago marathon back in 10/2025.",
    ),
    "numeric month and year, sentence-opening noun": (
        "Passport expires in May 2027 and needs renewal.",
        "Travel document runs out 05/2027 and needs renewal.",
    ),
    "holiday with a year": (
        "Quit smoking on New Year's Day 2023.",
        "Has been a non-smoker since January 1, 2023.",
    ),
    "holiday and its day": (
        "The user's boiler broke down on Christmas Eve.",
        "On 24 December the heating boiler packed up.",
    ),
    "ISO and numeric dates": (
        "Rent is due 2025-06-30; the deposit on 1 July 2025.",
        "Rent is due 30/06/2025; the deposit on 01.07.2025.",
    ),
}

APART = {
    "another database": (
        "Billing service runs on Postgres 15.",
        "Billing service runs on MySQL 15.",
    ),
    "an alias, another version": (
        "Billing service runs on Postgres 14.",
        "The billing service runs on PostgreSQL 15.",
    ),
    "another brand": ("Drives a 2017 VW Golf.", "Drives a 2017 Volvo XC90."),
    # A day only one side states is not dropped to the month both state.
    "a holiday against its month": (
        "Volunteers with the shelter at Christmas.",
        "Volunteers with the shelter in December.",
    ),
    "a numeric date against its month": (
        "The lease ends on 09.10.2026.",
        "The lease ends in October 2026.",
    ),
    "initials that spell another run": (
        "Studied at UCL.",
        "Studied at the University of Chicago.",
    ),
    "another institute": ("Graduated from IIT Bombay.", "Graduated from IIT Delhi."),
    "another code": (
        "Contributes 10% of salary to a 401(k).",
        "Contributes 10% of salary to a 403(b).",
    ),
    "numeric date, another day": (
        "Passport expires on 9 November 2026.",
        "The passport's expiry date is 09.10.2026.",
    ),
    "numeric month and year, another year": (
        "Ran the Chicago marathon in October 2024.",
        "Ran the Chicago marathon in 10/2025.",
    ),
    "holiday, another day": (
        "The boiler broke down on Christmas Eve.",
        "The boiler broke down on 25 December.",
    ),
    "holiday, another year": (
        "Quit smoking on New Year's Day 2023.",
        "Quit smoking on January 1, 2024.",
    ),
    "another city's marathon": (
        "Ran the Chicago Marathon in October 2025.",
        "Ran the Boston marathon in October 2025.",
    ),
}


# Credited as written too since the merge gate's sixth round (``name_evidence.restated_in``, which
# the specifics comparison shares): the equivalence must still hold, the "before" is not asked.
CREDITED_AS_WRITTEN = {
    "a name's letter case",
    "brand abbreviation",
    "clipped initials and a degree",
    # and since the eleventh round's coverage credits: an acronym of a part of a capitalized run
    # ("Indian Institute of Technology Bombay" / "IIT"), the figures of a numeric date
    "initials",
    "numeric month and year",
    "numeric month and year, sentence-opening noun",
    # and since the eighteenth round's clipped names in ``agreement.disagreement`` ("Postgres" /
    # "PostgreSQL": one side's name the other's clipped, two letters shorter at least)
    "clipped name",
    # and since the nineteenth round's coverage credit of a weekday range ("Monday to Friday" /
    # "weekdays", ``dates.weekday_range_kept``)
    "weekdays",
    # and since the thirty-first round's reading of the merge's holidays and numeric dates as
    # dates (``MergedText.of`` reads ``dates.written_dates``)
    "holiday with a year",
}


@pytest.mark.parametrize("case", sorted(EQUIVALENT))
def test_an_equivalent_spelling_is_one_specific(case: str) -> None:
    a, b = (Statement(t) for t in EQUIVALENT[case])
    as_written = disagreement(a, b)
    # as written: kept apart (the rule before), unless the coverage credits now equate it too
    assert (as_written is None) == (case in CREDITED_AS_WRITTEN)
    assert pair_disagreement(a, b) is None
    assert pair_disagreement(b, a) is None


@pytest.mark.parametrize("case", sorted(APART))
def test_a_different_specific_still_keeps_a_look_alike_apart(case: str) -> None:
    a, b = (Statement(t) for t in APART[case])
    assert pair_disagreement(a, b) is not None
    assert pair_disagreement(b, a) is not None


def test_only_a_form_the_other_text_writes_is_written_in() -> None:
    assert equated("Runs on Postgres 15.", "Runs on MySQL 15.") == "Runs on Postgres 15."
    assert equated("Runs on Postgres 15.", "Runs on PostgreSQL 15.") == "Runs on PostgreSQL 15."
    assert equated("Studied at UTas.", "Studied at the University of Tasmania.") == (
        "Studied at University of Tasmania."
    )
    assert align_dates("Due 09.10.2026.", "Due on 12 March 2026.") == "Due 09.10.2026."


def test_a_numeric_date_means_both_its_readings() -> None:
    ((_, _, readings),) = written_dates("expires 09.10.2026")
    assert readings == {(2026, 10, 9), (2026, 9, 10)}
    assert align_dates("expires 09.10.2026", "expires on Sept 10, 2026") == (
        "expires September 10, 2026"
    )
    assert written_dates("version 13.14.2026") == []  # neither reading has a month
    assert written_dates("room 13/2025") == []


def test_a_month_named_alone_is_not_a_day_of_it() -> None:
    assert (None, 12, None) in stated_dates("Won't attend this December.")
    assert (None, 12, None) not in stated_dates("On 24 December.")


def test_an_alias_is_a_shared_subject() -> None:
    a = Statement("Billing runs on PostgreSQL.")
    b = Statement("Postgres is the main datastore.")
    assert pair_shares_subject(a, b)
    assert not pair_shares_subject(a, b, equivalences=False)


def test_the_rules_version_reads_the_equivalences(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pair cache and the cluster table are keyed by ``agreement.rules_version``: a changed
    alias or date rule (``core/facts/aliases.py``, ``core/facts/dates.py``) changes it, so
    cached pairs are judged again."""
    room = Path(agreement.__file__).parent
    copy = tmp_path / "facts"
    shutil.copytree(room, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(agreement, "__file__", str(copy / "agreement.py"))
    before = agreement.rules_version.__wrapped__()
    for name in ("aliases.py", "dates.py"):
        path = copy / name
        original = path.read_bytes()
        path.write_bytes(original + b"\n# changed\n")
        assert agreement.rules_version.__wrapped__() != before, name
        path.write_bytes(original)
    assert agreement.rules_version.__wrapped__() == before
