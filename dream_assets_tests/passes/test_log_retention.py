"""Pass 0 — log retention (seed 000): one test per rule."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dream_assets.checks.log_retention import retention_violations
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.atomic import file_lock, lock_path_for
from dream_assets.core.store.volume import AgentVolume
from dream_assets.core.telemetry import retention
from dream_assets.core.telemetry.retention import sweep_session_dir, trim_to_last_lines
from dream_assets.passes.log_retention import run_log_retention
from dream_assets_tests.builders import NOW

REPO = Path(__file__).resolve().parents[2]


def write_log(path: Path, lines: list[str], *, age_days: float = 0.0, newline: bool = True) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "\n".join(lines) + ("\n" if newline and lines else "")
    path.write_text(text, encoding="utf-8")
    stamp = (NOW - timedelta(days=age_days)).timestamp()
    os.utime(path, (stamp, stamp))
    return path


def numbered(count: int, start: int = 0) -> list[str]:
    return [json.dumps({"seq": i}) for i in range(start, start + count)]


def read_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def sweep(directory: Path, *, age: float | None = None, files: int | None = None, lines=None):
    return sweep_session_dir(
        directory,
        now=NOW,
        max_age=timedelta(days=age) if age is not None else None,
        max_files=files,
        max_lines=lines,
    )


def small_options(**changes: object) -> DreamOptions:
    base = DreamOptions(
        log_retention_max_file_age_days=30.0,
        log_retention_max_files_per_directory=3,
        log_retention_max_lines_per_file=5,
    )
    return replace(base, **changes)


# -- per-session directories ----------------------------------------------------------------
def test_session_files_older_than_max_age_are_deleted_by_last_write_time(tmp_path: Path) -> None:
    old = write_log(tmp_path / "s-old.jsonl", numbered(2), age_days=31)
    fresh = write_log(tmp_path / "s-fresh.jsonl", numbered(2), age_days=29)

    result = sweep(tmp_path, age=30)

    assert not old.exists()
    assert fresh.exists()
    assert [d.path.name for d in result.deleted_by_age] == ["s-old.jsonl"]
    assert result.deleted_by_count == []


def test_directory_capped_at_max_files_dropping_oldest_first(tmp_path: Path) -> None:
    write_log(tmp_path / "c.jsonl", ["x"], age_days=5)
    write_log(tmp_path / "b.jsonl", ["x"], age_days=3)
    write_log(tmp_path / "a.jsonl", ["x"], age_days=3)  # same age as b: name breaks the tie
    write_log(tmp_path / "d.jsonl", ["x"], age_days=1)

    result = sweep(tmp_path, files=2)

    assert [d.path.name for d in result.deleted_by_count] == ["c.jsonl", "a.jsonl"]
    assert sorted(p.name for p in tmp_path.glob("*.jsonl")) == ["b.jsonl", "d.jsonl"]


def test_persistent_session_file_is_line_trimmed_when_age_and_count_never_reap_it(
    tmp_path: Path,
) -> None:
    cli = write_log(tmp_path / "cli-session.jsonl", numbered(12), age_days=0)
    other = write_log(tmp_path / "s-1.jsonl", numbered(3), age_days=2)

    result = sweep(tmp_path, age=30, files=2, lines=4)

    assert result.deleted_by_age == [] and result.deleted_by_count == []
    assert read_lines(cli) == numbered(4, start=8)
    assert read_lines(other) == numbered(3)
    assert [t.path.name for t in result.trimmed_files] == ["cli-session.jsonl"]
    assert result.lines_removed == 8


@pytest.mark.parametrize("value", [0, -1])
@pytest.mark.parametrize("dimension", ["age", "files", "lines"])
def test_non_positive_value_disables_its_dimension(
    tmp_path: Path, dimension: str, value: int
) -> None:
    write_log(tmp_path / "old.jsonl", numbered(10), age_days=400)
    write_log(tmp_path / "new.jsonl", numbered(10), age_days=1)
    bounds: dict[str, float | None] = {"age": 30, "files": 1, "lines": 3}
    bounds[dimension] = value

    result = sweep(tmp_path, age=bounds["age"], files=bounds["files"], lines=bounds["lines"])

    if dimension == "age":
        assert result.deleted_by_age == []
        assert [d.path.name for d in result.deleted_by_count] == ["old.jsonl"]
    if dimension == "files":
        assert [d.path.name for d in result.deleted_by_age] == ["old.jsonl"]
        assert result.deleted_by_count == []
    if dimension == "lines":
        assert result.trimmed_files == []
        assert read_lines(tmp_path / "new.jsonl") == numbered(10)
    else:
        assert read_lines(tmp_path / "new.jsonl") == numbered(3, start=7)


def test_session_files_in_subdirectories_are_not_swept(tmp_path: Path) -> None:
    nested = write_log(tmp_path / "team" / "s-9.jsonl", numbered(10), age_days=400)
    top = write_log(tmp_path / "s-1.jsonl", numbered(10), age_days=400)

    sweep(tmp_path, age=30, files=1, lines=2)

    assert not top.exists()
    assert read_lines(nested) == numbered(10)


def test_one_failing_session_file_does_not_abort_the_sweep(tmp_path: Path) -> None:
    bad = write_log(tmp_path / "a-bad.jsonl", numbered(10))
    lock_path_for(bad).mkdir()  # its lock cannot be taken
    good = write_log(tmp_path / "b-good.jsonl", numbered(10))

    result = sweep(tmp_path, lines=2)

    assert len(result.failures) == 1 and "a-bad.jsonl" in result.failures[0]
    assert read_lines(good) == numbered(2, start=8)
    assert read_lines(bad) == numbered(10)


def test_session_file_deleted_only_under_its_write_lock(tmp_path: Path) -> None:
    stale = write_log(tmp_path / "s-stale.jsonl", numbered(1), age_days=40)
    done = threading.Event()

    with file_lock(stale):
        worker = threading.Thread(target=lambda: (sweep(tmp_path, age=30), done.set()))
        worker.start()
        time.sleep(0.3)
        assert stale.exists() and not done.is_set()
    worker.join(timeout=10)

    assert done.is_set()
    assert not stale.exists()


def test_deleted_session_file_takes_its_lock_sidecar_with_it(tmp_path: Path) -> None:
    stale = write_log(tmp_path / "s-stale.jsonl", numbered(1), age_days=40)
    lock_path_for(stale).touch()

    sweep(tmp_path, age=30)

    assert list(tmp_path.iterdir()) == []


# -- line trim ------------------------------------------------------------------------------
def test_single_file_log_keeps_exactly_the_last_n_lines(tmp_path: Path) -> None:
    log = write_log(tmp_path / "wisp-executions.jsonl", numbered(10))

    result = trim_to_last_lines(log, 3)

    assert read_lines(log) == numbered(3, start=7)
    assert log.read_text().endswith("\n")
    assert (result.lines_before, result.lines_removed, result.exact) == (10, 7, True)
    assert result.bytes_after == log.stat().st_size


def test_final_line_without_trailing_newline_counts_as_a_line(tmp_path: Path) -> None:
    log = write_log(tmp_path / "log.jsonl", ["a", "b", "c"], newline=False)

    unchanged = trim_to_last_lines(log, 3)
    trimmed = trim_to_last_lines(log, 2)

    assert unchanged.lines_removed == 0 and unchanged.lines_before == 3
    assert log.read_bytes() == b"b\nc"
    assert trimmed.lines_removed == 1


def test_file_within_bounds_is_not_rewritten(tmp_path: Path) -> None:
    log = write_log(tmp_path / "log.jsonl", numbered(5))
    before = log.stat()

    result = trim_to_last_lines(log, 5)

    after = log.stat()
    assert (after.st_ino, after.st_mtime_ns, after.st_size) == (
        before.st_ino,
        before.st_mtime_ns,
        before.st_size,
    )
    assert not result.trimmed


def test_trim_keeps_the_last_write_time(tmp_path: Path) -> None:
    log = write_log(tmp_path / "s-1.jsonl", numbered(10), age_days=20)
    written = log.stat().st_mtime_ns

    trim_to_last_lines(log, 2)

    assert log.stat().st_mtime_ns == written


def test_removed_line_count_is_estimated_when_the_head_is_too_large_to_count(
    tmp_path: Path,
) -> None:
    log = write_log(tmp_path / "log.jsonl", ["x" * 9] * 100)  # 10-byte lines

    result = trim_to_last_lines(log, 10, exact_count_limit_bytes=0)

    assert not result.exact
    assert result.lines_removed == 90  # uniform lines: the estimate is exact here
    assert len(read_lines(log)) == 10


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(st.text(alphabet="ab{}", max_size=6), max_size=25),
    newline=st.booleans(),
    max_lines=st.integers(min_value=1, max_value=30),
    block=st.integers(min_value=1, max_value=9),
)
def test_trim_keeps_exactly_the_last_lines_across_scan_blocks(
    tmp_path_factory: pytest.TempPathFactory,
    lines: list[str],
    newline: bool,
    max_lines: int,
    block: int,
) -> None:
    if lines and not newline and lines[-1] == "":
        lines = [*lines[:-1], "a"]  # an unterminated empty last line is not a line
    log = write_log(tmp_path_factory.mktemp("t") / "log.jsonl", lines, newline=newline)
    original = log.read_bytes()
    saved, retention.SCAN_BLOCK_BYTES = retention.SCAN_BLOCK_BYTES, block
    try:
        result = trim_to_last_lines(log, max_lines)
    finally:
        retention.SCAN_BLOCK_BYTES = saved

    kept = original.splitlines(keepends=True)[-max_lines:]
    assert log.read_bytes() == b"".join(kept)
    assert result.lines_removed == max(0, len(lines) - max_lines)


def test_concurrent_appender_loses_no_line_beyond_the_cap(tmp_path: Path) -> None:
    log = tmp_path / "tool-call" / "cli-session.jsonl"
    total, cap = 1500, 40
    writer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import json, sys, time\n"
            "from pathlib import Path\n"
            "from dream_assets.core.store.atomic import append_line\n"
            "for i in range(int(sys.argv[2])):\n"
            "    append_line(Path(sys.argv[1]), json.dumps({'seq': i}))\n"
            # a pause every 50 lines: on a loaded machine the appends could otherwise all land
            # between two of the trimmer's turns, and nothing would interleave
            "    if i % 50 == 49:\n"
            "        time.sleep(0.005)\n",
            str(log),
            str(total),
        ],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    removed = trims = 0
    try:
        while writer.poll() is None:
            if log.exists():
                result = trim_to_last_lines(log, cap)
                removed += result.lines_removed
                trims += result.lines_removed > 0
                assert result.exact
            time.sleep(0.002)
    finally:
        writer.wait(timeout=60)
    assert writer.returncode == 0

    seqs = [json.loads(line)["seq"] for line in read_lines(log)]
    assert seqs == list(range(total - len(seqs), total))  # no gap, no duplicate, ends last
    assert total - len(seqs) == removed  # every line lost was one a trim removed
    assert trims >= 2  # trims really interleaved with the appends


# -- the pass -------------------------------------------------------------------------------
def busy_volume(root: Path) -> AgentVolume:
    volume = AgentVolume(root)
    usage = volume.session_log_dir("skill-usage")
    write_log(usage / "s-ancient.jsonl", numbered(2), age_days=45)
    for i in range(4):
        write_log(usage / f"s-{i}.jsonl", numbered(2), age_days=10 - i)
    write_log(volume.session_log_dir("tool-call") / "cli-session.jsonl", numbered(9))
    write_log(volume.single_log("wisp-executions"), numbered(8))
    write_log(volume.single_log("skill-resource-usage"), numbered(4))
    return volume


def test_pass_reports_every_deletion_and_trim(tmp_path: Path) -> None:
    volume = busy_volume(tmp_path / "agent")

    report = run_log_retention(volume, small_options(), NOW)

    assert report.pass_name == "log_retention" and report.failures == []
    assert report.counts["files_deleted_by_age"] == 1  # s-ancient
    assert report.counts["files_deleted_by_count"] == 1  # s-0, the oldest of four
    assert report.counts["files_trimmed"] == 2  # cli-session (9 lines) and wisp (8 lines)
    assert report.counts["lines_removed"] == 4 + 3
    assert report.counts["logs_failed"] == 0 and report.counts["logs_skipped"] == 0
    actions = sorted((d.action, d.target) for d in report.decisions)
    assert actions == [
        ("deleted-age", "logs/skill-usage/s-ancient.jsonl"),
        ("deleted-count", "logs/skill-usage/s-0.jsonl"),
        ("trimmed", "logs/tool-call/cli-session.jsonl"),
        ("trimmed", "logs/wisp-executions.jsonl"),
    ]
    line_bytes = len(numbered(1)[0]) + 1
    assert report.counts["bytes_freed"] == (2 + 2 + 4 + 3) * line_bytes


def test_one_failing_log_does_not_abort_the_pass(tmp_path: Path) -> None:
    volume = busy_volume(tmp_path / "agent")
    # Its lock cannot be taken (a directory at the lock's path): the trim fails. (A log that is
    # not a regular file is no failure but a skip: test_log_dir_entries.py.)
    lock_path_for(volume.single_log("wisp-executions")).mkdir()

    report = run_log_retention(volume, small_options(), NOW)

    assert report.counts["logs_failed"] == 1
    assert len(report.failures) == 1 and "wisp-executions" in report.failures[0]
    assert read_lines(volume.single_log("wisp-executions")) == numbered(8)  # left as it was
    assert read_lines(volume.session_log_dir("tool-call") / "cli-session.jsonl") == numbered(
        5, start=4
    )
    assert report.counts["files_deleted_by_age"] == 1


def test_disabled_flag_skips_the_pass(tmp_path: Path) -> None:
    volume = busy_volume(tmp_path / "agent")

    report = run_log_retention(volume, small_options(log_retention_enabled=False), NOW)

    assert report.skipped == "disabled by log_retention_enabled"
    assert read_lines(volume.single_log("wisp-executions")) == numbered(8)
    assert (volume.session_log_dir("skill-usage") / "s-ancient.jsonl").exists()


def test_retention_violations_listed_before_the_pass_and_empty_after(tmp_path: Path) -> None:
    volume = busy_volume(tmp_path / "agent")
    options = small_options()

    before = retention_violations(volume, options, NOW)
    run_log_retention(volume, options, NOW)
    after = retention_violations(volume, options, NOW)

    assert sorted(before) == [
        "logs/skill-usage/s-ancient.jsonl: last written 2026-10-15T12:00:00+00:00, "
        "older than 30 days",
        "logs/skill-usage: 5 session files (more than 3)",
        "logs/tool-call/cli-session.jsonl: more than 5 lines",
        "logs/wisp-executions.jsonl: more than 5 lines",
    ]
    assert after == []
