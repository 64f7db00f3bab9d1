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

A window whose logs are unchanged since its last build (``core/telemetry/log_fingerprint.py``: the
same files, each with the same stat or, when it was racy, the same sha256) is not read again: the
build drops the rows that fell out of the window and keeps the rest, which is exactly what a full
rebuild would cut, provided the window only moved forward (start and now no earlier than last
time), the feedback cap and the SQL are the same, and now has not reached a well-formed line
stamped after the last build's now, and the window's table is the one that build made (not
dropped or made anew since, by another tool). Anything else re-reads the window's files.
``window_sources`` and ``window_state`` (``sql/window_sources.sql``) record what each build read;
they and ``window_builds`` are made with ``duckdb_store.create_tables``, so a table of one of
their names with other columns (another version's, another tool's) is dropped and made anew.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb

from dream_assets.core.options import DreamOptions
from dream_assets.core.store.duckdb_store import (
    connect,
    create_tables,
    load_sql,
    run_sql,
    table_statements,
)
from dream_assets.core.store.volume import AgentVolume
from dream_assets.core.telemetry import log_fingerprint
from dream_assets.core.telemetry.log_fingerprint import LogFile


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
    # per window table: whether its log files were read (False: unchanged, last rows kept)
    reread: dict[str, bool] = field(default_factory=dict)


@dataclass
class _Sources:
    """What a window's build read: each file's record and malformed lines, and the earliest
    well-formed line stamped after now."""

    files: list[LogFile]
    malformed: dict[str, int]
    next_ts: datetime | None


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


def _sql_digest(table: str) -> str:
    """The SQL a window's rows are cut with: other SQL (a new version), other rows."""
    digest = hashlib.sha256()
    for name in (table, "telemetry_macros", "window_sources"):
        for block, statement in load_sql(name).items():
            digest.update(f"{block}\0{statement}\0".encode())
    return digest.hexdigest()


def _reusable(
    con: duckdb.DuckDBPyConnection,
    spec: WindowSpec,
    files: list[Path],
    bounds: tuple[datetime, datetime],
    options: DreamOptions,
    seen_ns: int,
    table_sql: str | None,
) -> _Sources | None:
    """The last build's sources of this window when its rows can be kept (module docstring);
    ``table_sql``: the statement of the window's table as it stands (None: no such table)."""
    start, now = bounds
    sql = load_sql("window_sources")
    named = {"table_name": spec.table}
    state = run_sql(con, sql["state"], named).fetchone()
    if state is None:
        return None
    built_at, last_start, max_signals, next_ts, digest, last_table_sql = state
    if (
        digest != _sql_digest(spec.table)
        or table_sql != last_table_sql
        or max_signals != options.feedback_max_signals
        or now < built_at
        or start < last_start
        or (next_ts is not None and now >= next_ts)
    ):
        return None
    rows = run_sql(con, sql["sources"], named).fetchall()
    if {row[0] for row in rows} != {str(path) for path in files} or len(rows) != len(files):
        return None
    fresh: list[LogFile] = []
    malformed: dict[str, int] = {}
    for path, size, mtime_ns, ctime_ns, ino, racy, sha256, bad in rows:
        recorded = LogFile(path, (size, mtime_ns, ctime_ns, ino), racy, sha256)
        same = log_fingerprint.still_same(Path(path), recorded, seen_ns)
        if same is None:
            return None
        fresh.append(same)
        malformed[path] = int(bad)
    return _Sources(fresh, malformed, next_ts)


def _record(con: duckdb.DuckDBPyConnection, table: str, sources: _Sources, state: dict) -> None:
    """Replace what ``window_sources``/``window_state`` say this window's build read."""
    sql = load_sql("window_sources")
    named = {"table_name": table}
    run_sql(con, sql["forget_sources"], named)
    run_sql(con, sql["forget_state"], named)
    if sources.files:
        columns = {
            "paths": [f.path for f in sources.files],
            "sizes": [f.key[0] for f in sources.files],
            "mtimes": [f.key[1] for f in sources.files],
            "ctimes": [f.key[2] for f in sources.files],
            "inodes": [f.key[3] for f in sources.files],
            "racy": [f.racy for f in sources.files],
            "hashes": [f.sha256 for f in sources.files],
            "malformed": [sources.malformed.get(f.path, 0) for f in sources.files],
        }
        run_sql(con, sql["record_sources"], {**named, **columns})
    record = {**named, **state, "next_ts": sources.next_ts, "sql_digest": _sql_digest(table)}
    run_sql(con, sql["record_state"], record)


