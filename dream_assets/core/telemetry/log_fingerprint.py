"""Whether a telemetry log file is byte-for-byte what a window build read last cycle.

The windows are rebuilt every cycle, but an idle agent's logs do not change between cycles; a
build that can tell a log is unchanged keeps the rows it cut last time instead of parsing the file
again (docs/passes.md, "The change gate"). The test is the entry index's racy-git rule
(``core/store/entry_index.py``): a file's stat tuple (size, mtime_ns, ctime_ns, inode) vouches for
its bytes only when the file was last modified well before the build looked at it. A file modified
within the racy window of that look could be rewritten, same size, in the same timestamp tick
without its stat changing, so its bytes are hashed when recorded, and on the next build a racy
file (or one whose stat moved) is unchanged only when its sha256 is the same. A file that was not
racy is not hashed when recorded (hashing every log would cost a read of every byte per build,
about a second per GB here); if its stat moves it is simply read again.

The stat is always taken before the bytes are read (on the open descriptor when hashing), so a
record never pairs a newer stat with older content: a write landing after the look moves the stat
or, within the same tick, leaves a racy record that the next build hashes. A path that is not a
regular file (a directory, FIFO or socket swapped in for a log) is never opened: it is recorded as
never matching, and never matches a record.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from dream_assets.core.store.entry_index import StatKey, is_racy, stat_key
from dream_assets.core.store.jsonl import NOT_A_REGULAR_FILE, open_regular

_CHUNK = 1 << 20


@dataclass(frozen=True)
class LogFile:
    """What a build recorded of one log file it read."""

    path: str
    key: StatKey
    racy: bool
    sha256: str | None  # only for a file that was racy when recorded


def _hashed(path: Path, seen_ns: int) -> LogFile:
    digest = hashlib.sha256()
    fd = open_regular(path)
    if fd is None:
        raise OSError(errno.EINVAL, NOT_A_REGULAR_FILE, str(path))
    with open(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return LogFile(str(path), stat_key(st), is_racy(st, seen_ns), digest.hexdigest())


def record(path: Path, seen_ns: int) -> LogFile:
    """The record of a file about to be read: its stat, and its hash when it is racy. A file that
    cannot be looked at is left to the read to report, and recorded as never matching."""
    try:
        st = os.stat(path, follow_symlinks=False)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, NOT_A_REGULAR_FILE, str(path))
        if is_racy(st, seen_ns):
            return _hashed(path, seen_ns)
    except OSError:
        return LogFile(str(path), (0, 0, 0, 0), True, "")
    return LogFile(str(path), stat_key(st), False, None)


def still_same(path: Path, recorded: LogFile, seen_ns: int) -> LogFile | None:
    """The file's fresh record when its bytes are still the ones ``recorded`` describes (the
    stat settles once the file leaves the racy window); ``None`` when it changed or is gone."""
    try:
        st = os.stat(path, follow_symlinks=False)
        if not stat.S_ISREG(st.st_mode):
            return None
        if stat_key(st) == recorded.key and not recorded.racy:
            return recorded
        if recorded.sha256 is None:
            return None
        fresh = _hashed(path, seen_ns)
    except OSError:
        return None
    return fresh if fresh.sha256 == recorded.sha256 else None
