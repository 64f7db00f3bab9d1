"""Merge coverage check: throughput and quality on the labelled corpus.

    python benchmarks/bench_coverage.py           # 20 000 checks
    python benchmarks/bench_coverage.py --quick   # 2 000 checks

Anchor, in the same run: a naive check ("every capitalised word or number of the sources appears
somewhere in the merge") over the same cases — what a first attempt would be — for speed and for
its false-rejection and catch rates on the same labelled corpus.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from corpus_workload import corpus_workload

from dream_assets.core.facts.corpus import CorpusCase, measure

CORPUS = (
    Path(__file__).resolve().parents[1] / "dream_assets_tests" / "data" / "coverage_corpus.jsonl"
)
_NAIVE = re.compile(r"\b(?:[A-Z][\w'-]*|\d{2,}[\d.,:]*)")


def naive_ok(case: CorpusCase) -> bool:
    needed = {m.group(0) for s in case.sources for m in _NAIVE.finditer(s.content)}
    return all(word in case.merged for word in needed)


def main(argv: list[str] | None = None) -> int:
    cases, work = corpus_workload(argv, __doc__.splitlines()[0], CORPUS)
    total = len(work)

    start = time.perf_counter()
    for case in work:
        case.check()
    ours = time.perf_counter() - start
    start = time.perf_counter()
    for case in work:
        naive_ok(case)
    anchor = time.perf_counter() - start

    rates = measure(cases)
    preserving = [c for c in cases if c.preserves_content]
    dropping = [c for c in cases if not c.preserves_content]
    naive_false = sum(1 for c in preserving if not naive_ok(c))
    naive_caught = sum(1 for c in dropping if not naive_ok(c))

    print(f"merge coverage check — {len(cases)} labelled cases, {total} checks timed")
    print(f"{'checker':<28}{'checks/s':>12}{'false rejections':>20}{'catch rate':>14}")
    print(
        f"{'ours (coverage.py)':<28}{total / ours:>12,.0f}"
        f"{rates.false_rejections:>12}/{rates.preserving:<3} ({rates.false_rejection_rate:>4.0%})"
        f"{rates.caught:>6}/{rates.dropping} ({rates.catch_rate:.0%})"
    )
    print(
        f"{'naive capitalised-words':<28}{total / anchor:>12,.0f}"
        f"{naive_false:>12}/{len(preserving):<3} ({naive_false / len(preserving):>4.0%})"
        f"{naive_caught:>6}/{len(dropping)} ({naive_caught / len(dropping):.0%})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
