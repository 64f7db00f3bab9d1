"""Typed records of the agent volume, validated on read.

The schemas are the interface to the agent (docs/agent-volume.md); docs/agent-volume.md
documents every field. A record that fails validation raises ``VolumeFormatError`` naming the file,
so the caller can report it and leave the file in place.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from json.encoder import encode_basestring as _quote
from pathlib import Path
from typing import Any

from dream_assets.core.clock import TimeRangeError, format_time, parse_time
from dream_assets.core.record_bounds import entry_problem

ENTRY_ID_RE = re.compile(r"^[A-Za-z0-9._-]{1,128}$")
SKILL_SEGMENT_RE = re.compile(r"^[A-Za-z0-9._-]{1,128}$")

# Subject-time keys are the only metadata a merge carries forward (docs/passes.md, Pass 1).
SUBJECT_TIME_KEYS = ("subject_start", "subject_end", "subject_point")


class VolumeFormatError(ValueError):
    """A file on the volume does not match its schema; the message names the file."""


def validate_entry_id(entry_id: object) -> str:
    if not isinstance(entry_id, str) or not ENTRY_ID_RE.match(entry_id) or entry_id in {".", ".."}:
        raise ValueError(
            f"invalid memory entry id {entry_id!r}: must match [A-Za-z0-9._-]{{1,128}}"
        )
    return entry_id


def validate_skill_name(name: object) -> str:
    """A skill name may hold '/', but no segment may climb out of skills/ or be absolute."""
    if not isinstance(name, str) or not name or name.startswith("/") or len(name) > 256:
        raise ValueError(f"invalid skill name {name!r}")
    for segment in name.split("/"):
        if segment in {"", ".", ".."} or not SKILL_SEGMENT_RE.match(segment):
            raise ValueError(f"invalid skill name {name!r}: bad segment {segment!r}")
    return name


def _opt_time(raw: dict[str, Any], key: str, source: str) -> datetime | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise VolumeFormatError(f"{source}: {key} must be an ISO-8601 string or null")
    try:
        return parse_time(value)
    except TimeRangeError as exc:
        raise VolumeFormatError(f"{source}: {key}: {exc}") from exc
    except ValueError as exc:
        raise VolumeFormatError(f"{source}: {key} is not ISO-8601: {value!r}") from exc


def _req_time(raw: dict[str, Any], key: str, source: str) -> datetime:
    value = _opt_time(raw, key, source)
    if value is None:
        raise VolumeFormatError(f"{source}: {key} is required")
    return value


# Importance is stored with six decimals: what a file holds, and what a decay write would store.
IMPORTANCE_DIGITS = 6


def stored_importance(value: float) -> float:
    return round(value, IMPORTANCE_DIGITS)


@dataclass(frozen=True)
class MemoryEntry:
    id: str
    content: str
    category: str
    tags: tuple[str, ...]
    importance: float
    reinforcement_count: int
    created_at: datetime
    updated_at: datetime
    last_seen_at: datetime
    metadata: dict[str, Any] = field(default_factory=dict)
    archived_at: datetime | None = None
    archive_reason: str | None = None
    # The record's other keys (an agent's own: "source"), written back as read: never dropped.
    extra: dict[str, Any] = field(default_factory=dict)
    # Hashes of the entry's own fields once known (``review_fingerprint``, ``pair_input``): not its
    # data (not compared, shown or stored); declared, so every entry has both (None until known).
    _review_fingerprint: str | None = field(default=None, init=False, repr=False, compare=False)
    _pair_input: str | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def archived(self) -> bool:
        return self.archived_at is not None

    def with_changes(self, **changes: Any) -> MemoryEntry:
        changed = replace(self, **changes)
        # A change of bookkeeping only (decay, a stamp, an archive) keeps the entry's review
        # fingerprint: a first cycle rewrites every entry, and would otherwise hash each again.
        known = self._review_fingerprint
        if known is not None and _keeps_fingerprint(self, changes):
            object.__setattr__(changed, _FINGERPRINT, known)
        judged = self._pair_input
        if judged is not None and _keeps_pair_input(self, changes):
            object.__setattr__(changed, _PAIR_INPUT, judged)
        return changed

    @classmethod
    def from_dict(cls, raw: object, source: str = "<entry>") -> MemoryEntry:
        if not isinstance(raw, dict):
            raise VolumeFormatError(f"{source}: a memory entry must be a JSON object")
        try:
            entry_id = validate_entry_id(raw.get("id"))
        except ValueError as exc:
            raise VolumeFormatError(f"{source}: {exc}") from exc
        content = raw.get("content")
        if not isinstance(content, str):
            raise VolumeFormatError(f"{source}: content must be a string")
        category = raw.get("category", "")
        if not isinstance(category, str):
            raise VolumeFormatError(f"{source}: category must be a string")
        tags = raw.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise VolumeFormatError(f"{source}: tags must be a list of strings")
        importance = raw.get("importance", 0.5)
        if isinstance(importance, bool) or not isinstance(importance, int | float):
            raise VolumeFormatError(f"{source}: importance must be a number")
        if not 0.0 <= float(importance) <= 1.0:
            raise VolumeFormatError(f"{source}: importance must be within 0..1")
        count = raw.get("reinforcement_count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise VolumeFormatError(f"{source}: reinforcement_count must be a non-negative integer")
        extra = {} if raw.keys() <= _DICT_KEYS else {k: raw[k] for k in raw.keys() - _DICT_KEYS}
        problem = entry_problem(raw, count, extra)
        if problem is not None:
            raise VolumeFormatError(f"{source}: {problem}")
        metadata = raw.get("metadata") or {}
        if not isinstance(metadata, dict):
            raise VolumeFormatError(f"{source}: metadata must be an object")
        meta: dict[str, Any] = {str(key): value for key, value in metadata.items()}
        created = _req_time(raw, "created_at", source)
        reason = raw.get("archive_reason")
        if reason is not None and not isinstance(reason, str):
            raise VolumeFormatError(f"{source}: archive_reason must be a string or null")
        return cls(
            id=entry_id,
            content=content,
            category=category,
            tags=tuple(tags),
            importance=float(importance),
            reinforcement_count=count,
            created_at=created,
            updated_at=_opt_time(raw, "updated_at", source) or created,
            last_seen_at=_opt_time(raw, "last_seen_at", source) or created,
            metadata=meta,
            archived_at=_opt_time(raw, "archived_at", source),
            archive_reason=reason,
            extra=extra,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.extra,
            "id": self.id,
            "content": self.content,
            "category": self.category,
            "tags": list(self.tags),
            "importance": stored_importance(self.importance),
            "reinforcement_count": self.reinforcement_count,
            "created_at": format_time(self.created_at),
            "updated_at": format_time(self.updated_at),
            "last_seen_at": format_time(self.last_seen_at),
            "metadata": dict(sorted(self.metadata.items())),
            "archived_at": format_time(self.archived_at) if self.archived_at else None,
            "archive_reason": self.archive_reason,
        }

    def to_json(self) -> str:
        # Sorted keys: one byte form for an entry whoever writes it (the cycle or `dream demo`),
        # so entry files compare byte for byte.
        return _entry_json(self.to_dict())


# json.dumps with ``indent`` runs Python's pure-Python encoder; a first cycle writes most of a
# corpus (twice), so an entry's usual shape -- string tags and metadata, a finite float
# importance -- is laid out here with json's C string encoder, byte for byte what
# json.dumps(indent=2, sort_keys=True, ensure_ascii=False) gives (tested against it); any other
# shape (or a record with other keys than the entry's fields, ``extra``) goes through json.dumps.
_DICT_KEYS = frozenset(f.name for f in fields(MemoryEntry) if f.init and f.name != "extra")


def _entry_json(record: dict[str, Any]) -> str:
    tags, metadata, importance = record["tags"], record["metadata"], record["importance"]
    if (
        record.keys() == _DICT_KEYS
        and all(type(t) is str for t in tags)
        and all(type(k) is str and type(v) is str for k, v in metadata.items())
        and type(importance) is float
        and math.isfinite(importance)
        and type(record["reinforcement_count"]) is int
    ):
        q = _quote
        tags_text = "[\n    " + ",\n    ".join(map(q, tags)) + "\n  ]" if tags else "[]"
        pairs = ",\n    ".join(f"{q(k)}: {q(v)}" for k, v in sorted(metadata.items()))
        metadata_text = "{\n    " + pairs + "\n  }" if metadata else "{}"
        reason, archived = record["archive_reason"], record["archived_at"]
        try:
            return (
                f'{{\n  "archive_reason": {"null" if reason is None else q(reason)},\n'
                f'  "archived_at": {"null" if archived is None else q(archived)},\n'
                f'  "category": {q(record["category"])},\n'
                f'  "content": {q(record["content"])},\n'
                f'  "created_at": {q(record["created_at"])},\n'
                f'  "id": {q(record["id"])},\n'
                f'  "importance": {float.__repr__(importance)},\n'
                f'  "last_seen_at": {q(record["last_seen_at"])},\n'
                f'  "metadata": {metadata_text},\n'
                f'  "reinforcement_count": {int.__repr__(record["reinforcement_count"])},\n'
                f'  "tags": {tags_text},\n'
                f'  "updated_at": {q(record["updated_at"])}\n}}\n'
            )
        except TypeError:  # a text field holding another type: json.dumps says how it reads
            pass
    return json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


# Where ``review_fingerprint`` keeps its value on an entry (an attribute outside the dataclass
# fields: ``with_changes`` and equality ignore it). Bumped with any change to the hash below.
_FINGERPRINT = "_review_fingerprint"
REVIEW_FINGERPRINT_VERSION = 1


# The fields ``review_fingerprint`` does not cover (metadata: only its subject-time keys count).
_UNFINGERPRINTED = frozenset({"importance", "updated_at", "archived_at", "archive_reason"})


def _keeps_fingerprint(entry: MemoryEntry, changes: dict[str, Any]) -> bool:
    for name, value in changes.items():
        if name in _UNFINGERPRINTED:
            continue
        if name == "metadata" and all(
            value.get(key) == entry.metadata.get(key) for key in SUBJECT_TIME_KEYS
        ):
            continue
        return False
    return True


def review_fingerprint(entry: MemoryEntry) -> str:
    """The content fingerprint that says whether an entry changed since its last review.

    any write path (reinforcement, a tool edit, a prior merge) re-opens an entry, while
    importance decay (score and updated_at only) does not. So the hash covers what the agent
    observed, not the score or the dream cycle's own bookkeeping.

    Kept on the (frozen) entry once computed: a cycle asks it of every live entry in several
    passes, and the entries of a run are shared objects (core/store/entry_index.py). Entries change
    only by ``with_changes``, which makes a new object. The entry index stores it beside the entry's
    typed columns, so an entry built from the index comes with it (``entry_of_values``;
    a change to this hash changes ``REVIEW_FINGERPRINT_VERSION``, which retires stored ones).
    """
    known = entry._review_fingerprint
    if known is not None:
        return known
    subject = {k: entry.metadata[k] for k in SUBJECT_TIME_KEYS if k in entry.metadata}
    payload = json.dumps(
        [
            entry.content,
            entry.category,
            sorted(entry.tags),
            entry.reinforcement_count,
            format_time(entry.last_seen_at),
            format_time(entry.created_at),
            subject,
        ],
        ensure_ascii=False,
    )
    fingerprint = hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32]
    object.__setattr__(entry, _FINGERPRINT, fingerprint)
    return fingerprint


def entry_of_values(
    values: tuple[Any, ...], fingerprint: str | None = None, judged: str | None = None
) -> MemoryEntry:
    """The entry ``MemoryEntry(*values)`` builds, ``values`` already of the fields' types (the
    entry index's rows, checked as they are read), with ``fingerprint`` (its review fingerprint)
    and ``judged`` (its ``pair_input``) remembered when given.
    Without the frozen dataclass's ``__init__``, which sets each of the twelve fields through
    ``object.__setattr__``: an idle cycle builds 100 000 entries from the index, and that was
    over half of their cost (docs/benchmarks.md, a whole cycle, round 13)."""
    entry = _NEW(MemoryEntry)
    attributes = entry.__dict__
    attributes.update(zip(_FIELD_NAMES, values, strict=True))  # ValueError on a wrong count
    # Both, in the order ``__init__`` sets them: the entries share one attribute table.
    attributes[_FINGERPRINT] = fingerprint
    attributes[_PAIR_INPUT] = judged
    return entry


# What judging a near-duplicate pair reads of an entry's metadata: the subject times and the
# audience (a cluster never spans two, core/safety/audience.py).
PAIR_INPUT_KEYS = (*SUBJECT_TIME_KEYS, "audience")
_NONE_JUDGED = "|" * (len(PAIR_INPUT_KEYS) - 1)
_PAIR_INPUT = "_pair_input"
PAIR_INPUT_VERSION = 1  # a change to ``pair_input`` changes this: stored ones are retired


def pair_input(entry: MemoryEntry) -> str:
    """A hash of what judging a near-duplicate pair reads of one entry: its text, its category
    (numeric exemptions) and its ``PAIR_INPUT_KEYS`` metadata. The duplicate scan's reuse keys
    (passes/duplicate_clusters/reuse.py) are made of it. The entry index stores it beside the
    entry's columns, and an entry built from the index comes with it (kept by ``with_changes``
    that do not touch what it reads), so an idle cycle does not hash every live text again.
    Computed, not kept, for an entry without it: keeping it on the first cycle's 100 000 parsed
    entries raised that cycle's peak memory by 120 MB (docs/benchmarks.md, round 14)."""
    known = entry._pair_input
    if known is not None:
        return known
    metadata = entry.metadata
    if metadata.keys().isdisjoint(PAIR_INPUT_KEYS):
        judged = _NONE_JUDGED  # most entries: what the join below gives for no judged key
    else:
        judged = "|".join([str(metadata.get(k, "")) for k in PAIR_INPUT_KEYS])
    # The three parts joined by NUL (content and category are strings).
    joined = f"{entry.content}\x00{entry.category}\x00{judged}"
    return hashlib.sha1(joined.encode("utf-8")).hexdigest()


