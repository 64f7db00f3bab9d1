"""The same name in capitals is the same name (issue 24): an equivalence of spellings, like the
date spellings, for the coverage check and the pair judge alike. A name missing in every spelling
is still missing."""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement, disagreement
from dream_assets.core.facts.coverage import CoverageSource, missing_specifics


def _missing(source: str, merged: str) -> tuple[str, ...]:
    return missing_specifics([CoverageSource("s1", source, "people")], merged).missing


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        # Titlecase source, all-caps merge (a shouted note), at a sentence start and mid-sentence.
        ("Mother-in-law Fatima visits in December.", "FATIMA visits in December."),
        ("The user met Fatima in Casablanca.", "The user met FATIMA in Casablanca."),
        # All-caps source, Titlecase merge mid-sentence.
        ("ARSAUB ships the build on Fridays.", "On Fridays the team at Arsaub ships the build."),
        # A possessive in the other case.
        ("The user met Fatima in Casablanca.", "In Casablanca the user met FATIMA's family."),
        # A title written out or abbreviated.
        ("Dentist appointment with Dr. Haddad.", "Has a dentist appointment with Doctor Haddad."),
        ("Has a dentist appointment with Doctor Haddad.", "Dentist: Dr Haddad."),
        # An honorific in capitals, either way round (twelfth round).
        ("The flat's landlord is Mr. Osei.", "The user pays rent to MR. OSEI."),
        ("The flat's landlord is MRS OSEI.", "The user pays rent to Mrs Osei."),
        ("Dentist appointment with Doctor Haddad.", "Dentist appointment with DR HADDAD."),
    ],
)
def test_a_name_in_another_letter_case_is_credited(source: str, merged: str) -> None:
    assert _missing(source, merged) == ()


@pytest.mark.parametrize(
    ("source", "merged", "missing"),
    [
        # Short acronyms collide with English words: "IT" is not credited by "It".
        ("Works in IT at Zalando.", "Zalando: it is where the user works.", "IT"),
        # A sentence-start capital may be grammar, so it does not credit an acronym.
        ("Fixes the CAN bus at Bosch.", "Bosch: can fix the bus.", "CAN"),
        # Missing in every spelling is still missing.
        ("The user met Fatima in Casablanca.", "The user met someone in Casablanca.", "Fatima"),
        ("ARSAUB ships the build on Fridays.", "The build ships on Fridays.", "ARSAUB"),
        # Another honorific is another person's: "Mrs" is not credited by "MR".
        ("The flat's landlord is Mrs. Osei.", "The user pays rent to MR. OSEI.", "Mrs"),
    ],
)
def test_a_name_missing_in_every_spelling_is_still_missing(
    source: str, merged: str, missing: str
) -> None:
    assert missing in _missing(source, merged)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Arsaub renewed the support contract.", "ARSAUB renewed the support contract."),
        (
            "FATIMA (mother-in-law) visiting in December!",
            "Mother-in-law Fatima visits in December.",
        ),
        ("Dentist with Dr. Haddad on 12 August.", "Dentist with Doctor Haddad on August 12."),
    ],
)
def test_the_pair_judge_keeps_case_variants_together(a: str, b: str) -> None:
    assert disagreement(Statement(a), Statement(b)) is None


def test_the_pair_judge_still_parts_two_names() -> None:
    verdict = disagreement(Statement("Arsaub renewed it."), Statement("Borvik renewed it."))
    assert verdict is not None and verdict.startswith("specifics differ")
