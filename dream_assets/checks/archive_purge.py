"""The ``pruning_floor`` rule of the archive purge: no tombstone of this run names an entry above
the floor, re-read from disk."""

from __future__ import annotations

from dream_assets.core.memory.archive_purge import tombstone_path
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.jsonl import read_jsonl
from dream_assets.core.store.volume import AgentVolume


def purge_floor_violations(
    volume: AgentVolume, options: DreamOptions, run_id: str | None
) -> list[str]:
    """Re-verify from disk: no tombstone of this run names an entry above the floor."""
    violations: list[str] = []
    read = read_jsonl(tombstone_path(volume.audit_dir))
    for stone in read.records:
        if run_id is not None and stone.get("run_id") != run_id:
            continue
        importance = float(stone.get("importance", 0.0))
        count = int(stone.get("reinforcement_count", 0))
        floor_i = options.pruning_protection_importance
        floor_r = options.pruning_protection_reinforcement_count
        if (floor_i > 0 and importance >= floor_i) or (floor_r > 0 and count >= floor_r):
            violations.append(
                f"{stone.get('id')} purged above the floor "
                f"(importance {importance}, reinforced {count}×)"
            )
    return violations
