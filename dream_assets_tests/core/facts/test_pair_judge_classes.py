"""Issue 24, the pair judge by category: look-alikes kept apart by what tells two facts apart (the
person, the time of day, the clock time, started / stopped, still doing / done) and paraphrases
kept together by the spellings the coverage check credits (diacritics, "$95k", an acronym)."""

from __future__ import annotations

import pytest

from dream_assets.core.facts import Statement, disagreement


def judged(a: str, b: str) -> str | None:
    return disagreement(Statement(a), Statement(b))


@pytest.mark.parametrize(
    ("a", "b", "reason"),
    [
        ("Their daughter is allergic to bee stings.", "Their husband is allergic to bee stings.",
         "person"),
        ("Splits the rent with a flatmate.", "Splits the rent with their girlfriend.", "person"),
        ("Their boss follows a vegan diet.", "Their intern follows a vegan diet.", "person"),
        ("Works out in the morning.", "Works out in the evening.", "time of day"),
        ("Meditates for 20 minutes at dawn.", "Meditates for 20 minutes at dusk.", "time of day"),
        ("Takes the pill at 8 pm.", "Takes the pill at 8 am.", "times"),
        ("Finished the machine learning course.", "Started the machine learning course.",
         "status"),
        ("Has stopped taking the statin.", "Has started taking the statin.", "status"),
        ("Migrated the blog to Hugo.", "Is still migrating the blog to Hugo.", "status"),
    ],
)  # fmt: skip
def test_look_alikes_that_differ_in_a_closed_class_are_kept_apart(
    a: str, b: str, reason: str
) -> None:
    found = judged(a, b)
    assert found is not None and found.startswith(reason)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Their mum lives in Leeds.", "Their mother lives in Leeds."),  # one class
        ("Their boss is strict.", "Their manager is strict."),
        ("Noisy neighbours late in the evening.", "Noisy neighbours at night."),
        ("Standup is at 9:00.", "Standup is at 9 am."),
        ("Conference on 21 October at 4:30 pm.", "Conference on Oct 21 at 16:30."),
        ("Best friend Tomasz lives in Kraków.", "Tomasz, the best friend, lives in Krakow."),
        ("Salary is 95,000 dollars a year.", "Earns $95k a year in salary."),
        ("Owes 4,300 dollars on a card.", "Carrying $4.3k of card debt."),
        ("Finished a 1000-piece puzzle.", "Completed a thousand-piece puzzle."),
        ("The CI pipeline runs on GitHub Actions.", "Continuous integration is on GitHub Actions."),
        ("The dog Rocco eats grain-free food.", "The dog Rocco is fed without any grains."),
    ],
)  # fmt: skip
def test_paraphrases_in_equivalent_spellings_agree(a: str, b: str) -> None:
    assert judged(a, b) is None


def test_a_name_without_its_diacritics_is_still_a_different_name_from_another() -> None:
    assert judged("Lives in Kraków.", "Lives in Warsaw.") is not None
