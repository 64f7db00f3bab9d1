"""The one JSONL reader and line encoder.

Malformed lines are counted and skipped, never fatal, never rewritten.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dream_assets.core.clock import parse_time
from dream_assets.core.record_bounds import MAX_NESTING, nested_deeper_than
from dream_assets.core.store.atomic import CYCLE_LOCK_TIMEOUT_S, atomic_write_text, file_lock

Validator = Callable[[dict[str, Any]], str | None]


@dataclass
class JsonlRead:
    records: list[dict[str, Any]] = field(default_factory=list)
    malformed: int = 0
    first_problem: str | None = None
    # Why the file was not read: set when it is not a regular file (a directory, FIFO, socket).
    skipped: str | None = None

    def note(self, problem: str) -> None:
        self.malformed += 1
        if self.first_problem is None:
            self.first_problem = problem


def require_fields(*names: str, time_field: str | None = "ts") -> Validator:
    """A validator that requires ``names`` present and ``time_field`` ISO-8601."""

    def check(record: dict[str, Any]) -> str | None:
        for name in names:
            if name not in record:
                return f"missing field {name!r}"
        if time_field is not None:
            value = record.get(time_field)
            if not isinstance(value, str):
                return f"{time_field!r} must be an ISO-8601 string"
            try:
                parse_time(value)
            except ValueError:
                return f"{time_field!r} is not ISO-8601: {value!r}"
        return None

    return check


# Schemas of the telemetry lines (docs/agent-volume.md).
TELEMETRY_LINE = require_fields("ts", "session_id")
CONVERSATION_LINE = require_fields("session_id", "role", "content", time_field=None)


# One encoder for every line: building one per call costs more than encoding a short record.
_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def encode_line(record: dict[str, Any]) -> str:
    """One record as one compact JSONL line, the form agents append (no trailing newline)."""
    return _COMPACT.encode(record)


NOT_A_REGULAR_FILE = "not a regular file"


def open_regular(path: Path | str) -> int | None:
    """A read-only descriptor on ``path`` (a symlink followed) when it is a regular file; None
    when it is not (a directory, FIFO, socket or device named like a log is not a log).

    The type is looked at before the open, so a device is never opened, and checked again on the
    descriptor; the open is non-blocking, so a FIFO swapped in between never waits for a writer.
    """
    if not stat.S_ISREG(os.stat(path).st_mode):
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket now
            return None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None
    os.set_blocking(fd, True)
    return fd


def read_regular(path: Path | str) -> bytes | None:
    """The bytes of ``path`` (a symlink followed) when it is a regular file; None when it is not,
    without reading it (``open_regular``: a FIFO is never waited on)."""
    fd = open_regular(path)
    if fd is None:
        return None
    with open(fd, "rb") as handle:
        return handle.read()


def iter_jsonl(path: Path, result: JsonlRead, validate: Validator | None = None) -> Iterator[dict]:
    """The valid records of ``path``; a path that is not a regular file yields none (noted in
    ``result.skipped``) and is never read (a FIFO is never waited on)."""
    fd = open_regular(path)
    if fd is None:
        result.skipped = NOT_A_REGULAR_FILE
        return
    with open(fd, encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, start=1):
            text = line.strip()
            if not text:
                continue
            try:
                record = json.loads(text)
            except json.JSONDecodeError:
                result.note(f"{path}:{number}: not JSON")
                continue
            except RecursionError:
                result.note(f"{path}:{number}: not JSON: nested too deeply to read")
                continue
            if not isinstance(record, dict):
                result.note(f"{path}:{number}: not a JSON object")
                continue
            # Walked only when it has enough brackets to nest that deep (a count in C).
            if text.count("[") + text.count("{") > MAX_NESTING and nested_deeper_than(record):
                result.note(f"{path}:{number}: nested more than {MAX_NESTING} levels deep")
                continue
            problem = validate(record) if validate else None
            if problem:
                result.note(f"{path}:{number}: {problem}")
                continue
            yield record


def read_jsonl(path: Path, validate: Validator | None = None) -> JsonlRead:
    result = JsonlRead()
    if path.exists():
        result.records.extend(iter_jsonl(path, result, validate))
    return result


def clear_upto(
    path: Path, upto_bytes: int | None, keep_sessions: frozenset[str] | set[str] = frozenset()
) -> int:
    """Clear the log at ``path`` up to ``upto_bytes`` (the size the readers saw: a line the agent
    appended since is kept), keeping the lines of ``keep_sessions`` (in the quiet period,
    unread); the bytes removed. A log that is not a regular file (a directory, FIFO) is no log:
    never touched."""
    if not path.is_file():  # missing, or not a regular file: never read, locked or replaced
        return 0
    with file_lock(path, timeout=CYCLE_LOCK_TIMEOUT_S, what="not cleared this cycle"):
        if (data := read_regular(path)) is None:  # no longer a regular file: left alone
            return 0
        cut = len(data) if upto_bytes is None else min(upto_bytes, len(data))
        kept = [
            line
            for line in data[:cut].decode("utf-8", errors="replace").splitlines(keepends=True)
            if keep_sessions and _session_of(line) in keep_sessions
        ]
        rest = data[cut:].decode("utf-8", errors="replace")
        atomic_write_text(path, "".join(kept) + rest)
    return cut - sum(len(line.encode("utf-8")) for line in kept)


def _session_of(line: str) -> str | None:
    try:
        record = json.loads(line)
    except ValueError:
        return None
    return str(record.get("session_id")) if isinstance(record, dict) else None
