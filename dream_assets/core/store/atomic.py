"""One atomic writer and one lock protocol for everything the cycle writes.

Writes go to a temp file in the same directory, are fsynced, then renamed over the target,
so a crash leaves either the old or the new file, never a torn one. Appenders and trimmers of
one log file take the same advisory lock (``fcntl.flock`` on a sidecar ``<file>.lock``), so an
agent appending while the cycle trims loses no line.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import itertools
import os
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _in_directory(directory: Path, create: Callable[[], T]) -> T:
    """``create()`` a file in ``directory``, making the directory only when it is missing (not
    a ``mkdir`` before every write of a batch)."""
    try:
        return create()
    except FileNotFoundError:
        directory.mkdir(parents=True, exist_ok=True)
        return create()


# Temp names of this process: ``.<name>.<pid>-<n>.tmp``. ``mkstemp``'s random names cost twice
# the ``open`` (measured: 20 against 11 µs a file), and a first cycle creates one per entry.
_TEMP_NUMBERS = itertools.count()
_TEMP_FLAGS = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | os.O_CLOEXEC


def _create_temp_beside(path: Path) -> tuple[int, str]:
    """A new file (mode 0600) next to ``path``: its descriptor and name. ``O_EXCL``, so a name
    another writer (or a crashed one of the same pid) left is never reused: the next is tried."""
    for _attempt in range(100):
        tmp = os.path.join(path.parent, f".{path.name}.{os.getpid()}-{next(_TEMP_NUMBERS)}.tmp")
        try:
            return os.open(tmp, _TEMP_FLAGS, 0o600), tmp
        except FileExistsError:
            continue
    return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)


def _write_temp_beside(path: Path, data: bytes, *, sync: bool, mode: int | None = None) -> str:
    """``data`` in a temp file next to ``path`` with ``path``'s mode (``mode`` when the caller has
    just read it); returns the temp path."""
    fd, tmp = _in_directory(path.parent, lambda: _create_temp_beside(path))
    try:
        # mkstemp creates 0600; keep the mode the agent gave the file (or the usual 0644), so an
        # agent reading its volume as another user still can after the cycle rewrote a file.
        if mode is None:
            try:
                mode = os.stat(path).st_mode & 0o7777
            except FileNotFoundError:
                mode = 0o644
        try:
            os.fchmod(fd, mode)
            # Plain writes on the descriptor: no file object per temp file (a batch writes one
            # per entry of the corpus).
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    return tmp


def atomic_write_bytes(path: Path, data: bytes) -> None:
    tmp = _write_temp_beside(path, data, sync=True)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def atomic_create_bytes(path: Path, data: bytes) -> bool:
    """Write a new file atomically, never over an existing one (a hard link of the synced temp
    file, which fails when the name is taken). False when ``path`` already exists."""
    tmp = _write_temp_beside(path, data, sync=True)
    try:
        os.link(tmp, path)
    except FileExistsError:
        return False
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    fsync_dir(path.parent)
    return True


def atomic_create_batch(items: list[tuple[Path, bytes]]) -> list[bool]:
    """``atomic_create_bytes`` for many new files of one directory with one filesystem sync for
    the batch: each True where the file was created, False where the name was taken."""
    if not items:
        return []
    staged = []
    try:
        for path, data in items:
            staged.append(_write_temp_beside(path, data, sync=False))
        sync_filesystem(items[0][0].parent)
        created = []
        for (path, _data), tmp in zip(items, staged, strict=True):
            try:
                os.link(tmp, path)
                created.append(True)
            except FileExistsError:
                created.append(False)
    finally:
        for tmp in staged:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
    fsync_dir(items[0][0].parent)
    return created


def sync_filesystem(directory: Path) -> None:
    """Flush everything written to the filesystem holding ``directory`` in one call
    (``syncfs``; ``sync`` where the C library has none)."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        syncfs = getattr(libc, "syncfs", None)
        if syncfs is None or syncfs(fd) != 0:
            os.sync()
    finally:
        os.close(fd)


class ChangedMeanwhile(OSError):
    """The target changed after the caller read it: the batch left it as it is."""


