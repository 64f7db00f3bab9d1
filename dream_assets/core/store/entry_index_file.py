"""The entry index's file, ``<agent>/dream-entry-index.sqlite`` (core/store/entry_index.py): one
row per entry file (its stat tuple, whether it was racy, its sha256, its text, and its parsed entry
as typed columns with the entry's review fingerprint, or why it does not parse). A new process
builds its entries from the typed columns and never reads the text back; the text is kept so the
file caches exactly what the entry file says. The review fingerprint (``models.review_fingerprint``)
is a function of the entry alone, stored in the same row as the columns it was computed from, so
an idle cycle does not hash every live entry again to see which ones are reviewed.

A cache, never trusted over the files: opened per use, in one immediate transaction.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from dream_assets.core.clock import format_time
from dream_assets.core.models import (
    PAIR_INPUT_VERSION,
    REVIEW_FINGERPRINT_VERSION,
    MemoryEntry,
    entry_of_values,
    pair_input,
    review_fingerprint,
)
from dream_assets.core.record_bounds import INT64_MAX

# 2: the parsed entry's typed columns beside the file's text. 3: and its review fingerprint
# (".N": the fingerprint's own version, so a changed hash retires the stored ones). 4: and its
# pair input (``models.pair_input``, with its own version). 5: and the record's keys outside the
# entry's fields (``MemoryEntry.extra``, JSON; NULL for none).
SCHEMA_VERSION = f"5.{REVIEW_FINGERPRINT_VERSION}.{PAIR_INPUT_VERSION}"


# The page cache of one connection, in KiB.
CACHE_KIB = 16384


@contextlib.contextmanager
def connect(db_path: Path) -> Iterator[sqlite3.Connection]:
    # A connection per use: the cycle's processes fork (tests, the run launcher), and an
    # SQLite connection must never cross a fork.
    con = sqlite3.connect(db_path, timeout=30.0, isolation_level=None)
    try:
        con.execute("PRAGMA synchronous = NORMAL")
        # A first cycle replaces most rows of a 100 000-row file (110 MB): SQLite's default page
        # cache (2 MB) re-reads the primary key's pages for every few rows (docs/benchmarks.md,
        # round 9). Freed when the connection closes.
        con.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
        con.execute("BEGIN IMMEDIATE")
        con.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        con.execute(
            "CREATE TABLE IF NOT EXISTS entries (name TEXT PRIMARY KEY, size INTEGER, "
            "mtime_ns INTEGER, ctime_ns INTEGER, ino INTEGER, racy INTEGER, sha256 TEXT, "
            "body TEXT, problem TEXT, id TEXT, content TEXT, category TEXT, tags TEXT, "
            "importance REAL, reinforcement_count INTEGER, created_at TEXT, updated_at TEXT, "
            "last_seen_at TEXT, metadata TEXT, archived_at TEXT, archive_reason TEXT, "
            "review_fp TEXT, pair_input TEXT, extra TEXT)"
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


def volume_secret(db_path: Path) -> bytes | None:
    """A random key of the volume's (32 bytes), kept in this file's meta beside the entry texts:
    digests made with it stand for memory words elsewhere without being readable there (the
    token cache in DuckDB, core/near_duplicates/token_cache.py). Made on first use; a rebuilt
    file makes a new one, which retires what the old one keyed. None when the file cannot be
    used now: the caller does without."""
    try:
        with connect(db_path) as con:
            con.execute("INSERT OR IGNORE INTO meta VALUES ('secret', ?)", (secrets.token_hex(32),))
            found = con.execute("SELECT value FROM meta WHERE key = 'secret'").fetchone()
    except sqlite3.Error:
        return None
    try:
        key = bytes.fromhex(found[0]) if found is not None else b""
    except (TypeError, ValueError):
        return None
    return key if len(key) == 32 else None


# The parsed entry as typed columns, so a new process builds its entries without parsing JSON
# files: the timestamps in the one ISO form ``format_time`` writes, tags and metadata as JSON.
COLUMNS = (
    "id, content, category, tags, importance, reinforcement_count, created_at, updated_at, "
    "last_seen_at, metadata, archived_at, archive_reason, review_fp, pair_input, extra"
)
# The columns of a row, the stat and bookkeeping columns first (``INSERT`` order).
ROW_WIDTH = 24
Fields = tuple[Any, ...]


# ``json.dumps(value, ensure_ascii=False)`` without building an encoder per call (the same
# encoder and output); a first cycle lays out every entry's row twice.
_DUMP = json.JSONEncoder(ensure_ascii=False).encode
# Tag lists repeat across entries: the stored text of each distinct tuple of strings, bounded.
_TAG_TEXTS: dict[tuple[str, ...], str] = {}


def _tags_text(tags: tuple[str, ...]) -> str:
    try:
        known = _TAG_TEXTS.get(tags)
    except TypeError:  # not hashable (a damaged row's tag list): laid out as it is
        known = None
    if known is not None:
        return known
    text = _DUMP(list(tags))
    if type(tags) is tuple and all(type(tag) is str for tag in tags):
        if len(_TAG_TEXTS) >= _TAGS_KEPT:
            _TAG_TEXTS.clear()
        _TAG_TEXTS[tags] = text
    return text


def fields_of(entry: MemoryEntry) -> Fields:
    """The typed columns of ``entry``, its review fingerprint, pair input and extra keys last."""
    archived = format_time(entry.archived_at) if entry.archived_at is not None else None
    return (
        entry.id,
        entry.content,
        entry.category,
        _tags_text(entry.tags),
        entry.importance,
        entry.reinforcement_count,
        format_time(entry.created_at),
        format_time(entry.updated_at),
        format_time(entry.last_seen_at),
        _DUMP(entry.metadata),
        archived,
        entry.archive_reason,
        review_fingerprint(entry),
        pair_input(entry),
        _DUMP(entry.extra) if entry.extra else None,
    )


def entry_from_fields(fields: Fields) -> MemoryEntry:
    """The entry ``fields_of`` stored (raises ValueError or TypeError on a damaged row), with
    its stored review fingerprint. Each column is checked for its type (a damaged row is not
    built into an entry), and the entry made without the dataclass's ``__init__``
    (``models.entry_of_values``): an idle cycle builds every entry this way."""
    (entry_id, content, category, tags, importance, count) = fields[:6]
    (created, updated, seen, metadata, archived, reason, fingerprint, judged, extra) = fields[6:]
    if type(entry_id) is not str or type(content) is not str or type(category) is not str:
        raise TypeError("index row: id, content and category must be text")
    if type(importance) is not float:
        importance = float(importance)
    if type(count) is not int:
        raise TypeError("index row: reinforcement_count must be an integer")
    if reason is not None and type(reason) is not str:
        raise TypeError("index row: archive_reason must be text")
    parsed_metadata = {} if metadata == "{}" else _json(metadata)
    if not isinstance(parsed_metadata, dict):
        raise ValueError("index row: metadata of the wrong type")
    parsed_extra = {} if extra is None else _json(extra)
    if not isinstance(parsed_extra, dict):
        raise ValueError("index row: extra keys of the wrong type")
    values = (
        entry_id,
        content,
        category,
        _tags(tags),
        importance,
        count,
        _time(created),
        _time(updated),
        _time(seen),
        parsed_metadata,
        _time(archived) if archived is not None else None,
        reason,
        parsed_extra,
    )
    # else (a row written without one): computed again when asked
    known = fingerprint if type(fingerprint) is str and len(fingerprint) == 32 else None
    judged_known = judged if type(judged) is str and len(judged) == 40 else None
    return entry_of_values(values, known, judged_known)


# json.loads without its Python wrappers (a 100 000-entry cycle decodes 100 000 metadata
# objects); the same C scanner, and the same rule that nothing may follow the value.
_SCAN = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # the C scanner, not in the stubs


def _json(text: str) -> Any:
    try:
        value, end = _SCAN(text, 0)
    except StopIteration as exc:
        raise ValueError(f"index row: not JSON: {text[:40]!r}") from exc
    if end != len(text):
        return json.loads(text)  # trailing text: json.loads says what is wrong with it
    return value


# Tag lists repeat across entries: each distinct stored list decoded once per process (tuples of
# strings, shared safely). Bounded, so a corpus of unique tag lists cannot grow it without end.
_TAGS: dict[str, tuple[Any, ...]] = {}
_TAGS_KEPT = 4096


def _tags(text: str) -> tuple[Any, ...]:
    known = _TAGS.get(text)
    if known is not None:
        return known
    parsed = _json(text)
    if not isinstance(parsed, list):
        raise ValueError("index row: tags of the wrong type")
    if len(_TAGS) >= _TAGS_KEPT:
        _TAGS.clear()
    known = _TAGS[text] = tuple(parsed)
    return known


def _time(text: str) -> datetime:
    value = datetime.fromisoformat(text)
    if value.tzinfo is None:
        raise ValueError(f"index row: naive timestamp {text!r}")
    return value


StatKey = tuple[int, int, int, int]


@dataclass(slots=True)
class Row:
    """What the index knows of one entry file. Slotted: an idle cycle builds one per entry
    from the index file (100 000 at 100 000 entries), and it saves their instance dicts."""

    key: StatKey
    sha256: str
    racy: bool
    entry: MemoryEntry | None = None
    problem: str | None = None
    # The file's text, until the index file stores it (beside the entry's typed columns).
    body: str | None = None
    # The entry's typed columns from the index file: built into an entry on first use.
    fields: Fields | None = None


def load_rows(db_path: Path) -> dict[str, Row]:
    """The rows the index file holds; none when it is missing, locked too long or of another
    version (that file is removed: rebuilt from the entry files)."""
    rows: dict[str, Row] = {}
    foreign = False
    try:
        with connect(db_path) as con:
            version = con.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
            foreign = version is None or version[0] != SCHEMA_VERSION
            query = (
                "SELECT name, size, mtime_ns, ctime_ns, ino, racy, sha256, problem, "
                f"{COLUMNS} FROM entries"
            )
            # Sliced, not unpacked: a 100 000-row index is read on every cycle.
            for found in () if foreign else con.execute(query):
                problem = found[7]
                # Positional (key, sha256, racy, entry, problem, body, fields): keywords cost
                # a visible share of this loop.
                rows[found[0]] = Row(
                    found[1:5],
                    found[6],
                    bool(found[5]),
                    None,
                    problem,
                    None,
                    None if problem is not None else found[8:],
                )
        if foreign:
            discard(db_path)  # another version's file: rebuilt from the files
    except sqlite3.OperationalError:
        rows = {}  # locked too long, unreadable for now: read the files, keep the cache
    except sqlite3.Error:
        rows = {}  # not a database, or a broken one: rebuilt from the files
        discard(db_path)
    return rows


def store_rows(
    db_path: Path, rows: dict[str, Row], dirty: Iterable[str], deleted: Iterable[str]
) -> None:
    """Write the ``dirty`` rows and remove the ``deleted`` names, in one transaction."""
    written: list[str] = []
    # Guarded by the hash: another process may have stored other bytes under the name since.
    con_update: list[tuple[int, int, int, int, int, str, str]] = []
    # In name order, the primary key's order: each page of its index is visited once, not once
    # per row (a first walk's 100 000 rows: 1.50 -> 0.99 s CPU, docs/benchmarks.md, round 9).
    for name in sorted(dirty):
        row = rows.get(name)
        if row is None:
            continue
        if row.body is None and row.problem is None:
            # Parsed in an earlier scan and its text dropped since: only the stat moved.
            con_update.append((*row.key, int(row.racy), name, row.sha256))
        else:
            written.append(name)

    def upserts() -> Iterator[tuple[Any, ...]]:
        # One row at a time, its text dropped once handed over: a first scan of 100 000
        # files does not hold every row's columns at once.
        for name in written:
            row = rows[name]
            head = (name, *row.key, int(row.racy), row.sha256, row.body, row.problem)
            if row.entry is not None and not 0 <= row.entry.reinforcement_count <= INT64_MAX:
                # Not an SQLite INTEGER (a file holding one is unreadable, ``models``; a sum of
                # merged counts could still reach it): stored racy, without the entry, so the
                # file is read again by the next process instead of failing the whole store.
                problem = "reinforcement_count out of range for the index"
                unreadable = (name, *row.key, 1, row.sha256, None, problem)
                yield unreadable + (None,) * (ROW_WIDTH - len(unreadable))
            elif row.entry is not None:
                row.body = None
                yield head + fields_of(row.entry)
            else:
                yield head + (None,) * (ROW_WIDTH - len(head))

    try:
        with connect(db_path) as con:
            con.executemany(
                f"INSERT OR REPLACE INTO entries VALUES ({', '.join('?' * ROW_WIDTH)})",
                upserts(),
            )
            con.executemany(
                "UPDATE entries SET size = ?, mtime_ns = ?, ctime_ns = ?, ino = ?, racy = ? "
                "WHERE name = ? AND sha256 = ?",
                con_update,
            )
            con.executemany("DELETE FROM entries WHERE name = ?", [(n,) for n in deleted])
    except (sqlite3.Error, OverflowError):
        # A cache that cannot be written costs reads next time, never correctness: the
        # transaction rolled back, and the rows it kept were each true when written.
        pass
    for name in written:
        row = rows[name]
        if row.entry is not None:
            row.body = None
