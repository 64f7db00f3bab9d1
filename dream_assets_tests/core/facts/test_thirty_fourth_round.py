"""Issue 24, thirty-fourth round (v37 and v37b, measured once and spent, pooled with the sets
before them as development data; docs/merge-checks.md, "Thirty-fourth round"): readings of the
gate and the pair judge, each with a guard beside it that still finds a real change.

- four figures before a time zone are a clock time ("0200 UTC" / "02:00"), both judges;
- a figure inside a word counts nothing ("e2e" is end-to-end, "p2p" peer-to-peer; "A100s"
  still the A100);
- a figure after a currency sign is an amount, not a day ("an £85 April service");
- "a couple of" is two, "halved" is in half, "annual" a year, "biennially" every two years;
- a count of things listed after a colon in any case ("three clusters: dev, staging and prod");
- an hour in figures before "o'clock" ("the 11 o'clock mass" / "the 11 am mass").

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.tokens import written_times
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("text", "times"),
    [
        ("The backup runs at 0200 UTC every night.", {"2:00"}),
        ("Stand-up is at 1730 CET.", {"17:30"}),
        ("Room 0200 is on the second floor.", set()),  # no time zone: a number
        ("Flew 2500 miles on the UTC campus shuttle.", set()),  # not an hour
    ],
)
def test_four_figures_are_a_time_only_before_a_time_zone(text: str, times: set[str]) -> None:
    assert written_times(text) == times


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # a clock time before a time zone, both ways
        (["The wiki is backed up at 0200 UTC."], "The wiki is backed up nightly at 02:00 UTC."),
        (["The wiki is backed up at 02:00 UTC."], "The wiki is backed up at 0200 UTC."),
        (["The wiki is backed up at 0200 UTC."], "The wiki is backed up at 2 a.m. UTC."),
        # a figure inside a word
        (["The e2e suite takes forty minutes."], "The end-to-end suite takes 40 minutes."),
        (["The p2p sync uses three relays."], "The peer-to-peer sync uses 3 relays."),
        (["The lab has eight A100 cards."], "The lab has 8 A100s."),
        # an amount after a currency sign beside a month
        (["Paid £85 in April for a service."], "Had an £85 April service."),
        # a couple of, halved, annual, biennially
        (["Parks two streets away."], "Parks a couple of streets off."),
        (["Caching cut CI time in half."], "Caching roughly halved CI time."),
        (["Sees the dentist every twelve months."], "Has an annual dentist visit."),
        (["Sees the optician every two years."], "Sees the optician biennially."),
        # things listed after a colon
        (["Runs three clusters on GKE: dev, staging and prod."], "Runs dev, staging and prod "
         "clusters on GKE."),
        # an hour in figures before o'clock
        (["The christening follows the 11 o'clock mass."], "The christening follows the 11 am "
         "mass."),
    ],
)  # fmt: skip
def test_the_gate_reads_one_fact_in_another_spelling(sources: list[str], merged: str) -> None:
    assert hard_findings(sources, merged) == []


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (["The wiki is backed up at 0300 UTC."], "The wiki is backed up at 2 a.m. UTC."),
        (["Runs 2 e2e suites."], "Runs the end-to-end suites."),  # the count "2" is no word's
        (["Had a £95 April service."], "Had a £85 April service."),
        (["Looks after two kids."], "The couple look after kids."),  # "couple" alone is no two
        (["Caching cut CI time by a third."], "Caching roughly halved CI time."),
        (["Sees the optician every three years."], "Sees the optician biennially."),
        (["Runs four clusters on GKE: dev, staging and prod."], "Runs dev, staging and prod "
         "clusters on GKE."),
        (["The christening follows the 10 o'clock mass."], "The christening follows the 11 am "
         "mass."),
    ],
)  # fmt: skip
def test_a_real_change_is_still_found(sources: list[str], merged: str) -> None:
    assert hard_findings(sources, merged) != []


def test_the_pair_judge_reads_a_zoned_time_and_tells_another_apart() -> None:
    a = Statement("The docs search index is rebuilt by cron at 02:00 UTC.")
    assert pair_disagreement(a, Statement("Docs search index: cron rebuild, 0200 UTC.")) is None
    assert pair_disagreement(a, Statement("Docs search index: cron rebuild, 0300 UTC.")) is not None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Amara sits the CFA Level II exam in May.", "Amara sits the CFA Level 2 exam in May."),
        ("Amara sits the CFA Level II exam in May.", "Amara sits the CFA L2 exam in May."),
        ("Amara sits the CFA L2 exam in May.", "Amara sits the CFA Level 2 exam in May."),
        ("The outage was a Priority 1 incident.", "The outage was a P1 incident."),
    ],
)
def test_the_pair_judge_reads_one_numbered_name(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is None
    assert pair_disagreement(Statement(b), Statement(a)) is None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Amara sits the CFA Level 3 exam in May.", "Amara sits the CFA L2 exam in May."),
        ("Amara sits the CFA Level III exam in May.", "Amara sits the CFA Level 2 exam in May."),
        ("Amara sits the CFA Level III exam in May.", "Amara sits the CFA Level II exam in May."),
        ("Drives to Bristol on May 5.", "Drives to Bristol on the M5."),  # a date is no "M5"
    ],
)
def test_the_pair_judge_tells_another_number_apart(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is not None
