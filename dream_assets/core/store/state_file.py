"""The cycle's own small state files (the lease, the pass ledger, the audit's files): read
without ever blocking or following a link out, and a directory in the way moved aside.

What stands where the cycle keeps one of its files and is not that file never stops the cycle
for good: ``read_state_text`` refuses it, saying why (the caller treats it as absent, stale or
unreadable), and ``move_aside`` moves a directory there to ``<name>.unusable-<n>`` before the
atomic rename of the new file; nothing is deleted.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
from pathlib import Path

from dream_assets.core.store.atomic import append_line
from dream_assets.core.store.jsonl import open_regular


def read_state_text(path: Path, max_bytes: int, *, errors: str = "strict") -> str:
    """The text of one of the cycle's small state files.

    FileNotFoundError when there is none. ValueError or OSError, saying why, when what is there
    is not a regular file of at most ``max_bytes`` inside its directory: a symlink leaving that
    directory is not followed, a FIFO is never waited on (``jsonl.open_regular``), a directory
    or device is refused, a large file is not read into memory.
    """
    if path.is_symlink():
        home = path.parent.resolve()
        target = path.resolve()
        if target != home and home not in target.parents:
            raise ValueError(f"a symlink out of {home} ({target}), not followed")
    fd = open_regular(path)
    if fd is None:
        raise ValueError("a directory, not a file" if path.is_dir() else "not a regular file")
    with open(fd, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > max_bytes:
            raise ValueError(f"{size} bytes, larger than this file ever is")
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ValueError(f"more than {max_bytes} bytes, larger than this file ever is")
    return data.decode("utf-8", errors=errors)


def aside_name(path: Path) -> Path:
    """The first free ``<name>.unusable-<n>`` beside ``path``."""
    for n in itertools.count(1):
        aside = path.with_name(f"{path.name}.unusable-{n}")
        if not aside.exists() and not aside.is_symlink():
            return aside
    raise AssertionError("unreachable")


def move_aside(path: Path) -> None:
    """Move a directory standing at ``path`` (where the cycle writes one of its own files) out
    of the way, to ``<name>.unusable-<n>`` beside it: nothing is deleted. A file, a symlink or a
    FIFO there is left alone: the atomic rename of the new file replaces the name itself."""
    if path.is_symlink() or not path.is_dir():
        return
    path.rename(aside_name(path))


def make_way_for_append(path: Path) -> None:
    """Before the cycle reads or appends to one of its own logs: anything at ``path`` that is not
    a regular file — a directory, a FIFO (an append would wait for a reader forever), a socket, a
    device, a symlink (the cycle never makes one there) — is moved to ``<name>.unusable-<n>``
    beside it; nothing is deleted. A regular file or nothing there is left as it is."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISREG(info.st_mode):
        return
    with contextlib.suppress(FileNotFoundError):  # another process moved it first
        path.rename(aside_name(path))


def append_own_line(path: Path, line: str) -> None:
    """Append one line to one of the cycle's own logs (tombstones, losses, the skill change log,
    the undo and restore logs, the takeover log): ``make_way_for_append`` first, so what stands
    there and is no regular file never fails the append or hangs it (nor a file standing where
    its directory goes: ``move_aside_for_directory``), then ``append_line``."""
    move_aside_for_directory(path.parent)
    make_way_for_append(path)
    append_line(path, line)


def move_aside_for_directory(path: Path) -> None:
    """Move what stands at ``path``, where the cycle keeps a directory of its own files
    (``dream-reports/``, ``memory-audit/``, ``memory/entry-locks/``), and is not a directory (a
    file, a FIFO, a dangling symlink) out of the way, to ``<name>.unusable-<n>`` beside it:
    nothing is deleted, and the caller makes the directory. A directory there, or a symlink to
    one, is left alone."""
    if path.is_dir() or not (path.exists() or path.is_symlink()):
        return
    with contextlib.suppress(FileNotFoundError):  # another writer moved it first
        path.rename(aside_name(path))
