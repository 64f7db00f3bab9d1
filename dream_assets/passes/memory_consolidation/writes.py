"""Writes that respect the agent's own: an entry changed since the pass read it is left as
the agent wrote it, and every archive is logged (a bad cycle is reviewable from the log alone),
quoting the content where its audience allows (core.audience)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dream_assets.core.memory.merge import (
    ARCHIVED_BY_RUN,
    settled,
)
from dream_assets.core.models import (
    MemoryEntry,
)
from dream_assets.core.safety.log_quoting import project_logger, quote_entry
from dream_assets.core.store.entry_lock import if_unchanged_since
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.memory_consolidation.state import ConsolidationRun

log = project_logger("dream_assets.consolidation")


def _changed(cycle: ConsolidationRun, snapshot: MemoryEntry) -> None:
    cycle.report.refuse("changed during the pass", snapshot.id, "left as the agent wrote it")


def update_if_unchanged(
    cycle: ConsolidationRun,
    snapshot: MemoryEntry,
    change: Callable[[MemoryEntry], MemoryEntry | None],
) -> MemoryEntry | None:
    """Apply a decision made on ``snapshot`` under the entry's lock, only if the entry is still
    live and unchanged (``core.store.entry_lock``); otherwise the decision is dropped this cycle."""
    seen: list[MemoryEntry] = []

    def remember(current: MemoryEntry) -> MemoryEntry | None:
        seen.append(current)
        # The decay handed to this pass rides on the same rewrite (one write per entry).
        return change(cycle.with_decay(current))

    try:
        written = cycle.volume.update_entry(snapshot.id, if_unchanged_since(snapshot, remember))
    except (OSError, ValueError):
        return None
    if written is None and not seen:
        # Declined before the change ran: the agent edited (or archived) it since the read.
        try:
            current = cycle.volume.get(snapshot.id)
        except (OSError, ValueError):
            current = None
        if current is not None and not current.archived:
            _changed(cycle, snapshot)
    return written


def stamp_if_unchanged(
    cycle: ConsolidationRun, snapshot: MemoryEntry, stamp: dict[str, Any]
) -> None:
    if cycle.bounds is not None and cycle.bounds.cancelled() is not None:
        # A cancelled run writes nothing more: a rejection stamp waits for the next cycle.
        return
    written = update_if_unchanged(
        cycle,
        snapshot,
        lambda current: current.with_changes(metadata={**current.metadata, **stamp}),
    )
    if written is not None:
        cycle.touched.add(written.id)


def archive_entry(cycle: ConsolidationRun, snapshot: MemoryEntry, reason: str) -> bool:
    stamp = {ARCHIVED_BY_RUN: cycle.run_id} if cycle.run_id else {}
    try:
        current = update_if_unchanged(
            cycle,
            snapshot,
            lambda current: current.with_changes(
                archived_at=cycle.now,
                archive_reason=reason,
                metadata={**current.metadata, **stamp},
            ),
        )
    except OSError as exc:
        cycle.report.fail(f"could not archive {snapshot.id}: {exc}")
        return False
    if current is None:
        return False
    cycle.touched.add(current.id)
    # Every archive is logged with what may be quoted of it (public text, or any text with the
    # operator's per-agent opt-in): a bad cycle is reviewable from the log, and private
    # evidence does not leave the volume (docs/safety.md).
    text = quote_entry(current, log_memory_text=cycle.options.log_memory_text)
    log.info("archived %s (%s): %s", current.id, reason, text)
    cycle.report.decide(f"archived ({reason})", current.id, f"by: {cycle.by}; {text}")
    return True


def clear_pending(volume: AgentVolume, merged: MemoryEntry) -> None:
    """Settle a merge on the merged entry as it is now (the agent may already have touched it)."""
    volume.update_entry(
        merged.id, lambda current: current.with_changes(metadata=settled(current.metadata))
    )
