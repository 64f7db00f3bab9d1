"""The one place that parses model replies into the passes' JSON contracts.

docs/passes.md, "Reply contracts": every pass answers with one JSON object; the host extracts the
outermost object from the reply, tolerating DeepSeek-style ``<think>...</think>`` reasoning and
prose around it. This module does that extraction and validates the three contract shapes
(memory consolidation / preference inference, skill consolidation / optimization, skill gap
detection) into typed values.

A reply that cannot be read raises ``ReplyError``; the caller then leaves its ledger stamp
unwritten, because a pass is recorded as done "only after the model returns usable JSON",
so the pass is retried next cycle instead of being mistaken for a completed one. One malformed
item does not sink a whole reply: it is dropped and described in ``invalid``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator


class ReplyError(ValueError):
    """The model's reply holds no usable JSON object of the expected shape."""


# ---------------------------------------------------------------------------------------------
# Extraction


_THINK_OPEN = re.compile(r"<(think|thinking)>", re.IGNORECASE)
_THINK_CLOSE = re.compile(r"</(think|thinking)>", re.IGNORECASE)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
_SNIPPET_CHARS = 80


def extract_json_object(text: str) -> dict[str, object]:
    """Return the outermost JSON object in a model reply.

    Reasoning blocks are skipped, prose and code fences around the object are ignored, and
    the first top-level object that parses wins. Objects nested inside a JSON array or inside
    an unparseable outer object are never returned: handing a pass one inner ``toSave`` item
    as if it were the whole reply would read as "nothing to do" and stamp the pass done.
    """
    scan = _drop_orphan_reasoning(text)
    position = 0
    while position < len(scan):
        think = _THINK_OPEN.match(scan, position)
        if think is not None:
            close = _THINK_CLOSE.search(scan, think.end())
            if close is None:
                # A reply cut off inside its reasoning has no answer yet; anything brace-like
                # in there is a draft, not the model's reply.
                break
            position = close.end()
            continue
        char = scan[position]
        if char not in "{[":
            position += 1
            continue
        end = _matching_close(scan, position)
        if end is None:
            if char == "[":
                # An unmatched '[' in prose ("[see below") is not JSON; keep scanning.
                position += 1
                continue
            raise ReplyError(
                "reply ends inside an unclosed JSON object (truncated?): "
                + _snippet(scan[position:])
            )
        value = _loads(scan[position : end + 1])
        if isinstance(value, dict):
            return value
        if char == "[" and value is None:
            # Bracketed prose such as "[1]" or "[see {x}]": step inside, it may hold the reply.
            position += 1
            continue
        # Either a parsed JSON array (its objects are not outermost) or a braced span that is
        # not JSON (prose such as "{toDelete, toSave}"): skip it whole.
        position = end + 1
    raise ReplyError("no JSON object in reply: " + _snippet(text))


def _drop_orphan_reasoning(text: str) -> str:
    """Drop reasoning whose opening tag the chat template already emitted.

    Some servers put ``<think>`` into the prompt, so the reply starts mid-reasoning and only
    the closing tag appears; everything before it is reasoning.
    """
    close = _THINK_CLOSE.search(text)
    if close is None:
        return text
    if _THINK_OPEN.search(text, 0, close.start()) is not None:
        return text
    return text[close.end() :]


def _outside_strings(text: str, start: int = 0) -> Iterator[tuple[int, str]]:
    """Each character of ``text`` from ``start`` that is not inside a JSON string literal."""
    in_string = False
    escaped = False
    for index in range(start, len(text)):
        char = text[index]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        else:
            yield index, char


def _matching_close(text: str, start: int) -> int | None:
    """Index of the bracket closing the one at ``start``, skipping brackets inside strings."""
    depth = 0
    for index, char in _outside_strings(text, start):
        if char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return index
    return None


def _loads(candidate: str) -> object | None:
    """Parse one candidate span, or ``None`` when it is not JSON.

    ``strict=False`` admits raw newlines inside strings and the trailing-comma retry admits
    ``[1, 2,]``: both are common in model output and neither changes what the model meant.
    """
    try:
        value: object = json.loads(candidate, strict=False)
    except ValueError:
        pass
    else:
        return value
    repaired = _drop_trailing_commas(candidate)
    if repaired == candidate:
        return None
    try:
        repaired_value: object = json.loads(repaired, strict=False)
    except ValueError:
        return None
    return repaired_value


def _drop_trailing_commas(candidate: str) -> str:
    pieces: list[str] = []
    last = 0
    for index, char in _outside_strings(candidate):
        if char == "," and _TRAILING_COMMA.match(candidate, index):
            pieces.append(candidate[last:index])
            last = index + 1
    pieces.append(candidate[last:])
    return "".join(pieces)


def _snippet(text: str) -> str:
    flat = " ".join(text.split())
    if len(flat) > _SNIPPET_CHARS:
        flat = flat[:_SNIPPET_CHARS] + "..."
    return f"{len(text)} chars: {flat!r}"
