"""No stale writes: every change to an existing memory entry is applied to its current content.

A pass reads the entries, decides, and writes much later; the agent may have edited or
reinforced an entry in between. Saving the snapshot the pass read would silently undo that
write. So a change is a function, not a snapshot: ``update_entry`` takes the entry's lock (the
sidecar ``<id>.json.lock``, the same ``flock`` convention as the logs), re-reads the entry, hands
the *current* entry to the change, and saves what it returns — all under the lock, so no write of
the agent's can land between the re-read and the save.

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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol

from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.store.atomic import file_lock, lock_path_for

Change = Callable[[MemoryEntry], MemoryEntry | None]


class EntryFiles(Protocol):
    """What the lock protocol needs of a volume (``AgentVolume`` is one): where an entry's file
    is, and reading and saving it."""

    def entry_path(self, entry_id: str) -> Path: ...

    def get(self, entry_id: str) -> MemoryEntry | None: ...

    def save(self, entry: MemoryEntry) -> object: ...


def update_entry(volume: EntryFiles, entry_id: str, change: Change) -> MemoryEntry | None:
    """Apply ``change`` to the entry as it is on disk now, under its lock.

    Returns the entry written, or None when the entry is absent or the change declined (returned
    None or the entry unchanged).
    """
    path = volume.entry_path(entry_id)
    with file_lock(path):
        try:
            current = volume.get(entry_id)
            if current is None:
                return None
            updated = change(current)
            if updated is None or updated == current:
                return None
            volume.save(updated)
            return updated
        finally:
            # One sidecar per entry ever changed would pile up beside the entries; removed while
            # held, a waiter notices the unlinked inode and retries on a fresh one (file_lock).
            lock_path_for(path).unlink(missing_ok=True)


def if_unchanged_since(snapshot: MemoryEntry, change: Change) -> Change:
    """A content-dependent change: applied only while the entry is live and, in everything a
    write of the agent's changes, what the pass read (``review_fingerprint``)."""

    def guarded(current: MemoryEntry) -> MemoryEntry | None:
        if current.archived or review_fingerprint(current) != review_fingerprint(snapshot):
            return None
        return change(current)

    return guarded


@contextlib.contextmanager
def entry_lock_held(path: Path) -> Iterator[None]:
    """An entry's lock (``core.store.entry_lock``), its sidecar removed while still held."""
    with file_lock(path):
        try:
            yield
        finally:
            lock_path_for(path).unlink(missing_ok=True)
