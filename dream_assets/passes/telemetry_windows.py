"""Telemetry windows: cut the time-windowed slices of the retained logs that later passes read.

Runs after log retention, so the windows are cut from the capped logs. Malformed lines are
counted and skipped, never fatal (a log the agent half-wrote must not stop the cycle); each file
that had any is named in a warning so the operator can find it. A window whose logs have not
changed since the last cycle keeps its rows without reading them again (``<table>_reread`` is 0).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.volume import AgentVolume
from dream_assets.core.telemetry.windows import WINDOW_TABLES, build_windows

PASS_NAME = "telemetry_windows"


def _shown(volume: AgentVolume, path: Path) -> str:
    try:
        return str(path.relative_to(volume.root))
    except ValueError:
        return str(path)


def run_telemetry_windows(volume: AgentVolume, options: DreamOptions, now: datetime) -> PassReport:
    report = PassReport(PASS_NAME)
    build = build_windows(volume, options, now)
    for table in WINDOW_TABLES:
        # Always present, zeros included, so the UI plots an unbroken series per agent.
        report.count(f"{table}_rows", build.rows[table])
        report.count(f"{table}_malformed", build.malformed[table])
        report.count(f"{table}_files", build.files[table])
        # 1 when the window's log files were parsed, 0 when they were unchanged since the last
        # build and its rows were kept (core/telemetry/windows.py).
        report.count(f"{table}_reread", int(build.reread[table]))
        how = "read from" if build.reread[table] else "kept, logs unchanged:"
        report.decide(
            "built" if build.reread[table] else "kept",
            table,
            f"{build.rows[table]} rows {how} {build.files[table]} files since "
            f"{build.window_start[table].isoformat()}, {build.malformed[table]} malformed",
        )
    report.count("malformed_lines", sum(build.malformed.values()))
    for path, count in sorted(build.malformed_files.items()):
        report.warnings.append(f"{_shown(volume, path)}: {count} malformed line(s) skipped")
    return report
