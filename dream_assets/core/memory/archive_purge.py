"""Archive purge (Pass 0b): the only path that destroys long-term memory.

Entries archived longer ago than the retention are hard-deleted, except those at or above the
high-value floor: importance is frozen at archive time, so in practice the reinforcement half of
the floor bites — an entry observed dozens of times and archived by a merge nobody reviewed is
exactly what should outlive retention. Every purge leaves a tombstone (id, scores, content hash,
never the content) in ``memory-audit/purged.jsonl`` *before* the file goes, so the audit can tell
a retention purge from a loss and the floor check can re-verify what was destroyed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from dream_assets.core.clock import format_time
from dream_assets.core.memory.preferences import is_durable
from dream_assets.core.models import MemoryEntry, is_high_value

TOMBSTONE_LOG = "purged.jsonl"


@dataclass(frozen=True)
class PurgePlan:
    purge: tuple[MemoryEntry, ...]
    kept_by_floor: tuple[MemoryEntry, ...]


def plan_purge(
    archived: Iterable[MemoryEntry],
    *,
    now: datetime,
    retention: timedelta,
    floor_importance: float,
    floor_reinforcement: int,
) -> PurgePlan:
    if retention <= timedelta(0):
        return PurgePlan((), ())  # non-positive retention keeps archived entries forever
    purge: list[MemoryEntry] = []
    kept: list[MemoryEntry] = []
    for entry in archived:
        if entry.archived_at is None or now - entry.archived_at <= retention:
            continue
        # docs/safety.md: durable preferences do not expire; a superseded one is their provenance.
        if is_durable(entry) or is_high_value(
            entry, floor_importance=floor_importance, floor_reinforcement=floor_reinforcement
        ):
            kept.append(entry)
        else:
            purge.append(entry)
    return PurgePlan(tuple(purge), tuple(kept))


def tombstone(entry: MemoryEntry, now: datetime, run_id: str | None) -> str:
    return json.dumps(
        {
            "purged_at": format_time(now),
            "run_id": run_id,
            "id": entry.id,
            "archived_at": format_time(entry.archived_at) if entry.archived_at else None,
            "importance": entry.importance,
            "reinforcement_count": entry.reinforcement_count,
            "content_sha256": hashlib.sha256(entry.content.encode("utf-8")).hexdigest(),
        },
        separators=(",", ":"),
    )


def tombstone_path(audit_dir: Path) -> Path:
    return audit_dir / TOMBSTONE_LOG
