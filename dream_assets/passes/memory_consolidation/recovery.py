"""Crash recovery: a crash between saving a merge and archiving its sources is finished on the
next pass, unless the agent edited a source since."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from dream_assets.core.memory.merge import (
    ARCHIVED_BY_RUN,
    MERGE_PENDING,
    MERGE_SOURCE_FINGERPRINTS,
    MERGED_BY_RUN,
    merged_from,
)
from dream_assets.core.models import (
    MemoryEntry,
    review_fingerprint,
)
from dream_assets.core.report import PassReport
from dream_assets.core.safety.log_quoting import project_logger, quote_entry
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.memory_consolidation.writes import clear_pending

log = project_logger("dream_assets.consolidation")


def finish_interrupted_merges(
    volume: AgentVolume,
    entries: Sequence[MemoryEntry],
    now: datetime,
    run_id: str | None,
    report: PassReport,
    *,
    log_memory_text: bool = False,
) -> bool:
    """A crash between saving a merge and archiving its sources: finish the retirement.

    Each archive is logged quoting only what the source's audience allows
    (core.safety.log_quoting)."""
    # Built at the first pending merge: most runs have none.
    by_id: dict[str, MemoryEntry] | None = None
    finished = False
    for entry in entries:
        if entry.archived or entry.metadata.get(MERGE_PENDING) != "true":
            continue
        if by_id is None:
            by_id = {e.id: e for e in entries}
        recorded = entry.metadata.get(MERGE_SOURCE_FINGERPRINTS) or {}
        for source_id in merged_from(entry):
            source = by_id.get(source_id)
            if source is not None and not source.archived:
                if recorded and recorded.get(source_id) != review_fingerprint(source):
                    # The agent edited the source after the crash: both stay live.
                    report.refuse("changed during the pass", source_id, "interrupted merge")
                    continue
                # Credit the run that made the merge, so undo of that run finds its sources.
                by_run = entry.metadata.get(MERGED_BY_RUN) or run_id
                stamp = {ARCHIVED_BY_RUN: by_run} if by_run else {}
                volume.archive(source_id, reason="merged", now=now, stamp=stamp)
                log.info(
                    "archived %s (merged, interrupted run): %s",
                    source_id,
                    quote_entry(source, log_memory_text=log_memory_text),
                )
        clear_pending(volume, entry)
        report.count("interrupted_merges_finished")
        finished = True
    return finished
