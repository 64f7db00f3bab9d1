"""Restore and undo: how an operator takes back what a cycle did to an agent's memory.

docs/passes.md: removals are archived, never deleted, so "a wrong merge or a wrong 'ephemeral' call
costs recall for a while rather than costing the fact", and an archived entry can be put back.
docs/safety.md: undo only while what the run applied is still current; never on top of a later
change.

- ``restore_entry``: one archived entry back to live.
- ``undo_run``: for every merge the run wrote, restore the sources that run archived and archive
  the merged entry (reason ``undone``); restore what it archived as ephemeral. Sources come back
  first and the merged entry goes second, so a crash in between leaves a duplicate, never a loss,
  and the next ``undo`` finishes the job. A merged entry changed since the run wrote it
  (reinforced, edited, merged away or archived by a later run) is left alone and reported.
  Idempotent: a second undo finds nothing to do and writes nothing.

Restored entries are stamped reviewed (``consolidation_reviewed_hash``): an operator who took a
merge back has reviewed those entries, and consolidation's gating then leaves the cluster alone
until one of them changes, instead of merging it again on the next cycle.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from dream_assets.core.clock import format_time
from dream_assets.core.memory.audit import RESTORE_LOG, UNDO_LOG
from dream_assets.core.memory.merge import (
    ARCHIVED_BY_RUN,
    MERGED_BY_RUN,
    REVIEWED_HASH,
    build_merged_entry,
    merged_entry_id,
    merged_from,
    settled,
)
from dream_assets.core.memory.preferences import SUPERSEDED, WRITTEN_BY_RUN
from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.report import PassReport
from dream_assets.core.skills.versions import has_versions, skills_undoable, undo_skills
from dream_assets.core.store.jsonl import read_jsonl
from dream_assets.core.store.state_file import append_own_line
from dream_assets.core.store.volume import AgentVolume, PathEscapeError

# Metadata the restore and undo paths write.
RESTORED_AT = "restored_at"
RESTORED_BY = "restored_by"
UNDO_OF_RUN = "undo_of_run"
UNDONE_REASON = "undone"


class UndoError(ValueError):
    """An operator request that cannot be carried out; the message is one line."""


def _restored(entry: MemoryEntry, now: datetime, by: str) -> MemoryEntry:
    metadata = {k: v for k, v in settled(entry.metadata).items() if k != ARCHIVED_BY_RUN}
    metadata[REVIEWED_HASH] = review_fingerprint(entry)
    metadata[RESTORED_AT] = format_time(now)
    metadata[RESTORED_BY] = by
    return entry.with_changes(
        archived_at=None, archive_reason=None, updated_at=now, metadata=metadata
    )


def _read(volume: AgentVolume, entry_id: str) -> MemoryEntry | None:
    try:
        return volume.get(entry_id)
    except PathEscapeError as exc:
        raise UndoError(str(exc)) from exc
    except (OSError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise UndoError(f"memory entry {entry_id} cannot be read: {reason}") from exc


def restore_entry(volume: AgentVolume, entry_id: str, now: datetime) -> MemoryEntry:
    """Put one archived entry back to live. Raises UndoError for an unknown or live id."""
    entry = _read(volume, entry_id)
    if entry is None:
        raise UndoError(f"no memory entry {entry_id!r} in {volume.entries_dir}")
    if not entry.archived:
        raise UndoError(f"memory entry {entry_id} is live, not archived: nothing to restore")
    restored = _restored(entry, now, "operator")
    volume.save(restored)
    append_own_line(
        volume.audit_dir / RESTORE_LOG,
        json.dumps(
            {
                "id": entry.id,
                "restored_at": format_time(now),
                "archived_at": format_time(entry.archived_at) if entry.archived_at else None,
                "archive_reason": entry.archive_reason,
            },
            separators=(",", ":"),
        ),
    )
    return restored


@dataclass
class UndoResult:
    run_id: str
    restored: list[str] = field(default_factory=list)
    archived: list[str] = field(default_factory=list)
    already_undone: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (merged entry id, reason)
    warnings: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.restored or self.archived)

    def report(self) -> PassReport:
        report = PassReport("undo")
        report.counts.update(
            restored=len(self.restored),
            archived=len(self.archived),
            already_undone=len(self.already_undone),
            skipped=len(self.skipped),
        )
        for entry_id in self.restored:
            report.decide("restored", entry_id, f"undo of run {self.run_id}")
        for entry_id in self.archived:
            report.decide("archived (undone)", entry_id, f"merge by run {self.run_id}")
        for entry_id, reason in self.skipped:
            report.refuse("left in place", entry_id, reason)
        report.warnings.extend(self.warnings)
        return report

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "skipped": [{"id": i, "reason": r} for i, r in self.skipped]}


def _was_written_by_the_run(merged: MemoryEntry, sources: Sequence[MemoryEntry]) -> bool:
    """True when the merged entry is still what the merge wrote.

    Its id is a hash of the source ids and the merged text, and its reinforcement, first/last
    seen and subject time are the host's arithmetic over the sources: recomputing both tells an
    edit or a reinforcement since the run from an untouched merge, without a stored copy.
    """
    ids = [s.id for s in sources]
    if merged.id != merged_entry_id(ids, merged.content):
        return False
    expected = build_merged_entry(
        sources,
        content=merged.content,
        category=merged.category,
        tags=merged.tags,
        now=merged.updated_at,
        run_id=None,
    )
    return review_fingerprint(expected) == review_fingerprint(merged)


def _merged_into_elsewhere(
    source_id: str, merged: MemoryEntry, entries: Sequence[MemoryEntry]
) -> bool:
    return any(e.id != merged.id and source_id in merged_from(e) for e in entries)


def _plan_merge_undo(
    merged: MemoryEntry, run_id: str, by_id: dict[str, MemoryEntry], entries: Sequence[MemoryEntry]
) -> tuple[list[MemoryEntry], str | None]:
    """The sources to restore for one merge, or the reason it must be left alone."""
    sources: list[MemoryEntry] = []
    for source_id in merged_from(merged):
        source = by_id.get(source_id)
        if source is None:
            return [], f"source {source_id} is no longer on disk: the merged entry is kept"
        sources.append(source)
    if not _was_written_by_the_run(merged, sources):
        return [], f"changed since run {run_id} wrote it (edited or reinforced): left as it is"
    to_restore: list[MemoryEntry] = []
    for source in sources:
        if not source.archived:
            continue  # restored already (an earlier, interrupted undo or an operator)
        by_run = source.metadata.get(ARCHIVED_BY_RUN)
        # A crash recovery finishes an interrupted merge under its own run id; the archive still
        # belongs to this merge when no other merge took the source.
        ours = by_run == run_id or not _merged_into_elsewhere(source.id, merged, entries)
        if source.archive_reason != "merged" or not ours:
            return [], (
                f"source {source.id} was archived by {by_run or 'another writer'} "
                f"({source.archive_reason}), not by this merge: undo that first"
            )
        to_restore.append(source)
    return to_restore, None


def _known_run(volume: AgentVolume, run_id: str, entries: Sequence[MemoryEntry]) -> bool:
    if any(
        run_id
        in (
            e.metadata.get(MERGED_BY_RUN),
            e.metadata.get(ARCHIVED_BY_RUN),
            e.metadata.get(WRITTEN_BY_RUN),
        )
        or e.metadata.get(UNDO_OF_RUN) == run_id
        or e.metadata.get(RESTORED_BY) == f"undo of run {run_id}"
        for e in entries
    ):
        return True
    if has_versions(volume, run_id):
        return True
    return any(r.get("run_id") == run_id for r in read_jsonl(volume.audit_dir / UNDO_LOG).records)


def runs_still_undoable(volume: AgentVolume, run_ids: set[str]) -> set[str]:
    """Those of ``run_ids`` that ``undo_run`` could still take something back from: a merge of
    theirs still live, an entry they archived still archived, a preference they wrote still
    live, or skill versions not undone. Generous on purpose (an undo may still refuse one):
    what it answers keeps a run's safety report, and keeping one too many loses nothing."""
    if not run_ids:
        return set()
    found = {run_id for run_id in run_ids if skills_undoable(volume, run_id)}
    for entry in volume.scan_entries().entries:
        metadata = entry.metadata
        if entry.archived:
            by = metadata.get(ARCHIVED_BY_RUN)
            if by in run_ids and entry.archive_reason != UNDONE_REASON:
                found.add(str(by))
            continue
        for key in (MERGED_BY_RUN, WRITTEN_BY_RUN):
            if metadata.get(key) in run_ids:
                found.add(str(metadata[key]))
    return found


