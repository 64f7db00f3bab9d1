"""Issue 24, sixth round: a name, number or date restated in another spelling is the same
specific (docs/merge-checks.md, "Sixth round"). Each equivalence credits a spelling that states
the whole specific; a specific missing in every spelling is still missing (the guards below).
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.coverage import missing_specifics
from dream_assets.core.facts.meaning.numbers import quantities_of
from dream_assets.core.facts.merge_check import check_merge
from dream_assets_tests.core.facts.merges import check as _check
from dream_assets_tests.core.facts.merges import sources_of as _sources

# ── Names restated ──────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        # a clipped acronym of the name's words, either way round
        (
            "Her daughter studies law at the University of Nairobi.",
            "Her daughter reads law at UNINAIROBI.",
        ),
        ("He teaches at the University of Tasmania.", "He teaches at UTas."),
        ("He teaches at UTas.", "He is a lecturer at the University of Tasmania."),
        # one word abbreviated (or written out) in place, beside the word of the name kept
        ("Is presenting at PyCon Europe in July.", "Presenting at PyCon EU in July."),
        ("Drives a VW Golf to work.", "Commutes in a Volkswagen Golf."),
        ("Shoots on a Fujifilm X100V.", "Takes photos with a Fuji X100V."),
        ("The hens are Buff Orpingtons.", "Four Buff Orpington hens."),
        # the whole name hyphenated into a compound
        (
            "Pays into a Stocks and Shares ISA monthly.",
            "Pays monthly into a stocks-and-shares ISA.",
        ),
        # a bracketed gloss: the source states the name twice
        ("Usual airport is Edinburgh (EDI).", "They usually fly out of Edinburgh."),
        # a classifier before a number said with its ordinal
        ("Their son is in Year 6 now.", "Their son is a sixth-year pupil now."),
        ("Their son is in Grade 3 now.", "Their son is in 3rd grade now."),
        # a sentence-opening clipping that is no English word, written out
        ("Infra runs on Kubernetes.", "The infrastructure runs on Kubernetes."),
        # a title in capitals
        ("PROF. ADEYEMI chairs the panel.", "Prof Adeyemi chairs the panel."),
    ],
)
def test_a_name_restated_whole_is_covered(source: str, merged: str) -> None:
    result = _check([source], merged)
    assert result.ok, result.missing
    assert not [h for h in result.hints if h.startswith("name:")], result.hints


@pytest.mark.parametrize(
    ("source", "merged", "finding"),
    [
        # no spelling of the name at all
        (
            "Her daughter studies law at the University of Nairobi.",
            "Her daughter reads law.",
            "Nairobi",
        ),
        # an acronym of other words: not the name's leading letters in order
        ("He teaches at the University of Tasmania.", "He teaches at UNSW.", "Tasmania"),
        # the abbreviation away from the rest of the name is not credited in place
        (
            "Is presenting at PyCon Europe in July.",
            "Presenting at PyCon in July, EU trip.",
            "Europe",
        ),
        # written lowercase with spaces the words may be the words themselves
        (
            "The Briefing and Triage runs completed.",
            "The briefing and triage runs completed.",
            "Briefing",
        ),
        # another year, another grade
        ("Their son is in Year 6 now.", "Their son is a fifth-year pupil now.", "Year"),
        # a clipping that is an English word is not read as one written out ("Mark" / "market")
        ("Mark runs the stall.", "The market stall is run by someone.", "Mark"),
    ],
)
def test_a_name_missing_in_every_spelling_is_still_missing(
    source: str, merged: str, finding: str
) -> None:
    result = check_merge(_sources([source]), merged, hints_bind=True)
    assert not result.ok
    assert any(finding in f for f in result.missing), result.missing


# ── Numbers and dates restated ──────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        ("Aims for 150 km a week on the bike.", "Targets one hundred and fifty kilometres a week."),
        ("Has 365 photos in the album.", "The album holds three hundred and sixty-five photos."),
        ("Rent is paid on the 15th.", "Rent is paid on the fifteenth."),
        ("Saves £20k a year.", "Saves £20,000 a year."),
        ("Booked the restaurant for 17 October.", "The restaurant is booked for 17/10."),
        ("Booked the restaurant for 17 October.", "The restaurant is booked for 10/17."),
        (
            "Prefers calls of 25 minutes, not 30.",
            "Likes calls of twenty-five minutes rather than thirty.",
        ),
    ],
)
def test_a_number_or_date_restated_is_covered(source: str, merged: str) -> None:
    result = check_merge(_sources([source]), merged, hints_bind=True)
    assert result.ok, result.missing


@pytest.mark.parametrize(
    ("source", "merged", "finding"),
    [
        (
            "Aims for 150 km a week on the bike.",
            "Targets one hundred and forty kilometres a week.",
            "150",
        ),
        ("Rent is paid on the 15th.", "Rent is paid on the sixteenth.", "15"),
        ("Saves £20k a year.", "Saves £2,000 a year.", "20"),
        ("Booked the restaurant for 17 October.", "The restaurant is booked for 18/10.", "October"),
        # a slashed date both orders fit is ambiguous (10 December or 12 October): not credited
        ("Booked the restaurant for 12 October.", "The restaurant is booked for 10/12.", "October"),
        (
            "Prefers calls of 25 minutes, not 30.",
            "Likes calls of twenty-five or thirty minutes.",
            "negation",
        ),
    ],
)
def test_a_changed_number_or_date_is_still_found(source: str, merged: str, finding: str) -> None:
    result = _check([source], merged)
    assert not result.ok
    assert any(f.startswith(finding) or finding in f for f in result.missing), result.missing


def test_a_compound_number_is_one_count() -> None:
    values = [q.value for q in quantities_of("one hundred and fifty kilometres")]
    assert values == ["150"]
    # another scale after it is not read as the compound ("two hundred and five thousand")
    assert "205" not in [q.value for q in quantities_of("two hundred and five thousand")]


def test_the_coverage_rule_alone_credits_the_same_spellings() -> None:
    # the equivalences live in the coverage check, so the blocking check and the pair judge see
    # them too, not only the gate
    sources = _sources(["He teaches at the University of Tasmania."])
    assert missing_specifics(sources, "He teaches at UTas.").ok
    assert not missing_specifics(sources, "He teaches in Hobart.").ok


# ── A negation restated by a derivation is a hint, never a credit ───────────────────────────


def test_a_negation_restated_by_a_derivation_is_a_hint() -> None:
    result = _check(
        ["Not planning to overpay the mortgage."],
        "The mortgage is fixed, and they don't intend to make overpayments.",
    )
    assert result.ok, result.missing
    assert any(h.startswith("negation:") and h.endswith("(restated?)") for h in result.hints)


def test_a_flip_beside_a_derivation_stays_hard() -> None:
    # the merge states the derivation with no negation near it: the plain flip
    result = _check(
        ["Not planning to overpay the mortgage."], "Plans overpayments on the mortgage."
    )
    assert not result.ok
    assert any(f.startswith("negation:") for f in result.missing)
