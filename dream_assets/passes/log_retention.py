"""Pass 0 — log retention: cap the agent's append-only JSONL telemetry logs every cycle.

Runs first and unconditionally (only ``log_retention_enabled`` turns it off), before any
"nothing to consolidate" early return, so the logs are capped even on an idle agent. It is
best-effort: one log that cannot be pruned is reported and the sweep goes on (docs/passes.md, Pass
0). An entry named like a log that is not a regular file (a directory, FIFO, socket) is not a log:
it is reported as skipped (``logs_skipped``, a ``skipped`` decision), never as a failure.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.jsonl import NOT_A_REGULAR_FILE
from dream_assets.core.store.volume import SESSION_LOG_DIRS, SINGLE_FILE_LOGS, AgentVolume
from dream_assets.core.telemetry.retention import (
    DeletedLog,
    TrimResult,
    escapes_volume,
    relative_to_volume,
    sweep_session_dir,
    trim_to_last_lines,
)
from dream_assets.core.telemetry.retention import max_age as age_bound
from dream_assets.core.telemetry.retention import max_files as files_bound
from dream_assets.core.telemetry.retention import max_lines as lines_bound

PASS_NAME = "log_retention"

COUNT_KEYS = (
    "files_deleted_by_age",
    "files_deleted_by_count",
    "files_trimmed",
    "lines_removed",
    "lines_removed_estimated_files",
    "bytes_freed",
    "logs_failed",
    "logs_skipped",
    "conversation_turns_dropped",
)


def run_log_retention(volume: AgentVolume, options: DreamOptions, now: datetime) -> PassReport:
    report = PassReport(PASS_NAME)
    if not options.log_retention_enabled:
        report.skipped = "disabled by log_retention_enabled"
        return report
    for key in COUNT_KEYS:
        # Always present, zeros included, so the UI plots an unbroken series per agent.
        report.count(key, 0)

    max_age, max_files, max_lines = age_bound(options), files_bound(options), lines_bound(options)
    report.bounds = {
        "max_file_age_days": options.log_retention_max_file_age_days if max_age else None,
        "max_files_per_directory": max_files,
        "max_lines_per_file": max_lines,
    }

    for kind in SESSION_LOG_DIRS:
        directory = volume.session_log_dir(kind)
        if not directory.is_dir():
            continue
        if escapes_volume(volume, directory):
            report.fail(f"{kind}: {directory} resolves outside the agent volume; left alone")
            report.count("logs_failed")
            continue
        try:
            sweep = sweep_session_dir(
                directory, now=now, max_age=max_age, max_files=max_files, max_lines=max_lines
            )
        except OSError as exc:
            report.fail(f"{kind}: sweep of {directory} failed: {exc}")
            report.count("logs_failed")
            continue
        for deleted in sweep.deleted_by_age:
            _record_deletion(report, volume, deleted, "deleted-age", "files_deleted_by_age")
        for deleted in sweep.deleted_by_count:
            _record_deletion(report, volume, deleted, "deleted-count", "files_deleted_by_count")
        for trimmed in sweep.trimmed_files:
            _record_trim(report, volume, trimmed.path, trimmed.result)
        for path in sweep.skipped:
            _record_skip(report, volume, path, NOT_A_REGULAR_FILE)
        if sweep.failures:
            report.count("logs_failed")
            for failure in sweep.failures:
                report.fail(f"{kind}: {failure}")

    if max_lines is not None:
        for kind in SINGLE_FILE_LOGS:
            _cap_log(report, volume, kind, volume.single_log(kind), max_lines)
        # The conversation log under the same cap (seed 000, Pass 5: never unbounded growth).
        # Preference inference clears what it read, but a cycle whose blocking check or step
        # fails upstream never reaches it: the cap bounds the log whatever fails. The oldest
        # turns go first, counted apart since they were never read.
        dropped = _cap_log(report, volume, "conversation log", volume.conversation_log, max_lines)
        if dropped:
            report.count("conversation_turns_dropped", dropped)
    return report


def _cap_log(report: PassReport, volume: AgentVolume, kind: str, path: Path, max_lines: int) -> int:
    """Trim one single-file log to its newest ``max_lines``; the lines removed (0: none, or it
    could not be trimmed, which is reported, or it is not a regular file: skipped, reported)."""
    if not path.exists() and not path.is_symlink():
        return 0
    if path.is_symlink() or escapes_volume(volume, path):
        report.fail(f"{kind}: {path} is a symlink; a log is never rewritten through one")
        report.count("logs_failed")
        return 0
    try:
        result = trim_to_last_lines(path, max_lines)
    except OSError as exc:
        report.fail(f"{kind}: line-trim of {path} failed: {exc}")
        report.count("logs_failed")
        return 0
    if result.skipped:
        _record_skip(report, volume, path, result.skipped)
        return 0
    if not result.trimmed:
        return 0
    _record_trim(report, volume, path, result)
    return result.lines_removed


def _record_deletion(
    report: PassReport, volume: AgentVolume, deleted: DeletedLog, action: str, key: str
) -> None:
    report.count(key)
    report.count("bytes_freed", deleted.size)
    report.decide(
        action,
        relative_to_volume(volume, deleted.path),
        f"last written {deleted.last_write.isoformat()}, {deleted.size} bytes",
    )


def _record_skip(report: PassReport, volume: AgentVolume, path: Path, why: str) -> None:
    """A log-named entry left alone because it is not a log: a decision, never a failure."""
    report.count("logs_skipped")
    report.decide("skipped", relative_to_volume(volume, path), why)


def _record_trim(report: PassReport, volume: AgentVolume, path: Path, result: TrimResult) -> None:
    report.count("files_trimmed")
    report.count("lines_removed", result.lines_removed)
    report.count("bytes_freed", result.bytes_freed)
    if not result.exact:
        report.count("lines_removed_estimated_files")
    removed = f"{result.lines_removed}" if result.exact else f"~{result.lines_removed} (estimated)"
    report.decide(
        "trimmed",
        relative_to_volume(volume, path),
        f"removed {removed} lines, {result.bytes_before} -> {result.bytes_after} bytes",
    )
