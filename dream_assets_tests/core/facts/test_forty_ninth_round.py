"""Issue 24, forty-ninth round (read off v51b and v52b after their one measurement;
docs/benchmarks.md, "Forty-ninth round"): the pair judge reads a participle after a wish or a need
and its object ("needs the gutters cleared") as wanted, not done (``status_uses.wanted_done``), so
it does not stand against a plan ("due for a gutter clearance"). A thing had done ("had the
gutters cleared") is still done. Only the judge reads it: the merge gate's status rule is its own.
The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.status_uses import wanted_done
from dream_assets.core.near_duplicates.candidates import pair_disagreement


def _judged(a: str, b: str) -> str | None:
    return pair_disagreement(Statement(a), Statement(b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "The cottage is due for a gutter clearance before the autumn storms.",
            "The cottage needs its gutters cleared before the autumn storms.",
        ),
        (
            "The user's Vespa is due for its annual service in June.",
            "The user's Vespa needs the annual service done in June.",
        ),
    ],
)
def test_a_thing_wanted_done_is_a_plan(a: str, b: str) -> None:
    assert _judged(a, b) is None
    assert _judged(b, a) is None


def test_a_thing_had_done_is_still_done() -> None:
    verdict = _judged(
        "The cottage is due for a gutter clearance before the autumn storms.",
        "The cottage had its gutters cleared before the autumn storms.",
    )
    assert verdict == "status differs: planned / done"


def test_the_words_read() -> None:
    assert wanted_done("Needs the gutters cleared by May.") == {"cleared"}
    assert wanted_done("Wants the fence painted.") == {"painted"}
    assert wanted_done("Would like the report done today.") == {"done"}
    assert wanted_done("Had the fence painted.") == frozenset()
    assert wanted_done("Painted the fence and needs a rest.") == frozenset()
