"""No stale writes: every change to an existing memory entry is applied to its current content.

A pass reads the entries, decides, and writes much later; the agent may have edited or
reinforced an entry in between. Saving the snapshot the pass read would silently undo that
write. So a change is a function, not a snapshot: ``update_entry`` takes the entry's lock,
re-reads the entry, hands the *current* entry to the change, and saves what it returns — all
under the lock, so no write of the agent's can land between the re-read and the save.

The entry's lock is ``flock`` on one of a fixed set of **striped lock files**,
``memory/entry-locks/NN`` (``LOCK_STRIPES`` of them, ``NN`` = ``stripe_of(id)``: the CRC-32 of
the id's UTF-8 bytes modulo the stripe count, two hex digits), created on first need and never
removed. Two entries of one stripe share a lock (a writer waits microseconds for a rename it
did not need to wait for); no write creates or unlinks a lock file (a sidecar created and
unlinked per write was, on a disk with online discard, as costly as the write itself). A thread
that already holds a stripe takes it again without waiting (``flock`` on a second descriptor of
the same file would wait for itself).

A change whose decision depended on the content the pass read (a review stamp, an archive, a
merge) compares the current entry with its snapshot and returns None when it differs: that
decision is dropped for this cycle and the entry is left as the agent wrote it. A change that is
a property of the current entry (decay from its ``last_seen_at``, a permission flag from its
text) is simply recomputed on it.

The agent's own writes to an existing entry follow the same protocol (``docs/agent-volume.md``):
lock, re-read, change, atomic write, unlock — ``AgentVolume.update_entry`` does exactly that.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol

from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.store.state_file import move_aside, move_aside_for_directory

Change = Callable[[MemoryEntry], MemoryEntry | None]


class EntryFiles(Protocol):
    """What the lock protocol needs of a volume (``AgentVolume`` is one): where an entry's file
    is, and reading and saving it."""

    def entry_path(self, entry_id: str) -> Path: ...

    def get(self, entry_id: str) -> MemoryEntry | None: ...

    def save(self, entry: MemoryEntry) -> object: ...


# Enough stripes that an agent's turn-time edit rarely waits on an unrelated entry's rename,
# few enough that the set is created once and lists at a glance.
LOCK_STRIPES = 64
LOCK_DIR = "entry-locks"


def stripe_of(entry_id: str) -> int:
    """The stripe of an entry's lock: CRC-32 of its id (UTF-8) modulo ``LOCK_STRIPES``."""
    return zlib.crc32(entry_id.encode("utf-8")) % LOCK_STRIPES


def stripe_path(entry_path: Path) -> Path:
    """The striped lock file of the entry file ``memory/entries/<id>.json``."""
    entry_id = entry_path.name.removesuffix(".json")
    return entry_path.parent.parent / LOCK_DIR / f"{stripe_of(entry_id):02x}"


# The stripes this thread holds (a nested lock of the same stripe must not wait for itself).
_held = threading.local()


@contextlib.contextmanager
def entry_lock_held(path: Path) -> Iterator[None]:
    """Hold the lock of the entry file ``path`` (its stripe: ``stripe_path``)."""
    lock_file = stripe_path(path)
    held: set[str] = _held.__dict__.setdefault("stripes", set())
    key = str(lock_file)
    if key in held:
        yield
        return
    fd = _open_stripe(lock_file)
    try:
        with _StripeLocked(fd, key, held):
            yield
    finally:
        os.close(fd)


class _StripeLocked:
    """The stripe ``key``'s lock, taken on its open file ``fd`` for this thread (``held``). A
    class, not a generator: a batch takes it once per entry (round 23, issue 27)."""

    __slots__ = ("fd", "held", "key")

    def __init__(self, fd: int, key: str, held: set[str]) -> None:
        self.fd, self.key, self.held = fd, key, held

    def __enter__(self) -> None:
        fcntl.flock(self.fd, fcntl.LOCK_EX)
        self.held.add(self.key)

    def __exit__(self, *_exc: object) -> None:
        self.held.discard(self.key)
        fcntl.flock(self.fd, fcntl.LOCK_UN)


class StripeLocks:
    """``entry_lock_held`` for a batch of writes: each stripe's lock file opened once for the
    batch, not once per entry (the lock itself is still taken and released around each entry's
    check and rename, so an agent's write waits for one rename at most)."""

    def __init__(self) -> None:
        self._fds: dict[str, int] = {}

    def __enter__(self) -> StripeLocks:
        return self

    def __exit__(self, *_exc: object) -> None:
        for fd in self._fds.values():
            os.close(fd)
        self._fds.clear()

    def held(self, path: Path) -> contextlib.AbstractContextManager[None]:
        """Hold the lock of the entry file ``path``, as ``entry_lock_held`` does."""
        # ``str(stripe_path(path))`` without pathlib's per-call objects (one call per entry).
        text = os.fspath(path)
        entry_id = os.path.basename(text).removesuffix(".json")
        volume_memory = os.path.dirname(os.path.dirname(text))
        key = os.path.join(volume_memory, LOCK_DIR, f"{stripe_of(entry_id):02x}")
        held: set[str] = _held.__dict__.setdefault("stripes", set())
        if key in held:
            return contextlib.nullcontext()
        fd = self._fds.get(key)
        if fd is None:
            fd = self._fds[key] = _open_stripe(Path(key))
        return _StripeLocked(fd, key, held)


def _open_stripe(lock_file: Path) -> int:
    """The stripe's lock file, opened (created with its directory on first need). What stands
    where the lock directory or the lock file goes and is not one (a file or a dangling symlink
    at ``entry-locks``, a directory at ``NN``) is moved to ``<name>.unusable-<n>`` beside it,
    never deleted: it would fail every write of an entry, the agent's and the cycle's."""
    try:
        return os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
    except (FileNotFoundError, NotADirectoryError):
        move_aside_for_directory(lock_file.parent)
        lock_file.parent.mkdir(parents=True, exist_ok=True)
    except IsADirectoryError:
        move_aside(lock_file)
    return os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)


def update_entry(volume: EntryFiles, entry_id: str, change: Change) -> MemoryEntry | None:
    """Apply ``change`` to the entry as it is on disk now, under its lock.

    Returns the entry written, or None when the entry is absent or the change declined (returned
    None or the entry unchanged).
    """
    path = volume.entry_path(entry_id)
    with entry_lock_held(path):
        current = volume.get(entry_id)
        if current is None:
            return None
        updated = change(current)
        if updated is None or updated == current:
            return None
        volume.save(updated)
        return updated


def if_unchanged_since(snapshot: MemoryEntry, change: Change) -> Change:
    """A content-dependent change: applied only while the entry is live and, in everything a
    write of the agent's changes, what the pass read (``review_fingerprint``)."""

    def guarded(current: MemoryEntry) -> MemoryEntry | None:
        if current.archived or review_fingerprint(current) != review_fingerprint(snapshot):
            return None
        return change(current)

    return guarded
