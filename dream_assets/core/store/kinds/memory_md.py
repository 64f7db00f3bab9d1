"""OpenClaw's ``MEMORY.md``: its list items (the store's items) and everything else (its
skeleton: headings, prose, blank lines, fenced code, which the cycle never changes).

An item is a ``- `` or ``* `` line and the lines after it indented deeper than its marker
(continuation lines and nested lists: a nested list belongs to its parent, so removing an item
never leaves its children under another one). A blank line, a heading or a line indented no
deeper ends it, except inside fenced code of the item (the item's, blank lines included). Fenced
code (CommonMark fences: a closing run as long, nothing after it) and thematic breaks (``* * *``)
are skeleton. Lines end at ``\\n``, ``\\r\\n`` or ``\\r`` only; a leading byte order mark is read
past (``Parsed.bom``) and written back. An item's category is its heading path; its ref is
``MEMORY.md#<heading slug>-<hash of heading path and text>`` (``-2``, ``-3`` ... for the same text
again under the same heading), so the same item keeps its ref across snapshots wherever lines
around it move; its version is the sha256 of its lines.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from dream_assets.core.store.kinds.boundary import BOM, item_version, split_lines

INDEX_FILE = "MEMORY.md"
REF_PREFIX = "MEMORY.md#"
CATEGORY_ROOT = "openclaw"
ITEM_START = re.compile(r"^(?P<indent>[ \t]*)(?P<marker>[-*])[ \t]+(?P<text>\S.*)$")
# The title is the rest with trailing " \t#" taken off in code (``heading_title``): a lazy
# title followed by ``[ \t#]*$`` is quadratic on a long run of spaces.
HEADING = re.compile(r"^ {0,3}(?P<hashes>#{1,6})[ \t]+(?P<title>.*)$")
THEMATIC_BREAK = re.compile(r"^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$")
# A fence opens with 3+ backticks (an info string without backticks) or 3+ tildes, and closes
# with a run of the same character at least as long and nothing else (CommonMark 4.5).
FENCE = re.compile(r"^ {0,3}(?P<fence>`{3,}(?=[^`]*$)|~{3,})")
FENCE_CLOSE = re.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})[ \t]*$")
SLUG = re.compile(r"[^a-z0-9]+")
MAX_SLUG = 40
REF_HASH = 10


def _strip_eol(line: str) -> str:
    return line.rstrip("\r\n")


def heading_title(match: re.Match[str]) -> str:
    """A ``HEADING`` match's title: closing ``#``s and spaces taken off."""
    return match.group("title").rstrip(" \t#").strip()


def _blank(line: str) -> bool:
    return not line.strip(" \t\r\n")


def _closes(line: str, fence: str) -> bool:
    close = FENCE_CLOSE.match(line)
    return (
        close is not None
        and close.group("fence")[0] == fence[0]
        and len(close.group("fence")) >= len(fence)
    )


def slug(text: str) -> str:
    return SLUG.sub("-", text.lower()).strip("-")[:MAX_SLUG].strip("-")


@dataclass(frozen=True)
class Item:
    ref: str
    start: int  # first line number
    end: int  # one past the last line
    data: bytes  # the item's lines exactly as they are (line endings included)
    text: str  # the content: marker and continuation indentation taken off
    headings: tuple[str, ...]  # heading titles, outermost first
    heading_lines: str  # the heading lines themselves, joined by newlines (where it sat)

    @property
    def version(self) -> str:
        return item_version(self.data)

    @property
    def category(self) -> str:
        parts = [s for s in (slug(h) for h in self.headings) if s]
        return "/".join([CATEGORY_ROOT, *parts])


@dataclass
class Parsed:
    lines: list[str]  # with line endings (a leading byte order mark is in ``bom``)
    items: list[Item]
    bom: str = ""  # "\ufeff" when the file starts with one: read past, written back
    _by_ref: dict[str, Item] | None = field(default=None, repr=False, compare=False)

    def by_ref(self) -> dict[str, Item]:
        # Cached: the writeback and the nothing_lost check look up every item of one parse.
        if self._by_ref is None:
            self._by_ref = {item.ref: item for item in self.items}
        return self._by_ref

    def newline(self) -> str:
        return "\r\n" if self.lines and self.lines[0].endswith("\r\n") else "\n"


def _indent_width(text: str) -> int:
    return len(text.expandtabs(4)) - len(text.expandtabs(4).lstrip(" "))


