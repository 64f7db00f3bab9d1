"""Issue 24, forty-seventh round (read off v50b after its one measurement; docs/benchmarks.md,
"Forty-seventh round"): the pair judge reads "a pair of" as 2 (``lexicon.pairs_of``), as it reads
"a dozen" as 12, so "Two budgies" / "a pair of budgerigars" state one count. Another count is still
a difference. Only the judge reads it: the merge gate's verdicts over the ninety spent merge
corpora are the same. The sentences are written for these tests, not taken
from a corpus.
"""

from __future__ import annotations

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.lexicon import pairs_of
from dream_assets.core.near_duplicates.candidates import pair_disagreement


def _judged(a: str, b: str) -> str | None:
    return pair_disagreement(Statement(a), Statement(b))


def test_a_pair_is_two() -> None:
    a = "Two goldfish, Pip and Squeak, live in a tank in the user's study."
    b = "The user keeps a pair of goldfish called Pip and Squeak in one tank in the study."
    assert _judged(a, b) is None
    assert _judged(b, a) is None


def test_another_count_is_still_a_difference() -> None:
    verdict = _judged(
        "Bought a pair of tickets for the Friday show.", "Bought three tickets for the Friday show."
    )
    assert (verdict or "").startswith("numbers differ")


def test_the_words_read() -> None:
    assert pairs_of(["a", "pair", "of", "boots"]) == {2}
    assert pairs_of(["two", "pairs", "of", "boots"]) == set()
    assert pairs_of(["does", "pair", "programming"]) == set()
