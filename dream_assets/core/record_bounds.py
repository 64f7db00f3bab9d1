"""What one record of the agent volume may hold (docs/agent-volume.md, "Unreadable files are
reported and left in place"): its integers within a signed 64-bit integer, its text encodable as
UTF-8, its JSON nested at most ``MAX_NESTING`` deep. A record past a bound is unreadable, named,
left on disk: accepted, each of these failed a pass on every cycle (an index store, a scan, a
re-encoding deeper in the stack)."""

from __future__ import annotations

from typing import Any

# The bounds of an entry's integers (``reinforcement_count``): a signed 64-bit integer, what the
# entry index stores it as (an SQLite INTEGER). A file holding a larger one is malformed: accepted,
# it made every store of the index fail (OverflowError), on every cycle.
INT64_MAX = 2**63 - 1

# The text fields an entry keeps (its id is ASCII by its pattern; other keys are not kept).
_TEXT_FIELDS = ("content", "category", "tags", "metadata", "archive_reason")


# How deep the JSON of a record the volume holds may nest (an entry's fields, a JSONL line): a
# value ``json.loads`` accepted a little under the interpreter's recursion limit could still fail
# (RecursionError) when a later step, deeper in the stack, encodes or walks it again.
MAX_NESTING = 100


def nested_deeper_than(value: object, limit: int = MAX_NESTING) -> bool:
    """Whether ``value`` (decoded JSON) nests lists and objects more than ``limit`` deep.
    Iterative: it never recurses, whatever the depth."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if depth >= limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def text_problem(raw: dict[str, Any]) -> str | None:
    """Why the text fields an entry keeps cannot be kept, or None: a string that UTF-8 cannot
    encode (a lone surrogate, which JSON's ``\\ud800`` escape yields: the entry could not be
    hashed, indexed or written back, UnicodeEncodeError), or nesting deeper than
    ``MAX_NESTING``. Iterative; an ASCII string is not encoded."""
    for key in _TEXT_FIELDS:
        first = raw.get(key)
        if first is None or (isinstance(first, str) and first.isascii()):
            continue  # most fields of most entries: nothing to walk
        if isinstance(first, list) and all(type(v) is str and v.isascii() for v in first):
            continue  # tags
        if isinstance(first, dict) and all(
            type(k) is str and k.isascii() and type(v) is str and v.isascii()
            for k, v in first.items()
        ):
            continue  # flat metadata
        stack: list[tuple[Any, int]] = [(first, 0)]
        while stack:
            value, depth = stack.pop()
            if isinstance(value, str):
                if not value.isascii():
                    try:
                        value.encode("utf-8")
                    except UnicodeEncodeError:
                        return f"{key} holds text that is not valid Unicode (a lone surrogate)"
            elif isinstance(value, dict | list | tuple):
                if depth >= MAX_NESTING:
                    return f"{key} is nested more than {MAX_NESTING} levels deep"
                items = (*value.keys(), *value.values()) if isinstance(value, dict) else value
                stack.extend((item, depth + 1) for item in items)
    return None


def entry_problem(raw: dict[str, Any], count: int) -> str | None:
    """Why a memory entry's record (``raw``, its ``reinforcement_count`` read as ``count``) passes
    a bound of the volume, or None."""
    if count > INT64_MAX:
        return f"reinforcement_count {count} is out of range (at most 2**63 - 1)"
    return text_problem(raw)
