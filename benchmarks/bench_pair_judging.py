"""The first cycle's near-duplicate judging alone, on a planted agent: its CPU time and verdicts.

Run from the repository root, once per checkout to compare (issue 27, round 12)::

    python benchmarks/bench_pair_judging.py --size 100000 --verdicts /tmp/a.json
    cmp /tmp/a.json /tmp/b.json   # the same verdicts in both checkouts

Plants ``--size`` entries as ``bench_scale.py`` does (same seed, so the same texts), finds the
lexical candidate pairs of the live entries (``lexical_pairs`` at the default threshold) and asks
the scan's judge of each distinct pair of statements once, as ``compute_clusters`` does, with
every memo of the judge cold (a fresh process). Prints the CPU seconds of the judging (the search
apart), the counts of pairs and distinct texts, and the cache figures of the per-text memos;
``--verdicts`` writes every verdict, sorted, for ``cmp``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import pkgutil
import shutil
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from _checkout import ROOT  # noqa: F401  (puts the checkout on the path)
from bench_scale import plant

import dream_assets.core.facts as facts
from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.coverage import DEFAULT_VOCABULARY
from dream_assets.core.models import SUBJECT_TIME_KEYS, MemoryEntry
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets.core.near_duplicates.lexical_search import lexical_pairs, token_sets
from dream_assets.core.options import DreamOptions


def _memo_figures() -> list[str]:
    lines = []
    for info in pkgutil.walk_packages(facts.__path__, facts.__name__ + "."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            cache_info = getattr(value, "cache_info", None)
            if cache_info is None or getattr(value, "__module__", "") != module.__name__:
                continue
            figures = cache_info()
            if figures.hits or figures.misses:
                lines.append(
                    f"  {info.name.rsplit('.', 1)[-1]}.{name}: {figures.misses} read, "
                    f"{figures.hits} remembered, {figures.currsize}/{figures.maxsize} held"
                )
    return lines


def _live(size: int, directory: Path | None) -> list[MemoryEntry]:
    workdir = Path(tempfile.mkdtemp(prefix="bench-judging-", dir=directory))
    try:
        agent = workdir / "agent"
        plant(agent, size, datetime(2026, 12, 1, tzinfo=UTC))
        entries = [
            MemoryEntry.from_dict(json.loads(path.read_text(encoding="utf-8")), str(path))
            for path in sorted((agent / "memory" / "entries").iterdir())
        ]
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return [e for e in entries if e.archived_at is None]


def main(size: int, verdicts_out: Path | None, directory: Path | None = None) -> None:
    live = _live(size, directory)
    start = time.process_time()
    pairs = lexical_pairs(
        token_sets([e.content for e in live]), DreamOptions().similarity_threshold
    )
    search = time.process_time() - start
    statements = [
        Statement(
            e.content, e.category, tuple(str(e.metadata.get(k, "")) for k in SUBJECT_TIME_KEYS)
        )
        for e in live
    ]
    verdicts: dict[tuple[Statement, Statement], str | None] = {}
    # As a cycle's process does (``core/collection.py``): the entries built for the run move to
    # the permanent generation, so no collection walks them while the pairs are judged.
    gc.collect()
    gc.freeze()
    start = time.process_time()
    for pair in pairs:
        key = (statements[pair.left], statements[pair.right])
        if key not in verdicts:
            verdicts[key] = pair_disagreement(key[0], key[1], vocabulary=DEFAULT_VOCABULARY)
    judging = time.process_time() - start
    texts = {s.text for key in verdicts for s in key}
    rejected = sum(1 for v in verdicts.values() if v is not None)
    print(
        f"{len(live)} live entries, {len(pairs)} candidate pairs (search {search:.2f} s cpu), "
        f"{len(verdicts)} distinct statement pairs over {len(texts)} texts, {rejected} apart"
    )
    print(f"judging: {judging:.2f} s cpu")
    print("\n".join(_memo_figures()))
    if verdicts_out is not None:
        rows = sorted(
            [a.text, a.category, list(a.subject_time), b.text, b.category, list(b.subject_time), v]
            for (a, b), v in verdicts.items()
        )
        verdicts_out.write_text(json.dumps(rows, indent=0), encoding="utf-8")
        print(f"written {verdicts_out}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000, help="entries to plant")
    parser.add_argument("--verdicts", type=Path, default=None, help="write the verdicts (JSON)")
    parser.add_argument("--dir", type=Path, default=None, help="where to plant (removed after)")
    args = parser.parse_args()
    main(args.size, args.verdicts, args.dir)
