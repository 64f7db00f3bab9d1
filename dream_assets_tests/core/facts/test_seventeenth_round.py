"""Issue 24, seventeenth round (v16 and v16b, measured once and spent, pooled with the twenty sets
before them as development data): for the duplicate judge, an ISO date is aligned to the other
side's spelling of it like any numeric date, and the specifics band reads a dropped specific the
way the merge gate does (a sentence-opening English word is weak evidence of a name); for the
merge gate, a negation bounded by its one exception ("except", "otherwise") may be restated as an
"only", and a place is credited by its regular adjective ("Rwanda" / "Rwandan") where the
demonym table does not list it (docs/merge-checks.md, "Seventeenth round"). Each credit fails on
the sixteenth round's rules; each has a guard beside it that the difference it could hide is
still found. The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.aliases import equated
from dream_assets.core.facts.dates import align_dates
from dream_assets.core.facts.merge_check import is_hint
from dream_assets.core.near_duplicates.candidates import pair_disagreement, pair_same_specifics
from dream_assets_tests.core.facts.merges import check


def same(a: str, b: str) -> bool:
    return pair_same_specifics(Statement(a), Statement(b))


def test_an_iso_date_is_aligned_to_the_other_spelling() -> None:
    other = "The lease on the Leeds flat ends on 31 August 2026."
    assert align_dates("Leeds flat lease: last day 2026-08-31.", other) == (
        "Leeds flat lease: last day August 31, 2026."
    )
    # a date the other side does not state stays as written, so it still differs
    assert align_dates("Leeds flat lease: last day 2026-09-30.", other) == (
        "Leeds flat lease: last day 2026-09-30."
    )
    assert equated("Passport renewal due 2027-03-15.", "Renew the passport by 15 March 2027.") == (
        "Passport renewal due March 15, 2027."
    )


def test_an_iso_date_and_its_month_name_state_the_same_specifics() -> None:
    assert same(
        "Has a Costco membership that lapses on 12 October 2026.",
        "The user's Costco card runs out 2026-10-12.",
    )
    assert not same(
        "Has a Costco membership that lapses on 12 October 2026.",
        "The user's Costco card runs out 2026-11-12.",
    )
    verdict = pair_disagreement(
        Statement("Has a Costco membership that lapses on 12 October 2026."),
        Statement("The user's Costco card runs out 2026-11-12."),
    )
    assert verdict is not None


def test_a_sentence_opening_word_is_no_specific_the_band_needs() -> None:
    assert same(
        "Billing alerts for the payments service go to PagerDuty, never to email.",
        "Payments' alarms are routed through PagerDuty rather than the inbox.",
    )
    assert same(
        "Sober since 2019 and avoids bars altogether.",
        "The user quit drinking in 2019 and stays away from pubs.",
    )


def test_a_name_the_other_side_lacks_still_keeps_the_band_shut() -> None:
    assert not same(
        "Billing alerts from Stripe go to PagerDuty.",
        "Billing alerts from Adyen go to PagerDuty.",
    )
    assert not same(
        "Tomasz's builds publish to Artifactory every night.",
        "Builds publish to Artifactory every night.",
    )


def test_a_negation_bounded_by_its_exception_may_be_restated_as_only() -> None:
    result = check(
        [
            "The guinea pigs eat hay and pellets; no fruit except on Sundays.",
            "The guinea pigs, Mochi and Bean, live in the spare room.",
        ],
        "Mochi and Bean, the guinea pigs in the spare room, eat hay and pellets, with fruit "
        "on Sundays only.",
    )
    assert not result.missing
    assert any(f.startswith("negation: ") and is_hint(f) for f in result.hints)
    result = check(
        ["Uses the standing desk in the afternoons but not otherwise; it is a Fully Jarvis."],
        "Stands at the Fully Jarvis desk only in the afternoons.",
    )
    assert not result.missing
    assert any(f.startswith("negation: ") and is_hint(f) for f in result.hints)


def test_an_only_without_an_exception_is_still_a_flip() -> None:
    result = check(
        ["The guinea pigs eat no fruit at all, only hay.", "Mochi and Bean are the guinea pigs."],
        "Mochi and Bean, the guinea pigs, eat fruit and hay.",
    )
    assert any(not is_hint(f) for f in result.missing)
    result = check(
        ["Never takes the car to work; cycles every day.", "Works at the Hull office."],
        "Only takes the car to the Hull office, cycling every day.",
    )
    assert any(not is_hint(f) for f in result.missing)


def test_a_place_is_credited_by_its_regular_adjective() -> None:
    result = check(
        [
            "Pays for a girl's secondary schooling in Rwanda through Plan International.",
            "The Plan International sponsorship costs £22 a month.",
        ],
        "Through Plan International the user funds a Rwandan girl's secondary schooling, "
        "£22 a month.",
    )
    assert result.ok, result
    result = check(
        ["Buys Kenyan coffee beans from a roaster in Leith.", "Grinds them every morning."],
        "Every morning grinds coffee beans from Kenya, bought from a Leith roaster.",
    )
    assert result.ok, result


def test_a_place_the_merge_does_not_name_is_still_missing() -> None:
    result = check(
        ["Pays for a girl's schooling in Rwanda.", "The sponsorship costs £22 a month."],
        "Pays £22 a month for a Ugandan girl's schooling.",
    )
    assert not result.ok and "Rwanda" in result.missing
