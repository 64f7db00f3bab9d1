"""One entry file read and parsed: the entry index's reads (``core/store/entry_index.py``) and
the volume's (``AgentVolume.get``) go through here."""

from __future__ import annotations

import errno
import json
import os
import stat as stat_mode
from pathlib import Path

from dream_assets.core.models import MemoryEntry, VolumeFormatError

# A directory, FIFO, socket or device named like an entry: reported, never opened or waited on.
NOT_REGULAR = "not a regular file"


def parse_entry(data: str, path: Path) -> MemoryEntry:
    """The one way an entry file's text becomes an entry (the id must match the file name).

    Raises ValueError (``VolumeFormatError`` or ``json.JSONDecodeError``) for any file that is
    not a valid entry, nested too deeply for the JSON parser included."""
    try:
        raw = json.loads(data)
    except RecursionError as exc:
        raise VolumeFormatError(f"{path}: not JSON: nested too deeply to read") from exc
    entry = MemoryEntry.from_dict(raw, str(path))
    if entry.id != path.stem:
        raise VolumeFormatError(f"{path}: id {entry.id!r} does not match the file name")
    return entry


def read_entry(path: Path) -> tuple[bytes, os.stat_result]:
    """The file's bytes and the stat of the very inode read, taken before the read. Opened
    non-blocking: a FIFO named like an entry is refused, never waited on for a writer."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        st = os.fstat(fd)
        if not stat_mode.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, NOT_REGULAR, str(path))
        chunks = []
        while chunk := os.read(fd, max(st.st_size, 65536) + 1):
            chunks.append(chunk)
        return b"".join(chunks), st
    finally:
        os.close(fd)
