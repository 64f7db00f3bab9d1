"""The entry lock (core/store/entry_lock.py): a fixed set of striped lock files, created once
per volume, that every change to an existing entry holds (issue 27)."""

from __future__ import annotations

import multiprocessing
import multiprocessing.synchronize
import time
import zlib
from pathlib import Path

from dream_assets.core.models import MemoryEntry
from dream_assets.core.store.entry_lock import (
    LOCK_DIR,
    LOCK_STRIPES,
    entry_lock_held,
    stripe_of,
    stripe_path,
)
from dream_assets.core.store.volume import AgentVolume
from dream_assets_tests.builders import entry, make_volume

ENTRIES = 300


def _reinforce(current: MemoryEntry) -> MemoryEntry:
    return current.with_changes(reinforcement_count=current.reinforcement_count + 1)


def test_the_stripe_is_the_crc32_of_the_id_so_any_language_finds_it() -> None:
    assert stripe_of("m-0001") == zlib.crc32(b"m-0001") % LOCK_STRIPES
    path = Path("/agent/memory/entries/m-0001.json")
    assert stripe_path(path) == Path(f"/agent/memory/{LOCK_DIR}/{stripe_of('m-0001'):02x}")


def test_writes_create_no_lock_file_per_entry_only_the_fixed_stripes(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry(f"m-{i:04d}") for i in range(ENTRIES)])
    for i in range(ENTRIES):
        volume.update_entry(f"m-{i:04d}", _reinforce)
    scan = volume.scan_entries()
    entries = {e.id: e for e in scan.entries}
    assert all(entries[f"m-{i:04d}"].reinforcement_count == 2 for i in range(ENTRIES))
    # The batched writer takes the same locks.
    stats = {e.id: volume.entry_stat(e.id) for e in scan.entries}
    assert volume.save_many([_reinforce(e) for e in scan.entries], expect=stats) == {}
    assert sorted(p.name for p in volume.entries_dir.iterdir()) == sorted(
        f"m-{i:04d}.json" for i in range(ENTRIES)
    )
    stripes = list((volume.root / "memory" / LOCK_DIR).iterdir())
    assert 0 < len(stripes) <= LOCK_STRIPES
    assert {p.name for p in stripes} == {f"{stripe_of(f'm-{i:04d}'):02x}" for i in range(ENTRIES)}


def test_a_thread_holding_a_stripe_takes_it_again_without_waiting(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    path = volume.entry_path("m-1")
    with entry_lock_held(path), entry_lock_held(path):
        written = volume.update_entry("m-1", _reinforce)
    assert written is not None and written.reinforcement_count == 2


def _hold(
    path: str, held: multiprocessing.synchronize.Event, release: multiprocessing.synchronize.Event
) -> None:
    with entry_lock_held(Path(path)):
        held.set()
        release.wait(30)


def test_an_update_waits_while_another_process_holds_the_entrys_lock(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    context = multiprocessing.get_context("spawn")
    held, release = context.Event(), context.Event()
    holder = context.Process(target=_hold, args=(str(volume.entry_path("m-1")), held, release))
    holder.start()
    try:
        assert held.wait(30)
        started = time.monotonic()
        releaser = context.Process(target=_release_after, args=(release, 0.5))
        releaser.start()
        written = AgentVolume(volume.root).update_entry("m-1", _reinforce)
        waited = time.monotonic() - started
        releaser.join(30)
    finally:
        release.set()
        holder.join(30)
    assert written is not None and written.reinforcement_count == 2
    assert waited >= 0.4, "the update landed while another process held the entry's lock"


def _release_after(release: multiprocessing.synchronize.Event, seconds: float) -> None:
    time.sleep(seconds)
    release.set()
