"""The ``retained_logs/within_bounds`` rule: every log on disk within Pass 0's bounds, re-read from
the disk (it trusts nothing the pass reported)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from dream_assets.core.options import DreamOptions
from dream_assets.core.store.volume import SESSION_LOG_DIRS, SINGLE_FILE_LOGS, AgentVolume
from dream_assets.core.telemetry.retention import (
    escapes_volume,
    exceeds_line_bound,
    last_write_time,
    max_age,
    max_files,
    max_lines,
    relative_to_volume,
    session_files,
)


def retention_violations(volume: AgentVolume, options: DreamOptions, now: datetime) -> list[str]:
    """Every log on disk that exceeds the retention bounds, re-read from the disk.

    For the blocking check ``retained_logs within bounds``: it trusts nothing the pass
    reported. Disabled retention or a disabled dimension imposes no bound.
    """
    if not options.log_retention_enabled:
        return []
    age_bound, files_bound, lines_bound = max_age(options), max_files(options), max_lines(options)
    violations: list[str] = []

    def over_lines(path: Path) -> None:
        if lines_bound is None:
            return
        try:
            if exceeds_line_bound(path, lines_bound):
                violations.append(
                    f"{relative_to_volume(volume, path)}: more than {lines_bound} lines"
                )
        except OSError as exc:
            violations.append(
                f"{relative_to_volume(volume, path)}: cannot be read to count lines: {exc}"
            )

    for kind in SESSION_LOG_DIRS:
        directory = volume.session_log_dir(kind)
        if not directory.is_dir() or escapes_volume(volume, directory):
            continue
        files = session_files(directory)
        if files_bound is not None and len(files) > files_bound:
            violations.append(
                f"{relative_to_volume(volume, directory)}: {len(files)} session files "
                f"(more than {files_bound})"
            )
        for path in files:
            if age_bound is not None:
                try:
                    written = last_write_time(path.stat().st_mtime_ns)
                except FileNotFoundError:
                    continue
                if written < now - age_bound:
                    violations.append(
                        f"{relative_to_volume(volume, path)}: last written {written.isoformat()}, "
                        f"older than {options.log_retention_max_file_age_days:g} days"
                    )
            over_lines(path)

    for path in [*(volume.single_log(kind) for kind in SINGLE_FILE_LOGS), volume.conversation_log]:
        if path.is_file() and not path.is_symlink():
            over_lines(path)
    return violations