def _keeps_pair_input(entry: MemoryEntry, changes: dict[str, Any]) -> bool:
    for name, value in changes.items():
        if name in ("content", "category") and value != getattr(entry, name):
            return False
        if name == "metadata" and any(
            value.get(k) != entry.metadata.get(k) for k in PAIR_INPUT_KEYS
        ):
            return False
    return True


_NEW = object.__new__
_FIELD_NAMES = tuple(f.name for f in fields(MemoryEntry) if f.init)


def is_high_value(entry: MemoryEntry, *, floor_importance: float, floor_reinforcement: int) -> bool:
    """The high-value pruning floor (docs/passes.md, Pass 1). A non-positive bound is off."""
    by_importance = floor_importance > 0 and entry.importance >= floor_importance
    by_reinforcement = floor_reinforcement > 0 and entry.reinforcement_count >= floor_reinforcement
    return by_importance or by_reinforcement


@dataclass(frozen=True)
class Skill:
    name: str
    summary: str
    content: str
    created_at: datetime | None = None
    last_used_at: datetime | None = None
    see_also: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def to_markdown(self) -> str:
        import yaml

        front: dict[str, Any] = {"name": self.name, "summary": self.summary}
        if self.created_at:
            front["created_at"] = format_time(self.created_at)
        if self.last_used_at:
            front["last_used_at"] = format_time(self.last_used_at)
        front["see_also"] = list(self.see_also)
        front.update(self.extra)
        header = yaml.safe_dump(front, sort_keys=False, allow_unicode=True).strip()
        body = self.content if self.content.endswith("\n") else self.content + "\n"
        return f"---\n{header}\n---\n{body}"

    @classmethod
    def from_markdown(cls, text: str, source: str, fallback_name: str) -> Skill:
        import yaml

        front: dict[str, Any] = {}
        body = text
        if text.startswith("---"):
            parts = text.split("\n---", 1)
            if len(parts) != 2:
                raise VolumeFormatError(f"{source}: front matter is not closed by '---'")
            try:
                loaded = yaml.safe_load(parts[0][3:]) or {}
            except yaml.YAMLError as exc:
                raise VolumeFormatError(f"{source}: front matter is not YAML: {exc}") from exc
            except RecursionError as exc:
                # PyYAML's parser and composer recurse once per nesting level.
                raise VolumeFormatError(
                    f"{source}: front matter is not YAML: nested too deeply to read"
                ) from exc
            except (ValueError, OverflowError) as exc:
                # A value PyYAML recognised but could not build (a date such as 0000-01-01).
                raise VolumeFormatError(f"{source}: front matter is not YAML: {exc}") from exc
            if not isinstance(loaded, dict):
                raise VolumeFormatError(f"{source}: front matter must be a mapping")
            front = loaded
            body = parts[1].lstrip("-").lstrip("\n") if parts[1].startswith("-") else parts[1]
            body = body[1:] if body.startswith("\n") else body
        name = front.pop("name", fallback_name)
        try:
            name = validate_skill_name(str(name))
        except ValueError as exc:
            raise VolumeFormatError(f"{source}: {exc}") from exc
        see_also = front.pop("see_also", []) or []
        if not isinstance(see_also, list):
            raise VolumeFormatError(f"{source}: see_also must be a list")

        def when(key: str) -> datetime | None:
            value = front.pop(key, None)
            if value is None:
                return None
            try:
                return parse_time(value.isoformat() if isinstance(value, datetime) else str(value))
            except TimeRangeError as exc:
                raise VolumeFormatError(f"{source}: {key}: {exc}") from exc
            except ValueError as exc:
                raise VolumeFormatError(f"{source}: {key} is not ISO-8601") from exc

        created, last_used = when("created_at"), when("last_used_at")
        return cls(
            name=name,
            summary=str(front.pop("summary", "") or ""),
            content=body,
            created_at=created,
            last_used_at=last_used,
            see_also=tuple(str(s) for s in see_also),
            extra=front,
        )


@dataclass(frozen=True)
class FileProblem:
    """A file the cycle could not read; it is reported and left in place."""

    path: Path
    reason: str
