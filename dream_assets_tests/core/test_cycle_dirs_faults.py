"""What stands where the cycle keeps its own directories and its DuckDB cache never stops it for
good (docs/agent-volume.md, "The cycle's own state files never stop it for good").

A regular file at ``dream-reports/``, ``memory-audit/`` or ``memory/entry-locks/`` is moved to
``<name>.unusable-<n>`` beside it (its bytes kept) and the directory made anew; a table or view of
one of the DuckDB file's names that is not ours is dropped and made anew (the file is a cache); a
directory or FIFO at the DuckDB file's WAL, or a symlink of the DuckDB file out of the volume, is
set aside. Mostly through real cycles (the helpers of ``test_state_file_faults.py``): a clean
cycle, the fault, the next two cycles.
"""

from __future__ import annotations

import os
import shutil
from datetime import timedelta
from pathlib import Path

import dagster as dg
import duckdb
import pytest

from dream_assets.core.memory.audit import RESTORE_LOG
from dream_assets.core.near_duplicates.embeddings import embed_with_cache
from dream_assets.core.options import DreamOptions
from dream_assets.core.safety.safety_report import load_safety_report
from dream_assets.core.store.duckdb_store import read_back
from dream_assets.core.store.entry_lock import stripe_path
from dream_assets.core.store.jsonl import read_jsonl
from dream_assets.core.telemetry.windows import WINDOW_TABLES, build_windows
from dream_assets.operations.undo import restore_entry
from dream_assets.passes.duplicate_clusters.tables import SCAN_TABLES
from dream_assets_tests.builders import NOW, entry, make_volume
from dream_assets_tests.core.near_duplicates.test_semantic import CountingEmbedder
from dream_assets_tests.core.test_state_file_faults import (
    SECOND,
    TEA,
    THIRD,
    _audit_at,
    _cycle_at,
    _failures,
    _faulted_cycles,
    _in_thread,
    _merged_sources,
    _unblock_fifo,
    _volume,
)

USER_BYTES = b"the user's own bytes, standing where the cycle keeps a directory\n"


def _file_instead(path: Path) -> None:
    """A regular file where the cycle keeps a directory (the one an earlier run made removed)."""
    shutil.rmtree(path, ignore_errors=True)
    path.write_bytes(USER_BYTES)


def _aside(path: Path) -> Path:
    return path.with_name(path.name + ".unusable-1")


# -- dream-reports/, memory/entry-locks/, memory-audit/ --------------------------------------------


@pytest.mark.parametrize("relative", ["dream-reports", "memory/entry-locks"])
def test_a_file_where_the_cycle_keeps_a_directory_is_moved_aside(
    tmp_path: Path, relative: str
) -> None:
    """A file at ``dream-reports`` failed cycle_report in every later run (NotADirectoryError of
    the report's temp file); one at ``memory/entry-locks`` failed every entry write, the
    cycle's consolidation included (and every write of the agent's)."""
    volume, before, second, third = _faulted_cycles(tmp_path, relative, _file_instead)
    assert second.success, _failures(second)
    assert third.success, _failures(third)
    assert ["d-1", "d-2"] in _merged_sources(volume)
    assert set(before) <= {p.stem for p in volume.entries_dir.glob("*.json")}, "no entry lost"
    path = volume.root / relative
    assert _aside(path).read_bytes() == USER_BYTES, "what stood there is kept, byte for byte"
    assert path.is_dir() and any(path.iterdir())
    if relative == "dream-reports":
        for result in (second, third):
            assert load_safety_report(volume.root, result.run_id) is not None


def test_a_file_at_memory_audit_is_moved_aside_and_purge_and_audit_go_on(tmp_path: Path) -> None:
    """A file at ``memory-audit`` failed the archive purge's tombstone (the entry was never
    purged) and the audit (``mkdir``: FileExistsError) in every later run."""
    root = tmp_path / "agents"
    volume = _volume(root)
    audit = volume.audit_dir
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        assert _audit_at(root, NOW, instance).success
        old = entry("old-1", "An old note.", archived_days=120, age_days=200, reason="merged")
        volume.save(old)
        _file_instead(audit)
        second = _cycle_at(root, SECOND, instance)
        audited = _audit_at(root, SECOND, instance)
        third = _cycle_at(root, THIRD, instance)
    for result in (second, audited, third):
        assert result.success, _failures(result)
    assert not volume.entry_path("old-1").exists(), "purged past its retention"
    assert [s["id"] for s in read_jsonl(audit / "purged.jsonl").records] == ["old-1"]
    assert read_jsonl(audit / "trend.jsonl").records
    assert _aside(audit).read_bytes() == USER_BYTES


def test_a_restore_with_a_file_at_memory_audit_logs_it(tmp_path: Path) -> None:
    """``dream restore`` put the entry back, then failed on its log line (NotADirectoryError)."""
    volume = make_volume(tmp_path / "ada", [entry("m-1", TEA, archived_days=3)])
    _file_instead(volume.audit_dir)
    assert not restore_entry(volume, "m-1", NOW).archived
    assert [r["id"] for r in read_jsonl(volume.audit_dir / RESTORE_LOG).records] == ["m-1"]
    assert _aside(volume.audit_dir).read_bytes() == USER_BYTES


