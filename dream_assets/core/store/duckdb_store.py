"""The agent's DuckDB file: how it is opened, and the SQL in ``sql/`` that every table is made with.

One file per agent (``AgentVolume.duckdb_path``) holds the telemetry windows, the near-duplicate
clusters and the run reports. Every statement lives in ``sql/<name>.sql`` as named blocks
(``-- name: <block>``), so a reader finds each table's DDL beside the queries that use it.

The file is a cache of the logs and the entries, so what stands in its way never stops a cycle
for good: what is not a DuckDB file of ours at its path (nor a usable WAL beside it) is set aside
(``<name>.unusable-<n>``, nothing deleted) and the file rebuilt, and a table of one of our names
that is not ours is dropped and made anew (``create_tables``).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

import duckdb

from dream_assets.core.store.state_file import aside_name

T = TypeVar("T")

_BLOCK = re.compile(r"^-- name: (\w+)\s*$", re.MULTILINE)
_PARAMETER = re.compile(r"\$([A-Za-z_]\w*)")
_COMMENT = re.compile(r"--[^\n]*")


def sql_dir() -> Traversable:
    """``dream_assets/sql``: in a checkout a symlink to the repository's ``sql/``, in a wheel
    the packaged copy of it."""
    return resources.files("dream_assets") / "sql"


@cache
def load_sql(name: str) -> Mapping[str, str]:
    """The named statements (``-- name: <block>``) of ``sql/<name>.sql``, in file order."""
    text = (sql_dir() / f"{name}.sql").read_text(encoding="utf-8")
    parts = _BLOCK.split(text)
    blocks = {parts[i]: parts[i + 1].strip() for i in range(1, len(parts), 2)}
    if not blocks:
        raise ValueError(f"sql/{name}.sql has no '-- name: <block>' statements")
    return MappingProxyType(blocks)


def run_sql(
    con: duckdb.DuckDBPyConnection, sql: str, params: Mapping[str, Any] | None = None
) -> duckdb.DuckDBPyConnection:
    """Execute ``sql`` binding exactly the ``$parameters`` it names (DuckDB rejects extras)."""
    names = set(_PARAMETER.findall(_COMMENT.sub("", sql)))
    if not names:
        return con.execute(sql)
    given = params or {}
    missing = names - given.keys()
    if missing:
        raise KeyError(f"SQL parameters not supplied: {sorted(missing)}")
    return con.execute(sql, {name: given[name] for name in names})


# ``CREATE TABLE IF NOT EXISTS <name>`` in our statements, and the names their probes take.
_CREATE_TABLE = re.compile(r"\bCREATE TABLE IF NOT EXISTS (\w+)", re.IGNORECASE)
_PROBE = "_declared_"
# What each of our CREATE statements makes, by statement: table -> the catalog's statement for it.
_DECLARED: dict[str, dict[str, str]] = {}


def table_statements(con: duckdb.DuckDBPyConnection, names: Iterable[str]) -> dict[str, str]:
    """The catalog's statement for each table of ``names`` the file holds (by name, in lower
    case: DuckDB's names are case-insensitive). A view of one of those names is dropped first:
    none of ours is a view, and a view fails both ``CREATE TABLE IF NOT EXISTS`` statements on
    it (kept) and ``CREATE OR REPLACE TABLE`` (refused). The file is a cache."""
    wanted = [name.lower() for name in names]
    found = run_sql(con, load_sql("cache_tables")["standing"], {"names": wanted}).fetchall()
    statements = {}
    for name, kind, statement in found:
        if kind == "VIEW":
            con.execute(f"DROP VIEW {_quoted(name)}")
        else:
            statements[name] = statement
    return statements


def create_tables(con: duckdb.DuckDBPyConnection, *ddls: str) -> None:
    """Run each of ``ddls``, ``CREATE TABLE IF NOT EXISTS`` statements of the agent's DuckDB
    file, first dropping a table of one of their names that is not what its statement makes
    (other columns, types or constraints: another version's, another tool's) and any view of
    those names. ``IF NOT EXISTS`` would keep it, and every later statement on it would fail, in
    every cycle; the file is a cache, so what such a table held is rebuilt."""
    names = {ddl: [name.lower() for name in _CREATE_TABLE.findall(ddl)] for ddl in ddls}
    if not all(names.values()):
        raise ValueError("create_tables runs CREATE TABLE IF NOT EXISTS statements only")
    # One look at the catalog for them all (a few milliseconds each: an idle build's share).
    standing = table_statements(con, [name for found in names.values() for name in found])
    for ddl, made in names.items():
        if any(name in standing for name in made):
            declared = _declared(con, ddl, made)
            for name in made:
                if name in standing and standing[name] != declared[name]:
                    con.execute(f"DROP TABLE {_quoted(name)}")
        run_sql(con, ddl)


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _declared(con: duckdb.DuckDBPyConnection, ddl: str, names: list[str]) -> dict[str, str]:
    """The catalog's statement for each table ``ddl`` makes: ``ddl`` run once per process as
    temp tables of other names (``_PROBE``), which are dropped again."""
    found = _DECLARED.get(ddl)
    if found is not None:
        return found
    probes = [_PROBE + name for name in names]
    run_sql(
        con,
        _CREATE_TABLE.sub(lambda m: f"CREATE OR REPLACE TEMP TABLE {_PROBE}{m[1].lower()}", ddl),
    )
    try:
        rows = run_sql(con, load_sql("cache_tables")["declared"], {"names": probes}).fetchall()
    finally:
        for probe in probes:
            con.execute(f"DROP TABLE IF EXISTS temp.main.{probe}")
    found = {}
    for probe, statement in rows:
        name = probe.removeprefix(_PROBE)
        found[name] = statement.replace(f"CREATE TEMP TABLE {probe}(", f"CREATE TABLE {name}(", 1)
    _DECLARED[ddl] = found
    return found


# The connections ``one_connection`` shares, by file (empty: every ``connect`` opens its own).
_SHARED: ContextVar[dict[str, _Shared] | None] = ContextVar("duckdb_shared", default=None)


class _Shared:
    """One block's connection to one file, opened on the block's first ``connect``."""

    def __init__(self) -> None:
        self.con: duckdb.DuckDBPyConnection | None = None
        self.read_only = True
        self.for_writing = False


# DuckDB's word for a file that is not one of its databases (empty, garbage, another format).
_NOT_A_DATABASE = "not a valid DuckDB database file"


def _wal(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".wal")


def _set_aside(db_path: Path) -> None:
    """Move an unusable file (and its WAL) to ``<name>.unusable-<n>`` beside it: the file is a
    cache of the logs and entries, rebuilt by the next writer; nothing is deleted."""
    aside = aside_name(db_path)
    wal = _wal(db_path)
    os.rename(db_path, aside)
    if wal.exists() or wal.is_symlink():
        os.rename(wal, aside.with_name(aside.name + ".wal"))


def _unusable(path: Path) -> str | None:
    """Why what stands at ``path`` (the DuckDB file or its WAL) is not for DuckDB to open: not a
    regular file (a directory, a FIFO, whose opening blocks forever, a device, a dangling
    symlink), or a symlink out of its directory (the agent volume: a cache is not written, nor
    read, outside it). None when it is a regular file there, or nothing is."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return "a dangling symlink" if os.path.islink(path) else None
    if not stat.S_ISREG(info.st_mode):
        return "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
    if os.path.islink(path):
        home = path.parent.resolve()
        target = path.resolve()
        if home not in target.parents:
            return f"a symlink out of {home} ({target})"
    return None


