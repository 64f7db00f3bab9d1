"""Claude Code's ``MEMORY.md`` index: which lines link which topic file, and the one edit the
writeback makes to it.

Only the lines ``- [Title](file.md) — hook`` of the topic files the writeback removes or writes
change; every other line (headings, prose, blank lines, other links) is kept byte for byte, line
endings included (lines end at ``\\n``, ``\\r\\n`` or ``\\r`` only; a leading byte order mark
is read past and kept). Claude Code loads only the first ``MAX_INDEX_LINES`` lines of the file,
so the edit never makes the file longer than that: a line that would is not added (and
reported).
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import quote, unquote

from dream_assets.core.store.kinds.boundary import BOM, split_lines

MAX_INDEX_LINES = 200
# "- [Title](file.md) — hook" (also "* " bullets, "./file.md" targets, any hook separator). The
# target is a CommonMark link destination: plain, or in angle brackets ("<a b.md>"); its
# backslash escapes and percent-escapes ("a%20b.md") are decoded (``_target``).
INDEX_LINE = re.compile(
    r"^\s*[-*]\s+\[(?P<title>[^\]]*)\]\("
    r"(?:<(?P<angled>(?:[^<>\\\r\n]|\\.)*)>|(?P<plain>[^<)\s][^)\s]*))\)"
)
ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")  # a backslash before ASCII punctuation


def _target(match: re.Match[str]) -> str | None:
    """The topic file a link's destination names: a ``.md`` name without a ``/``, else None."""
    raw = match.group("angled")
    target = ESCAPED.sub(r"\1", match.group("plain") if raw is None else raw)
    with contextlib.suppress(UnicodeDecodeError):  # not a UTF-8 escape: the text as it is
        target = unquote(target, errors="strict")
    target = target.removeprefix("./")
    if "/" in target or len(target) <= len(".md") or not target.endswith(".md"):
        return None
    return target


def _link(line: str) -> re.Match[str] | None:
    match = INDEX_LINE.match(line)
    return match if match is not None and _target(match) is not None else None


def linked_file(line: str) -> str | None:
    """The topic file an index line links, or None for any other line."""
    match = INDEX_LINE.match(line)
    return _target(match) if match else None


def _escaped(char: str) -> bool:
    """A character a link destination holds only percent-encoded: ``%`` (it would read as an
    escape), ``<``, ``>``, a backslash, and control, format and line-breaking characters."""
    return char in "%<>\\" or unicodedata.category(char)[0] == "C" or char in "\u2028\u2029"


def link_destination(ref: str) -> str:
    """``ref`` as a link destination that reads back as ``ref``: plain (``a_b.md``) when it can
    be, else in angle brackets (``<a b.md>``, ``<notes (old).md>``)."""
    encoded = "".join(quote(c, safe="") if _escaped(c) else c for c in ref)
    return f"<{encoded}>" if any(c.isspace() or c in "()" for c in encoded) else encoded


def title_and_hook(line: str) -> tuple[str, str]:
    """An index line's link title and the hook after the link ("" when none)."""
    match = _link(line)
    if match is None:
        return "", ""
    hook = line[match.end() :].strip().lstrip("—–-:").strip()
    return match.group("title").strip(), hook


def index_lines(text: str) -> dict[str, str]:
    """Each linked file's lines (joined by newlines, without line endings), in file order."""
    found: dict[str, list[str]] = {}
    for line in split_lines(text.removeprefix(BOM)):
        line = line.rstrip("\r\n")
        target = linked_file(line)
        if target is not None:
            found.setdefault(target, []).append(line)
    return {target: "\n".join(lines) for target, lines in found.items()}


def index_line_for(title: str, ref: str, hook: str) -> str:
    title = " ".join(title.replace("[", "(").replace("]", ")").split()) or ref
    hook = " ".join(hook.split())
    link = f"- [{title}]({link_destination(ref)})"
    return f"{link} — {hook}" if hook else link


@dataclass
class IndexEdit:
    """What the writeback changes in the index."""

    # Files leaving the store: their lines go.
    drop: set[str] = field(default_factory=set)
    # A new line and the files whose first line it takes the place of (in file order, the first
    # one present); when none of them has a line, it follows ``after`` (the first present).
    place: list[tuple[str, Sequence[str], Sequence[str]]] = field(default_factory=list)
    # Lines added at the end.
    append: list[str] = field(default_factory=list)


@dataclass
class EditedIndex:
    text: str
    not_added: list[str] = field(default_factory=list)  # lines left out: the index is full
    # Lines with no place: none of the files they were to replace or follow has a line (a merge
    # of unindexed sources stays unindexed).
    unplaced: list[str] = field(default_factory=list)


def _newline(lines: Sequence[str]) -> str:
    return "\r\n" if lines and lines[0].endswith("\r\n") else "\n"


def apply_index_edit(
    text: str, edit: IndexEdit, *, max_lines: int = MAX_INDEX_LINES
) -> EditedIndex:
    bom = BOM if text.startswith(BOM) else ""
    lines = split_lines(text[len(bom) :])
    newline = _newline(lines)
    position: dict[str, int] = {}
    for number, line in enumerate(lines):
        target = linked_file(line)
        if target is not None:
            position.setdefault(target, number)
    # Replacements keyed by line number; the other lines of dropped files are removed.
    replaced: dict[int, list[str]] = {}
    after: dict[int, list[str]] = {}
    not_added: list[str] = []
    unplaced: list[str] = []
    pending: list[tuple[str, int | None, bool]] = []  # (line, number, takes a dropped place)
    for new_line, instead_of, follow in edit.place:
        places = sorted(position[r] for r in instead_of if r in position and r in edit.drop)
        if places:
            pending.append((new_line, places[0], True))
            continue
        anchors = sorted(position[r] for r in follow if r in position)
        pending.append((new_line, anchors[0] if anchors else None, False))
    kept = [
        number
        for number, line in enumerate(lines)
        if linked_file(line) not in edit.drop or linked_file(line) is None
    ]
    count = len(kept)
    for new_line, spot, takes_place in pending:
        if takes_place and spot is not None and spot not in replaced:
            replaced[spot] = [new_line]
            count += 1
        elif spot is None:
            unplaced.append(new_line)
        elif count < max_lines:
            (replaced if spot in replaced else after).setdefault(spot, []).append(new_line)
            count += 1
        else:
            not_added.append(new_line)
    appended: list[str] = []
    for new_line in edit.append:
        if count < max_lines:
            appended.append(new_line)
            count += 1
        else:
            not_added.append(new_line)
    out: list[str] = []
    for number, line in enumerate(lines):
        target = linked_file(line)
        if number in replaced:
            out.extend(new + newline for new in replaced[number])
        elif target is None or target not in edit.drop:
            out.append(line)
        out.extend(new + newline for new in after.get(number, []))
    if appended:
        if out and not out[-1].endswith(("\n", "\r")):
            out[-1] += newline
        out.extend(new + newline for new in appended)
    return EditedIndex(bom + "".join(out), not_added, unplaced)


def relinked(line: str, old_ref: str, new_ref: str) -> str:
    """An index line pointing at ``new_ref`` instead of ``old_ref`` (an item put back under
    another name); only its link destination changes."""
    match = _link(line)
    if old_ref == new_ref or match is None or _target(match) != old_ref:
        return line
    start, end = match.span("angled" if match.group("angled") is not None else "plain")
    if match.group("angled") is not None:
        start, end = start - 1, end + 1  # the angle brackets go too
    return line[:start] + link_destination(new_ref) + line[end:]
