"""The duplicate judge's tenth round (issue 24 item 4): "has yet to" is a negation, and "yet"
after a negation no clause break, so "never been to Peru" / "has yet to set foot in Peru" agree and
"has a visa" / "doesn't yet have a visa" differ (docs/benchmarks.md, "Tenth round: the duplicate
judge"). Both pairs were judged the other way by the ninth round's rules."""

from __future__ import annotations

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.near_duplicates.candidates import pair_disagreement


def _judged(a: str, b: str) -> str | None:
    return pair_disagreement(Statement(a), Statement(b))


def test_yet_to_restates_never() -> None:
    a, b = "The user has never been to Peru.", "The user has yet to set foot in Peru."
    assert _judged(a, b) is None
    assert _judged(b, a) is None


def test_not_yet_is_told_apart_from_the_positive() -> None:
    a = "The user has a valid Indian visa for the Kerala trip."
    b = "The user doesn't yet have a valid Indian visa for the Kerala trip."
    assert _judged(a, b) == "negation differs"
    assert _judged(b, a) == "negation differs"


def test_yet_to_against_the_deed_is_told_apart() -> None:
    verdict = _judged(
        "Has yet to sign the lease for the Leith flat.", "Signed the lease for the Leith flat."
    )
    assert verdict is not None
