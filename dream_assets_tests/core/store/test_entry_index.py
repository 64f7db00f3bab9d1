"""The entry index (issue 13): a file is read again exactly when it may have changed.

Same-size edits within one timestamp tick are the hard case: the stat tuple cannot see them, so
the index must have recorded the file as racy (modified within the window of the scan) and
re-hash it. Tests that need a coarse-timestamp filesystem narrow the stat tuple the index
compares to (size, mtime) and set the mtime back with ``os.utime``: the edit is then invisible
to the stat, exactly as on a filesystem whose clock did not tick between the two writes.
"""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest

import dream_assets.core.store.entry_index as entry_index
from dream_assets.core.store.entry_index import INDEX_FILE, RACY_WINDOW_NS, EntryIndex
from dream_assets.core.store.volume import AgentVolume
from dream_assets_tests.builders import entry, make_volume

HOUR_NS = 3_600 * 1_000_000_000


def _same_size_edit(path: Path, old: str, new: str) -> None:
    """Rewrite the file in place (same inode, same size) and put its mtime back."""
    assert len(old) == len(new)
    before = path.stat()
    text = path.read_text()
    assert old in text
    with open(path, "r+", encoding="utf-8") as handle:
        handle.write(text.replace(old, new))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size


@pytest.fixture
def coarse_stat(monkeypatch: pytest.MonkeyPatch) -> None:
    """A filesystem whose ctime and inode say nothing: only size and mtime are compared."""

    def key(st: os.stat_result) -> tuple[int, int, int, int]:
        return (st.st_size, st.st_mtime_ns, 0, 0)

    monkeypatch.setattr(entry_index, "stat_key", key)


