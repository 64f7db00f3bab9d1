"""The boundary to a memory store another product owns (docs/stores.md): what a kind reads and
what it is asked to write.

A kind reads the store's items, each with a version (sha256 of the item as read), and applies a
write plan: new items, and removals each guarded by the version the snapshot read. Nothing else
of the cycle knows which kind it is: the passes work on the mirror (``core.store.mirror``), and
only ``store_snapshot`` and ``store_writeback`` talk to a kind. A new kind is one module here that
implements :class:`StoreKind` and registers its name in ``KINDS``.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol, runtime_checkable


class StoreConfigError(ValueError):
    """``dream-store.json`` or its target is not usable; the message is one line."""


def required_field(
    config: Mapping[str, Any], source: Path, *, kind: str, key: str, what: str
) -> Any:
    """``config[key]``, refused in one line naming ``source`` when missing or blank."""
    raw = config.get(key)
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raise StoreConfigError(f'{source}: {kind} needs "{key}": {what}')
    return raw


def validate_directory(path: Path, *, where: str) -> Path:
    """An absolute, readable and writable directory that is not a symlink."""
    if not path.is_absolute():
        raise StoreConfigError(f"{where}: {path} is not an absolute path")
    if path.is_symlink():
        raise StoreConfigError(f"{where}: {path} is a symlink (give the directory itself)")
    if not path.is_dir():
        raise StoreConfigError(f"{where}: {path} is not a directory")
    if not os.access(path, os.R_OK | os.W_OK | os.X_OK):
        raise StoreConfigError(f"{where}: {path} is not readable and writable")
    return path


def directory_field(
    config: Mapping[str, Any], source: Path, *, kind: str, key: str, what: str
) -> Path:
    """A file kind's target: ``config[key]``, an absolute, usable directory."""
    raw = required_field(config, source, kind=kind, key=key, what=what)
    if not isinstance(raw, str):
        raise StoreConfigError(f'{source}: {kind}\'s "{key}" must be a string: {what}')
    return validate_directory(Path(raw).expanduser(), where=f"{source}: {key}")


def refuse_dream_agent_dir(path: Path, *, not_what: str) -> None:
    """A target that is itself a dream agent directory (a volume, or connected) is refused."""
    if (path / "memory" / "entries").is_dir() or (path / "dream-store.json").exists():
        raise StoreConfigError(f"{path} is a dream agent directory, not {not_what}")


class NotRegularFile(OSError):
    """A path that is a FIFO, a socket, a device or a directory: never read."""


def read_nofollow(path: Path) -> bytes:
    """A regular file's bytes, refusing to follow a symlink (``OSError`` ELOOP) or to read
    anything else (``NotRegularFile``: a FIFO would block the read forever). Opened without
    blocking (a FIFO opens at once), checked, then read blocking."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def read_shared_file(path: Path) -> tuple[bytes | None, str | None]:
    """A file shared with the agent (``MEMORY.md`` of the file kinds): its bytes (None when
    absent) and why it cannot be used (None when it can): a symlink, not a regular file (a FIFO,
    a directory ...), unreadable, not UTF-8."""
    if path.is_symlink():
        return None, f"{path.name} is a symlink (not followed)"
    try:
        data = read_nofollow(path)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"{path.name}: {exc.strerror}"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return data, f"{path.name} is not UTF-8 (byte {exc.start})"
    return data, None


# Markdown breaks lines on \n, \r\n and \r only; str.splitlines also breaks on U+2028, U+2029,
# U+0085, \x0b, \x0c and \x1c-\x1e, which are characters of a line in the stores' files.
LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")
# A byte order mark some editors put first: read past, kept when the file is written back.
BOM = "\ufeff"


def split_lines(text: str) -> list[str]:
    """``text``'s lines with their endings, broken on ``\\n``, ``\\r\\n`` and ``\\r`` only."""
    return LINE.findall(text)


def item_version(data: bytes) -> str:
    """An item's version: the sha256 of its bytes as read (DESIGN: ``store_version``)."""
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class StoreItem:
    """One memory item as the store holds it."""

    ref: str  # the item's name in the store (a file name, an anchor, a key)
    version: str
    text: str
    category: str
    # The kind's own fields (a topic file's name, description, type; its index line).
    fields: Mapping[str, str] = field(default_factory=dict)
    modified_at: datetime | None = None


