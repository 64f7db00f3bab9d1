"""The merge-check benchmarks' workload: a labelled corpus cycled to a fixed number of checks."""

from __future__ import annotations

import argparse
from pathlib import Path

from dream_assets.core.facts.corpus import CorpusCase, read_corpus


def corpus_workload(
    argv: list[str] | None, description: str, corpus: Path
) -> tuple[list[CorpusCase], list[CorpusCase]]:
    """The corpus's cases, and the checks to time: 20 000 of them (2 000 with ``--quick``)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    cases = read_corpus(corpus)
    total = 2_000 if args.quick else 20_000
    return cases, [cases[i % len(cases)] for i in range(total)]