def _usable_for_writing(db_path: Path) -> None:
    """Before a writer opens the file: whatever ``_unusable`` refuses at its path is set aside
    with its WAL (someone put it there; DuckDB would fail on it in every cycle, or block on it
    forever), and so is such a WAL beside a usable file, alone: the file is opened without it."""
    if _unusable(db_path) is not None:
        _set_aside(db_path)
    wal = _wal(db_path)
    if _unusable(wal) is not None:
        os.rename(wal, aside_name(wal))


def _open(db_path: Path, read_only: bool) -> duckdb.DuckDBPyConnection:
    if not read_only:
        _usable_for_writing(db_path)
    else:
        # Never opened: a FIFO would block the reader forever. Readers degrade on duckdb.Error.
        for path in (db_path, _wal(db_path)):
            why = _unusable(path)
            if why is not None:
                raise duckdb.IOException(
                    f"{path}: {why}; not opened (the next writer sets it aside)"
                )
    try:
        con = duckdb.connect(str(db_path), read_only=read_only)
    except duckdb.IOException as exc:
        if read_only or _NOT_A_DATABASE not in str(exc):
            raise
        # Empty, truncated, garbage, another format: a cache that cannot be read is rebuilt.
        _set_aside(db_path)
        con = duckdb.connect(str(db_path), read_only=read_only)
    try:
        con.execute("SET TimeZone = 'UTC'")
    except BaseException:
        con.close()
        raise
    return con


@contextmanager
def connect(db_path: Path, *, read_only: bool = False) -> Iterator[duckdb.DuckDBPyConnection]:
    """The agent's DuckDB file, in UTC, closed when the block ends (inside ``one_connection``:
    the block's shared connection, closed when that block ends)."""
    # Opened per call and closed straight after: DuckDB lets one process write a file or many
    # read it, so holding a connection would lock the other passes out of the agent's file.
    shared = (_SHARED.get() or {}).get(str(db_path))
    if shared is None:
        con = _open(db_path, read_only)
        try:
            yield con
        finally:
            con.close()
        return
    if shared.con is not None and shared.read_only and not read_only:
        # A write after reads: one process cannot hold the file in both modes at once.
        shared.con.close()
        shared.con = None
    if shared.con is None:
        mode = read_only and not shared.for_writing
        shared.con, shared.read_only = _open(db_path, mode), mode
    try:
        yield shared.con
    except BaseException:
        # As a connection of its own would be closed: nothing left open for the next one.
        with suppress(duckdb.Error):
            shared.con.execute("ROLLBACK")
        raise


@contextmanager
def one_connection(db_path: Path, *, for_writing: bool = False) -> Iterator[None]:
    """Every ``connect(db_path)`` inside the block is one connection (about 25 ms of CPU each:
    a new database instance), opened by the first in its mode (reopened for writing when a
    write follows reads; ``for_writing``: opened for writing whatever the first asks, for reads
    that a write follows) and closed when the block ends. Only for operations that follow each
    other: the open connection keeps other processes' writers out of the file."""
    current = _SHARED.get() or {}
    key = str(db_path)
    if key in current:
        yield
        return
    shared = _Shared()
    shared.for_writing = for_writing
    token = _SHARED.set({**current, key: shared})
    try:
        yield
    finally:
        _SHARED.reset(token)
        if shared.con is not None:
            shared.con.close()


def read_back(db_path: Path, read: Callable[[duckdb.DuckDBPyConnection], T | None]) -> T | None:
    """What ``read`` finds in the agent's DuckDB file, opened read-only; None when the file is
    not there yet or cannot be read (what an earlier pass left is a cache: its reader degrades)."""
    if not db_path.exists():
        return None
    try:
        with connect(db_path, read_only=True) as con:
            return read(con)
    except duckdb.Error:
        return None
