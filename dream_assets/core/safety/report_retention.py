"""Safety reports stay bounded (docs/safety.md, "Safety report"; seed 002: "one bounded row per
run, 50 per project").

A report — ``dream-reports/<run>.json`` and its DuckDB ``run_reports`` row — is removed once it is
both beyond the newest ``KEEP_NEWEST_REPORTS`` of its agent and older than the memory audit's
retention (the window over which the audit's trend can point at a run). The newest 50 are always
kept, and so is every report of a run that ``dream undo`` could still take something back from:
an operator deciding whether to undo a run reads its report first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb

from dream_assets.core.clock import parse_time
from dream_assets.core.memory.audit import TREND_RETENTION_DAYS
from dream_assets.core.store.duckdb_store import connect, create_tables, load_sql, run_sql

KEEP_NEWEST_REPORTS = 50
REPORT_RETENTION = timedelta(days=TREND_RETENTION_DAYS)
REPORTS_DIR = "dream-reports"


@dataclass(frozen=True)
class PrunedReports:
    files: int = 0
    rows: int = 0
    kept_undoable: int = 0


def _file_times(directory: Path) -> dict[str, datetime]:
    times: dict[str, datetime] = {}
    if not directory.is_dir():
        return times
    for path in directory.glob("*.json"):
        try:
            times[path.stem] = parse_time(str(json.loads(path.read_text("utf-8"))["created_at"]))
        except (OSError, ValueError, KeyError, TypeError):
            # A report that cannot be read is dated by its file: it ages out like the others.
            try:
                times[path.stem] = datetime.fromtimestamp(path.stat().st_mtime, tz=UTC)
            except FileNotFoundError:
                continue
    return times


def _row_times(db_path: Path) -> dict[str, datetime]:
    sql = load_sql("run_reports")
    with connect(db_path) as con:
        create_tables(con, sql["create"])
        rows = run_sql(con, sql["created"]).fetchall()
    times: dict[str, datetime] = {}
    for run_id, created_at in rows:
        try:
            times[str(run_id)] = parse_time(str(created_at))
        except ValueError:
            times[str(run_id)] = datetime.min.replace(tzinfo=UTC)
    return times


def prune_reports(
    volume_root: Path,
    db_path: Path,
    now: datetime,
    still_undoable: Callable[[set[str]], set[str]],
) -> PrunedReports:
    """Remove the reports past both bounds, except those of runs ``still_undoable`` names."""
    directory = Path(volume_root) / REPORTS_DIR
    files = _file_times(directory)
    try:
        rows = _row_times(db_path) if db_path.is_file() else {}
    except (duckdb.Error, OSError):
        # The DuckDB file that could not take the run's row (store_safety_report said so)
        # cannot be pruned either: the files still are, and the rows wait for a readable file.
        rows = {}
    if len(files) <= KEEP_NEWEST_REPORTS and len(rows) <= KEEP_NEWEST_REPORTS:
        return PrunedReports()
    created = {**rows, **files}
    newest_first = sorted(created, key=lambda run: (created[run], run), reverse=True)
    cutoff = now - REPORT_RETENTION
    old = {run for run in newest_first[KEEP_NEWEST_REPORTS:] if created[run] < cutoff}
    if not old:
        return PrunedReports()
    keep = still_undoable(old)
    doomed = old - keep
    removed_files = 0
    for run_id in sorted(doomed & set(files)):
        try:
            (directory / f"{run_id}.json").unlink()
            removed_files += 1
        except FileNotFoundError:
            continue
    doomed_rows = sorted(doomed & set(rows))
    if doomed_rows:
        sql = load_sql("run_reports")
        try:
            with connect(db_path) as con:
                for run_id in doomed_rows:
                    run_sql(con, sql["forget"], {"run_id": run_id})
        except (duckdb.Error, OSError):
            doomed_rows = []  # tried again after the next run's report
    return PrunedReports(files=removed_files, rows=len(doomed_rows), kept_undoable=len(keep))
