"""Issue 24, twenty-fourth round (v27 and v27b, measured once and spent, pooled with the
forty-two sets before them as development data; docs/merge-checks.md, "Twenty-fourth round"):
the merge gate reads three more spellings of one quantity or name, each of a faithful merge of
v27 or v27b it rejected, each with guards beside it:

* a metric measure in another unit ("500 g" / "half a kilo", "2 km" / "2,000 metres"), with the
  pair judge's reader (``quantities.quantities``), in the quantity rule and the coverage check;
* "every other year" as "every two years", "once a quarter" / "every quarter" as "quarterly"
  (``equivalents.frequency_counts``);
* two capitalized names joined by "&" written by their initials ("Dungeons & Dragons" / "D&D",
  ``soft_credits._ampersand_initials``).

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.equivalents import frequency_counts
from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        (
            "Orders 500 g of oolong from a tea house in Taipei every month.",
            "Every month the user gets half a kilo of oolong from a Taipei tea house.",
        ),
        (
            "Orders 500 g of oolong from a tea house in Taipei every month.",
            "Every month the user gets 0.5 kg of oolong from a Taipei tea house.",
        ),
        (
            "Swims 2 km in the lido at Brockwell every Saturday.",
            "Every Saturday the user swims 2,000 metres at the Brockwell lido.",
        ),
        (
            "Repaints the beach hut in Whitstable every two years.",
            "Every other year the user repaints the Whitstable beach hut.",
        ),
        (
            "The Ledger service's certificates are rotated once a quarter by Anouk.",
            "Anouk rotates the Ledger service's certificates quarterly.",
        ),
        (
            "Hosts a Dungeons & Dragons evening for six neighbours in Leith.",
            "The user hosts a D&D evening in Leith for six neighbours.",
        ),
    ],
)
def test_one_quantity_or_name_in_another_spelling(source: str, merged: str) -> None:
    assert hard_findings([source], merged) == []


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        (
            "Orders 500 g of oolong from a tea house in Taipei every month.",
            "Every month the user gets 600 g of oolong from a Taipei tea house.",
        ),
        (  # half a litre is no mass
            "Orders 500 g of oolong from a tea house in Taipei every month.",
            "Every month the user gets half a litre of oolong from a Taipei tea house.",
        ),
        (
            "Repaints the beach hut in Whitstable every three years.",
            "Every other year the user repaints the Whitstable beach hut.",
        ),
        (
            "The Ledger service's certificates are rotated twice a quarter by Anouk.",
            "Anouk rotates the Ledger service's certificates quarterly.",
        ),
        (
            "Hosts a Dungeons & Dragons evening for six neighbours in Leith.",
            "The user hosts a game evening in Leith for six neighbours.",
        ),
    ],
)
def test_another_quantity_or_a_lost_name_is_still_caught(source: str, merged: str) -> None:
    assert hard_findings([source], merged)


@pytest.mark.parametrize("text", ["a quarter of the budget", "quarter past six", "a quarter"])
def test_a_quarter_that_is_no_period(text: str) -> None:
    assert frequency_counts(text) == []
