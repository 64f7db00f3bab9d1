"""Issue 24, twenty-sixth round (v29 and v29b, measured once and spent, pooled with the forty-six
sets before them as development data; docs/merge-checks.md, "Twenty-sixth round"): two readings,
each of a case of v29 or v29b, each with guards beside it:

* the merge gate reads a dotted day.month.year ("31.12.2026") as a date, which the coverage check
  compares in every spelling, not as the decimal 31.12 (``meaning/numbers.py``);
* an acronym spells a run of capitalized words across "in", "on", "at" and across two connectors
  in a row ("Royal Society for the Protection of Birds" / "RSPB", "Institute of Chartered
  Accountants in England and Wales" / "ICAEW"; ``aliases._CAPITALIZED_RUN``).

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.meaning.numbers import quantities_of
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        (
            "Her lease in Leipzig ends on 31.12.2026.",
            "The Leipzig lease runs out on 31 December 2026.",
        ),
        ("Born on 05.03.1990 in Graz.", "Born in Graz on 5 March 1990."),
        ("The visa expires 1.7.2027, says Tomas.", "Tomas says the visa expires on 1 July 2027."),
    ],
)
def test_a_dotted_date_in_another_spelling_passes(source: str, merged: str) -> None:
    assert hard_findings([source], merged) == []


@pytest.mark.parametrize(
    ("source", "merged", "missing"),
    [
        # the date itself is still the coverage check's: another day is missing
        ("Her lease ends on 31.12.2026.", "Her lease ends on 30 December 2026.", "31.12.2026"),
        ("Born on 05.03.1990 in Graz.", "Born in Graz on 5 April 1990.", "05.03.1990"),
    ],
)
def test_a_dotted_date_changed_is_still_missing(source: str, merged: str, missing: str) -> None:
    assert missing in hard_findings([source], merged)


def test_a_dotted_date_is_no_quantity_but_a_decimal_and_a_version_still_are() -> None:
    assert quantities_of("The lease ends on 31.12.2026.") == []
    assert [q.value for q in quantities_of("The tank holds 12.5 litres.")] == ["12.5"]
    # a version's three parts ("3.12.1": no two-digit or four-digit year) are read as before
    assert hard_findings(["Runs Python 3.12.1 on the box."], "The box runs Python 3.12.2.")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Is a member of the Royal Society for the Protection of Birds.",
            "Is a member of the RSPB.",
        ),
        (
            "Qualified with the ICAEW in 2011.",
            "Qualified in 2011 with the Institute of Chartered Accountants in England and Wales.",
        ),
        ("Interned at the Council on Foreign Relations.", "Interned at the CFR."),
        ("Works at the Royal Bank of Canada.", "Works at RBC."),  # one connector, as before
    ],
)
def test_an_acronym_spells_a_name_across_connectors(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # another acronym is another organisation
        (
            "Is a member of the Royal Society for the Protection of Birds.",
            "Is a member of the RSPCA.",
        ),
        ("Qualified with the ICAEW in 2011.", "Qualified with the Institute of Actuaries in 2011."),
    ],
)
def test_an_acronym_that_spells_no_run_still_differs(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is not None
