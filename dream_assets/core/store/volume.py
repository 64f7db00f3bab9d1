"""The agent volume: one directory per agent, the interface between the agent and the cycle.

Every path the cycle touches is resolved through this class, which refuses ids and skill names
that would escape the volume (``..``, absolute paths, symlinks pointing outside). Reads validate;
a file that does not parse is reported (``FileProblem``) and left in place, never rewritten.
"""

from __future__ import annotations

import os
import stat as stat_mode
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from dream_assets.core.models import (
    FileProblem,
    MemoryEntry,
    Skill,
    validate_entry_id,
    validate_skill_name,
)
from dream_assets.core.store import jsonl
from dream_assets.core.store.atomic import (
    append_line,
    atomic_write_batch,
    atomic_write_text,
)
from dream_assets.core.store.entry_file import parse_entry, read_entry
from dream_assets.core.store.entry_index import EntryIndex, index_for, stat_key
from dream_assets.core.store.entry_lock import StripeLocks
from dream_assets.core.store.jsonl import CONVERSATION_LINE, JsonlRead, encode_line, read_jsonl

# Per-session log directories and single-file logs (docs/passes.md, Pass 0).
SESSION_LOG_DIRS = ("skill-usage", "tool-call", "feedback")
SINGLE_FILE_LOGS = ("skill-resource-usage", "wisp-executions", "tier-routing")

DIRECTIVE_FILES = {
    "memory_consolidation": "dream.md",
    "skill_gap": "skill-gap.md",
    "skill_consolidation": "skill-dream.md",
    "skill_optimization": "skill-optimize.md",
    "preference_inference": "pref-dream.md",
    "wisp_failure": "wisp-failure-dream.md",
    "merge_verification": "verify-merge.md",
}


class PathEscapeError(ValueError):
    """An id or name would resolve outside the agent volume."""


@dataclass
class EntryScan:
    entries: list[MemoryEntry] = field(default_factory=list)
    problems: list[FileProblem] = field(default_factory=list)
    # sha256 of each readable entry's file, by id (from the entry index).
    hashes: dict[str, str] = field(default_factory=dict)
    # The entries that are not archived, when the index sorted them out already (else None).
    known_live: list[MemoryEntry] | None = field(default=None, repr=False, compare=False)

    @property
    def live(self) -> list[MemoryEntry]:
        if self.known_live is not None:
            return list(self.known_live)
        return [e for e in self.entries if not e.archived]

    @property
    def archived(self) -> list[MemoryEntry]:
        return [e for e in self.entries if e.archived]


@dataclass
class SkillScan:
    skills: list[Skill] = field(default_factory=list)
    problems: list[FileProblem] = field(default_factory=list)