def test_an_unchanged_entry_is_not_read_again(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1"), entry("m-2")])
    index = EntryIndex(volume.root)
    later = time.time_ns() + HOUR_NS
    assert index.scan(now_ns=later).read == 2
    again = index.scan(now_ns=later)
    assert again.read == 0 and [e.id for e in again.entries] == ["m-1", "m-2"]


def test_an_entry_edited_by_the_agent_between_two_cycles_is_re_read(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1", "Caroline lives in Berlin.")])
    assert volume.scan_entries().entries[0].content == "Caroline lives in Berlin."
    # In place, same size, immediately: same inode, and possibly the same mtime tick.
    _same_size_edit(volume.entry_path("m-1"), "Berlin", "Lisbon")
    assert volume.scan_entries().entries[0].content == "Caroline lives in Lisbon."
    # And from a new process, which has only the index file.
    fresh = EntryIndex(volume.root)
    assert fresh.scan().entries[0].content == "Caroline lives in Lisbon."


def test_same_size_edit_within_one_mtime_tick_is_re_read(tmp_path: Path, coarse_stat: None) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1", "Jon flew to Lisbon on May 4.")])
    index = EntryIndex(volume.root)
    path = volume.entry_path("m-1")
    scanned_at = path.stat().st_mtime_ns  # the scan happens in the tick of the write
    first = index.scan(now_ns=scanned_at)
    assert first.entries[0].content == "Jon flew to Lisbon on May 4."
    _same_size_edit(path, "May 4", "May 9")  # same tick: the stat tuple is identical
    second = index.scan(now_ns=scanned_at + RACY_WINDOW_NS * 10)
    assert second.read == 1
    assert second.entries[0].content == "Jon flew to Lisbon on May 9."


def test_a_row_recorded_well_after_the_write_is_trusted(tmp_path: Path, coarse_stat: None) -> None:
    """The other side of the racy rule: outside the window the stat tuple is enough (which is
    why the window exists: this edit is invisible to a coarse filesystem)."""
    volume = make_volume(tmp_path / "a", [entry("m-1", "Jon flew to Lisbon on May 4.")])
    path = volume.entry_path("m-1")
    index = EntryIndex(volume.root)
    mtime = path.stat().st_mtime_ns
    index.scan(now_ns=mtime + RACY_WINDOW_NS * 2)
    _same_size_edit(path, "May 4", "May 9")
    assert index.scan(now_ns=mtime + RACY_WINDOW_NS * 3).read == 0


def test_a_racy_row_settles_once_read_outside_the_window(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    index = EntryIndex(volume.root)
    now = time.time_ns()
    assert index.scan(now_ns=now).read == 1  # just written: racy
    assert index.scan(now_ns=now + 3 * RACY_WINDOW_NS).read == 1  # re-hashed, now settled
    assert index.scan(now_ns=now + 4 * RACY_WINDOW_NS).read == 0


def test_a_new_process_reads_nothing_when_nothing_changed(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1"), entry("m-2", archived_days=3)])
    later = time.time_ns() + HOUR_NS
    EntryIndex(volume.root).scan(now_ns=later)
    assert (volume.root / INDEX_FILE).exists()
    fresh = EntryIndex(volume.root).scan(now_ns=later)
    assert fresh.read == 0
    assert fresh.entries == AgentVolume(volume.root).scan_entries().entries


def test_added_and_removed_files_are_seen(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1"), entry("m-2")])
    later = time.time_ns() + HOUR_NS
    index = EntryIndex(volume.root)
    index.scan(now_ns=later)
    volume.entry_path("m-2").unlink()
    (volume.entries_dir / "m-3.json").write_text(entry("m-3").to_json())
    result = index.scan(now_ns=later)
    assert [e.id for e in result.entries] == ["m-1", "m-3"]
    assert result.removed == ["m-2.json"] and result.changed == ["m-3.json"]


def test_a_corrupt_or_foreign_index_file_is_rebuilt_from_the_files(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    (volume.root / INDEX_FILE).write_bytes(b"not a database at all" * 100)
    result = EntryIndex(volume.root).scan()
    assert [e.id for e in result.entries] == ["m-1"] and result.read == 1


def test_a_tampered_index_row_is_not_trusted_over_a_changed_file(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1", "old fact")])
    later = time.time_ns() + HOUR_NS
    EntryIndex(volume.root).scan(now_ns=later)
    volume.save(entry("m-1", "new fact, longer"))
    assert EntryIndex(volume.root).scan(now_ns=later).entries[0].content == "new fact, longer"


def test_a_symlinked_entry_pointing_outside_is_a_problem(tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text(entry("m-2").to_json())
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    os.symlink(outside, volume.entries_dir / "m-2.json")
    scan = volume.scan_entries()
    assert [e.id for e in scan.entries] == ["m-1"]
    assert "outside the agent volume" in scan.problems[0].reason


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the entry files the index opens from now on."""
    names: list[str] = []
    real_read = entry_index._read

    def reading(path: Path) -> tuple[bytes, os.stat_result]:
        names.append(path.name)
        return real_read(path)

    monkeypatch.setattr(entry_index, "_read", reading)
    return names


@pytest.mark.timeout(30)
def test_a_fifo_or_directory_named_like_an_entry_is_a_problem_never_waited_on(
    tmp_path: Path, opened: list[str]
) -> None:
    # Found in issue 27's round 23: the walk opened a FIFO named like an entry and waited for a
    # writer for ever (so did ``get``). Each is now a problem naming the file; the others are read.
    volume = make_volume(tmp_path / "a", [entry("m-1"), entry("m-3")])
    os.mkfifo(volume.entries_dir / "m-2.json")
    (volume.entries_dir / "m-4.json").mkdir()
    os.mkfifo(volume.root / "pipe")
    os.symlink(volume.root / "pipe", volume.entries_dir / "m-5.json")
    for _walk in range(2):  # a first walk, and one with the index's rows
        scan = AgentVolume(volume.root).scan_entries()
        assert [e.id for e in scan.entries] == ["m-1", "m-3"]
        assert {p.path.name: "not a regular file" in p.reason for p in scan.problems} == {
            "m-2.json": True,
            "m-4.json": True,
            "m-5.json": True,
        }
    assert "m-5.json" not in opened  # refused from the stat through its symlink, never opened
    with pytest.raises(OSError, match="not a regular file"):
        volume.get("m-2")
    assert volume.get("m-1") is not None


def test_a_device_behind_a_symlink_is_refused_without_being_opened(
    tmp_path: Path, opened: list[str]
) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    device = volume.root / "null"
    try:
        os.mknod(device, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # /dev/null's numbers
    except PermissionError:
        pytest.skip("making a device node needs CAP_MKNOD")
    os.symlink(device, volume.entries_dir / "m-2.json")
    scan = AgentVolume(volume.root).scan_entries()
    assert [e.id for e in scan.entries] == ["m-1"]
    assert [(p.path.name, "not a regular file" in p.reason) for p in scan.problems] == [
        ("m-2.json", True)
    ]
    assert "m-2.json" not in opened


def test_a_symlinked_entry_inside_the_volume_follows_its_target(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    target = volume.root / "kept" / "m-2.json"
    target.parent.mkdir()
    target.write_text(entry("m-2", "first").to_json())
    os.symlink(target, volume.entries_dir / "m-2.json")
    assert {e.id: e.content for e in volume.scan_entries().entries}["m-2"] == "first"
    target.write_text(entry("m-2", "again").to_json())
    assert {e.id: e.content for e in volume.scan_entries().entries}["m-2"] == "again"


def test_an_unreadable_entry_stays_a_problem_until_fixed(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    bad = volume.entries_dir / "m-2.json"
    bad.write_text("{not json")
    for _ in range(2):
        scan = volume.scan_entries()
        assert [p.path.name for p in scan.problems] == ["m-2.json"]
    bad.write_text(json.dumps(entry("m-2").to_dict()))
    assert [e.id for e in volume.scan_entries().entries] == ["m-1", "m-2"]


def test_the_cycles_own_writes_are_seen_without_parsing_again(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1", importance=0.5)])
    volume.scan_entries()
    volume.save(entry("m-1", importance=0.4))
    assert volume.scan_entries().entries[0].importance == 0.4
    assert EntryIndex(volume.root).scan().entries[0].importance == 0.4


def test_an_idle_cycle_reuses_the_clusters_and_a_changed_text_rescans(tmp_path: Path) -> None:
    from dream_assets.core.options import DreamOptions
    from dream_assets.passes.duplicate_clusters.scan import scan_duplicate_clusters
    from dream_assets_tests.builders import NOW

    text = "The team deploys the billing API to EU-West every Tuesday at 14:30."
    volume = make_volume(
        tmp_path / "a", [entry("m-1", text), entry("m-2", text), entry("m-3", "Other fact.")]
    )
    first, clusters = scan_duplicate_clusters(volume, DreamOptions(), NOW)
    assert clusters and not any(d.action == "reused" for d in first.decisions)
    again, reused = scan_duplicate_clusters(volume, DreamOptions(), NOW)
    assert reused == clusters and any(d.action == "reused" for d in again.decisions)
    volume.save(entry("m-3", text))
    third, rescanned = scan_duplicate_clusters(volume, DreamOptions(), NOW)
    assert not any(d.action == "reused" for d in third.decisions)
    assert rescanned and set(rescanned[0].member_ids) == {"m-1", "m-2", "m-3"}


def test_an_idle_second_cycle_re_reads_only_the_racy_rows_of_the_last_one(
    demo_agent: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from dream_assets.cli import main

    started = time.time_ns() - RACY_WINDOW_NS
    assert main(["run", "--agent", str(demo_agent)]) == 0
    # Touched = content (mtime) or inode (ctime) changed: the fixture copies files keeping their
    # old mtimes, so a copy made just before the first scan is racy by its ctime alone.
    written = {
        p
        for p in (demo_agent / "memory" / "entries").iterdir()
        if max(p.stat().st_mtime_ns, p.stat().st_ctime_ns) > started
    }
    reads: list[Path] = []
    real_read = entry_index._read

    def counting(path: Path):  # type: ignore[no-untyped-def]
        reads.append(path)
        return real_read(path)

    real_now = time.time_ns
    # The second cycle an hour later as far as the racy rule goes: the first cycle's own writes
    # are then outside the window, as they are for a cycle four hours later.
    monkeypatch.setattr(entry_index.time, "time_ns", lambda: real_now() + HOUR_NS)
    monkeypatch.setattr(entry_index, "_read", counting)
    # A new process has only the index file.
    monkeypatch.setattr(entry_index, "_MEMO", entry_index.OrderedDict())
    assert main(["run", "--agent", str(demo_agent)]) == 0
    # Only racy rows are re-read (hashed, not parsed): files written or copied within the racy
    # window of the first cycle's last scan (how many depends on the machine's speed). A file
    # untouched since long before is never opened, and none twice.
    assert set(reads) <= written
    assert len(set(reads)) == len(reads)
    capsys.readouterr()


def test_the_scans_of_one_run_share_its_walk_and_the_next_run_walks_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_volume(tmp_path / "a", [entry("m-1", "Caroline lives in Berlin."), entry("m-2")])
    run = AgentVolume(tmp_path / "a", run_id="run-1")
    assert run.scan_entries().entries[0].content == "Caroline lives in Berlin."
    walks: list[str] = []
    real_scandir = os.scandir

    def counting(path):  # type: ignore[no-untyped-def]
        walks.append(str(path))
        return real_scandir(path)

    monkeypatch.setattr(entry_index.os, "scandir", counting)
    # The agent edits a file while the run is under way; the run's own write is seen.
    _same_size_edit(run.entry_path("m-1"), "Berlin", "Lisbon")
    run.save(entry("m-3", "Written by the run."))
    same_run = AgentVolume(tmp_path / "a", run_id="run-1").scan_entries()
    assert walks == []
    assert [e.id for e in same_run.entries] == ["m-1", "m-2", "m-3"]
    assert same_run.entries[0].content == "Caroline lives in Berlin."
    # The next run walks, and the edit is re-read.
    next_run = AgentVolume(tmp_path / "a", run_id="run-2").scan_entries()
    assert len(walks) == 1
    assert next_run.entries[0].content == "Caroline lives in Lisbon."
    # A volume opened without a run walks at every scan.
    AgentVolume(tmp_path / "a").scan_entries()
    AgentVolume(tmp_path / "a").scan_entries()
    assert len(walks) == 3


def test_a_shared_walk_settles_the_racy_rows_that_left_the_window(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1"), entry("m-2")])
    index = EntryIndex(volume.root)
    now = time.time_ns()
    assert index.scan(now_ns=now, run_id="r").read == 2  # just written: racy
    assert index.scan(now_ns=now, run_id="r").read == 0  # still in the window: left racy
    assert index.scan(now_ns=now + 3 * RACY_WINDOW_NS, run_id="r").read == 2  # settled
    assert index.scan(now_ns=now + 4 * RACY_WINDOW_NS, run_id="r").read == 0
    # A new process trusts the settled rows: nothing is re-read.
    assert EntryIndex(volume.root).scan(now_ns=now + 4 * RACY_WINDOW_NS).read == 0


def test_a_new_process_builds_from_the_typed_columns_the_entry_the_file_gives(
    tmp_path: Path,
) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    raw = {
        "id": "m-2",
        "content": "Zoë moved to Zürich — “finally”.",
        "category": "people/zoë",
        "tags": ["move", "ü"],
        "importance": 0.123456789,
        "reinforcement_count": 7,
        "created_at": "2026-01-02T10:00:00+02:00",
        "last_seen_at": "2026-03-04T05:06:07.891Z",
        "metadata": {"merged_from": ["m-0", "m-9"], "n": 3, "x": 1.5, "deep": {"a": None}},
        "archived_at": "2026-05-06T07:08:09",
        "archive_reason": "merged",
    }
    (volume.entries_dir / "m-2.json").write_text(json.dumps(raw), encoding="utf-8")
    later = time.time_ns() + HOUR_NS
    parsed = EntryIndex(volume.root).scan(now_ns=later).entries
    fresh = EntryIndex(volume.root).scan(now_ns=later)
    assert fresh.read == 0
    assert fresh.entries == parsed
    built = fresh.entries[1]
    assert built.updated_at == built.created_at and built.archived_at is not None
    assert built.created_at.utcoffset() == parsed[1].created_at.utcoffset()


def _fresh_fingerprints(volume: AgentVolume) -> dict[str, str]:
    """Each entry file parsed anew and its review fingerprint computed from scratch."""
    from dream_assets.core.models import MemoryEntry, review_fingerprint

    return {
        path.stem: review_fingerprint(MemoryEntry.from_dict(json.loads(path.read_text())))
        for path in sorted(volume.entries_dir.glob("*.json"))
    }


def _indexed_fingerprints(volume: AgentVolume, now_ns: int) -> dict[str, str]:
    """The review fingerprints of the entries a new process builds from the index file."""
    from dream_assets.core.models import review_fingerprint

    built = EntryIndex(volume.root).scan(now_ns=now_ns)
    assert all(getattr(e, "_review_fingerprint", None) for e in built.entries)  # seeded
    return {e.id: review_fingerprint(e) for e in built.entries}


def test_the_stored_review_fingerprints_are_those_of_the_files_after_every_change(
    tmp_path: Path,
) -> None:
    """The index stores each entry's review fingerprint; a new process's entries carry it.
    Compared with the fingerprint of each file parsed anew: unchanged, edited in place (same
    size), rewritten with another reinforcement, added, deleted."""
    volume = make_volume(
        tmp_path / "a",
        [
            entry("m-1", "Caroline lives in Berlin."),
            entry("m-2", "Jon flew to Lisbon.", tags=("travel",)),
            entry("m-3", archived_days=2, reason="merged"),
        ],
    )
    later = time.time_ns() + HOUR_NS
    EntryIndex(volume.root).scan(now_ns=later)
    assert _indexed_fingerprints(volume, later) == _fresh_fingerprints(volume)
    before = _fresh_fingerprints(volume)
    _same_size_edit(volume.entry_path("m-1"), "Berlin", "Lisbon")
    volume.save(entry("m-2", "Jon flew to Lisbon.", tags=("travel",), reinforcement=2))
    (volume.entries_dir / "m-4.json").write_text(entry("m-4", "A new fact.").to_json())
    volume.entry_path("m-3").unlink()
    even_later = later + HOUR_NS
    fresh = _fresh_fingerprints(volume)
    assert _indexed_fingerprints(volume, even_later) == fresh
    assert sorted(fresh) == ["m-1", "m-2", "m-4"]
    assert fresh["m-1"] != before["m-1"] and fresh["m-2"] != before["m-2"]
    # And once more from the rows the last scan wrote (nothing re-read this time).
    assert EntryIndex(volume.root).scan(now_ns=even_later).read == 0
    assert _indexed_fingerprints(volume, even_later) == fresh


def test_a_row_without_its_review_fingerprint_computes_it_again(tmp_path: Path) -> None:
    import sqlite3
    from contextlib import closing

    from dream_assets.core.models import review_fingerprint

    volume = make_volume(tmp_path / "a", [entry("m-1", "Caroline lives in Berlin.")])
    later = time.time_ns() + HOUR_NS
    EntryIndex(volume.root).scan(now_ns=later)
    with closing(sqlite3.connect(volume.root / INDEX_FILE)) as con, con:
        con.execute("UPDATE entries SET review_fp = NULL")
    built = EntryIndex(volume.root).scan(now_ns=later)
    assert built.read == 0 and not built.problems
    assert getattr(built.entries[0], "_review_fingerprint", None) is None
    assert review_fingerprint(built.entries[0]) == _fresh_fingerprints(volume)["m-1"]


def test_the_live_entries_of_a_scan_are_its_unarchived_entries_after_each_write(
    tmp_path: Path,
) -> None:
    """The live entries are sorted out once per walk and shared by the run's scans: after a
    write of the run (archive, restore, a new entry) they follow the entries."""
    from dream_assets_tests.builders import NOW

    make_volume(tmp_path / "a", [entry("m-1"), entry("m-2"), entry("m-3", archived_days=1)])
    run = AgentVolume(tmp_path / "a", run_id="run-1")

    def check() -> list[str]:
        scan = run.scan_entries()
        assert scan.live == [e for e in scan.entries if not e.archived]
        assert scan.archived == [e for e in scan.entries if e.archived]
        return [e.id for e in scan.live]

    assert check() == ["m-1", "m-2"]
    run.archive("m-1", reason="merged", now=NOW)
    assert check() == ["m-2"]
    run.restore("m-3", now=NOW)
    run.save(entry("m-4"))
    assert check() == ["m-2", "m-3", "m-4"]
    scan = run.scan_entries()
    scan.live.clear()  # a caller's copy: the next scan is not affected
    assert check() == ["m-2", "m-3", "m-4"]


def test_get_reuses_the_indexed_entry_only_for_the_same_bytes(
    tmp_path: Path, coarse_stat: None
) -> None:
    """``get`` (the re-read before a guarded write) hands back the index's parsed entry when the
    file holds exactly the bytes it was parsed from, and parses the file whenever they differ --
    a same-size edit the stat cannot see included."""
    volume = make_volume(tmp_path / "a", [entry("m-1", "Caroline lives in Berlin.")])
    scanned = volume.scan_entries().entries[0]
    assert volume.get("m-1") is scanned
    _same_size_edit(volume.entry_path("m-1"), "Berlin", "Munich")
    current = volume.get("m-1")
    assert current is not None and current is not scanned
    assert current.content == "Caroline lives in Munich."
    # The cycle's own write: the index keeps the entry it wrote, and get returns it.
    written = current.with_changes(content="Caroline lives in Hamburg.")
    volume.save(written)
    assert volume.get("m-1") is written
    volume.entry_path("m-1").unlink()
    assert volume.get("m-1") is None