def test_a_directory_at_an_entry_lock_is_moved_aside(tmp_path: Path) -> None:
    """A directory at ``memory/entry-locks/NN`` failed every write of the entries of that stripe
    (IsADirectoryError), the agent's own included."""
    volume = make_volume(tmp_path / "ada", [entry("m-1", TEA)])
    stripe = stripe_path(volume.entry_path("m-1"))
    stripe.unlink(missing_ok=True)
    stripe.mkdir(parents=True)
    (stripe / "note").write_bytes(USER_BYTES)
    updated = volume.update_entry("m-1", lambda e: e.with_changes(importance=0.9))
    assert updated is not None and volume.get("m-1") == updated
    assert stripe.is_file() and (_aside(stripe) / "note").read_bytes() == USER_BYTES


# -- dream-telemetry.duckdb (a cache) -----------------------------------------------------------

# Every table the telemetry windows keep in the agent's DuckDB file.
WINDOW_FILE_TABLES = ("window_sources", "window_state", "window_builds", *WINDOW_TABLES)


@pytest.mark.parametrize("kind", ["table", "view"])
def test_duckdb_tables_of_another_schema_are_rebuilt(tmp_path: Path, kind: str) -> None:
    """A table of another tool's (or version's) at one of the windows' names was kept: by
    ``CREATE TABLE IF NOT EXISTS`` (window_sources, window_state, window_builds) or by reusing the
    window's rows (its trim: ``DELETE ... WHERE ts < ...``), and failed every later cycle
    (BinderException); a view there failed ``CREATE OR REPLACE TABLE`` too."""

    def foreign(path: Path) -> None:
        with duckdb.connect(str(path)) as con:
            for table in WINDOW_FILE_TABLES:
                con.execute(f"DROP TABLE {table}")
                if kind == "table":
                    con.execute(f"CREATE TABLE {table} (x INTEGER)")
                else:
                    con.execute(f"CREATE VIEW {table} AS SELECT 1 AS x")

    volume, _before, second, third = _faulted_cycles(tmp_path, "dream-telemetry.duckdb", foreign)
    assert second.success, _failures(second)
    assert third.success, _failures(third)
    assert ["d-1", "d-2"] in _merged_sources(volume)
    with duckdb.connect(str(volume.duckdb_path), read_only=True) as con:
        built = con.execute("SELECT max(built_at) FROM window_builds").fetchone()
        assert built is not None and built[0] == THIRD
        states = con.execute("SELECT table_name FROM window_state ORDER BY 1").fetchall()
        assert [s[0] for s in states] == sorted(WINDOW_TABLES)


@pytest.mark.parametrize("kind", ["table", "view"])
def test_duplicate_scan_tables_of_another_schema_are_rebuilt(tmp_path: Path, kind: str) -> None:
    """A ``duplicate_cluster_scan`` of another tool's with an ``ok`` column read back as the last
    scan's, and the scan's row then failed to go in; a view at any of the scan's tables failed
    ``CREATE OR REPLACE TABLE``: either failed the duplicate scan of every later cycle."""
    tables = ("duplicate_cluster_scan",) if kind == "table" else SCAN_TABLES

    def foreign(path: Path) -> None:
        with duckdb.connect(str(path)) as con:
            for table in tables:
                con.execute(f"DROP TABLE {table}")
                if kind == "table":
                    con.execute(f"CREATE TABLE {table} AS SELECT true AS ok")
                else:
                    con.execute(f"CREATE VIEW {table} AS SELECT true AS ok")

    volume, _before, second, third = _faulted_cycles(tmp_path, "dream-telemetry.duckdb", foreign)
    assert second.success, _failures(second)
    assert third.success, _failures(third)
    assert ["d-1", "d-2"] in _merged_sources(volume)
    with duckdb.connect(str(volume.duckdb_path), read_only=True) as con:
        scan = con.execute("SELECT ok, method FROM duplicate_cluster_scan").fetchall()
    assert len(scan) == 1 and scan[0][0] is True


def test_a_window_table_made_anew_by_another_tool_is_read_again_then_reused(
    tmp_path: Path,
) -> None:
    """A window's rows are kept only in the table its last build made: a table of that name
    another tool made since (its logs unchanged) was trimmed, and failed every build."""
    volume = make_volume(tmp_path / "ada")
    log = volume.root / "logs" / "tier-routing.jsonl"
    log.parent.mkdir(parents=True)
    line = '{"ts": "%s", "session_id": "s", "tier": "fast", "model": "m", "cost_usd": 0.1}\n'
    log.write_text(line % (NOW - timedelta(hours=1)).isoformat(), encoding="utf-8")
    options = DreamOptions()
    assert build_windows(volume, options, NOW).rows["tier_routing_window"] == 1
    with duckdb.connect(str(volume.duckdb_path)) as con:
        con.execute("CREATE OR REPLACE TABLE tier_routing_window (x INTEGER)")
    again = build_windows(volume, options, NOW + timedelta(minutes=1))
    assert again.reread["tier_routing_window"] and again.rows["tier_routing_window"] == 1
    kept = build_windows(volume, options, NOW + timedelta(minutes=2))
    assert not any(kept.reread.values()), "the tables the builds made are kept, not remade"
    assert kept.rows["tier_routing_window"] == 1


