"""Claude Code's auto-memory directory as a store (``~/.claude/projects/<project>/memory/``).

An item is a topic file ``*.md`` (not ``MEMORY.md``): its body is the content, its optional YAML
front matter carries ``name``, ``description`` and ``type`` (other keys are the agent's and stay
in its file). The index ``MEMORY.md`` links topic files with ``- [Title](file.md) — hook`` lines
(``memory_index``). A merged entry becomes a new file; its sources' index lines become one line
for it. Nothing is followed through a symlink, no file outside the directory is written, and a
file that cannot be read (bad front matter, not UTF-8, a symlink) is reported and left alone.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dream_assets.core.store.atomic import (
    atomic_create_batch,
    atomic_create_bytes,
    atomic_write_bytes,
    fsync_dir,
)
from dream_assets.core.store.kinds import boundary
from dream_assets.core.store.kinds.boundary import (
    directory_field,
    item_version,
    read_nofollow,
    read_shared_file,
    refuse_dream_agent_dir,
    split_lines,
)
from dream_assets.core.store.kinds.memory_index import (
    MAX_INDEX_LINES,
    IndexEdit,
    apply_index_edit,
    index_line_for,
    index_lines,
    relinked,
)
from dream_assets.core.store.kinds.topic_file import (
    KNOWN_KEYS,
    merged_fields,
    names,
    parse_topic_file,
    render_topic_file,
    slug,
)

KIND = "claude-code"
INDEX_FILE = "MEMORY.md"
CATEGORY_PREFIX = "claude-code/"
DEFAULT_CATEGORY = "claude-code/note"
TYPE_RE = re.compile(r"^[a-z0-9_-]{1,40}$")
TOPIC_FILE_RE = re.compile(r"^[^/\\\x00]+\.md$")
# The index is re-read right before its replace; a file changing under us that often is busy.
INDEX_ATTEMPTS = 3


def _utf8_name(name: str) -> bool:
    """Whether a directory entry's name is UTF-8 (``os.scandir`` hands the bytes of any other
    name through ``surrogateescape``, which nothing downstream can encode)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown_name(name: str) -> str:
    """A name that is not UTF-8 as it can be reported: its other bytes as ``\\xff``."""
    return os.fsencode(name).decode("utf-8", errors="backslashreplace")


