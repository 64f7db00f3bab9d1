"""Issue 24, thirty-seventh round (read off v40 and v40b, measured once and spent, pooled with the
sets before them as development data; docs/merge-checks.md, "Thirty-seventh round"):

- a range of amounts with thousands separators ("€42,000–48,000") is two amounts, not "42," and a
  range "000–48";
- "no matter what" is no negation ("whatever he suggests");
- a source's "off" as an absence ("running is off-limits until May") credits the negation a merge
  writes for it ("no running before May");
- a CamelCase word of a name dropped before the name's head the merge keeps ("HashiCorp Vault" /
  "Vault") is part of a name, a hint;
- the pair judge reads "old" before a role with a word between ("their old college roommate") and
  the mates of a band or a dorm as past, like "former".

The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (
            ["The analyst role pays 55,000 to 61,000 pounds."],
            "The analyst role pays £55,000–61,000.",
        ),
        (
            ["Wants to keep the hedge no matter what the neighbours say."],
            "Wants to keep the hedge whatever the neighbours say.",
        ),
        (
            ["After the knee surgery, running is off-limits until at least May."],
            "After the knee surgery, no running before May at the earliest.",
        ),
        (
            ["Deploy keys for the build agents are kept in HashiCorp Vault."],
            "The build agents' deploy keys are kept in Vault, which the team runs.",
        ),
    ],
)
def test_the_gate_reads_one_fact_in_another_spelling(sources: list[str], merged: str) -> None:
    assert hard_findings(sources, merged) == []


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        (
            ["The analyst role pays 55,000 to 61,000 pounds."],
            "The analyst role pays £55,000–65,000.",
            "61,000",
        ),
        (
            ["Never eats meat, no matter what is served."],
            "Eats meat, whatever is served.",
            "negation: Never eats meat",
        ),
        (
            ["After the knee surgery, running is allowed from May."],
            "After the knee surgery, no running from May.",
            "negation: no running (not in the sources)",
        ),
    ],
)
def test_a_real_change_is_still_found(sources: list[str], merged: str, finding: str) -> None:
    assert finding in hard_findings(sources, merged)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Rafa, the user's old college roommate, now teaches in Porto.",
            "These days the user's former dorm-mate Rafa is a teacher in Porto.",
        ),
        (
            "Ines, the user's old bandmate, now runs a bakery in Braga.",
            "A Braga bakery is run these days by Ines, who used to play in a band with the user.",
        ),
    ],
)
def test_the_pair_judge_reads_an_old_role_as_former(a: str, b: str) -> None:
    assert pair_disagreement(Statement(a), Statement(b)) is None
    assert pair_disagreement(Statement(b), Statement(a)) is None


def test_the_pair_judge_still_tells_a_former_role_from_a_current_one() -> None:
    a = Statement("Rafa, the user's old college roommate, used to teach in Porto.")
    assert pair_disagreement(a, Statement("Rafa teaches in Porto.")) is not None