class AgentVolume:
    def __init__(self, root: Path, *, run_id: str | None = None) -> None:
        self.root = Path(root).resolve()
        self._entries_dir = self.root / "memory" / "entries"
        # The Dagster run this volume was opened for: its scans share one walk (entry_index).
        self.run_id = run_id
        self._entries_dir_inside: bool | None = None

    @property
    def name(self) -> str:
        return self.root.name

    # -- paths -----------------------------------------------------------------------------
    def _is_inside(self, path: Path) -> bool:
        resolved = path.resolve()
        return resolved == self.root or self.root in resolved.parents

    def _inside(self, path: Path) -> Path:
        """Resolve ``path`` (following symlinks) and refuse anything outside the volume."""
        if not self._is_inside(path):
            raise PathEscapeError(f"{path} resolves outside the agent volume {self.root}")
        return path

    @property
    def entries_dir(self) -> Path:
        return self._entries_dir

    @property
    def skills_dir(self) -> Path:
        return self.root / "skills"

    @property
    def skills_archive_dir(self) -> Path:
        return self.root / "skills-archive"

    @property
    def logs_dir(self) -> Path:
        return self.root / "logs"

    @property
    def conversation_log(self) -> Path:
        return self.root / "conversation-log.jsonl"

    @property
    def ledger_path(self) -> Path:
        return self.root / "dream-pass-ledger.json"

    @property
    def options_path(self) -> Path:
        return self.root / "dream-options.json"

    @property
    def vocabulary_path(self) -> Path:
        return self.root / "merge-coverage-vocabulary.json"

    @property
    def audit_dir(self) -> Path:
        return self.root / "memory-audit"

    @property
    def pause_flag(self) -> Path:
        return self.audit_dir / "consolidation-paused.json"

    @property
    def busy_marker(self) -> Path:
        return self.root / "llm-busy"

    @property
    def token_usage_log(self) -> Path:
        return self.root / "dream-token-usage.jsonl"

    @property
    def duckdb_path(self) -> Path:
        return self.root / "dream-telemetry.duckdb"

    def session_log_dir(self, kind: str) -> Path:
        if kind not in SESSION_LOG_DIRS:
            raise ValueError(f"unknown per-session log {kind!r}; known: {SESSION_LOG_DIRS}")
        return self.logs_dir / kind

    def single_log(self, kind: str) -> Path:
        if kind not in SINGLE_FILE_LOGS:
            raise ValueError(f"unknown single-file log {kind!r}; known: {SINGLE_FILE_LOGS}")
        return self.logs_dir / f"{kind}.jsonl"

    def entry_path(self, entry_id: str) -> Path:
        return self._entry_file(entry_id)[0]

    def _entry_file(self, entry_id: str) -> tuple[Path, int | None]:
        """The entry's path (refused if it resolves outside the volume) and, for a regular file,
        its permission bits from the one ``lstat`` (a batch's temp files take them: round 23)."""
        try:
            validate_entry_id(entry_id)
        except ValueError as exc:
            raise PathEscapeError(str(exc)) from exc
        path = self.entries_dir / f"{entry_id}.json"
        # The directory is resolved once per volume object; only a symlinked file needs its own
        # realpath (a write per entry must not cost a path resolution per entry).
        # Until the directory exists (a new agent), asked again: a cached False would send every
        # later entry through the slow path.
        if not self._entries_dir_inside:
            self._entries_dir_inside = self.entries_dir.is_dir() and self._is_inside(
                self.entries_dir
            )
        if self._entries_dir_inside:
            try:
                st = os.lstat(path)
            except OSError:  # missing (a new entry) or unreadable: no symlink to resolve
                return path, None
            if not stat_mode.S_ISLNK(st.st_mode):
                return path, stat_mode.S_IMODE(st.st_mode)
        return self._inside(path), None

    def skill_path(self, name: str, *, archived: bool = False) -> Path:
        try:
            validate_skill_name(name)
        except ValueError as exc:
            raise PathEscapeError(str(exc)) from exc
        base = self.skills_archive_dir if archived else self.skills_dir
        return self._inside(base.joinpath(*name.split("/")) / "SKILL.md")

    def directive(self, pass_name: str) -> str | None:
        """The operator's directive file for a pass, or None for the built-in prompt."""
        path = self.root / DIRECTIVE_FILES[pass_name]
        if not path.is_file():
            return None
        self._inside(path)
        return path.read_text(encoding="utf-8")

    # -- memory entries ---------------------------------------------------------------------
    @property
    def entry_index(self) -> EntryIndex:
        """This process's index of the entry files (shared by every asset of a run)."""
        return index_for(self.root)

    def scan_entries(self) -> EntryScan:
        """Every entry file, parsed; files unchanged since the index saw them are not read."""
        found = self.entry_index.scan(run_id=self.run_id)
        return EntryScan(found.entries, found.problems, found.hashes, found.live)

    def get(self, entry_id: str) -> MemoryEntry | None:
        """An entry by id, live or archived; None when absent."""
        path = self.entry_path(entry_id)
        try:
            data, _stat = read_entry(path)  # a FIFO named like the entry: refused, not waited on
        except FileNotFoundError:
            return None
        # The same bytes the index parsed (or the cycle wrote): its entry, not a second parse.
        known = self.entry_index.known_entry(path.name, data)
        if known is not None:
            return known
        return parse_entry(data.decode("utf-8"), path)

    def save(self, entry: MemoryEntry) -> None:
        path = self.entry_path(entry.id)
        text = entry.to_json()
        atomic_write_text(path, text)
        self.entry_index.note_written(path, text.encode("utf-8"), entry)

    def entry_stat(self, entry_id: str) -> tuple[int, int, int, int] | None:
        """The stat tuple of an entry file (the index's), or None when it is absent."""
        try:
            return stat_key(os.stat(self.entry_path(entry_id)))
        except FileNotFoundError:
            return None

    def scanned_stat(self, entry_id: str) -> tuple[int, int, int, int] | None:
        """The stat tuple the last scan of this process saw for an entry (None: not seen)."""
        row = (self.entry_index.rows or {}).get(f"{entry_id}.json")
        return row.key if row is not None else None

    def save_many(
        self,
        entries: list[MemoryEntry],
        *,
        expect: dict[str, tuple[int, int, int, int] | None] | None = None,
    ) -> dict[str, OSError]:
        """Save many entries with one sync for the batch (``atomic_write_batch``); the ids that
        could not be written, with their errors (the others are written). With ``expect``
        (id -> ``entry_stat`` taken before the caller read the entry), an entry whose file
        changed since is left alone (``ChangedMeanwhile``)."""
        texts = {entry.id: entry.to_json().encode("utf-8") for entry in entries}
        files = {entry.id: self._entry_file(entry.id) for entry in entries}
        paths = {entry_id: path for entry_id, (path, _mode) in files.items()}
        modes = {path: mode for path, mode in files.values() if mode is not None}

        def unchanged(path: Path) -> bool:
            assert expect is not None
            try:
                now = stat_key(os.stat(path))
            except FileNotFoundError:
                now = None
            return expect.get(path.stem, now) == now

        with StripeLocks() as stripes:
            failed = atomic_write_batch(
                [(paths[e.id], texts[e.id]) for e in entries],
                unchanged if expect else None,
                # The guard and the rename under the entry's lock: an agent write through
                # ``update_entry`` lands before (and fails the guard) or after, never between.
                stripes.held if expect else None,
                modes,
            )
        errors = {path.stem: exc for path, exc in failed}
        for entry in entries:
            if entry.id not in errors:
                self.entry_index.note_written(paths[entry.id], texts[entry.id], entry)
        return errors

    def update_entry(
        self, entry_id: str, change: Callable[[MemoryEntry], MemoryEntry | None]
    ) -> MemoryEntry | None:
        """Re-read the entry under its lock and apply ``change`` to its current content
        (``entry_lock``); the one way to change an existing entry, for the cycle and agent."""
        from dream_assets.core.store.entry_lock import update_entry

        return update_entry(self, entry_id, change)

    def archive(
        self, entry_id: str, *, reason: str, now: datetime, stamp: dict[str, str] | None = None
    ) -> MemoryEntry:
        """Hide an entry from search, keeping it on disk and retrievable by id."""

        def retire(entry: MemoryEntry) -> MemoryEntry | None:
            if entry.archived:
                return None
            return entry.with_changes(
                archived_at=now, archive_reason=reason, metadata={**entry.metadata, **(stamp or {})}
            )

        archived = self.update_entry(entry_id, retire)
        if archived is not None:
            return archived
        entry = self.get(entry_id)
        if entry is None:
            raise KeyError(f"no memory entry {entry_id!r} in {self.entries_dir}")
        return entry

    def restore(self, entry_id: str, *, now: datetime) -> MemoryEntry:
        entry = self.get(entry_id)
        if entry is None:
            raise KeyError(f"no memory entry {entry_id!r} in {self.entries_dir}")
        restored = entry.with_changes(archived_at=None, archive_reason=None, updated_at=now)
        self.save(restored)
        return restored

    def hard_delete(self, entry_id: str) -> None:
        """Only the archive purge destroys memory; everything else archives."""
        path = self.entry_path(entry_id)
        path.unlink(missing_ok=True)
        self.entry_index.note_removed(path)

    # -- skills -----------------------------------------------------------------------------
    def _scan_skill_tree(self, base: Path) -> SkillScan:
        scan = SkillScan()
        if not base.is_dir():
            return scan
        for path in sorted(base.rglob("SKILL.md")):
            name = "/".join(path.parent.relative_to(base).parts)
            try:
                self._inside(path)
                skill = Skill.from_markdown(path.read_text(encoding="utf-8"), str(path), name)
            except (OSError, ValueError) as exc:
                scan.problems.append(FileProblem(path, str(exc)))
                continue
            if skill.name != name:
                skill = Skill(**{**skill.__dict__, "name": name})
            scan.skills.append(skill)
        return scan

    def scan_skills(self) -> SkillScan:
        return self._scan_skill_tree(self.skills_dir)

    def scan_archived_skills(self) -> SkillScan:
        return self._scan_skill_tree(self.skills_archive_dir)

    def save_skill(self, skill: Skill) -> None:
        atomic_write_text(self.skill_path(skill.name), skill.to_markdown())

    def archive_skill(self, name: str) -> None:
        """Move a skill into skills-archive/ (restorable); never a hard delete."""
        source = self.skill_path(name)
        target = self.skill_path(name, archived=True)
        if not source.exists():
            raise KeyError(f"no skill {name!r} at {source}")
        if target.exists():
            # An earlier archived version of the same name is kept beside it, never overwritten.
            version = 1
            while target.with_name(f"SKILL.{version}.md").exists():
                version += 1
            target.rename(target.with_name(f"SKILL.{version}.md"))
        atomic_write_text(target, source.read_text(encoding="utf-8"))
        source.unlink()
        self._prune_empty_dirs(source.parent, self.skills_dir)

    def restore_skill(self, name: str) -> None:
        source = self.skill_path(name, archived=True)
        if not source.exists():
            raise KeyError(f"no archived skill {name!r} at {source}")
        atomic_write_text(self.skill_path(name), source.read_text(encoding="utf-8"))
        source.unlink()
        self._prune_empty_dirs(source.parent, self.skills_archive_dir)

    @staticmethod
    def _prune_empty_dirs(directory: Path, stop: Path) -> None:
        while directory != stop and directory.is_dir() and not any(directory.iterdir()):
            directory.rmdir()
            directory = directory.parent

    # -- logs -------------------------------------------------------------------------------
    def append_log(self, path: Path, record: dict) -> None:
        """Append one telemetry record under the log's lock (the agent-side API)."""
        self._inside(path.parent)
        append_line(path, encode_line(record))

    def session_log_files(self, kind: str) -> Iterator[Path]:
        """Top-level ``{session}.jsonl`` files only (subdirectories are not swept: docs/passes.md,
        Pass 0)."""
        directory = self.session_log_dir(kind)
        if directory.is_dir():
            for path in sorted(directory.iterdir()):
                if path.suffix == ".jsonl" and path.is_file() and not path.is_symlink():
                    yield path

    def read_conversation(self) -> JsonlRead:
        return read_jsonl(self.conversation_log, CONVERSATION_LINE)

    def clear_conversation(
        self,
        *,
        upto_bytes: int | None = None,
        keep_sessions: frozenset[str] | set[str] = frozenset(),
    ) -> int:
        """Clear the conversation log up to ``upto_bytes``, keeping the turns of
        ``keep_sessions``; the bytes removed (``jsonl.clear_upto``)."""
        return jsonl.clear_upto(self.conversation_log, upto_bytes, keep_sessions)

    # -- misc -------------------------------------------------------------------------------
    def is_busy(self) -> bool:
        return self.busy_marker.exists()

    def disk_usage(self) -> int:
        total = 0
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                try:
                    total += os.path.getsize(os.path.join(dirpath, name))
                except OSError:
                    continue
        return total


def discover_agents(agents_root: Path) -> list[str]:
    """Agents are the subdirectories of DREAM_AGENTS_ROOT (each one a partition)."""
    # One scandir: the directory entries carry their type, so a thousand agents cost no stat each.
    try:
        with os.scandir(agents_root) as entries:
            return sorted(e.name for e in entries if not e.name.startswith(".") and e.is_dir())
    except (FileNotFoundError, NotADirectoryError):
        return []
