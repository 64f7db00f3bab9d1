"""Anti-pattern mining: Correction feedback becomes ``anti-patterns/<domain>`` entries."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from dream_assets.core.models import (
    MemoryEntry,
)
from dream_assets.core.safety.audience import OWNER, shareable_text
from dream_assets.passes.memory_consolidation.state import BY_HOST, ConsolidationRun


def save_anti_pattern(
    cycle: ConsolidationRun, content: str, category: str, tags: Sequence[str]
) -> MemoryEntry | None:
    entry_id = "ap-" + hashlib.sha256(content.strip().lower().encode()).hexdigest()[:16]
    if cycle.volume.get(entry_id) is not None:
        return None  # mined before: idempotent across cycles and retries
    if cycle.over_bounds() is not None:
        # A new entry is a change like a merge (core.bounds): past a bound it waits.
        cycle.wait_for_next_cycle([entry_id], "anti-pattern")
        return None
    entry = MemoryEntry(
        id=entry_id,
        content=content.strip(),
        category=category,
        tags=tuple(dict.fromkeys([*tags, "anti-pattern"])),
        importance=0.6,
        reinforcement_count=1,
        created_at=cycle.now,
        updated_at=cycle.now,
        last_seen_at=cycle.now,
        metadata={"mined_from": "feedback"},
    )
    cycle.volume.save(entry)
    cycle.spend("anti-pattern", entry.id)
    cycle.touched.add(entry.id)
    cycle.report.count("anti_patterns")
    quoted = shareable_text(entry.content, OWNER, log_memory_text=cycle.options.log_memory_text)
    cycle.report.decide("anti-pattern", entry.id, f"by: {cycle.by}; {quoted}")
    return None


def mine_corrections(cycle: ConsolidationRun, feedback: Sequence[dict[str, Any]]) -> None:
    """Deterministic anti-pattern mining: each distinct Correction becomes one entry."""
    decided_by, cycle.by = cycle.by, BY_HOST
    try:
        _mine(cycle, feedback)
    finally:
        cycle.by = decided_by


def _mine(cycle: ConsolidationRun, feedback: Sequence[dict[str, Any]]) -> None:
    for signal in feedback:
        if signal.get("kind") != "Correction" or not str(signal.get("text") or "").strip():
            continue
        skills = [str(s) for s in signal.get("skills") or []]
        domain = skills[0].split("/")[0] if skills else "general"
        text = " ".join(str(signal["text"]).split())
        where = f" (skills: {', '.join(skills)})" if skills else ""
        save_anti_pattern(
            cycle, f"User correction{where}: {text}", f"anti-patterns/{domain}", ("correction",)
        )
