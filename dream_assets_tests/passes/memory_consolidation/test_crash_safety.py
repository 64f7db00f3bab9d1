"""Retries never apply twice; a crash loses nothing (issue 6, item 7; seed 003 "Retries cannot
apply an operation twice. A crash leaves a visible abandoned job").

A child process (``os.fork``, so it shares the imported code and starts in milliseconds) runs the
deterministic consolidation on a volume with four exact-duplicate clusters and dies part-way:
either at the Nth atomic write (``os._exit`` before the write, or after leaving a torn temp
file), for every N the run makes, or by SIGKILL after a seeded random delay. The parent then
reruns the pass to completion, as a Dagster re-execution would, and checks the files on disk.
"""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pytest

import dream_assets.core.store.atomic as atomic
from dream_assets.core.facts.coverage import CoverageSource, missing_specifics
from dream_assets.core.memory.merge import ARCHIVED_BY_RUN, MERGE_PENDING, merged_from
from dream_assets.core.models import MemoryEntry
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.call import PassCall
from dream_assets.passes.memory_consolidation import run_memory_consolidation
from dream_assets_tests.builders import NOW, entry, find_clusters, make_volume

OPTIONS = DreamOptions()
RERUN_AT = NOW + timedelta(hours=1)
CRASHED = 86  # the child's exit status when the injected crash fired
CLUSTERS = [
    ("a-1", "a-2"),
    ("b-1", "b-2", "b-3"),
    ("c-1", "c-2"),
    ("d-1", "d-2", "d-3"),
]
TEXT = {
    "a": "Caroline moved to Berlin in 2021 with her dog Rocky.",
    "b": "The team deploys the billing API to EU-West every Tuesday at 14:30.",
    "c": "Jon flew to Lisbon on May 4 for PyCon 2024.",
    "d": "Priya prefers Zoom calls before 10:00 on weekdays.",
}
SINGLES = {
    "s-1": "The Xebia contract renews on 2026-03-01.",
    "s-2": "Marcus uses a Dvorak keyboard at home.",
    "s-3": "The NAS backup runs nightly at 02:00 to Backblaze B2.",
}


def _corpus(root: Path) -> AgentVolume:
    items = [
        entry(member, TEXT[member[0]], reinforcement=1 + n, importance=0.3 + 0.1 * n, age_days=n)
        for cluster in CLUSTERS
        for n, member in enumerate(cluster, start=1)
    ]
    items += [entry(i, text) for i, text in SINGLES.items()]
    return make_volume(root, items)


def _consolidate(volume: AgentVolume, run_id: str, now: datetime = NOW) -> PassReport:
    """What the dream cycle does: scan live entries for clusters, then consolidate."""
    live = volume.scan_entries().live
    clusters = find_clusters(
        [(e.id, e.content) for e in live],
        threshold=OPTIONS.similarity_threshold,
        max_cluster_size=OPTIONS.max_cluster_size,
    )
    return run_memory_consolidation(
        PassCall(volume, OPTIONS, now, model=None, run_id=run_id), clusters=clusters
    )


def _entries(volume: AgentVolume) -> dict[str, MemoryEntry]:
    scan = volume.scan_entries()
    assert not scan.problems, scan.problems
    return {e.id: e for e in scan.entries}


Shape = tuple[
    list[tuple[str, str]], list[tuple[str, str | None]], list[tuple[str, tuple[str, ...]]]
]


def _shape(volume: AgentVolume) -> Shape:
    """The outcome, without the run ids and times that differ between runs."""
    entries = _entries(volume).values()
    return (
        sorted((e.id, e.content) for e in entries if not e.archived),
        sorted((e.id, e.archive_reason) for e in entries if e.archived),
        sorted((e.id, tuple(sorted(merged_from(e)))) for e in entries if merged_from(e)),
    )


def _assert_nothing_lost(
    volume: AgentVolume, originals: dict[str, MemoryEntry], label: str
) -> None:
    entries = _entries(volume)
    missing = sorted(set(originals) - set(entries))
    assert not missing, f"{label}: entries lost {missing}"
    merged = [e for e in entries.values() if merged_from(e)]
    # One merged entry per cluster: no duplicate from a retried merge.
    assert sorted(tuple(sorted(merged_from(e))) for e in merged) == sorted(CLUSTERS), label
    assert all(not e.archived and MERGE_PENDING not in e.metadata for e in merged), label
    for cluster in CLUSTERS:
        for source_id in cluster:
            source = entries[source_id]
            assert source.archived and source.archive_reason == "merged", f"{label}: {source_id}"
    live = [e for e in entries.values() if not e.archived]
    for original in originals.values():
        sources = [CoverageSource(original.id, original.content, original.category)]
        assert any(missing_specifics(sources, e.content).ok for e in live), (
            f"{label}: the specifics of {original.id} are in no live entry"
        )


def _archived_files(volume: AgentVolume) -> dict[str, bytes]:
    return {e.id: volume.entry_path(e.id).read_bytes() for e in volume.scan_entries().archived}


