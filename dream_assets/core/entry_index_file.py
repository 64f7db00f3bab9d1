"""The entry index's file, ``<agent>/dream-entry-index.sqlite`` (core/entry_index.py): one row per
entry file (its stat tuple, whether it was racy, its sha256, its text or why it does not parse).

A cache, never trusted over the files: opened per use, in one immediate transaction.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

SCHEMA_VERSION = "1"


@contextlib.contextmanager
def connect(db_path: Path) -> Iterator[sqlite3.Connection]:
    # A connection per use: the cycle's processes fork (tests, the run launcher), and an
    # SQLite connection must never cross a fork.
    con = sqlite3.connect(db_path, timeout=30.0, isolation_level=None)
    try:
        con.execute("PRAGMA synchronous = NORMAL")
        con.execute("BEGIN IMMEDIATE")
        con.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        con.execute(
            "CREATE TABLE IF NOT EXISTS entries (name TEXT PRIMARY KEY, size INTEGER, "
            "mtime_ns INTEGER, ctime_ns INTEGER, ino INTEGER, racy INTEGER, sha256 TEXT, "
            "body TEXT, problem TEXT)"
        )
        con.execute("INSERT OR IGNORE INTO meta VALUES ('version', ?)", (SCHEMA_VERSION,))
        yield con
        con.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            con.execute("ROLLBACK")
        raise
    finally:
        con.close()


def discard(db_path: Path) -> None:
    """Remove a file that is not a usable index (it is rebuilt from the entry files)."""
    for suffix in ("", "-journal"):
        with contextlib.suppress(OSError):
            os.unlink(str(db_path) + suffix)
