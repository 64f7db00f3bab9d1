"""The entry index's file, ``<agent>/dream-entry-index.sqlite`` (core/entry_index.py): one row per
entry file (its stat tuple, whether it was racy, its sha256, its text, and its parsed entry as
typed columns, or why it does not parse). A new process builds its entries from the typed columns
and never reads the text back; the text is kept so the file caches exactly what the entry file says.

A cache, never trusted over the files: opened per use, in one immediate transaction.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from dream_assets.core.clock import format_time
from dream_assets.core.models import MemoryEntry

# 2: the parsed entry's typed columns beside the file's text.
SCHEMA_VERSION = "2"


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
            "body TEXT, problem TEXT, id TEXT, content TEXT, category TEXT, tags TEXT, "
            "importance REAL, reinforcement_count INTEGER, created_at TEXT, updated_at TEXT, "
            "last_seen_at TEXT, "
            "metadata TEXT, archived_at TEXT, archive_reason TEXT)"
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


# The parsed entry as typed columns, so a new process builds its entries without parsing JSON
# files: the timestamps in the one ISO form ``format_time`` writes, tags and metadata as JSON.
COLUMNS = (
    "id, content, category, tags, importance, reinforcement_count, created_at, updated_at, "
    "last_seen_at, metadata, archived_at, archive_reason"
)
Fields = tuple[Any, ...]


def fields_of(entry: MemoryEntry) -> Fields:
    archived = format_time(entry.archived_at) if entry.archived_at is not None else None
    return (
        entry.id,
        entry.content,
        entry.category,
        json.dumps(list(entry.tags), ensure_ascii=False),
        entry.importance,
        entry.reinforcement_count,
        format_time(entry.created_at),
        format_time(entry.updated_at),
        format_time(entry.last_seen_at),
        json.dumps(entry.metadata, ensure_ascii=False),
        archived,
        entry.archive_reason,
    )


def entry_from_fields(fields: Fields) -> MemoryEntry:
    """The entry ``fields_of`` stored (raises ValueError or TypeError on a damaged row)."""
    (entry_id, content, category, tags, importance, count) = fields[:6]
    (created, updated, seen, metadata, archived, reason) = fields[6:]
    parsed_tags = json.loads(tags)
    parsed_metadata = json.loads(metadata)
    if not isinstance(parsed_tags, list) or not isinstance(parsed_metadata, dict):
        raise ValueError("index row: tags or metadata of the wrong type")
    return MemoryEntry(
        id=str(entry_id),
        content=str(content),
        category=str(category),
        tags=tuple(parsed_tags),
        importance=float(importance),
        reinforcement_count=int(count),
        created_at=_time(created),
        updated_at=_time(updated),
        last_seen_at=_time(seen),
        metadata=parsed_metadata,
        archived_at=_time(archived) if archived is not None else None,
        archive_reason=reason,
    )


def _time(text: str) -> datetime:
    value = datetime.fromisoformat(text)
    if value.tzinfo is None:
        raise ValueError(f"index row: naive timestamp {text!r}")
    return value