def atomic_write_batch(
    items: list[tuple[Path, bytes]],
    guard: Callable[[Path], bool] | None = None,
    lock: Callable[[Path], contextlib.AbstractContextManager[object]] | None = None,
    modes: Mapping[Path, int] | None = None,
) -> list[tuple[Path, OSError]]:
    """Write many files of one directory atomically with batched durability.

    The same guarantee as ``atomic_write_bytes`` for each file — a crash leaves the old or the
    new file, never a torn one — at the cost of one filesystem sync and one directory fsync for
    the whole batch instead of two fsyncs per file: every temp file is written, then synced at
    once, then renamed over its target (a rename only ever publishes synced bytes), then the
    directory is fsynced. Returns the files that could not be written, with the error; the
    others are written. ``guard(path)``, when given, is asked right before each rename whether
    the target is still as the caller read it; a target that is not is left alone
    (``ChangedMeanwhile``), so batching does not widen a check-then-write window. ``lock(path)``,
    when given, is held across that check and the rename, so a writer following the same lock
    protocol (``core.store.entry_lock``) cannot land between them. ``modes``: the permission
    bits of the files the caller has just looked at (``AgentVolume.save_many``), so each temp file
    takes its target's mode without a ``stat`` of its own; a file not in it is asked.
    """
    if not items:
        return []
    failed: list[tuple[Path, OSError]] = []
    staged: list[tuple[str, Path]] = []
    renamed = 0
    directories: set[Path] = set()
    try:
        for path, data in items:
            try:
                # One filesystem sync for the whole batch below, not one fsync per file.
                mode = modes.get(path) if modes is not None else None
                tmp = _write_temp_beside(path, data, sync=False, mode=mode)
            except OSError as exc:
                failed.append((path, exc))
                continue
            staged.append((tmp, path))
            directories.add(path.parent)
        for directory in directories:
            sync_filesystem(directory)
        for tmp, path in staged:
            renamed += 1
            try:
                with lock(path) if lock is not None else contextlib.nullcontext():
                    if guard is not None and not guard(path):
                        raise ChangedMeanwhile(f"{path} changed since it was read; left as it is")
                    os.replace(tmp, path)
            except OSError as exc:
                failed.append((path, exc))
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(tmp)
    finally:
        # Temp files never renamed (an exception part-way) are removed, never left to be found.
        for tmp, _path in staged[renamed:]:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
    for directory in directories:
        fsync_dir(directory)
    return failed


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def lock_path_for(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


@contextlib.contextmanager
def file_lock(
    path: Path, *, shared: bool = False, timeout: float | None = None, what: str = ""
) -> Iterator[None]:
    """Hold the advisory lock that guards ``path`` (a log file, the ledger, ...).

    The lock lives on a sidecar file so that an atomic rename of ``path`` itself does not
    orphan a lock held on the old inode. With ``timeout`` (seconds), waiting longer raises
    ``TimeoutError`` naming the lock file (``what`` says the consequence): a stuck holder fails
    the writer instead of hanging it.
    """
    lock_file = lock_path_for(path)
    mode = fcntl.LOCK_SH if shared else fcntl.LOCK_EX
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        fd = _in_directory(
            lock_file.parent, lambda: os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
        )
        try:
            _take(fd, mode, deadline)
        except TimeoutError:
            os.close(fd)
            raise TimeoutError(
                f"{lock_file}: the lock of {path.name} is held by another process for more "
                f"than {timeout:g}s; {what}"
            ) from None
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


_LOCK_POLL_S = 0.05
# How long the cycle waits for a lock another process holds (an agent's append takes
# milliseconds): past it the cycle leaves that file for the next cycle, with an error naming the
# lock file, instead of hanging on a stuck holder. The agent's own appends wait without a bound:
# an error there would lose the agent's line.
CYCLE_LOCK_TIMEOUT_S = 10.0


def _take(fd: int, mode: int, deadline: float | None) -> None:
    """``flock(fd, mode)``; polled until ``deadline`` (TimeoutError past it) when there is one."""
    if deadline is None:
        fcntl.flock(fd, mode)
        return
    while True:
        try:
            fcntl.flock(fd, mode | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise TimeoutError from None
        time.sleep(_LOCK_POLL_S)


def append_line(path: Path, line: str) -> None:
    """Append one line to a log under its lock (the API agents and tests use)."""
    if "\n" in line:
        raise ValueError(f"{path}: a log line may not contain a newline")
    path.parent.mkdir(parents=True, exist_ok=True)
    with file_lock(path), open(path, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
        handle.flush()
        os.fsync(handle.fileno())
