"""Issue 24, forty-sixth round (read off the spent blind sets, v2-v49b, after v49 and v49b's one
measurement; docs/benchmarks.md, "Forty-sixth round"). The pair judge:

- reads an honorific the other side does not replace by another as no name of its own ("Dr.
  Okafor" / "a dentist named Okafor"), and a word of the person table capitalized as a name
  ("Grandpa Emeka") as the role the person rule reads (``sentence_openers._title_or_role``);
- equates a city's English and local names ("Florence" / "Firenze", ``place_names.ENDONYMS``);
- reads "reserved" as "booked" is read: planned;
- credits a negation stated as a requirement ("can't be deployed without a ticket" / "needs a
  ticket", "nothing merges without two approvals" / "merges require two approvals") and a
  negation stated as a loss ("has been without his mother since she died" / "his
  mother passed away"), never a negation of the loss itself
  (``stated_negatively.credited_in_pair``).

Each reading's sentences fail on the rules before it. The sentences are written for these tests,
not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.aliases import ALIASES
from dream_assets.core.facts.place_names import ENDONYMS
from dream_assets.core.near_duplicates.candidates import pair_disagreement


def _judged(a: str, b: str) -> str | None:
    return pair_disagreement(Statement(a), Statement(b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Priya's dentist is Dr. Okafor.", "PRIYA sees a dentist named Okafor."),
        (
            "The user's grandfather Emeka turned 100 last June in Enugu.",
            "Last June, in Enugu, Grandpa Emeka celebrated his centenary.",
        ),
        (
            "Grandmother's pearl necklace went to the user's cousin.",
            "The user's cousin inherited Grandma's pearl necklace.",
        ),
        (
            "Studies Italian at a language school in Florence.",
            "Takes Italian classes at a language school in Firenze.",
        ),
        ("Has reserved a table at Nopa for Friday.", "A table at Nopa is booked for Friday."),
        (
            "The staging deploy needs a signed-off change ticket.",
            "Staging can't be deployed without a signed-off change ticket.",
        ),
        ("Nothing merges to main without two approvals.", "Merges to main require two approvals."),
        (
            "Tomasz's mother passed away in 2021.",
            "Tomasz has been without his mother since she died in 2021.",
        ),
    ],
)
def test_one_fact_in_other_words(a: str, b: str) -> None:
    assert _judged(a, b) is None
    assert _judged(b, a) is None


@pytest.mark.parametrize(
    ("a", "b", "reason"),
    [
        # a role capitalized as a name is still its role
        (
            "Grandma Rosa's lasagna recipe uses béchamel.",
            "Grandpa Rosa's lasagna recipe uses béchamel.",
            "person differs",
        ),
        (
            "The user's Grandpa Emeka turns 80 in June.",
            "The user's Grandpa Chidi turns 80 in June.",
            "specifics differ",
        ),
        # two cities, whatever the language
        (
            "Studies Italian at a language school in Florence.",
            "Studies Italian at a language school in Milano.",
            "specifics differ",
        ),
        # a reservation is a plan, not the stay
        (
            "Reserved a campsite at Lake Tahoe for August.",
            "Camped at Lake Tahoe in August.",
            "status differs",
        ),
        # a condition with no requirement on the other side
        ("Can't deploy on Fridays unless the lead approves.", "Deploys on Fridays.", "negation"),
        # the negation of the loss itself
        ("Never lost a tennis match this season.", "Lost a tennis match this season.", "negation"),
    ],
)
def test_different_facts_stay_apart(a: str, b: str, reason: str) -> None:
    assert (_judged(a, b) or "").startswith(reason)


def test_each_city_is_one_row_of_the_aliases() -> None:
    spellings = [form for row in ENDONYMS for form in row]
    assert len(spellings) == len(set(spellings))
    assert all(row in ALIASES for row in ENDONYMS)
