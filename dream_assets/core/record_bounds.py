"""What one record of the agent volume may hold (docs/agent-volume.md, "Unreadable files are
reported and left in place"): its integers within a signed 64-bit integer, its text encodable as
UTF-8, its JSON nested at most ``MAX_NESTING`` deep. A record past a bound is unreadable, named,
left on disk: accepted, each of these failed a pass on every cycle (an index store, a scan, a
re-encoding deeper in the stack)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# The bounds of an entry's integers (``reinforcement_count``): a signed 64-bit integer, what the
# entry index stores it as (an SQLite INTEGER). A file holding a larger one is malformed: accepted,
# it made every store of the index fail (OverflowError), on every cycle.
INT64_MAX = 2**63 - 1

# The text fields of an entry (its id is ASCII by its pattern; its other keys: ``extra``).
_TEXT_FIELDS = ("content", "category", "tags", "metadata", "archive_reason")


# How deep the JSON of a record the volume holds may nest (an entry's fields, a JSONL line): a
# value ``json.loads`` accepted a little under the interpreter's recursion limit could still fail
# (RecursionError) when a later step, deeper in the stack, encodes or walks it again.
MAX_NESTING = 100


def _nodes(value: object) -> Iterator[tuple[Any, int]]:
    """Every value inside ``value`` (decoded JSON), dict keys included, with its depth (0 for
    ``value``). Iterative: it never recurses, whatever the depth; the caller stops it at a bound."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        yield item, depth
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for child in (*item.keys(), *item.values()))
        elif isinstance(item, list | tuple):
            stack.extend((child, depth + 1) for child in item)


def _too_deep(item: object, depth: int, limit: int) -> bool:
    return depth >= limit and isinstance(item, dict | list | tuple)


def nested_deeper_than(value: object, limit: int = MAX_NESTING) -> bool:
    """Whether ``value`` (decoded JSON) nests lists and objects more than ``limit`` deep."""
    return any(_too_deep(item, depth, limit) for item, depth in _nodes(value))


def _value_problem(key: str, first: object) -> str | None:
    if first is None or (isinstance(first, str) and first.isascii()):
        return None  # most fields of most entries: nothing to walk
    if isinstance(first, list) and all(type(v) is str and v.isascii() for v in first):
        return None  # tags
    if isinstance(first, dict) and all(
        type(k) is str and k.isascii() and type(v) is str and v.isascii() for k, v in first.items()
    ):
        return None  # flat metadata
    for value, depth in _nodes(first):
        if _too_deep(value, depth, MAX_NESTING):
            return f"{key} is nested more than {MAX_NESTING} levels deep"
        if isinstance(value, str) and not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return f"{key} holds text that is not valid Unicode (a lone surrogate)"
    return None


def text_problem(raw: dict[str, Any], extra: dict[str, Any] | None = None) -> str | None:
    """Why the text fields an entry keeps cannot be kept, or None: a string that UTF-8 cannot
    encode (a lone surrogate, which JSON's ``\\ud800`` escape yields: the entry could not be
    hashed, indexed or written back, UnicodeEncodeError), or nesting deeper than
    ``MAX_NESTING``. An ASCII string is not encoded. ``extra``: the record's keys outside the
    entry's fields (kept as they are, ``MemoryEntry.extra``), held to the same bounds."""
    for key in _TEXT_FIELDS:
        problem = _value_problem(key, raw.get(key))
        if problem is not None:
            return problem
    if extra:
        return _value_problem("a key outside the entry's fields", extra)
    return None


def entry_problem(
    raw: dict[str, Any], count: int, extra: dict[str, Any] | None = None
) -> str | None:
    """Why a memory entry's record (``raw``, its ``reinforcement_count`` read as ``count``, its
    keys outside the entry's fields ``extra``) passes a bound of the volume, or None."""
    if count > INT64_MAX:
        return f"reinforcement_count {count} is out of range (at most 2**63 - 1)"
    return text_problem(raw, extra)
