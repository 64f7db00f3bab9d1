"""Log-named entries that are not regular files (fuzz finding): a directory, a symlink to a
directory, a FIFO or a socket named like a log is not a log file. Every pass that lists or reads
logs skips it (reported as skipped where the pass reports skips): it is never opened (a FIFO would
block the read until a writer came), never deleted, never a failure, and the other logs are
handled as usual. Real pass functions on real temporary agent volumes (and one real cycle)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import stat
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import dagster as dg
import pytest

from dream_assets.checks.log_retention import retention_violations
from dream_assets.core.options import DreamOptions
from dream_assets.core.schedule.cadence import read_activity
from dream_assets.core.store.volume import SESSION_LOG_DIRS, SINGLE_FILE_LOGS, AgentVolume
from dream_assets.core.telemetry import log_fingerprint
from dream_assets.core.telemetry.retention import (
    exceeds_line_bound,
    sweep_session_dir,
    trim_to_last_lines,
)
from dream_assets.core.telemetry.windows import WINDOW_TABLES, build_windows
from dream_assets.passes.call import PassCall
from dream_assets.passes.log_retention import run_log_retention
from dream_assets.passes.preference_inference.run import run_preference_inference
from dream_assets_tests.builders import NOW, make_volume
from dream_assets_tests.cycles import cycle, pass_reports

KINDS = ("directory", "symlink-to-directory", "fifo", "socket")
# The single-file pass refuses any symlink by itself (docs/passes.md, Pass 0): not tested here.
UNLINKED_KINDS = ("directory", "fifo", "socket")
CAP = 5


def make_entry(path: Path, kind: str) -> Path:
    """A ``kind`` entry at ``path``, named like a log."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "directory":
        path.mkdir()
        (path / "inside.jsonl").write_text('{"seq": 0}\n', encoding="utf-8")
    elif kind == "symlink-to-directory":
        target = path.parent / f"target-of-{path.stem}"
        target.mkdir()
        path.symlink_to(target, target_is_directory=True)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        # Bound by its bare name from its folder: a socket path is limited to ~107 bytes.
        here = Path.cwd()
        os.chdir(path.parent)
        try:
            with socket.socket(socket.AF_UNIX) as sock:
                sock.bind(path.name)
        finally:
            os.chdir(here)
    else:
        raise ValueError(kind)
    return path


def same_kind(path: Path, kind: str) -> bool:
    mode = os.lstat(path).st_mode
    return {
        "directory": stat.S_ISDIR,
        "symlink-to-directory": stat.S_ISLNK,
        "fifo": stat.S_ISFIFO,
        "socket": stat.S_ISSOCK,
    }[kind](mode)


