"""The agent's DuckDB file: how it is opened, and the SQL in ``sql/`` that every table is made with.

One file per agent (``AgentVolume.duckdb_path``) holds the telemetry windows, the near-duplicate
clusters and the run reports. Every statement lives in ``sql/<name>.sql`` as named blocks
(``-- name: <block>``), so a reader finds each table's DDL beside the queries that use it.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterator, Mapping
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


def _set_aside(db_path: Path) -> None:
    """Move an unusable file (and its WAL) to ``<name>.unusable-<n>`` beside it: the file is a
    cache of the logs and entries, rebuilt by the next writer; nothing is deleted."""
    aside = aside_name(db_path)
    wal = db_path.with_name(db_path.name + ".wal")
    os.rename(db_path, aside)
    if wal.exists() or wal.is_symlink():
        os.rename(wal, aside.with_name(aside.name + ".wal"))


def _usable_for_writing(db_path: Path) -> None:
    """Before a writer opens the file: a FIFO (opening one blocks forever), a device or a
    dangling symlink standing there is set aside. A directory is left in place: DuckDB's error
    names the file (someone put it there; tests use it as a fault no step gets past)."""
    try:
        info = os.stat(db_path)
    except FileNotFoundError:
        if os.path.islink(db_path):
            _set_aside(db_path)
        return
    if not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
        _set_aside(db_path)


def _open(db_path: Path, read_only: bool) -> duckdb.DuckDBPyConnection:
    if not read_only:
        _usable_for_writing(db_path)
    elif os.path.exists(db_path) and not os.path.isfile(db_path):
        # Never opened: a FIFO would block the reader forever. Readers degrade on duckdb.Error.
        raise duckdb.IOException(f"{db_path}: not a regular file (set aside by the next writer)")
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