@dataclass(frozen=True)
class Unreadable:
    """An item the kind could not read; reported by name and left alone."""

    ref: str
    reason: str


@dataclass
class StoreRead:
    items: list[StoreItem] = field(default_factory=list)
    unreadable: list[Unreadable] = field(default_factory=list)


@dataclass(frozen=True)
class NewItem:
    """A merged entry to write into the store as a new item."""

    entry_id: str
    text: str
    category: str
    # The refs of the entry's sources (where the kind places it, e.g. an index line), and the
    # fields the snapshot read of them, in the merge's order.
    source_refs: tuple[str, ...] = ()
    source_fields: tuple[Mapping[str, str], ...] = ()


@dataclass(frozen=True)
class Removal:
    """An item to take out of the store, only while its version is still ``version``."""

    ref: str
    version: str
    fields: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class PutBack:
    """An item the cycle removed, put back byte for byte (``dream restore``, ``dream undo``)."""

    entry_id: str
    ref: str
    data: bytes
    fields: Mapping[str, str] = field(default_factory=dict)
    # A ref leaving the store in the same plan whose place (index line) it takes.
    in_place_of: str | None = None
    # Else a ref staying in the store whose index line it follows (the merged item holding it).
    near: str | None = None


@dataclass
class WritePlan:
    new: list[NewItem] = field(default_factory=list)
    removals: list[Removal] = field(default_factory=list)
    put_back: list[PutBack] = field(default_factory=list)
    # Names a new item never takes: every ref the mirror knows (an item about to leave, one
    # that may be put back), so a new item is never mistaken for an old one.
    reserved: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.new or self.removals or self.put_back)


@dataclass
class WriteOutcome:
    # entry id -> (ref, version) of the item written for it (new or put back).
    written: dict[str, tuple[str, str]] = field(default_factory=dict)
    put_back: dict[str, tuple[str, str]] = field(default_factory=dict)
    # entry id -> the index line written for its item (new or put back), where the kind has one.
    index_lines: dict[str, str] = field(default_factory=dict)
    # ref -> the index line it had (empty when none), for every item removed.
    removed: dict[str, str] = field(default_factory=dict)
    # (ref, why): left in the store because it changed since the snapshot (a duplicate, no loss).
    changed: list[tuple[str, str]] = field(default_factory=list)
    # Refs already gone from the store when their removal came (the agent removed them).
    missing: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    # Why nothing of the plan was applied this time (the store cannot take it yet: a langgraph
    # namespace with vectors and no matching embedder); the plan stays in the mirror.
    waiting: str | None = None


# Texts -> their vectors, one per text.
EmbedTexts = Callable[[Sequence[str]], list[list[float]]]
# An embeddings endpoint's model name -> how to embed with it; raises
# ``EmbeddingsUnavailable`` (one line) when no endpoint is configured or a call fails. Given to
# a kind by the passes layer (core knows no model client).
EndpointEmbedding = Callable[[str], EmbedTexts]


@runtime_checkable
class UsesEndpointEmbedding(Protocol):
    """A kind that may embed what it writes with a model of the configured endpoint."""

    def use_endpoint_embedding(self, embedding: EndpointEmbedding) -> None: ...


# Called with every (ref, bytes) about to leave the store, before any leaves; the bytes are on
# disk (synced) when it returns.
KeepRemoved = Callable[[Sequence[tuple[str, bytes]]], None]


class StoreKind(Protocol):
    """What the cycle asks of a store (DESIGN, "External memory stores")."""

    name: str

    def describe(self) -> str:
        """Where the store is, for reports and errors (never a password)."""
        ...

    def check_target(self) -> None:
        """Refuse (``StoreConfigError``, one line) a target without the kind's expected shape."""
        ...

    def directories(self) -> tuple[Path, ...]:
        """The directories the kind writes (none for a database): never the agent's home."""
        ...

    def read(self) -> StoreRead: ...

    def current_version(self, ref: str) -> str | None:
        """The item's version now, or None when it is absent (or unreadable)."""
        ...

    def apply(self, plan: WritePlan, keep: KeepRemoved) -> WriteOutcome:
        """Write ``plan``'s new items, then remove each removal whose version still matches
        after ``keep`` has its bytes; a changed item is left and reported."""
        ...