def write_log(path: Path, count: int, *, age_days: float = 0.0) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps({"seq": i}) + "\n" for i in range(count)), "utf-8")
    stamp = (NOW - timedelta(days=age_days)).timestamp()
    os.utime(path, (stamp, stamp))
    return path


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def finishes(call: Callable[[], Any], *fifos: Path, seconds: float = 5.0) -> Any:
    """``call()``'s value; fails if it is still blocked after ``seconds`` (a FIFO opened for
    reading waits for a writer): the FIFOs are then opened for writing so the thread ends."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # re-raised in the test's thread
            box["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    blocked = worker.is_alive()
    deadline = time.monotonic() + 10
    while worker.is_alive() and time.monotonic() < deadline:
        for fifo in fifos:
            with contextlib.suppress(OSError):
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(0.1)
    assert not blocked, "blocked opening a FIFO for reading"
    if "error" in box:
        raise box["error"]
    return box.get("value")


def options() -> DreamOptions:
    return DreamOptions(
        log_retention_max_file_age_days=30.0,
        log_retention_max_files_per_directory=2,
        log_retention_max_lines_per_file=CAP,
    )


# -- Pass 0: the single-file logs and the conversation log -------------------------------------
@pytest.mark.parametrize("kind", UNLINKED_KINDS)
def test_pass0_skips_single_file_logs_that_are_not_regular_files(kind: str, tmp_path: Path) -> None:
    volume = AgentVolume(tmp_path / "agent")
    odd = [volume.single_log(k) for k in SINGLE_FILE_LOGS[:-1]] + [volume.conversation_log]
    for path in odd:
        make_entry(path, kind)
    kept = write_log(volume.single_log(SINGLE_FILE_LOGS[-1]), 8)
    session = write_log(volume.session_log_dir("tool-call") / "cli-session.jsonl", 9)

    report = finishes(lambda: run_log_retention(volume, options(), NOW), *odd)

    assert report.failures == []
    assert report.counts["logs_failed"] == 0
    assert report.counts["logs_skipped"] == len(odd)
    assert all(same_kind(path, kind) for path in odd)
    assert line_count(kept) == CAP and line_count(session) == CAP
    assert report.counts["files_trimmed"] == 2


def test_pass0_reports_each_entry_that_is_not_a_regular_file_as_a_skipped_decision(
    tmp_path: Path,
) -> None:
    volume = AgentVolume(tmp_path / "agent")
    odd = [
        make_entry(volume.session_log_dir("feedback") / "odd.jsonl", "directory"),
        make_entry(volume.single_log("tier-routing"), "fifo"),
        make_entry(volume.conversation_log, "directory"),
    ]
    kept = write_log(volume.single_log("wisp-executions"), 8)

    report = finishes(lambda: run_log_retention(volume, options(), NOW), *odd)

    assert report.failures == [] and report.counts["logs_failed"] == 0
    assert report.counts["logs_skipped"] == 3
    skipped = sorted((d.target, d.detail) for d in report.decisions if d.action == "skipped")
    assert skipped == [
        ("conversation-log.jsonl", "not a regular file"),
        ("logs/feedback/odd.jsonl", "not a regular file"),
        ("logs/tier-routing.jsonl", "not a regular file"),
    ]
    assert [(d.action, d.target) for d in report.decisions if d.action != "skipped"] == [
        ("trimmed", "logs/wisp-executions.jsonl")
    ]
    assert line_count(kept) == CAP
    assert same_kind(odd[0], "directory") and same_kind(odd[1], "fifo")
    assert same_kind(odd[2], "directory")


@pytest.mark.parametrize("kind", KINDS)
def test_line_trim_of_an_entry_that_is_not_a_regular_file_is_a_skip(
    kind: str, tmp_path: Path
) -> None:
    odd = make_entry(tmp_path / "wisp-executions.jsonl", kind)

    result = finishes(lambda: trim_to_last_lines(odd, CAP), odd)

    assert result.skipped and not result.trimmed and result.lines_removed == 0
    assert same_kind(odd, kind)


# -- Pass 0: the per-session directories ------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_session_sweep_reports_entries_that_are_not_regular_files_as_skipped(
    kind: str, tmp_path: Path
) -> None:
    directory = tmp_path / "logs" / "feedback"
    odd = make_entry(directory / "a-odd.jsonl", kind)
    old = write_log(directory / "s-old.jsonl", 2, age_days=40)
    for i in range(3):
        write_log(directory / f"s-{i}.jsonl", 9, age_days=3 - i)
    os.utime(odd, (0, 0), follow_symlinks=False)  # older than every bound

    result = finishes(
        lambda: sweep_session_dir(
            directory, now=NOW, max_age=timedelta(days=30), max_files=2, max_lines=CAP
        ),
        odd,
    )

    assert result.failures == []
    assert result.skipped == [odd]
    assert same_kind(odd, kind)
    assert [d.path for d in result.deleted_by_age] == [old]
    assert [d.path.name for d in result.deleted_by_count] == ["s-0.jsonl"]
    assert sorted(t.path.name for t in result.trimmed_files) == ["s-1.jsonl", "s-2.jsonl"]


# -- readers ------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_conversation_log_that_is_not_a_regular_file_reads_as_empty(
    kind: str, tmp_path: Path
) -> None:
    volume = AgentVolume(tmp_path / "agent")
    odd = make_entry(volume.conversation_log, kind)

    read = finishes(volume.read_conversation, odd)

    assert read.records == [] and read.malformed == 0
    assert read.skipped
    assert same_kind(odd, kind)


@pytest.mark.parametrize("kind", KINDS)
def test_line_bound_recheck_never_opens_an_entry_that_is_not_a_regular_file(
    kind: str, tmp_path: Path
) -> None:
    odd = make_entry(tmp_path / "tier-routing.jsonl", kind)

    assert finishes(lambda: exceeds_line_bound(odd, CAP), odd) is False


def test_window_fingerprint_never_opens_a_fifo(tmp_path: Path) -> None:
    # A log replaced by a FIFO after the window build listed it: stamped just now, so racy.
    fifo = make_entry(tmp_path / "wisp-executions.jsonl", "fifo")
    seen_ns = time.time_ns()

    recorded = finishes(lambda: log_fingerprint.record(fifo, seen_ns), fifo)
    was_racy = log_fingerprint.LogFile(str(fifo), (0, 0, 0, 0), True, "0" * 64)
    again = finishes(lambda: log_fingerprint.still_same(fifo, was_racy, seen_ns), fifo)

    assert recorded.racy and recorded.sha256 == ""  # recorded as never matching: read again
    assert again is None


def test_windows_and_bounds_check_list_no_entry_that_is_not_a_regular_file(
    tmp_path: Path,
) -> None:
    """Guard (held before the fix too): the window build and the blocking check list none."""
    volume = AgentVolume(tmp_path / "agent")
    odd: list[Path] = []
    for n, kind in enumerate(KINDS):
        for log in SESSION_LOG_DIRS:
            odd.append(make_entry(volume.session_log_dir(log) / f"odd-{n}.jsonl", kind))
    for log, kind in zip(SINGLE_FILE_LOGS, KINDS, strict=False):
        odd.append(make_entry(volume.single_log(log), kind))
    odd.append(make_entry(volume.conversation_log, "fifo"))

    build = finishes(lambda: build_windows(volume, options(), NOW), *odd)
    violations = finishes(lambda: retention_violations(volume, options(), NOW), *odd)

    assert build.files == dict.fromkeys(WINDOW_TABLES, 0)
    assert violations == []


# -- the conversation log: preference inference, its clear, the activity check ----------------
@pytest.mark.parametrize("kind", KINDS)
def test_preference_inference_neither_reads_nor_clears_a_conversation_log_that_is_no_file(
    kind: str, tmp_path: Path
) -> None:
    volume = make_volume(tmp_path / "agent")
    odd = make_entry(volume.conversation_log, kind)

    report = finishes(
        lambda: run_preference_inference(PassCall(volume, DreamOptions(), NOW, None)), odd
    )

    assert report.failures == []
    assert report.skipped == "conversation log empty"
    assert "conversation_bytes_cleared" not in report.counts
    assert [d for d in report.decisions if d.action == "cleared"] == []
    assert same_kind(odd, kind)
    if kind == "directory":
        assert (odd / "inside.jsonl").read_text(encoding="utf-8") == '{"seq": 0}\n'


@pytest.mark.parametrize("upto_bytes", [None, 4096])
@pytest.mark.parametrize("kind", KINDS)
def test_clearing_a_conversation_log_that_is_no_file_leaves_it_alone(
    kind: str, upto_bytes: int | None, tmp_path: Path
) -> None:
    volume = make_volume(tmp_path / "agent")
    odd = make_entry(volume.conversation_log, kind)

    cleared = finishes(lambda: volume.clear_conversation(upto_bytes=upto_bytes), odd)

    assert cleared == 0
    assert same_kind(odd, kind)


@pytest.mark.parametrize("kind", KINDS)
def test_a_conversation_log_that_is_no_file_is_no_conversation_activity(
    kind: str, tmp_path: Path
) -> None:
    volume = make_volume(tmp_path / "agent")
    odd = make_entry(volume.conversation_log, kind)
    write_log(volume.session_log_dir("feedback") / "s-1.jsonl", 1)

    activity = finishes(lambda: read_activity(volume), odd)

    assert activity.conversation_at is None
    assert activity.feedback_at == NOW


def test_a_cycle_over_a_conversation_log_that_is_a_directory_succeeds(agents_root: Path) -> None:
    volume = make_volume(agents_root / "ada")
    odd = make_entry(volume.conversation_log, "directory")

    with dg.instance_for_test() as instance:
        result = cycle(agents_root, "ada", instance)
        assert result.success

    reports = pass_reports(result)
    retention, preferences = reports["retained_logs"], reports["inferred_preferences"]
    assert retention["failures"] == [] and preferences["failures"] == []
    assert retention["counts"]["logs_skipped"] == 1
    assert preferences["skipped"] == "conversation log empty"
    assert "conversation_bytes_cleared" not in preferences["counts"]
    assert same_kind(odd, "directory")
    assert (odd / "inside.jsonl").read_text(encoding="utf-8") == '{"seq": 0}\n'