def test_an_embedding_cache_of_another_schema_is_rebuilt(tmp_path: Path) -> None:
    """``CREATE TABLE IF NOT EXISTS embedding_cache`` kept a table of another schema: every
    cycle's semantic scan fell back to lexical similarity (BinderException)."""
    db = tmp_path / "dream.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE embedding_cache (model VARCHAR, x INTEGER)")
    first = embed_with_cache(db, CountingEmbedder(), ["one", "two"])
    assert (first.embedded, first.cached) == (2, 0)
    second = embed_with_cache(db, CountingEmbedder(), ["one", "two"])
    assert (second.embedded, second.cached) == (0, 2), "the cache made anew is kept"


@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_an_unusable_duckdb_wal_is_set_aside(tmp_path: Path, kind: str) -> None:
    """DuckDB replays ``<file>.wal`` on open: a directory there failed every later cycle ("Is a
    directory"), a FIFO hung it (readers too)."""
    root = tmp_path / "agents"
    volume = _volume(root)
    wal = volume.duckdb_path.with_name(volume.duckdb_path.name + ".wal")
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        wal.unlink(missing_ok=True)
        if kind == "directory":
            wal.mkdir()
            (wal / "note").write_bytes(USER_BYTES)
        else:
            os.mkfifo(wal)
        with _in_thread(lambda: _cycle_at(root, SECOND, instance), _unblock_fifo(wal)) as box:
            assert box[0].success, _failures(box[0])
        assert _cycle_at(root, THIRD, instance).success
    if kind == "directory":
        assert (_aside(wal) / "note").read_bytes() == USER_BYTES
    else:
        assert _aside(wal).is_fifo()


def test_a_reader_does_not_wait_on_a_fifo_wal(tmp_path: Path) -> None:
    """A reader (read-only, no writer before it) waited on a FIFO WAL forever."""
    db = tmp_path / "dream.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE t AS SELECT 1 AS x")
    wal = db.with_name(db.name + ".wal")
    os.mkfifo(wal)

    def read() -> object:
        return read_back(db, lambda con: con.execute("SELECT x FROM t").fetchone())

    with _in_thread(read, _unblock_fifo(wal)) as box:
        assert box[0] is None, "not read: the reader degrades, and the next writer sets it aside"


def test_a_duckdb_file_symlinked_out_of_the_volume_is_not_written_through(tmp_path: Path) -> None:
    """The DuckDB file is the cycle's cache inside the agent volume: a symlink there to a file
    outside (another agent's, another tool's) was written through by every cycle. Now the link
    is set aside (``<name>.unusable-<n>``, still pointing there) and the cache rebuilt inside."""
    outside = tmp_path / "elsewhere" / "shared.duckdb"

    def link_out(path: Path) -> None:
        outside.parent.mkdir()
        shutil.copyfile(path, outside)
        path.unlink()
        path.symlink_to(outside)

    volume, _before, second, third = _faulted_cycles(tmp_path, "dream-telemetry.duckdb", link_out)
    assert second.success, _failures(second)
    assert third.success, _failures(third)
    path = volume.duckdb_path
    assert path.is_file() and not path.is_symlink()
    assert _aside(path).is_symlink() and _aside(path).resolve() == outside.resolve()
    with duckdb.connect(str(outside), read_only=True) as con:
        built = con.execute("SELECT max(built_at) FROM window_builds").fetchone()
    assert built is not None and built[0] == NOW, "nothing written there after the first cycle"
    assert read_back(_aside(path), lambda con: 1) is None, "nor read through the link"


def test_a_run_reports_table_of_another_schema_is_rebuilt(tmp_path: Path) -> None:
    """A foreign ``run_reports`` table did not fail the cycle, but no run's report row was ever
    written again (a "row not written" warning on every run): now it is made anew and the next
    run's report is stored in it."""

    def foreign(path: Path) -> None:
        with duckdb.connect(str(path)) as con:
            con.execute("DROP TABLE IF EXISTS run_reports")
            con.execute("CREATE TABLE run_reports (x INTEGER)")

    volume, _before, second, third = _faulted_cycles(tmp_path, "dream-telemetry.duckdb", foreign)
    assert second.success and third.success, _failures(third)
    with duckdb.connect(str(volume.duckdb_path), read_only=True) as con:
        stored = {row[0] for row in con.execute("SELECT run_id FROM run_reports").fetchall()}
    assert {second.run_id, third.run_id} <= stored