def build_windows(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    db_path: Path | None = None,
    *,
    reuse: bool = True,
) -> WindowBuild:
    """Cut every window from the logs as of ``now`` and replace the tables in one transaction;
    a window whose logs are unchanged keeps its rows (``reuse=False`` re-reads every log)."""
    db_path = Path(db_path) if db_path is not None else volume.duckdb_path
    db_path.parent.mkdir(parents=True, exist_ok=True)
    now = now.astimezone(UTC)
    build = WindowBuild()
    plans: dict[str, _Sources] = {}
    with connect(db_path, read_only=False) as con:
        # Window rows carry their own order (ts); not keeping the files' line order spares
        # DuckDB reassembling it when both threads parse one large log.
        con.execute("SET preserve_insertion_order = false")
        for statement in load_sql("telemetry_macros").values():
            run_sql(con, statement)
        sources_sql = load_sql("window_sources")
        ledger = load_sql("window_builds")
        create_tables(
            con, sources_sql["create_sources"], sources_sql["create_state"], ledger["create"]
        )
        # The window tables as they stand (a view of one's name dropped): rows are kept only in
        # the table the last build made, not in one another tool made or changed since.
        tables = table_statements(con, WINDOW_TABLES)
        # Staging (the slow part: parsing the files) happens before the transaction, so the
        # transaction that replaces the tables is short, and a log that cannot be read at all
        # fails the build with the previous windows untouched.
        for spec in WINDOWS:
            sql = load_sql(spec.table)
            files = window_sources(volume, spec)
            start = now - timedelta(days=float(getattr(options, spec.option)))
            build.files[spec.table] = len(files)
            build.window_start[spec.table] = start
            seen_ns = time.time_ns()
            kept = None
            if reuse:
                table_sql = tables.get(spec.table)
                kept = _reusable(con, spec, files, (start, now), options, seen_ns, table_sql)
            build.reread[spec.table] = kept is None
            if kept is not None:
                plans[spec.table] = kept
                build.malformed[spec.table] = sum(kept.malformed.values())
                for path, count in kept.malformed.items():
                    if count:
                        build.malformed_files[Path(path)] = count
                continue
            # Recorded before DuckDB reads the files: a write after this moves the stat.
            records = [log_fingerprint.record(path, seen_ns) for path in files]
            run_sql(con, sql["stage"])
            if files:
                params = {"files": [literal_glob(path) for path in files], "window_start": start}
                run_sql(con, sql["load"], params)
            bad = run_sql(con, sql["malformed"]).fetchall()
            build.malformed[spec.table] = sum(int(count) for _file, count in bad)
            for source_file, count in bad:
                build.malformed_files[Path(source_file)] = int(count)
            (next_ts,) = run_sql(con, sql["next_ts"], {"now": now}).fetchone() or (None,)
            malformed = {str(Path(source_file)): int(count) for source_file, count in bad}
            plans[spec.table] = _Sources(records, malformed, next_ts)

        con.execute("BEGIN TRANSACTION")
        try:
            for spec in WINDOWS:
                sql = load_sql(spec.table)
                params = {
                    "max_signals": options.feedback_max_signals,
                    "now": now,
                    "window_start": build.window_start[spec.table],
                }
                if build.reread[spec.table]:
                    (rows,) = run_sql(con, sql["build"], params).fetchone() or (0,)
                else:
                    run_sql(con, sql["trim"], params)
                    (rows,) = run_sql(con, sql["rows"]).fetchone() or (0,)
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
            # Each window's table as the build left it (a trim leaves it as it stood).
            rebuilt = [table for table, again in build.reread.items() if again]
            if rebuilt:
                tables.update(table_statements(con, rebuilt))
            for spec in WINDOWS:
                state = {
                    "built_at": now,
                    "window_start": build.window_start[spec.table],
                    "max_signals": options.feedback_max_signals,
                    "table_sql": tables[spec.table],
                }
                _record(con, spec.table, plans[spec.table], state)
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
