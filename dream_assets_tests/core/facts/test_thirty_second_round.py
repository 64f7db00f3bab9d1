"""Issue 24, thirty-second round (v35 and v35b, measured once and spent, pooled with the fifty-eight
sets before them as development data; docs/merge-checks.md, "Thirty-second round"), each reading
with guards beside it:

* one unit of time said with an article is that duration ("kept for 7 days" / "retained for a
  week"), unless it is the period of a rate ("twice a week", "8 hours a day", "£30 a month";
  ``quantities.quantities``): the pair judge, and the gate's measure in another unit;
* known aliases (``aliases.ALIASES``): "iOS" / "iPhone" (four spent sets wrote both for one app),
  "JDK" / "Java", a street type and its postal abbreviation ("Street" / "St", "Road" / "Rd",
  "Avenue" / "Ave");
* the gate reads a percentage in words as its share ("covers half" / "fifty percent reimbursed")
  and one unit the merge writes as a length ("cached for one year" / "year-long caching";
  ``meaning/quantity.py``).

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.quantities import quantities
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Nightly backups of the wiki are kept for 7 days.",
            "Each nightly wiki backup is retained for a week.",
        ),
        (
            "The iOS app reports crashes to Bugsnag under kestrel-ios.",
            "Crashes of the iPhone app land in Bugsnag's kestrel-ios project.",
        ),
        ("The Android build is pinned to JDK 21.", "The Android build needs Java 21."),
        (
            "Orders dumplings from Lucky Bao on Harcourt Street.",
            "Usual dumpling place: Lucky Bao, Harcourt St.",
        ),
    ],
)
def test_the_pair_judge_reads_one_fact_in_these_spellings(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is None


@pytest.mark.parametrize(
    ("a", "b", "why"),
    [
        (
            "Nightly backups of the wiki are kept for 7 days.",
            "Nightly backups of the wiki are kept for 5 days.",
            "numbers differ",
        ),
        ("The iOS app targets version 17.", "The iPad app targets version 17.", "specifics differ"),
        (
            "The Android build is pinned to JDK 21.",
            "The Android build is pinned to JDK 17.",
            "specifics differ",
        ),
        (
            "Orders dumplings from Lucky Bao on Harcourt Street.",
            "Orders dumplings from Lucky Bao on Harcourt Road.",
            "specifics differ",
        ),
    ],
)
def test_another_duration_name_or_street_still_differs(a: str, b: str, why: str) -> None:
    verdict = pair_disagreement(Statement(a), Statement(b))
    assert verdict is not None and verdict.startswith(why)


@pytest.mark.parametrize(
    ("text", "surfaces"),
    [
        ("retained for a week", ["a week"]),
        ("about a year ago", ["a year"]),
        ("swims twice a week", []),
        ("works 8 hours a day", ["8 hours"]),
        ("takes three tablets a day", ["three"]),
        ("pays £30 a month", ["30"]),
    ],
)
def test_one_unit_is_a_duration_only_outside_a_rate(text: str, surfaces: list[str]) -> None:
    assert [q.surface for q in quantities(text)] == surfaces


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        (
            "Nightly wiki backups are kept for 7 days.",
            "Each nightly wiki backup is retained for a week.",
        ),
        (
            "Insurance covers half of each physio session.",
            "Each physio session is fifty percent reimbursed by insurance.",
        ),
        ("Fonts on the site are cached for one year.", "The site's fonts get year-long caching."),
    ],
)
def test_the_gate_credits_these_restatements(source: str, merged: str) -> None:
    assert hard_findings([source], merged) == []


@pytest.mark.parametrize(
    ("source", "merged", "finding"),
    [
        (
            "Nightly wiki backups are kept for 5 days.",
            "Each nightly wiki backup is retained for a week.",
            "quantity: 5",
        ),
        (
            "Insurance covers half of each physio session.",
            "Each physio session is forty percent reimbursed by insurance.",
            "quantity: half",
        ),
        (
            "Fonts on the site are cached for one year.",
            "The site's fonts get month-long caching.",
            "quantity: one",
        ),
    ],
)
def test_another_duration_or_share_is_still_lost(source: str, merged: str, finding: str) -> None:
    assert any(f.startswith(finding) for f in hard_findings([source], merged))
