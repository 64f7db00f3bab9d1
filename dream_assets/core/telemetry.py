"""Telemetry windows: the time-windowed slices of the append-only logs that later passes read.

The knowledge passes are delta-driven (docs/passes.md, "The change gate"): each reads a
time-windowed slice of a telemetry log and returns early when there is nothing new, so an idle agent
costs nothing. This module cuts those slices once per cycle into DuckDB tables, one DuckDB file per
agent (``AgentVolume.duckdb_path``), reading the JSONL files directly with the SQL in ``sql/``:

- ``feedback_window``      last ``feedback_window_days``, the most recent ``feedback_max_signals``
- ``skill_usage_window``   last ``skill_usage_window_days``
- ``wisp_window``          last ``wisp_window_days``
- ``tier_routing_window``  last ``tier_routing_window_days``
- ``window_builds``        one row per window per build (when, how many files, rows, malformed)

A line is in a window when ``window_start <= ts <= now``: a line stamped after ``now`` belongs
to a later build, so replaying a cycle at a past ``now`` does not see the future. Malformed
lines (not JSON, not an object, ``ts`` missing or not ISO-8601, a required field missing, a
boolean/number/rating/list field of the wrong type; ``sql/telemetry_macros.sql`` has the exact
rules) are counted per file and skipped, never fatal. All windows are replaced in one
transaction, so a reader sees either the previous build or this one, never a mix.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb

from dream_assets.core.duckdb_store import connect, load_sql, run_sql
from dream_assets.core.options import DreamOptions
from dream_assets.core.volume import AgentVolume


@dataclass(frozen=True)
class WindowSpec:
    table: str
    option: str  # the DreamOptions field holding the window length in days
    log: str  # a per-session log directory or a single-file log (volume.py names)
    per_session: bool


WINDOWS = (
    WindowSpec("feedback_window", "feedback_window_days", "feedback", per_session=True),
    WindowSpec("skill_usage_window", "skill_usage_window_days", "skill-usage", per_session=True),
    WindowSpec("wisp_window", "wisp_window_days", "wisp-executions", per_session=False),
    WindowSpec(
        "tier_routing_window", "tier_routing_window_days", "tier-routing", per_session=False
    ),
)
WINDOW_TABLES = tuple(spec.table for spec in WINDOWS)


@dataclass
class WindowBuild:
    """What one build cut: per window table, its rows, malformed lines and files read."""

    rows: dict[str, int] = field(default_factory=dict)
    malformed: dict[str, int] = field(default_factory=dict)
    files: dict[str, int] = field(default_factory=dict)
    window_start: dict[str, datetime] = field(default_factory=dict)
    # path of each log file with malformed lines -> how many it had
    malformed_files: dict[Path, int] = field(default_factory=dict)


def literal_glob(path: Path) -> str:
    """``path`` with DuckDB's glob characters escaped, so a session id such as ``a[1]`` reads
    its own file only and never also ``a1.jsonl`` (DuckDB globs every path it is given)."""
    return "".join(f"[{ch}]" if ch in "[*?" else ch for ch in str(path))


# -- building -------------------------------------------------------------------------------
def window_sources(volume: AgentVolume, spec: WindowSpec) -> list[Path]:
    """The log files a window reads; none when the log does not exist yet."""
    if spec.per_session:
        return list(volume.session_log_files(spec.log))
    path = volume.single_log(spec.log)
    return [path] if path.is_file() and not path.is_symlink() else []


def build_windows(
    volume: AgentVolume, options: DreamOptions, now: datetime, db_path: Path | None = None
) -> WindowBuild:
    """Cut every window from the logs as of ``now`` and replace the tables in one transaction."""
    db_path = Path(db_path) if db_path is not None else volume.duckdb_path
    db_path.parent.mkdir(parents=True, exist_ok=True)
    now = now.astimezone(UTC)
    build = WindowBuild()
    with connect(db_path, read_only=False) as con:
        # Window rows carry their own order (ts); not keeping the files' line order spares
        # DuckDB reassembling it when both threads parse one large log.
        con.execute("SET preserve_insertion_order = false")
        for statement in load_sql("telemetry_macros").values():
            run_sql(con, statement)
        # Staging (the slow part: parsing the files) happens before the transaction, so the
        # transaction that replaces the tables is short, and a log that cannot be read at all
        # fails the build with the previous windows untouched.
        for spec in WINDOWS:
            sql = load_sql(spec.table)
            files = window_sources(volume, spec)
            start = now - timedelta(days=float(getattr(options, spec.option)))
            build.files[spec.table] = len(files)
            build.window_start[spec.table] = start
            run_sql(con, sql["stage"])
            if files:
                params = {
                    "files": [literal_glob(path) for path in files],
                    "window_start": start,
                    "now": now,
                }
                run_sql(con, sql["load"], params)
            bad = run_sql(con, sql["malformed"]).fetchall()
            build.malformed[spec.table] = sum(int(count) for _file, count in bad)
            for source_file, count in bad:
                build.malformed_files[Path(source_file)] = int(count)

        ledger = load_sql("window_builds")
        con.execute("BEGIN TRANSACTION")
        try:
            run_sql(con, ledger["create"])
            for spec in WINDOWS:
                params = {"max_signals": options.feedback_max_signals}
                (rows,) = run_sql(con, load_sql(spec.table)["build"], params).fetchone() or (0,)
                build.rows[spec.table] = int(rows)
                record = {
                    "built_at": now,
                    "table_name": spec.table,
                    "window_start": build.window_start[spec.table],
                    "files": build.files[spec.table],
                    "rows": build.rows[spec.table],
                    "malformed": build.malformed[spec.table],
                }
                run_sql(con, ledger["record"], record)
            con.execute("COMMIT")
        except BaseException:
            # A failed statement has already aborted the transaction; keep its error, not the
            # rollback's.
            with suppress(duckdb.Error):
                con.execute("ROLLBACK")
            raise
    return build


# -- reading (later passes) -----------------------------------------------------------------
def _query(db_path: Path, block: str, params: Mapping[str, Any] | None = None) -> list[tuple]:
    """Rows of one reader query; none when the file or the window table is not there yet."""
    if not Path(db_path).is_file():
        return []
    try:
        with connect(Path(db_path), read_only=True) as con:
            return run_sql(con, load_sql("window_readers")[block], params).fetchall()
    except duckdb.CatalogException:
        return []


def _utc(value: datetime) -> datetime:
    return value.astimezone(UTC)


def _same(value: Any) -> Any:
    return value


# Each window reader's columns, in the order its query selects them, with how each value is read.
_FEEDBACK_COLUMNS: dict[str, Callable[[Any], Any]] = {
    "ts": _utc,
    "session_id": _same,
    "kind": _same,
    "rating": _same,
    "skills": list,
    "text": _same,
}
_WISP_COLUMNS: dict[str, Callable[[Any], Any]] = {
    "ts": _utc,
    "session_id": _same,
    "description": _same,
    "ok": bool,
    "failed_step": _same,
    "error": _same,
    "skill": _same,
}
_TIER_ROUTING_COLUMNS: dict[str, Callable[[Any], Any]] = {
    "ts": _utc,
    "session_id": _same,
    "tier": _same,
    "model": _same,
    "cost_usd": float,
}


def _records(
    db_path: Path, block: str, columns: Mapping[str, Callable[[Any], Any]]
) -> list[dict[str, Any]]:
    """The rows of one window query as records keyed by column name."""
    return [
        {name: read(value) for (name, read), value in zip(columns.items(), row, strict=True)}
        for row in _query(db_path, block)
    ]


def read_feedback_window(db_path: Path) -> list[dict[str, Any]]:
    """The feedback signals of the last build, oldest first."""
    return _records(db_path, "feedback_window", _FEEDBACK_COLUMNS)


def read_skill_usage_counts(db_path: Path) -> dict[str, int]:
    """Uses per skill in the skill-usage window."""
    return {skill: int(uses) for skill, uses in _query(db_path, "skill_usage_counts")}


def read_co_used_pairs(db_path: Path, top: int = 10) -> list[tuple[str, str, int]]:
    """The ``top`` skill pairs used in the most sessions together, as (first, second, sessions)
    with first < second; ties ordered by name."""
    if top <= 0:
        return []
    rows = _query(db_path, "co_used_pairs", {"top": top})
    return [(first, second, int(sessions)) for first, second, sessions in rows]


def read_skill_sessions(db_path: Path) -> dict[str, set[str]]:
    """The sessions each skill was used in, within the skill-usage window."""
    return {skill: set(sessions) for skill, sessions in _query(db_path, "skill_sessions")}


def read_wisp_window(db_path: Path) -> list[dict[str, Any]]:
    """The wisp executions of the window, oldest first."""
    return _records(db_path, "wisp_window", _WISP_COLUMNS)


def read_tier_routing_window(db_path: Path) -> list[dict[str, Any]]:
    """The tier-routing decisions of the window, oldest first."""
    return _records(db_path, "tier_routing_window", _TIER_ROUTING_COLUMNS)
