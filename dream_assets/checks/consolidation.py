"""Blocking checks of memory consolidation, re-verified from the files on disk.

They read the entries (and the archive) as they are after the run, not the pass's report: a bug
in the pass's bookkeeping cannot make them pass.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from dream_assets.core.clock import parse_time
from dream_assets.core.facts.coverage import CoverageSource, load_vocabulary
from dream_assets.core.facts.meaning import DEFAULT_RULES, MeaningRules
from dream_assets.core.facts.merge_check import check_merge
from dream_assets.core.memory.merge import (
    ARCHIVED_BY_RUN,
    MERGED_AT,
    MERGED_BY_RUN,
    MERGED_FROM,
    merged_from,
)
from dream_assets.core.models import is_high_value
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.volume import AgentVolume


def merge_coverage_violations(
    volume: AgentVolume, run_id: str, rules: MeaningRules = DEFAULT_RULES
) -> tuple[list[str], int]:
    """Every entry merged by this run keeps the specifics and the meaning of its sources."""
    vocabulary, _warning = load_vocabulary(volume.vocabulary_path)
    violations: list[str] = []
    checked = 0
    for entry in volume.scan_entries().entries:
        if entry.metadata.get(MERGED_BY_RUN) != run_id:
            continue
        checked += 1
        sources = []
        for source_id in merged_from(entry):
            source = volume.get(source_id)
            if source is None:
                violations.append(f"{entry.id}: source {source_id} is missing from the volume")
                continue
            if not source.archived:
                continue  # a source kept live keeps its own facts: the merge need not cover it
            sources.append(CoverageSource(source.id, source.content, source.category))
        if not sources:
            continue
        result = check_merge(sources, entry.content, vocabulary=vocabulary, rules=rules)
        if not result.ok:
            violations.append(f"{entry.id}: dropped {list(result.missing)}")
    return violations, checked


def ephemeral_floor_violations(
    volume: AgentVolume, options: DreamOptions, run_id: str
) -> tuple[list[str], int]:
    """No entry at or above the floor was archived as ephemeral by this run."""
    violations: list[str] = []
    checked = 0
    for entry in volume.scan_entries().archived:
        if entry.archive_reason != "ephemeral" or entry.metadata.get(ARCHIVED_BY_RUN) != run_id:
            continue
        checked += 1
        if is_high_value(
            entry,
            floor_importance=options.pruning_protection_importance,
            floor_reinforcement=options.pruning_protection_reinforcement_count,
        ):
            violations.append(
                f"{entry.id} archived as ephemeral above the floor (importance "
                f"{entry.importance:.2f}, reinforced {entry.reinforcement_count}×)"
            )
    return violations, checked


def provenance_violations(
    volume: AgentVolume, options: DreamOptions, now: datetime, run_id: str | None = None
) -> tuple[list[str], int]:
    """Every merged_from id of the merges ``run_id`` wrote resolves (every merge when None).

    The blocking check judges this run's merges only: an older merge whose archived source the
    agent deleted is a standing problem (``standing_provenance_problems``), not this run's.
    """
    return _dangling_provenance(
        volume, options, now, lambda merged_by: run_id is None or merged_by == run_id
    )


def standing_provenance_problems(
    volume: AgentVolume, options: DreamOptions, now: datetime, run_id: str
) -> tuple[list[str], int]:
    """Dangling merged_from ids of merges older than this run, inside the archive retention."""
    return _dangling_provenance(volume, options, now, lambda merged_by: merged_by != run_id)


def _dangling_provenance(
    volume: AgentVolume, options: DreamOptions, now: datetime, judged: Callable[[Any], bool]
) -> tuple[list[str], int]:
    retention = timedelta(days=options.memory_archive_retention_days)
    scan = volume.scan_entries()
    present = {e.id for e in scan.entries}
    violations: list[str] = []
    checked = 0
    for entry in scan.live:
        if MERGED_FROM not in entry.metadata:
            continue  # most entries, read by two checks a run: no merged_from list built
        sources = merged_from(entry)
        if not sources or not judged(entry.metadata.get(MERGED_BY_RUN)):
            continue
        merged_at = entry.metadata.get(MERGED_AT)
        try:
            when = parse_time(str(merged_at)) if merged_at else None
        except ValueError:
            when = None
        # After the purge the ids dangle by design (docs/passes.md, Pass 1).
        if retention > timedelta(0) and when is not None and now - when > retention:
            continue
        checked += 1
        missing = [s for s in sources if s not in present]
        if missing:
            violations.append(f"{entry.id}: merged_from {missing} do not resolve")
    return violations, checked
