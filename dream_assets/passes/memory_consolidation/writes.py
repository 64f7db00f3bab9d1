"""Writes that respect the agent's own: an entry changed since the pass read it is left as
the agent wrote it, and every archive is logged (a bad cycle is reviewable from the log alone),
quoting the content where its audience allows (core.audience)."""

from __future__ import annotations

import logging
from typing import Any

from dream_assets.core.audience import entry_audience, shareable_text
from dream_assets.core.merge import (
    ARCHIVED_BY_RUN,
    settled,
)
from dream_assets.core.models import (
    MemoryEntry,
    review_fingerprint,
)
from dream_assets.core.volume import AgentVolume
from dream_assets.passes.memory_consolidation.state import ConsolidationRun

log = logging.getLogger("dream_assets.consolidation")


def current_unchanged(cycle: ConsolidationRun, snapshot: MemoryEntry) -> MemoryEntry | None:
    """The entry as on disk now, if a concurrent writer has not changed it since the snapshot."""
    try:
        current = cycle.volume.get(snapshot.id)
    except (OSError, ValueError):
        return None
    if current is None or current.archived:
        return None
    if review_fingerprint(current) != review_fingerprint(snapshot):
        cycle.report.refuse("changed during the pass", snapshot.id, "left as the agent wrote it")
        return None
    return current


def stamp_if_unchanged(
    cycle: ConsolidationRun, snapshot: MemoryEntry, stamp: dict[str, Any]
) -> None:
    current = current_unchanged(cycle, snapshot)
    if current is None:
        return
    cycle.volume.save(current.with_changes(metadata={**current.metadata, **stamp}))
    cycle.touched.add(current.id)


def archive_entry(cycle: ConsolidationRun, snapshot: MemoryEntry, reason: str) -> bool:
    current = current_unchanged(cycle, snapshot)
    if current is None:
        return False
    stamp = {ARCHIVED_BY_RUN: cycle.run_id} if cycle.run_id else {}
    try:
        cycle.volume.archive(current.id, reason=reason, now=cycle.now, stamp=stamp)
    except (OSError, KeyError) as exc:
        cycle.report.fail(f"could not archive {current.id}: {exc}")
        return False
    cycle.touched.add(current.id)
    # Every archive is logged with what may be quoted of it (public text, or any text with the
    # operator's per-agent opt-in): a bad cycle is reviewable from the log, and private
    # evidence does not leave the volume (seed 003).
    text = shareable_text(
        current.content, entry_audience(current), log_memory_text=cycle.options.log_memory_text
    )
    log.info("archived %s (%s): %s", current.id, reason, text)
    cycle.report.decide(f"archived ({reason})", current.id, text)
    return True


def clear_pending(volume: AgentVolume, merged: MemoryEntry) -> None:
    volume.save(merged.with_changes(metadata=settled(merged.metadata)))