def _in_child(work: Callable[[], None]) -> int:
    """Run ``work`` in a forked child; its exit status (or -signal)."""
    pid = os.fork()
    if pid == 0:  # the child never returns into pytest
        code = 0
        try:
            work()
        except BaseException:
            code = 3
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def _dying_at_write(crash_at: int, *, torn: bool) -> Callable[[], None]:
    """Patch the one atomic writer to kill the process at its ``crash_at``-th call."""
    real = atomic.atomic_write_bytes
    calls = 0

    def writer(path: Path, data: bytes) -> None:
        nonlocal calls
        calls += 1
        if calls == crash_at:
            if torn:  # died mid-write: half a temp file next to the target, never renamed
                stray = path.parent / f".{path.name}.crash.tmp"
                stray.parent.mkdir(parents=True, exist_ok=True)
                stray.write_bytes(data[: len(data) // 2])
            os._exit(CRASHED)
        real(path, data)

    def install() -> None:
        atomic.atomic_write_bytes = writer  # type: ignore[assignment]

    return install


def _writes_of_a_clean_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, Shape]:
    volume = _corpus(tmp_path / "clean")
    real = atomic.atomic_write_bytes
    calls: list[Path] = []

    def counting(path: Path, data: bytes) -> None:
        calls.append(path)
        real(path, data)

    with monkeypatch.context() as patch:
        patch.setattr(atomic, "atomic_write_bytes", counting)
        report = _consolidate(volume, "run-1")
    assert report.counts["merged"] == len(CLUSTERS)
    return len(calls), _shape(volume)


@pytest.mark.parametrize("torn", [False, True], ids=["before-write", "torn-write"])
def test_a_crash_at_any_write_then_a_rerun_loses_nothing_and_duplicates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, torn: bool
) -> None:
    total, clean_shape = _writes_of_a_clean_run(tmp_path, monkeypatch)
    assert total >= 2 * len(CLUSTERS) + 10  # merges, archives, pending clears, reviews, ledger
    for crash_at in range(1, total + 1):
        label = f"crash at write {crash_at}/{total}"
        volume = _corpus(tmp_path / f"n{crash_at}")
        originals = _entries(volume)
        install = _dying_at_write(crash_at, torn=torn)

        def work(volume: AgentVolume = volume, install: Callable[[], None] = install) -> None:
            install()
            _consolidate(volume, "run-1")

        assert _in_child(work) == CRASHED, label
        archived_before = _archived_files(volume)

        report = _consolidate(volume, "run-2", RERUN_AT)
        assert not report.failures, f"{label}: {report.failures}"
        _assert_nothing_lost(volume, originals, label)
        assert _shape(volume) == clean_shape, label
        # What the crashed run archived is not archived again (its file is untouched).
        for entry_id, data in archived_before.items():
            assert volume.entry_path(entry_id).read_bytes() == data, f"{label}: {entry_id}"


@pytest.mark.parametrize("seed", range(6))
def test_sigkill_at_a_random_moment_then_a_rerun_loses_nothing(tmp_path: Path, seed: int) -> None:
    volume = _corpus(tmp_path / "agent")
    originals = _entries(volume)
    real = atomic.atomic_write_bytes

    def slow_writer(path: Path, data: bytes) -> None:
        time.sleep(0.004)  # spread the run out so the kill lands between or inside writes
        real(path, data)

    def work() -> None:
        atomic.atomic_write_bytes = slow_writer  # type: ignore[assignment]
        _consolidate(volume, "run-1")

    delay = random.Random(seed).uniform(0.0, 0.12)
    pid = os.fork()
    if pid == 0:
        try:
            work()
        finally:
            os._exit(0)
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) in (0, -signal.SIGKILL)

    report = _consolidate(volume, "run-2", RERUN_AT)
    assert not report.failures
    _assert_nothing_lost(volume, originals, f"seed {seed}, killed after {delay:.3f}s")


@pytest.mark.parametrize("retry_run_id", ["run-1", "run-2"], ids=["same-run-id", "new-run-id"])
def test_a_retry_of_a_completed_run_creates_no_duplicate_and_archives_nothing_twice(
    tmp_path: Path, retry_run_id: str
) -> None:
    volume = _corpus(tmp_path / "agent")
    originals = _entries(volume)
    assert _consolidate(volume, "run-1").counts["merged"] == len(CLUSTERS)
    shape = _shape(volume)
    archived = _archived_files(volume)
    # Past the min interval, so the retry really runs the pass instead of being gated off.
    retry = _consolidate(volume, retry_run_id, NOW + timedelta(hours=7))
    assert retry.skipped is None and retry.counts["merged"] == 0
    assert _shape(volume) == shape
    assert _archived_files(volume) == archived
    assert {e.metadata[ARCHIVED_BY_RUN] for e in _entries(volume).values() if e.archived} == {
        "run-1"
    }
    _assert_nothing_lost(volume, originals, "retry")
