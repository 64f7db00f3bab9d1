"""Telemetry windows keep their rows when the logs are unchanged, and the tables they leave are
always those a full rebuild (``reuse=False``, a fresh DuckDB file) cuts from the same logs."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb
import pytest

from dream_assets.core.options import DreamOptions
from dream_assets.core.store import entry_index
from dream_assets.core.store.entry_index import stat_key
from dream_assets.core.store.volume import AgentVolume
from dream_assets.core.telemetry import log_fingerprint
from dream_assets.core.telemetry.log_fingerprint import LogFile
from dream_assets.core.telemetry.retention import trim_to_last_lines
from dream_assets.core.telemetry.windows import WINDOW_TABLES, WindowBuild, build_windows
from dream_assets.passes.telemetry_windows import run_telemetry_windows

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
ALL_KEPT = dict.fromkeys(WINDOW_TABLES, False)


def line(log: str, ts: datetime, n: int) -> dict[str, Any]:
    base = {"ts": ts.isoformat(), "session_id": f"s{n % 3}"}
    if log == "feedback":
        return {**base, "kind": "Correction", "rating": "poor", "skills": ["a/b"], "text": f"t{n}"}
    if log == "skill-usage":
        return {**base, "skill": f"skill/{n % 4}"}
    if log == "wisp-executions":
        return {**base, "description": f"job {n % 5}", "ok": n % 2 == 0, "skill": None}
    return {**base, "tier": "fast", "model": "small-1", "cost_usd": 0.001 * n}


def lines_text(log: str, stamps: list[datetime], first: int = 0) -> str:
    return "".join(json.dumps(line(log, ts, first + i)) + "\n" for i, ts in enumerate(stamps))


def hours_back(count: int, step_hours: int, end: datetime = NOW) -> list[datetime]:
    return [end - timedelta(hours=step_hours * i) for i in range(count)]


@pytest.fixture
def volume(tmp_path: Path) -> AgentVolume:
    """Logs with lines every 5 hours over the last 40 days (every window drops some as time
    moves on), 70 feedback lines in the last 7 days (above the cap of 50), and malformed lines."""
    root = tmp_path / "agent"
    root.mkdir()
    vol = AgentVolume(root)
    for session in ("s1", "s2"):
        path = vol.session_log_dir("skill-usage") / f"{session}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(lines_text("skill-usage", hours_back(190, 5)), encoding="utf-8")
    feedback = vol.session_log_dir("feedback") / "s1.jsonl"
    feedback.parent.mkdir(parents=True, exist_ok=True)
    feedback.write_text(
        lines_text("feedback", hours_back(70, 2)) + "{broken\n" + lines_text("feedback", [NOW]),
        encoding="utf-8",
    )
    for log in ("wisp-executions", "tier-routing"):
        path = vol.single_log(log)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(lines_text(log, hours_back(190, 5)) + "not json\n", encoding="utf-8")
    return vol


def tables(db_path: Path) -> dict[str, list[tuple]]:
    with duckdb.connect(str(db_path), read_only=True) as con:
        return {
            table: con.execute(f"SELECT * FROM {table} ORDER BY ALL").fetchall()
            for table in WINDOW_TABLES
        }


def assert_same_as_full_rebuild(
    volume: AgentVolume, build: WindowBuild, now: datetime, tmp_path: Path
) -> WindowBuild:
    fresh = tmp_path / f"full-{now.timestamp():.0f}.duckdb"
    full = build_windows(volume, DreamOptions(), now, db_path=fresh, reuse=False)
    assert all(full.reread.values())
    assert tables(volume.duckdb_path) == tables(fresh)
    assert build.rows == full.rows
    assert build.malformed == full.malformed
    assert build.malformed_files == full.malformed_files
    assert build.files == full.files
    return full


def test_nothing_changed_and_time_advanced_keeps_rows_and_drops_the_aged(
    volume: AgentVolume, tmp_path: Path
) -> None:
    first = build_windows(volume, DreamOptions(), NOW)
    assert all(first.reread.values())
    later = NOW + timedelta(days=4)
    second = build_windows(volume, DreamOptions(), later)
    assert second.reread == ALL_KEPT
    assert_same_as_full_rebuild(volume, second, later, tmp_path)
    # The trim did work: every window lost the rows that aged out (feedback: the 70 lines of the
    # last 7 days were capped at 50, four days on fewer than 50 are left).
    assert all(second.rows[t] < first.rows[t] for t in WINDOW_TABLES), (first.rows, second.rows)
    assert second.malformed == {
        "feedback_window": 1,
        "skill_usage_window": 0,
        "wisp_window": 1,
        "tier_routing_window": 1,
    }
    # A third build at the same moment keeps everything again.
    assert build_windows(volume, DreamOptions(), later).reread == ALL_KEPT


def test_pass_metadata_says_whether_the_logs_were_read(volume: AgentVolume) -> None:
    first = run_telemetry_windows(volume, DreamOptions(), NOW)
    assert {t: first.counts[f"{t}_reread"] for t in WINDOW_TABLES} == dict.fromkeys(
        WINDOW_TABLES, 1
    )
    second = run_telemetry_windows(volume, DreamOptions(), NOW + timedelta(hours=1))
    assert {t: second.counts[f"{t}_reread"] for t in WINDOW_TABLES} == dict.fromkeys(
        WINDOW_TABLES, 0
    )
    assert {d.action for d in second.decisions} == {"kept"}
    # Malformed lines are still reported, per file, when the rows are kept.
    assert second.warnings == first.warnings and len(second.warnings) == 3


def test_appended_lines_are_read(volume: AgentVolume, tmp_path: Path) -> None:
    build_windows(volume, DreamOptions(), NOW)
    later = NOW + timedelta(hours=2)
    with open(volume.single_log("wisp-executions"), "a", encoding="utf-8") as handle:
        handle.write(lines_text("wisp-executions", [later - timedelta(minutes=5)], first=7))
    new_session = volume.session_log_dir("feedback") / "s2.jsonl"
    new_session.write_text(lines_text("feedback", [later], first=99), encoding="utf-8")
    build = build_windows(volume, DreamOptions(), later)
    assert build.reread == {**ALL_KEPT, "wisp_window": True, "feedback_window": True}
    assert_same_as_full_rebuild(volume, build, later, tmp_path)


def test_log_trimmed_by_retention_is_read_again(volume: AgentVolume, tmp_path: Path) -> None:
    build_windows(volume, DreamOptions(), NOW)
    assert trim_to_last_lines(volume.single_log("tier-routing"), 40).trimmed
    skill_log = volume.session_log_dir("skill-usage") / "s2.jsonl"
    trim_to_last_lines(skill_log, 100)
    later = NOW + timedelta(days=1)
    build = build_windows(volume, DreamOptions(), later)
    assert build.reread == {**ALL_KEPT, "tier_routing_window": True, "skill_usage_window": True}
    assert_same_as_full_rebuild(volume, build, later, tmp_path)


def test_removed_session_file_is_noticed(volume: AgentVolume, tmp_path: Path) -> None:
    build_windows(volume, DreamOptions(), NOW)
    (volume.session_log_dir("skill-usage") / "s1.jsonl").unlink()
    build = build_windows(volume, DreamOptions(), NOW)
    assert build.reread == {**ALL_KEPT, "skill_usage_window": True}
    assert_same_as_full_rebuild(volume, build, NOW, tmp_path)


def test_same_size_rewrite_with_the_same_stat_is_caught_by_its_hash(
    volume: AgentVolume, tmp_path: Path
) -> None:
    """A rewrite within one timestamp tick leaves size, mtime and ctime as they were. This
    kernel stamps a write after a stat with a finer time (so a real same-tick rewrite cannot be
    staged here); the recorded stat is set to the file's stat after the rewrite instead, which
    is what the record holds when the tick did not move."""
    build_windows(volume, DreamOptions(), NOW)
    path = volume.single_log("wisp-executions")
    before = path.read_bytes()
    after = before.replace(b'"ok": true', b'"ok": 1234')  # same size, now malformed lines
    assert len(after) == len(before) and after != before
    st = path.stat()
    path.write_bytes(after)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    size, mtime_ns, ctime_ns, ino = stat_key(path.stat())
    with duckdb.connect(str(volume.duckdb_path)) as con:
        (racy,) = con.execute(
            "SELECT racy FROM window_sources WHERE path = ?", [str(path)]
        ).fetchone() or (None,)
        assert racy is True  # written just before the build: its hash was recorded
        con.execute(
            "UPDATE window_sources SET size = ?, mtime_ns = ?, ctime_ns = ?, ino = ? "
            "WHERE path = ?",
            [size, mtime_ns, ctime_ns, ino, str(path)],
        )
    build = build_windows(volume, DreamOptions(), NOW)
    assert build.reread == {**ALL_KEPT, "wisp_window": True}
    full = assert_same_as_full_rebuild(volume, build, NOW, tmp_path)
    assert full.malformed["wisp_window"] > 1


def test_fingerprint_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(b"aaaa\n")
    racy = log_fingerprint.record(path, os.stat(path).st_mtime_ns)
    assert racy.racy and racy.sha256 is not None
    # Same stat, other bytes: only the hash can tell.
    path.write_bytes(b"bbbb\n")
    as_if_same_tick = LogFile(racy.path, stat_key(path.stat()), True, racy.sha256)
    assert log_fingerprint.still_same(path, as_if_same_tick, path.stat().st_mtime_ns) is None
    # Stat moved, same bytes (rewritten identically): unchanged, and the fresh stat recorded.
    path.write_bytes(b"aaaa\n")
    fresh = log_fingerprint.still_same(path, racy, path.stat().st_mtime_ns)
    assert fresh is not None and fresh.key == stat_key(path.stat())
    # Long after the write (no racy window), the stat is trusted and the file is not hashed.
    monkeypatch.setattr(entry_index, "RACY_WINDOW_NS", 0)
    settled = log_fingerprint.record(path, path.stat().st_ctime_ns + 1)
    assert not settled.racy and settled.sha256 is None

    def no_hashing(*_args: object) -> LogFile:
        raise AssertionError("a settled file with an unchanged stat must not be read")

    monkeypatch.setattr(log_fingerprint, "_hashed", no_hashing)
    assert log_fingerprint.still_same(path, settled, path.stat().st_ctime_ns + 1) == settled
    # A settled file whose stat moved has no hash to compare: read again.
    path.write_bytes(b"cccc\n")
    assert log_fingerprint.still_same(path, settled, path.stat().st_ctime_ns + 1) is None
    path.unlink()
    assert log_fingerprint.still_same(path, settled, 0) is None


def test_line_stamped_after_now_enters_when_now_reaches_it(
    volume: AgentVolume, tmp_path: Path
) -> None:
    with open(volume.single_log("tier-routing"), "a", encoding="utf-8") as handle:
        handle.write(lines_text("tier-routing", [NOW + timedelta(days=1)], first=500))
    first = build_windows(volume, DreamOptions(), NOW)
    build = build_windows(volume, DreamOptions(), NOW + timedelta(hours=12))
    assert build.reread == ALL_KEPT
    assert build.rows["tier_routing_window"] <= first.rows["tier_routing_window"]
    later = NOW + timedelta(days=1, hours=1)
    build = build_windows(volume, DreamOptions(), later)
    assert build.reread == {**ALL_KEPT, "tier_routing_window": True}
    assert_same_as_full_rebuild(volume, build, later, tmp_path)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"now": NOW - timedelta(hours=1)}, id="now-moved-back"),
        pytest.param({"options": DreamOptions(wisp_window_days=30)}, id="window-widened"),
        pytest.param({"options": DreamOptions(feedback_max_signals=60)}, id="cap-changed"),
    ],
)
def test_a_window_that_did_not_only_move_forward_is_read_again(
    volume: AgentVolume, tmp_path: Path, change: dict[str, Any]
) -> None:
    build_windows(volume, DreamOptions(), NOW)
    now = change.get("now", NOW)
    options = change.get("options", DreamOptions())
    build = build_windows(volume, options, now)
    assert any(build.reread.values())
    fresh = tmp_path / "full.duckdb"
    build_windows(volume, options, now, db_path=fresh, reuse=False)
    assert tables(volume.duckdb_path) == tables(fresh)
