"""Benchmark: do the judges read a long text in time proportional to its length?

Run from the repository root::

    python benchmarks/bench_long_texts.py           # 1 000 to 30 000 words
    python benchmarks/bench_long_texts.py --quick   # 1 000 and 3 000 words

For each length, a random text of memory-like words (names, numbers, dates, negations,
punctuation) and a second one of the same length are judged as a candidate pair
(``pair_disagreement``) and checked as a merge (``check_merge``, the two as sources, half of one
and the other as the merged text); beside them, three shapes that made a rule grow with the
square or the cube of the length before the bounds of 2026-12-06 (docs/merge-checks.md, "Long
texts"): a run of capitalized words, a figure of thousands of digits, a clause of negations.
The anchor, in the same run, is reading the same texts once (``Text.read``: tokenising, stems,
quantities): each row prints the judge's and the check's time and their ratio to it, so a ratio
that stays flat as the length grows is time proportional to the length.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from _checkout import ROOT  # noqa: F401  (puts the checkout first on sys.path)

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.coverage import CoverageSource
from dream_assets.core.facts.meaning.text import Text
from dream_assets.core.facts.merge_check import check_merge
from dream_assets.core.near_duplicates.candidates import pair_disagreement

_VOCABULARY = """
not never no Alice Bob Crown St Street Dr 12 3.5 1,000 £5 $20 10:30 31.12.2026 2026-01-02 U.S.
e.g. ' ( ) , ; : is was will won't isn't doesn't has had the a an in on at of and or but only all
every some none two three twice first second % km kg h min Mon Tuesday January JDK-17 v1.2.3
O'Neil McDonald's NASA RSPB IBM's - / ... !!! ??? hired met gave
"""
WORDS = _VOCABULARY.split()


def _random_text(rng: random.Random, length: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(length))


def _shapes(length: int) -> dict[str, str]:
    return {
        "capitalized run": "Ab Cd " * (length // 2),
        "long figure": f"Tom walked {'1' * length} km.",
        "clause of negations": "not " * length + "Tom hired Anna",
    }


def _seconds(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def _row(label: str, length: int, a: str, b: str) -> tuple[str, int, float, float, float]:
    # Fresh texts each row (a suffix), so no reading is remembered from an earlier row.
    anchor = _seconds(lambda: (Text.read_uncached(a), Text.read_uncached(b)))
    judge = _seconds(lambda: pair_disagreement(Statement(a), Statement(b)))
    sources = [CoverageSource("a", a), CoverageSource("b", b)]
    check = _seconds(lambda: check_merge(sources, a[: len(a) // 2] + " " + b))
    return label, length, anchor, judge, check


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1 000 and 3 000 words")
    parser.add_argument("--sizes", type=int, nargs="*", help="text lengths in words")
    args = parser.parse_args(argv)
    lengths = args.sizes or ([1_000, 3_000] if args.quick else [1_000, 3_000, 10_000, 30_000])
    rng = random.Random(7)
    _row("warm-up", 100, _random_text(rng, 100), _random_text(rng, 100))  # loads the lexicon
    rows = []
    for length in lengths:
        rows.append(
            _row("random words", length, _random_text(rng, length), _random_text(rng, length))
        )
        for label, text in _shapes(length).items():
            rows.append(_row(label, length, text, f"{text} Ef."))
    print("CPU seconds (process time); anchor: reading both texts once (Text.read)")
    print("| text | words | anchor s | pair judge s | ÷ anchor | merge check s | ÷ anchor |")
    print("|---|---|---|---|---|---|---|")
    for label, length, anchor, judge, check in sorted(rows):
        floor = max(anchor, 1e-3)
        print(
            f"| {label} | {length:,} | {anchor:.3f} | {judge:.3f} | {judge / floor:.1f}x "
            f"| {check:.3f} | {check / floor:.1f}x |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
