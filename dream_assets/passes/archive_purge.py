"""Pass 0b — archive purge: hard-delete entries archived past retention, floor kept."""

from __future__ import annotations

from datetime import datetime, timedelta

from dream_assets.core.memory.archive_purge import plan_purge, tombstone, tombstone_path
from dream_assets.core.models import MemoryEntry
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.safety.review_queue import REVIEW_TOMBSTONE_LOG, ReviewQueue
from dream_assets.core.store.entry_lock import entry_lock_held
from dream_assets.core.store.state_file import append_own_line, move_aside_for_directory
from dream_assets.core.store.volume import AgentVolume


def run_archive_purge(
    volume: AgentVolume, options: DreamOptions, now: datetime, run_id: str | None = None
) -> PassReport:
    report = PassReport("archive_purge")
    scan = volume.scan_entries()
    for problem in scan.problems:
        report.warnings.append(f"unreadable entry left in place: {problem.path}: {problem.reason}")
    report.counts["unreadable"] = len(scan.problems)
    plan = plan_purge(
        scan.archived,
        now=now,
        retention=timedelta(days=options.memory_archive_retention_days),
        floor_importance=options.pruning_protection_importance,
        floor_reinforcement=options.pruning_protection_reinforcement_count,
    )
    report.counts["archived_before"] = len(scan.archived)
    report.counts["purged"] = 0
    report.counts["kept_above_floor"] = len(plan.kept_by_floor)
    # The tombstones (and the review queue's) go to memory-audit/: a file standing there is
    # moved aside (never deleted), not failing every purge.
    move_aside_for_directory(volume.audit_dir)
    tombstones = tombstone_path(volume.audit_dir)
    for entry in plan.purge:
        try:
            # Under the entry's lock, as every write (docs/agent-volume.md): an entry the agent
            # restored, reinforced, edited or removed since the scan is left as it is now.
            with entry_lock_held(volume.entry_path(entry.id)):
                if not _as_scanned(volume, entry):
                    report.decide("left", entry.id, "changed since the scan: not purged")
                    continue
                # Tombstone first: a crash between the two leaves a tombstone for a live file,
                # which the next run purges again, never a deletion nobody can account for.
                append_own_line(tombstones, tombstone(entry, now, run_id))
                volume.hard_delete(entry.id)
        except OSError as exc:
            report.fail(f"{entry.id}: purge failed: {exc}")
            continue
        report.count("purged")
        report.decide("purged", entry.id, f"archived {entry.archived_at:%Y-%m-%d}")
    _purge_review_queue(volume, options, now, run_id, report)
    for entry in plan.kept_by_floor:
        report.decide(
            "kept-floor",
            entry.id,
            f"importance {entry.importance:.2f}, reinforced {entry.reinforcement_count}×",
        )
    return report


def _as_scanned(volume: AgentVolume, entry: MemoryEntry) -> bool:
    """Whether the entry's file still holds ``entry`` (not when gone, changed or unreadable: an
    unreadable file is never deleted)."""
    try:
        return volume.get(entry.id) == entry
    except ValueError:
        return False


def _purge_review_queue(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    run_id: str | None,
    report: PassReport,
) -> None:
    """Review items quote memory text: kept no longer than an archived entry (docs/safety.md)."""
    report.counts["review_items_purged"] = 0
    if options.memory_archive_retention_days <= 0:
        return  # a non-positive retention keeps the archive, and the queue, forever
    queue = ReviewQueue(volume.root)
    cutoff = now - timedelta(days=options.memory_archive_retention_days)
    try:
        purged = queue.purge_older_than(
            cutoff, now=now, tombstones=volume.audit_dir / REVIEW_TOMBSTONE_LOG, run_id=run_id
        )
    except (OSError, ValueError, TypeError) as exc:
        report.fail(f"{queue.path}: review queue not purged, left in place: {exc}")
        return
    report.counts["review_items_purged"] = purged
    if purged:
        report.decide("purged", "review-queue", f"{purged} item(s) older than the retention")