class ClaudeCodeStore:
    name = KIND

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def from_config(cls, config: Mapping[str, Any], source: Path) -> ClaudeCodeStore:
        return cls(
            directory_field(config, source, kind=KIND, key="path", what="the memory directory")
        )

    def describe(self) -> str:
        return f"claude-code memory directory {self.path}"

    def directories(self) -> tuple[Path, ...]:
        return (self.path,)

    def check_target(self) -> None:
        """A Claude Code memory directory holds ``MEMORY.md`` or topic files, and is not a
        dream agent directory (whose memory is ``memory/entries/``)."""
        refuse_dream_agent_dir(self.path, not_what="Claude Code memory")
        with os.scandir(self.path) as entries:
            if not any(e.name.endswith(".md") and not e.name.startswith(".") for e in entries):
                raise boundary.StoreConfigError(
                    f"{self.path}: no MEMORY.md and no topic *.md file: not a Claude Code memory "
                    "directory (~/.claude/projects/<project>/memory)"
                )

    # -- reading ----------------------------------------------------------------------------
    def _file(self, ref: str) -> Path:
        if not TOPIC_FILE_RE.match(ref) or ref.startswith(".") or ref == INDEX_FILE:
            raise ValueError(f"{ref!r} is not a topic file name of {self.path}")
        return self.path / ref

    def _index(self) -> tuple[bytes | None, str | None]:
        """MEMORY.md's bytes (None when absent) and why it cannot be used (None when it can)."""
        return read_shared_file(self.path / INDEX_FILE)

    def read(self) -> boundary.StoreRead:
        read = boundary.StoreRead()
        data, problem = self._index()
        if problem:
            read.unreadable.append(boundary.Unreadable(INDEX_FILE, problem + ": left as it is"))
        lines = index_lines(data.decode("utf-8")) if data is not None and not problem else {}
        with os.scandir(self.path) as entries:
            names = sorted((e.name, e) for e in entries)
        for name, entry in names:
            if name.startswith(".") or name == INDEX_FILE or not name.endswith(".md"):
                continue
            if not _utf8_name(name):
                read.unreadable.append(
                    boundary.Unreadable(_shown_name(name), "its file name is not UTF-8")
                )
                continue
            item = self._read_item(name, entry, lines)
            if isinstance(item, boundary.Unreadable):
                read.unreadable.append(item)
            else:
                read.items.append(item)
        return read

    def _read_item(
        self, name: str, entry: os.DirEntry[str], lines: Mapping[str, str]
    ) -> boundary.StoreItem | boundary.Unreadable:
        if entry.is_symlink():
            target = os.path.realpath(entry.path)
            inside = Path(target).parent == self.path.resolve()
            where = "inside" if inside else "leaving"
            return boundary.Unreadable(name, f"a symlink {where} the directory (not followed)")
        if not entry.is_file(follow_symlinks=False):
            return boundary.Unreadable(name, "not a regular file")
        try:
            data = read_nofollow(Path(entry.path))
            stat = entry.stat(follow_symlinks=False)
        except OSError as exc:
            return boundary.Unreadable(name, exc.strerror or type(exc).__name__)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            return boundary.Unreadable(name, f"not UTF-8 (byte {exc.start})")
        try:
            front, body = parse_topic_file(text)
        except ValueError as exc:
            return boundary.Unreadable(name, f"malformed front matter: {exc}")
        fields = {k: str(front[k]) for k in KNOWN_KEYS if front.get(k)}
        content = body.strip() or fields.get("description", "") or fields.get("name", "")
        if not content:
            return boundary.Unreadable(name, "empty: no body, description or name")
        if name in lines:
            fields["index_line"] = lines[name]
        kind = fields.get("type", "")
        return boundary.StoreItem(
            ref=name,
            version=item_version(data),
            text=content,
            category=CATEGORY_PREFIX + kind if TYPE_RE.match(kind) else DEFAULT_CATEGORY,
            fields=fields,
            modified_at=datetime.fromtimestamp(stat.st_mtime, UTC),
        )

    def current_version(self, ref: str) -> str | None:
        try:
            return item_version(read_nofollow(self._file(ref)))
        except (OSError, ValueError):
            return None

    def current_bytes(self, ref: str) -> bytes | None:
        try:
            return read_nofollow(self._file(ref))
        except (OSError, ValueError):
            return None

    # -- writing ----------------------------------------------------------------------------
    def _create(
        self, stem: str, data: bytes, reserved: frozenset[str], prefer: str | None = None
    ) -> str:
        """Write ``data`` as a new topic file (``prefer`` first, else ``stem.md``, ``stem-2.md``
        ..., never a ``reserved`` name); a file already holding exactly ``data`` is taken as
        written (a retried run)."""
        for ref in itertools.chain([prefer] if prefer else [], names(stem)):
            path = self._file(ref)
            if path.is_symlink() or (ref in reserved and ref != prefer):
                continue
            if atomic_create_bytes(path, data):
                return ref
            if self.current_bytes(ref) == data:
                return ref
        raise OSError(f"no free file name for {stem}.md in {self.path}")

    def _create_new(
        self, plan: boundary.WritePlan, outcome: boundary.WriteOutcome
    ) -> list[tuple[boundary.NewItem, dict[str, str], str, bytes]]:
        """Every new item as a new file, with one filesystem sync for all of them; a name taken
        meanwhile falls back to ``_create`` (the next free name)."""
        taken = set(plan.reserved)
        staged: list[tuple[boundary.NewItem, dict[str, str], str, bytes]] = []
        adopted: list[tuple[boundary.NewItem, dict[str, str], str, bytes]] = []
        for item in plan.new:
            fields = merged_fields(item)
            try:
                data = render_topic_file(fields, item.text)
            except ValueError as exc:
                # An empty merged text (or front matter that would not read back): not written,
                # and its sources stay (``apply``).
                outcome.failures.append(f"could not write {item.entry_id}: {exc}")
                continue
            stem = slug(fields["name"])
            for ref in names(stem):
                if ref in taken:
                    continue
                if not os.path.lexists(self.path / ref):
                    staged.append((item, fields, ref, data))
                    break
                if self.current_bytes(ref) == data:  # written by a retried, interrupted run
                    adopted.append((item, fields, ref, data))
                    break
            else:
                # Every name of its stem is taken: not written (and its sources stay, ``apply``).
                outcome.failures.append(f"could not write {item.entry_id}: no free name for {stem}")
                continue
            taken.add(ref)
        created = atomic_create_batch([(self._file(ref), data) for _i, _f, ref, data in staged])
        done = list(adopted)
        for (item, fields, ref, data), made in zip(staged, created, strict=True):
            if not made:
                try:
                    ref = self._create(slug(fields["name"]), data, frozenset(taken))
                except OSError as exc:
                    outcome.failures.append(f"could not write {item.entry_id}: {exc}")
                    continue
            done.append((item, fields, ref, data))
        return done

    def apply(self, plan: boundary.WritePlan, keep: boundary.KeepRemoved) -> boundary.WriteOutcome:
        outcome = boundary.WriteOutcome()
        new_lines: dict[str, str] = {}  # entry id -> its index line
        for item, fields, ref, data in self._create_new(plan, outcome):
            outcome.written[item.entry_id] = (ref, item_version(data))
            new_lines[item.entry_id] = index_line_for(
                fields["name"], ref, fields.get("description", "")
            )
        put_lines: list[tuple[boundary.PutBack, str]] = []
        for back in plan.put_back:
            stem = Path(back.ref).stem
            try:
                ref = self._create(f"{stem}-restored", back.data, plan.reserved, prefer=back.ref)
            except OSError as exc:
                outcome.failures.append(f"could not put back {back.ref}: {exc}")
                continue
            outcome.put_back[back.entry_id] = (ref, item_version(back.data))
            line = back.fields.get("index_line", "")
            if line:
                put_lines.append(
                    (back, "\n".join(relinked(x, back.ref, ref) for x in line.split("\n")))
                )
        # The sources of a merged item that was not written stay where they are: removing them
        # would leave the store without the fact (found by fuzzing, 2026-12-06).
        held = {
            ref: item.entry_id
            for item in plan.new
            if item.entry_id not in outcome.written
            for ref in item.source_refs
        }
        removable: list[tuple[boundary.Removal, bytes]] = []
        for removal in plan.removals:
            if removal.ref in held:
                outcome.changed.append(
                    (removal.ref, f"{held[removal.ref]} was not written: nothing removed")
                )
                continue
            now = self.current_bytes(removal.ref)
            if now is None:
                outcome.missing.append(removal.ref)
            elif item_version(now) != removal.version:
                outcome.changed.append((removal.ref, "changed in store since the snapshot"))
            else:
                removable.append((removal, now))
        self._edit_index(plan, removable, new_lines, put_lines, keep, outcome)
        return outcome

    def _edit_index(
        self,
        plan: boundary.WritePlan,
        removable: list[tuple[boundary.Removal, bytes]],
        new_lines: Mapping[str, str],
        put_lines: Sequence[tuple[boundary.PutBack, str]],
        keep: boundary.KeepRemoved,
        outcome: boundary.WriteOutcome,
    ) -> None:
        """Re-read MEMORY.md, apply the edit to what it holds then, keep what leaves, replace it
        atomically, then unlink the removed files. A source whose index line changed since the
        snapshot stays (with its line)."""
        for _attempt in range(INDEX_ATTEMPTS):
            data, problem = self._index()
            if problem:
                outcome.changed += [(r.ref, f"{problem}: nothing removed") for r, _ in removable]
                return
            text = (data or b"").decode("utf-8")
            current = index_lines(text)
            going = [
                (r, b)
                for r, b in removable
                if current.get(r.ref, "") == r.fields.get("index_line", "")
            ]
            edit = self._index_edit(plan, going, new_lines, put_lines, current)
            edited = apply_index_edit(text, edit)
            # What is about to leave the store is kept first: the topic files and the index.
            leaving = [(removal.ref, read_then) for removal, read_then in going]
            if edited.text != text and data is not None:
                leaving.append((INDEX_FILE, data))
            keep(leaving)
            if edited.text != text:
                if self._index()[0] != data:
                    continue  # the agent wrote MEMORY.md meanwhile: apply to what it holds now
                atomic_write_bytes(self.path / INDEX_FILE, edited.text.encode("utf-8"))
            outcome.changed += [
                (r.ref, "its MEMORY.md line changed since the snapshot")
                for r, b in removable
                if (r, b) not in going
            ]
            # Only a line the limit left out is reported as such; a merge of unindexed sources
            # gets no line (as its sources had none), a put-back whose place is gone says so.
            outcome.notes += [
                f"MEMORY.md holds {MAX_INDEX_LINES} lines: not indexed: {line}"
                for line in edited.not_added
            ]
            put_back_lines = {one for _back, line in put_lines for one in line.split("\n")}
            outcome.notes += [
                f"the line it was to take the place of is not in MEMORY.md: not indexed: {line}"
                for line in edited.unplaced
                if line in put_back_lines
            ]
            if edited.text != text:
                written = {line.rstrip("\r\n") for line in split_lines(edited.text)}
                for entry_id, line in new_lines.items():
                    if line in written:
                        outcome.index_lines[entry_id] = line
                for back, line in put_lines:
                    if all(one in written for one in line.split("\n")):
                        outcome.index_lines[back.entry_id] = line
            self._unlink(going, outcome)
            return
        outcome.changed += [
            (r.ref, "MEMORY.md kept changing: nothing removed") for r, _ in removable
        ]

    @staticmethod
    def _index_edit(
        plan: boundary.WritePlan,
        going: Sequence[tuple[boundary.Removal, bytes]],
        new_lines: Mapping[str, str],
        put_lines: Sequence[tuple[boundary.PutBack, str]],
        current: Mapping[str, str],
    ) -> IndexEdit:
        edit = IndexEdit(drop={r.ref for r, _ in going})
        for item in plan.new:
            if item.entry_id in new_lines:
                refs = list(item.source_refs)
                edit.place.append((new_lines[item.entry_id], refs, refs))
        for back, line in put_lines:
            for one in line.split("\n"):
                if back.in_place_of:
                    edit.place.append((one, [back.in_place_of], [back.in_place_of]))
                elif back.near and back.near in current:
                    edit.place.append((one, [], [back.near]))
                else:
                    edit.append.append(one)
        return edit

    def _unlink(
        self, going: Sequence[tuple[boundary.Removal, bytes]], outcome: boundary.WriteOutcome
    ) -> None:
        for removal, read_then in going:
            # Checked again right before the unlink: an edit since the archive copy stays.
            if self.current_bytes(removal.ref) != read_then:
                outcome.changed.append((removal.ref, "changed during the writeback: kept"))
                continue
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self._file(removal.ref))
            outcome.removed[removal.ref] = removal.fields.get("index_line", "")
        if going:
            fsync_dir(self.path)
