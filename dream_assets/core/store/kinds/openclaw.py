"""An OpenClaw workspace as a store (``~/.openclaw/workspace``): the list items of its
``MEMORY.md`` (``memory_md``).

A merged item replaces the first removable source's item in place; the other sources' items
are removed; every other line of ``MEMORY.md`` (headings, prose, blank lines, code) stays byte
for byte. A merged item or put-back that would not read back as the same list item is not written
and none of the items it was to replace leaves. The daily notes ``memory/YYYY-MM-DD*.md`` and
OpenClaw's own ``memory/.dreams/`` are never opened for writing. ``MEMORY.md`` has no lock
OpenClaw honours: the writeback re-reads it immediately before its atomic replace and applies the
plan to what it holds then; an item whose text changed since the snapshot has another ref or
version and is left as it is.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dream_assets.core.store.atomic import atomic_write_bytes
from dream_assets.core.store.kinds import boundary
from dream_assets.core.store.kinds.boundary import (
    directory_field,
    read_shared_file,
    refuse_dream_agent_dir,
)
from dream_assets.core.store.kinds.memory_md import (
    INDEX_FILE,
    Item,
    Parsed,
    parse,
    render_item,
    section_end,
    split_lines,
)

KIND = "openclaw"
# The workspace files OpenClaw writes beside MEMORY.md (any one marks its layout).
LAYOUT_FILES = ("AGENTS.md", "SOUL.md", "USER.md", "IDENTITY.md", "HEARTBEAT.md")
NOTES_DIR = "memory"
# MEMORY.md is re-read right before its replace; a file changing under us that often is busy.
WRITE_ATTEMPTS = 3
# Where an item sat (its heading lines): read from the snapshot's fields, or from the mirror's
# ``store_index_line`` for an item the cycle removed (``boundary.WriteOutcome.removed``).
HEADINGS_FIELD = "headings"
INDEX_LINE_FIELD = "index_line"


def _where(fields: Mapping[str, str]) -> str | None:
    return fields.get(HEADINGS_FIELD) or fields.get(INDEX_LINE_FIELD) or None


def _nothing_done(plan: boundary.WritePlan, why: str) -> boundary.WriteOutcome:
    """MEMORY.md could not be edited: every removal stays (a duplicate, never a loss), and a
    merge or put-back that did not land fails the writeback (the mirror keeps it for the next)."""
    outcome = boundary.WriteOutcome()
    outcome.changed = [(r.ref, f"{why}: nothing removed") for r in plan.removals]
    if plan.new or plan.put_back:
        outcome.failures.append(f"{why}: nothing written")
    return outcome


class OpenClawStore:
    name = KIND

    def __init__(self, workspace: Path) -> None:
        self.workspace = workspace
        self._cache: tuple[bytes, Parsed] | None = None

    @classmethod
    def from_config(cls, config: Mapping[str, Any], source: Path) -> OpenClawStore:
        return cls(
            directory_field(
                config, source, kind=KIND, key="workspace", what="the workspace directory"
            )
        )

    def describe(self) -> str:
        return f"openclaw workspace {self.workspace} ({INDEX_FILE})"

    def directories(self) -> tuple[Path, ...]:
        return (self.workspace,)

    def check_target(self) -> None:
        """An OpenClaw workspace holds ``MEMORY.md``, or its layout (``memory/`` daily notes,
        ``AGENTS.md``, ``SOUL.md`` ...), and is not a dream agent directory."""
        root = self.workspace
        refuse_dream_agent_dir(root, not_what="an OpenClaw workspace")
        if os.path.lexists(root / INDEX_FILE) or (root / NOTES_DIR).is_dir():
            return
        if any((root / name).is_file() for name in LAYOUT_FILES):
            return
        raise boundary.StoreConfigError(
            f"{root}: no MEMORY.md, no memory/ and no AGENTS.md: not an OpenClaw workspace "
            "(~/.openclaw/workspace)"
        )

    # -- reading ----------------------------------------------------------------------------
    def _memory(self) -> tuple[bytes | None, str | None]:
        """MEMORY.md's bytes (None when absent) and why it cannot be used (None when it can)."""
        return read_shared_file(self.workspace / INDEX_FILE)

    def _parsed(self, data: bytes) -> Parsed:
        if self._cache is None or self._cache[0] != data:
            self._cache = (data, parse(data.decode("utf-8")))
        return self._cache[1]

    def read(self) -> boundary.StoreRead:
        read = boundary.StoreRead()
        data, problem = self._memory()
        if problem:
            read.unreadable.append(boundary.Unreadable(INDEX_FILE, problem + ": left as it is"))
            return read
        if data is None:
            return read
        try:
            when: datetime | None = datetime.fromtimestamp(
                os.stat(self.workspace / INDEX_FILE, follow_symlinks=False).st_mtime, UTC
            )
        except OSError:
            when = None
        for item in self._parsed(data).items:
            if not item.text.strip():
                read.unreadable.append(boundary.Unreadable(item.ref, "an empty list item"))
                continue
            read.items.append(
                boundary.StoreItem(
                    ref=item.ref,
                    version=item.version,
                    text=item.text,
                    category=item.category,
                    fields={HEADINGS_FIELD: item.heading_lines} if item.heading_lines else {},
                    modified_at=when,
                )
            )
        return read

    def current_version(self, ref: str) -> str | None:
        data, problem = self._memory()
        if data is None or problem:
            return None
        item = self._parsed(data).by_ref().get(ref)
        return item.version if item else None

    # -- writing ----------------------------------------------------------------------------
    def apply(self, plan: boundary.WritePlan, keep: boundary.KeepRemoved) -> boundary.WriteOutcome:
        for _attempt in range(WRITE_ATTEMPTS):
            data, problem = self._memory()
            if problem:
                return _nothing_done(plan, problem)
            outcome, edited, leaving = self._edit(plan, data or b"")
            if edited == (data or b""):
                return outcome
            if data is not None:
                leaving.append((INDEX_FILE, data))
            keep(leaving)
            if self._memory()[0] != data:
                continue  # OpenClaw wrote MEMORY.md meanwhile: apply to what it holds now
            atomic_write_bytes(self.workspace / INDEX_FILE, edited)
            return outcome
        return _nothing_done(plan, f"{INDEX_FILE} kept changing")

    def _edit(
        self, plan: boundary.WritePlan, data: bytes
    ) -> tuple[boundary.WriteOutcome, bytes, list[tuple[str, bytes]]]:
        """The outcome of ``plan`` on MEMORY.md as ``data`` holds it, the bytes to write, and
        the removed items' lines (to keep before they leave).

        All or nothing per addition: a merged item that cannot be placed as a list item (its
        text would read as a thematic break, a heading, code ...) is not written and none of
        its sources is removed; a put-back that cannot be placed is not written and the item
        whose place it takes stays. Nor is anything written that would change how another item
        of the file reads."""
        parsed = self._parsed(data)
        skipped: dict[str, str] = {}  # tag -> why it was left out
        while True:
            outcome, edited, kept, failed = self._edit_skipping(plan, parsed, skipped)
            if not failed:
                return outcome, edited, kept
            skipped.update(failed)

    def _edit_skipping(
        self, plan: boundary.WritePlan, parsed: Parsed, skipped: Mapping[str, str]
    ) -> tuple[boundary.WriteOutcome, bytes, list[tuple[str, bytes]], dict[str, str]]:
        """``_edit`` without the additions tagged in ``skipped``, and the tags that failed."""
        outcome = boundary.WriteOutcome()
        current = parsed.by_ref()
        newline = parsed.newline()
        # Removals held back: the sources of a merge, and the place of a put-back, not placed.
        held: dict[str, str] = {}
        for new in plan.new:
            why = skipped.get(f"new:{new.entry_id}")
            if why is not None:
                outcome.failures.append(
                    f"could not place {new.entry_id} as a list item of {INDEX_FILE} ({why}): "
                    "nothing written for it, none of its sources removed"
                )
                held.update((r, new.entry_id) for r in new.source_refs)
        for back in plan.put_back:
            why = skipped.get(f"back:{back.entry_id}")
            if why is not None:
                outcome.failures.append(
                    f"could not put back {back.entry_id} as a list item of {INDEX_FILE} ({why}): "
                    "nothing written for it"
                )
                if back.in_place_of:
                    held[back.in_place_of] = back.entry_id
        going: dict[str, Item] = {}
        for removal in plan.removals:
            item = current.get(removal.ref)
            if item is None:
                outcome.missing.append(removal.ref)
            elif item.version != removal.version:
                outcome.changed.append((removal.ref, "changed in MEMORY.md since the snapshot"))
            elif removal.ref in held:
                outcome.changed.append(
                    (removal.ref, f"{held[removal.ref]} could not be placed: nothing removed")
                )
            else:
                going[removal.ref] = item
        # Line number -> what takes the place of the item starting there; and what follows a
        # line number (a boundary: lines before it stay before). Each addition is tagged.
        instead: dict[int, list[tuple[str, str]]] = {i.start: [] for i in going.values()}
        after: dict[int, list[tuple[str, str]]] = {}

        def place(
            tag: str, lines: str, take: list[str], follow: list[str], where: str | None
        ) -> None:
            # The first source in the file, not in the merge's order: "in place" is where a reader
            # met the note first.
            spot = min((current[r].start for r in take if r in going), default=None)
            if spot is not None:
                instead[spot].append((tag, lines))
                return
            near = min((current[r].end for r in follow if r in current), default=None)
            if near is None and where:
                near = section_end(parsed, where)
            after.setdefault(len(parsed.lines) if near is None else near, []).append((tag, lines))

        for new in plan.new:
            if f"new:{new.entry_id}" in skipped:
                continue
            refs = list(new.source_refs)
            present = sorted((current[r] for r in refs if r in current), key=lambda i: i.start)
            first = present[0].data if present else None
            where = next((w for w in map(_where, new.source_fields) if w), None)
            place(
                f"new:{new.entry_id}",
                render_item(new.text, like=first, newline=newline),
                refs,
                refs,
                where,
            )
        for back in plan.put_back:
            if f"back:{back.entry_id}" in skipped:
                continue
            lines = back.data.decode("utf-8", errors="replace")
            if not lines.endswith(("\n", "\r")):
                lines += newline
            take = [back.in_place_of] if back.in_place_of else []
            follow = [back.near] if back.near else []
            place(f"back:{back.entry_id}", lines, take, follow, _where(back.fields))
        out: list[str] = []
        starts: dict[str, tuple[int, str]] = {}  # tag -> (output line its item starts at, lines)

        def emit(additions: list[tuple[str, str]]) -> None:
            for tag, lines in additions:
                if out and not out[-1].endswith(("\n", "\r")):
                    out[-1] += newline
                starts[tag] = (len(out), lines)
                out.extend(split_lines(lines))

        removed_lines = {n for i in going.values() for n in range(i.start, i.end)}
        for number, line in enumerate(parsed.lines):
            emit(after.get(number, []))
            if number in instead:
                emit(instead[number])
            if number not in removed_lines:
                out.append(line)
        emit(after.get(len(parsed.lines), []))
        edited = parsed.bom + "".join(out)
        reparsed = parse(edited)
        placed = {item.start: item for item in reparsed.items}
        failed: dict[str, str] = {}
        for tag, (start, lines) in starts.items():
            item = placed.get(start)
            if item is None or item.data != lines.encode("utf-8"):
                failed[tag] = "it would not read back as the same list item"
        if not failed and starts:
            # Every item staying reads as it did (under the same headings, the same lines).
            staying = Counter((i.heading_lines, i.data) for i in parsed.items if i.ref not in going)
            added = {start for start, _lines in starts.values()}
            after_edit = Counter(
                (i.heading_lines, i.data) for i in reparsed.items if i.start not in added
            )
            if staying - after_edit:
                failed = dict.fromkeys(starts, "it would change how other items read")
        if failed:
            return outcome, b"", [], failed
        for tag, (start, _lines) in starts.items():
            item = placed[start]
            kind, entry_id = tag.split(":", 1)
            (outcome.written if kind == "new" else outcome.put_back)[entry_id] = (
                item.ref,
                item.version,
            )
            outcome.index_lines[entry_id] = item.heading_lines
        for ref, item in going.items():
            outcome.removed[ref] = item.heading_lines
        kept = [(ref, item.data) for ref, item in going.items()]
        return outcome, edited.encode("utf-8"), kept, {}