def undo_run(volume: AgentVolume, run_id: str, now: datetime) -> UndoResult:
    """Undo what run ``run_id`` did to the memory entries (merges and ephemeral archives)."""
    if not run_id.strip():
        raise UndoError("a run id is required")
    scan = volume.scan_entries()
    entries = scan.entries
    if not _known_run(volume, run_id, entries):
        raise UndoError(f"run {run_id} merged or archived nothing on this volume")
    by_id = {e.id: e for e in entries}
    result = UndoResult(run_id)
    by = f"undo of run {run_id}"

    for merged in sorted(entries, key=lambda e: e.id):
        if merged.metadata.get(MERGED_BY_RUN) != run_id:
            continue
        if merged.archived:
            if (
                merged.archive_reason == UNDONE_REASON
                and merged.metadata.get(UNDO_OF_RUN) == run_id
            ):
                result.already_undone.append(merged.id)
            else:
                later = merged.metadata.get(ARCHIVED_BY_RUN)
                result.skipped.append(
                    (
                        merged.id,
                        f"archived since ({merged.archive_reason}"
                        + (f" by run {later}" if later else "")
                        + "): undo that first",
                    )
                )
            continue
        to_restore, refusal = _plan_merge_undo(merged, run_id, by_id, entries)
        if refusal:
            result.skipped.append((merged.id, refusal))
            continue
        # Sources first: a crash between the two leaves both readable, never neither.
        for source in to_restore:
            volume.save(_restored(source, now, by))
            result.restored.append(source.id)
        metadata = settled(merged.metadata)
        metadata[UNDO_OF_RUN] = run_id
        volume.save(
            merged.with_changes(archived_at=now, archive_reason=UNDONE_REASON, metadata=metadata)
        )
        result.archived.append(merged.id)

    # What the run archived as ephemeral, and preferences it superseded, come back first...
    for entry in sorted(scan.archived, key=lambda e: e.id):
        if (
            entry.archive_reason in ("ephemeral", SUPERSEDED)
            and entry.metadata.get(ARCHIVED_BY_RUN) == run_id
        ):
            volume.save(_restored(entry, now, by))
            result.restored.append(entry.id)
    # ...then the preferences the run wrote go (archived, reason "undone", never deleted).
    for entry in sorted(scan.live, key=lambda e: e.id):
        if entry.metadata.get(WRITTEN_BY_RUN) == run_id:
            metadata = {**entry.metadata, UNDO_OF_RUN: run_id}
            volume.save(
                entry.with_changes(archived_at=now, archive_reason=UNDONE_REASON, metadata=metadata)
            )
            result.archived.append(entry.id)
    # The skills the run rewrote, archived or created (core.skill_versions).
    skills = undo_skills(volume, run_id)
    result.restored += [f"skill:{name}" for name in skills.restored]
    result.archived += [f"skill:{name}" for name in skills.archived]
    result.skipped += [(f"skill:{name}", why) for name, why in skills.skipped]

    for problem in scan.problems:
        result.warnings.append(f"unreadable entry left in place: {problem.path}: {problem.reason}")
    if result.changed:
        append_own_line(
            volume.audit_dir / UNDO_LOG,
            json.dumps(
                {
                    "run_id": run_id,
                    "undone_at": format_time(now),
                    "restored": result.restored,
                    "archived": result.archived,
                    "skipped": [{"id": i, "reason": r} for i, r in result.skipped],
                },
                separators=(",", ":"),
            ),
        )
    return result
