"""Pass 0 — log retention: cap the agent's append-only JSONL telemetry logs every cycle.

Runs first and unconditionally (only ``log_retention_enabled`` turns it off), before any
"nothing to consolidate" early return, so the logs are capped even on an idle agent. It is
best-effort: one log that cannot be pruned is reported and the sweep goes on (docs/passes.md, Pass
0).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.volume import SESSION_LOG_DIRS, SINGLE_FILE_LOGS, AgentVolume
from dream_assets.core.telemetry.retention import (
    DeletedLog,
    TrimResult,
    exceeds_line_bound,
    last_write_time,
    session_files,
    sweep_session_dir,
    trim_to_last_lines,
)

PASS_NAME = "log_retention"

COUNT_KEYS = (
    "files_deleted_by_age",
    "files_deleted_by_count",
    "files_trimmed",
    "lines_removed",
    "lines_removed_estimated_files",
    "bytes_freed",
    "logs_failed",
    "conversation_turns_dropped",
)


def _max_age(options: DreamOptions) -> timedelta | None:
    days = options.log_retention_max_file_age_days
    return timedelta(days=days) if days > 0 else None


def _max_files(options: DreamOptions) -> int | None:
    count = options.log_retention_max_files_per_directory
    return count if count > 0 else None


def _max_lines(options: DreamOptions) -> int | None:
    lines = options.log_retention_max_lines_per_file
    return lines if lines > 0 else None


def _escapes(volume: AgentVolume, path: Path) -> bool:
    """A log path that is a symlink out of the volume is never pruned or rewritten."""
    resolved = path.resolve()
    return resolved != volume.root and volume.root not in resolved.parents


def run_log_retention(volume: AgentVolume, options: DreamOptions, now: datetime) -> PassReport:
    report = PassReport(PASS_NAME)
    if not options.log_retention_enabled:
        report.skipped = "disabled by log_retention_enabled"
        return report
    for key in COUNT_KEYS:
        # Always present, zeros included, so the UI plots an unbroken series per agent.
        report.count(key, 0)

    max_age, max_files, max_lines = _max_age(options), _max_files(options), _max_lines(options)
    report.bounds = {
        "max_file_age_days": options.log_retention_max_file_age_days if max_age else None,
        "max_files_per_directory": max_files,
        "max_lines_per_file": max_lines,
    }

    for kind in SESSION_LOG_DIRS:
        directory = volume.session_log_dir(kind)
        if not directory.is_dir():
            continue
        if _escapes(volume, directory):
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
        if sweep.failures:
            report.count("logs_failed")
            for failure in sweep.failures:
                report.fail(f"{kind}: {failure}")

    if max_lines is not None:
        for kind in SINGLE_FILE_LOGS:
            path = volume.single_log(kind)
            if not path.exists() and not path.is_symlink():
                continue
            if path.is_symlink() or _escapes(volume, path):
                report.fail(f"{kind}: {path} is a symlink; a log is never rewritten through one")
                report.count("logs_failed")
                continue
            try:
                result = trim_to_last_lines(path, max_lines)
            except OSError as exc:
                report.fail(f"{kind}: line-trim of {path} failed: {exc}")
                report.count("logs_failed")
                continue
            if result.trimmed:
                _record_trim(report, volume, path, result)
        _cap_conversation_log(report, volume, max_lines)
    return report


def _cap_conversation_log(report: PassReport, volume: AgentVolume, max_lines: int) -> None:
    """The conversation log under the same line cap (seed 000, Pass 5: never unbounded growth).

    Preference inference clears what it read, but a cycle whose blocking check or step fails
    upstream never reaches it: the cap is what bounds the log whatever fails. The oldest turns
    go first, counted apart (``conversation_turns_dropped``) since they were never read.
    """
    path = volume.conversation_log
    if not path.exists() and not path.is_symlink():
        return
    if path.is_symlink() or _escapes(volume, path):
        report.fail(f"conversation log: {path} is a symlink; a log is never rewritten through one")
        report.count("logs_failed")
        return
    try:
        result = trim_to_last_lines(path, max_lines)
    except OSError as exc:
        report.fail(f"conversation log: line-trim of {path} failed: {exc}")
        report.count("logs_failed")
        return
    if result.trimmed:
        _record_trim(report, volume, path, result)
        report.count("conversation_turns_dropped", result.lines_removed)


def _relative(volume: AgentVolume, path: Path) -> str:
    try:
        return str(path.relative_to(volume.root))
    except ValueError:
        return str(path)


def _record_deletion(
    report: PassReport, volume: AgentVolume, deleted: DeletedLog, action: str, key: str
) -> None:
    report.count(key)
    report.count("bytes_freed", deleted.size)
    report.decide(
        action,
        _relative(volume, deleted.path),
        f"last written {deleted.last_write.isoformat()}, {deleted.size} bytes",
    )


def _record_trim(report: PassReport, volume: AgentVolume, path: Path, result: TrimResult) -> None:
    report.count("files_trimmed")
    report.count("lines_removed", result.lines_removed)
    report.count("bytes_freed", result.bytes_freed)
    if not result.exact:
        report.count("lines_removed_estimated_files")
    removed = f"{result.lines_removed}" if result.exact else f"~{result.lines_removed} (estimated)"
    report.decide(
        "trimmed",
        _relative(volume, path),
        f"removed {removed} lines, {result.bytes_before} -> {result.bytes_after} bytes",
    )


def retention_violations(volume: AgentVolume, options: DreamOptions, now: datetime) -> list[str]:
    """Every log on disk that exceeds the retention bounds, re-read from the disk.

    For the blocking check ``retained_logs within bounds``: it trusts nothing the pass
    reported. Disabled retention or a disabled dimension imposes no bound.
    """
    if not options.log_retention_enabled:
        return []
    max_age, max_files, max_lines = _max_age(options), _max_files(options), _max_lines(options)
    violations: list[str] = []

    def over_lines(path: Path) -> None:
        if max_lines is None:
            return
        try:
            if exceeds_line_bound(path, max_lines):
                violations.append(f"{_relative(volume, path)}: more than {max_lines} lines")
        except OSError as exc:
            violations.append(f"{_relative(volume, path)}: cannot be read to count lines: {exc}")

    for kind in SESSION_LOG_DIRS:
        directory = volume.session_log_dir(kind)
        if not directory.is_dir() or _escapes(volume, directory):
            continue
        files = session_files(directory)
        if max_files is not None and len(files) > max_files:
            violations.append(
                f"{_relative(volume, directory)}: {len(files)} session files "
                f"(more than {max_files})"
            )
        for path in files:
            if max_age is not None:
                try:
                    written = last_write_time(path.stat().st_mtime_ns)
                except FileNotFoundError:
                    continue
                if written < now - max_age:
                    violations.append(
                        f"{_relative(volume, path)}: last written {written.isoformat()}, "
                        f"older than {options.log_retention_max_file_age_days:g} days"
                    )
            over_lines(path)

    for path in [*(volume.single_log(kind) for kind in SINGLE_FILE_LOGS), volume.conversation_log]:
        if path.is_file() and not path.is_symlink():
            over_lines(path)
    return violations
