"""Benchmark the store boundary on a Claude Code memory directory: ``store_snapshot`` (first,
when every file is new to the mirror, and again with nothing changed) and ``store_writeback``
(merges of duplicate files written back: new files, sources kept and removed, MEMORY.md
rewritten), per 1 000 topic files, beside the anchor measured in the same run: reading the same
files once (open, read, decode), the least any snapshot must do.

    python benchmarks/bench_stores.py           # 5 000 topic files
    python benchmarks/bench_stores.py --quick   # 1 000 topic files
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import _checkout  # noqa: F401  (this checkout's dream_assets first)
from tables import print_markdown_table

from dream_assets.core.memory.merge import build_merged_entry
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.store_sync import run_store_snapshot, run_store_writeback

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
# One file in ten has a duplicate beside it (merged in the writeback case).
DUPLICATE_EVERY = 10
INDEXED = 150  # MEMORY.md stays under Claude Code's 200 lines
REPEATS = 3
TOPICS = ("user", "feedback", "project", "reference")


def write_memory(directory: Path, files: int) -> None:
    directory.mkdir(parents=True)
    lines = ["# Memory", "", "Notes about the project.", ""]
    for n in range(files):
        name = f"note_{n:05d}.md"
        base = n - 1 if n % DUPLICATE_EVERY == 1 else n
        body = (
            f"Fact {base}: the service {base % 97} pages on-call after {base % 13 + 2} failed "
            f"health checks; dashboards at grafana.internal/d/svc-{base}."
        )
        kind = TOPICS[n % len(TOPICS)]
        (directory / name).write_text(
            f"---\nname: Note {n}\ndescription: service {base % 97}\ntype: {kind}\n---\n\n{body}\n",
            encoding="utf-8",
        )
        if n < INDEXED:
            lines.append(f"- [Note {n}]({name}) — service {base % 97}")
    (directory / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def connect(agent: Path, memory: Path) -> AgentVolume:
    agent.mkdir(parents=True)
    (agent / "dream-store.json").write_text(
        json.dumps({"kind": "claude-code", "path": str(memory)})
    )
    return AgentVolume(agent)


def read_once(memory: Path) -> None:
    for path in sorted(memory.glob("*.md")):
        path.read_bytes().decode("utf-8")


def merge_duplicates(volume: AgentVolume) -> int:
    """Record in the mirror the merges the cycle would make of each duplicate pair."""
    merges = 0
    for n in range(0, 10**9, DUPLICATE_EVERY):
        first, second = volume.get(f"cc-note_{n:05d}.md"), volume.get(f"cc-note_{n + 1:05d}.md")
        if first is None or second is None:
            break
        merged = build_merged_entry(
            [first, second],
            content=first.content,
            category=first.category,
            tags=(),
            now=NOW,
            run_id="bench",
        )
        volume.save(merged)
        for source in (first, second):
            volume.archive(source.id, reason="merged", now=NOW)
        merges += 1
    return merges


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def measure(files: int, work: Path) -> list[list[str]]:
    memory = work / "memory"
    write_memory(memory, files)
    anchor = statistics.median(timed(lambda: read_once(memory)) for _ in range(REPEATS))
    first, idle, writeback, merges = [], [], [], 0
    for attempt in range(REPEATS):
        trial = work / f"trial-{attempt}"
        store = trial / "memory"
        shutil.copytree(memory, store)
        volume = connect(trial / "agent", store)
        snapshot = partial(run_store_snapshot, volume, DreamOptions(), NOW)
        first.append(timed(partial(snapshot, run_id="s1")))
        idle.append(timed(partial(snapshot, run_id="s2")))
        merges = merge_duplicates(volume)
        writeback.append(timed(partial(run_store_writeback, volume, NOW, run_id="w1")))
        assert len(list(store.glob("*.md"))) == files + 1 - merges, "every merge landed"
    per = 1000 / files
    rows = []
    for case, seconds in (
        ("read every file once (anchor)", anchor),
        ("store_snapshot, first (all new)", statistics.median(first)),
        ("store_snapshot, nothing changed", statistics.median(idle)),
        (f"store_writeback, {merges} merges", statistics.median(writeback)),
    ):
        rows.append([case, f"{seconds:.3f}", f"{seconds * per:.3f}", f"{seconds / anchor:.1f}x"])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="1 000 topic files")
    args = parser.parse_args()
    files = 1000 if args.quick else 5000
    with tempfile.TemporaryDirectory(prefix="bench-stores-") as tmp:
        rows = measure(files, Path(tmp))
    print(f"claude-code store, {files} topic files, median of {REPEATS}")
    print_markdown_table(["case", "seconds", "s per 1 000 files", "vs anchor"], rows)


if __name__ == "__main__":
    main()
