"""Merge arithmetic: the host, not the model, computes a merged entry's temporal fields.

created_at = min (first seen preserved), last_seen_at = max (reinforcement, never reset to
now), reinforcement_count = sum, subject-time metadata merged (start/end widen, point prefers the
most specific), other source metadata dropped; provenance ``merged_from`` + ``merged_at``. This
keeps dream housekeeping from stamping every reprocessed entry as "just observed".
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime
from typing import Any, TypedDict

from dream_assets.core.clock import format_time
from dream_assets.core.memory.lifecycle import merged_lifecycle
from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.record_bounds import INT64_MAX
from dream_assets.core.safety.audience import AUDIENCE

# Metadata keys the cycle itself writes.
MERGED_FROM = "merged_from"
MERGED_AT = "merged_at"
MERGED_BY_RUN = "merged_by_run"
MERGE_PENDING = "merge_pending"  # set until every source is archived (crash recovery)
# The sources' review fingerprints at merge time: recovery retires only unchanged sources.
MERGE_SOURCE_FINGERPRINTS = "merge_source_fingerprints"
ARCHIVED_BY_RUN = "archived_by_run"
REVIEWED_HASH = "consolidation_reviewed_hash"
REJECTED_CLUSTER = "consolidation_rejected_cluster"
REJECTED_AT = "consolidation_rejected_at"


def _bounds(value: str) -> tuple[str, str]:
    """The first and last day an ISO date of any precision covers ("2021" -> Jan 1 .. Dec 31)."""
    parts = value.strip().split("-")
    year = parts[0]
    month = parts[1] if len(parts) > 1 else None
    day = parts[2][:2] if len(parts) > 2 else None
    if month is None:
        return f"{year}-01-01", f"{year}-12-31"
    if day is None:
        return f"{year}-{month}-01", f"{year}-{month}-31"
    return f"{year}-{month}-{day}", f"{year}-{month}-{day}"


def merge_subject_time(sources: Sequence[MemoryEntry]) -> dict[str, str]:
    starts = [str(s.metadata["subject_start"]) for s in sources if s.metadata.get("subject_start")]
    ends = [str(s.metadata["subject_end"]) for s in sources if s.metadata.get("subject_end")]
    points = [str(s.metadata["subject_point"]) for s in sources if s.metadata.get("subject_point")]
    merged: dict[str, str] = {}
    # Start and end widen by the days each spelling covers: an end of "2021" (through Dec 31)
    # outlasts "2021-06-30". The point keeps the longest (most specific) spelling.
    if starts:
        merged["subject_start"] = min(starts, key=lambda v: (_bounds(v)[0], -len(v)))
    if ends:
        merged["subject_end"] = max(ends, key=lambda v: (_bounds(v)[1], -len(v)))
    if points:
        merged["subject_point"] = max(points, key=len)
    return merged


def merged_entry_id(source_ids: Sequence[str], content: str) -> str:
    """Deterministic, so a retried merge rewrites the same entry instead of duplicating it."""
    digest = hashlib.sha256(
        ("\x1f".join(sorted(source_ids)) + "\x1e" + content).encode("utf-8")
    ).hexdigest()
    return f"merged-{digest[:20]}"


def build_merged_entry(
    sources: Sequence[MemoryEntry],
    *,
    content: str,
    category: str,
    tags: Sequence[str],
    now: datetime,
    run_id: str | None,
) -> MemoryEntry:
    if not sources:
        raise ValueError("a merge needs at least one source")
    metadata: dict[str, Any] = dict(merge_subject_time(sources))
    # docs/safety.md: a merged entry carries its sources' audience (callers refuse a merge across
    # audiences before building one) and every lifecycle obligation and keep-details flag.
    audiences = {str(s.metadata[AUDIENCE]) for s in sources if s.metadata.get(AUDIENCE)}
    if len(audiences) == 1 and all(s.metadata.get(AUDIENCE) for s in sources):
        metadata[AUDIENCE] = audiences.pop()
    elif audiences:
        raise ValueError("a merge may not mix audiences")
    metadata.update(merged_lifecycle(sources))
    metadata[MERGED_FROM] = [s.id for s in sources]
    metadata[MERGED_AT] = format_time(now)
    metadata[MERGE_PENDING] = "true"
    metadata[MERGE_SOURCE_FINGERPRINTS] = {s.id: review_fingerprint(s) for s in sources}
    if run_id:
        metadata[MERGED_BY_RUN] = run_id
    ordered_tags = list(dict.fromkeys([*tags, *(t for s in sources for t in s.tags)]))
    return MemoryEntry(
        id=merged_entry_id([s.id for s in sources], content),
        content=content,
        category=category or sources[0].category,
        tags=tuple(ordered_tags),
        updated_at=now,
        metadata=metadata,
        **merged_standing(sources),
    )


class MergedStanding(TypedDict):
    importance: float
    reinforcement_count: int
    created_at: datetime
    last_seen_at: datetime


def merged_standing(sources: Sequence[MemoryEntry]) -> MergedStanding:
    """What a merged entry inherits from its sources, by MemoryEntry field.

    The merged fact is worth at least its most valuable source; reinforcements add up; it was
    first seen when its earliest source was, and last seen when its latest source was (a merge is
    not a sighting, so last_seen_at is never reset).
    """
    return MergedStanding(
        importance=max(s.importance for s in sources),
        # At most what an entry file may hold (``models.INT64_MAX``): a larger sum would make
        # the merged entry unreadable.
        reinforcement_count=min(sum(s.reinforcement_count for s in sources), INT64_MAX),
        created_at=min(s.created_at for s in sources),
        last_seen_at=max(s.last_seen_at for s in sources),
    )


def settled(metadata: dict[str, Any]) -> dict[str, Any]:
    """A merged entry's metadata once every source is retired: the crash-recovery keys go."""
    return {
        k: v for k, v in metadata.items() if k not in (MERGE_PENDING, MERGE_SOURCE_FINGERPRINTS)
    }


def merged_from(entry: MemoryEntry) -> list[str]:
    raw = entry.metadata.get(MERGED_FROM) or []
    if isinstance(raw, str):  # tolerate a comma-joined string written by another tool
        raw = raw.split(",")
    return [str(part) for part in raw if part]


def rejected_cluster_id(source_ids: Sequence[str]) -> str:
    return "rc-" + hashlib.sha1("\x1f".join(sorted(source_ids)).encode()).hexdigest()[:12]