def _item_text(lines: Sequence[str], marker_width: int) -> str:
    first = ITEM_START.match(_strip_eol(lines[0]))
    assert first is not None
    out = [first.group("text").rstrip()]
    for line in lines[1:]:
        raw = _strip_eol(line).expandtabs(4)
        out.append(raw[min(marker_width, _indent_width(raw)) :].rstrip())
    return "\n".join(out)


def _ref(headings: Sequence[str], text: str, seen: dict[str, int]) -> str:
    key = "\n".join([*headings, " ".join(text.split())])
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:REF_HASH]
    section = slug(headings[-1]) if headings else "top"
    base = f"{REF_PREFIX}{section}-{digest}" if section else f"{REF_PREFIX}{digest}"
    seen[base] = seen.get(base, 0) + 1
    return base if seen[base] == 1 else f"{base}-{seen[base]}"


def parse(text: str) -> Parsed:
    bom = BOM if text.startswith(BOM) else ""
    lines = split_lines(text[len(bom) :])
    items: list[Item] = []
    headings: list[tuple[int, str, str]] = []  # (level, title, line)
    seen: dict[str, int] = {}
    fence = ""  # the open fence's run of ``` or ~~~ ("" outside code)
    number = 0
    while number < len(lines):
        raw = _strip_eol(lines[number])
        if fence:
            if _closes(raw, fence):
                fence = ""
            number += 1
            continue
        opening = FENCE.match(raw)
        if opening:
            fence = opening.group("fence")
            number += 1
            continue
        heading = HEADING.match(raw)
        if heading:
            level = len(heading.group("hashes"))
            headings = [h for h in headings if h[0] < level] + [
                (level, heading_title(heading), raw)
            ]
            number += 1
            continue
        start = ITEM_START.match(raw)
        if start is None or THEMATIC_BREAK.match(raw):
            number += 1
            continue
        marker_indent = _indent_width(start.group("indent"))
        end = _item_end(lines, number, marker_indent)
        block = lines[number:end]
        width = marker_indent + 2
        item_text = _item_text(block, width)
        titles = tuple(h[1] for h in headings)
        items.append(
            Item(
                ref=_ref(titles, item_text, seen),
                start=number,
                end=end,
                data="".join(block).encode("utf-8"),
                text=item_text,
                headings=titles,
                heading_lines="\n".join(h[2] for h in headings),
            )
        )
        number = end
    return Parsed(lines, items, bom)


def _item_end(lines: Sequence[str], number: int, marker_indent: int) -> int:
    """One past the last line of the item starting at ``number``: the lines after it indented
    deeper than its marker, a blank line ending it except inside fenced code of the item (which
    a line indented no deeper closes with the item). Trailing blank lines are not the item's."""
    end = number + 1
    fence = ""
    while end < len(lines):
        follow = _strip_eol(lines[end])
        if _blank(follow):
            if not fence:
                break
            end += 1
            continue
        indent = _indent_width(follow)
        if indent <= marker_indent:
            break
        inner = follow.expandtabs(4)[min(indent, marker_indent + 2) :]
        if fence:
            if _closes(inner, fence):
                fence = ""
        elif FENCE.match(follow) and indent <= marker_indent + 1:
            break
        elif opening := FENCE.match(inner):
            fence = opening.group("fence")
        end += 1
    while end > number + 1 and _blank(lines[end - 1]):
        end -= 1
    return end


def render_item(text: str, *, like: bytes | None, newline: str) -> str:
    """A merged item's lines: the first source's marker and indentation (``- `` when none),
    continuation lines indented under the text."""
    indent, marker = "", "-"
    if like:
        first = ITEM_START.match(_strip_eol(split_lines(like.decode("utf-8"))[0]))
        if first:
            indent, marker = first.group("indent"), first.group("marker")
    # A blank line would end the item: the merged text's paragraphs are kept as lines of it.
    body = [
        _strip_eol(line).rstrip() for line in split_lines(text.strip()) if not _blank(line)
    ] or ["(empty)"]
    pad = indent + " " * (len(marker) + 1)
    out = [f"{indent}{marker} {body[0]}"] + [pad + line for line in body[1:]]
    return "".join(line + newline for line in out)


def section_end(parsed: Parsed, heading_lines: str) -> int | None:
    """One past the last item under exactly ``heading_lines`` (the place to put an item back
    among its own), or None when no item sits under that heading path any more."""
    last = None
    for item in parsed.items:
        if item.heading_lines == heading_lines:
            last = item.end
    return last
