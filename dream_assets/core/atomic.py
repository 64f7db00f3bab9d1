"""One atomic writer and one lock protocol for everything the cycle writes.

Writes go to a temp file in the same directory, are fsynced, then renamed over the target,
so a crash leaves either the old or the new file, never a torn one. Appenders and trimmers of
one log file take the same advisory lock (``fcntl.flock`` on a sidecar ``<file>.lock``), so an
agent appending while the cycle trims loses no line.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path


def fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp creates 0600; keep the mode the agent gave the file (or the usual 0644), so an
        # agent reading its volume as another user still can after the cycle rewrote a file.
        try:
            mode = os.stat(path).st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o644
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def lock_path_for(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


@contextlib.contextmanager
def file_lock(path: Path, *, shared: bool = False) -> Iterator[None]:
    """Hold the advisory lock that guards ``path`` (a log file, the ledger, ...).

    The lock lives on a sidecar file so that an atomic rename of ``path`` itself does not
    orphan a lock held on the old inode.
    """
    lock_file = lock_path_for(path)
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    while True:
        fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(fd, fcntl.LOCK_SH if shared else fcntl.LOCK_EX)
        # Retention deletes a reaped session's lock file while holding it; a waiter that then
        # wins the lock must not hold a lock on the unlinked inode while others use a new one.
        try:
            same = os.fstat(fd).st_ino == os.stat(lock_file).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def append_line(path: Path, line: str) -> None:
    """Append one line to a log under its lock (the API agents and tests use)."""
    if "\n" in line:
        raise ValueError(f"{path}: a log line may not contain a newline")
    path.parent.mkdir(parents=True, exist_ok=True)
    with file_lock(path), open(path, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
        handle.flush()
        os.fsync(handle.fileno())
