"""Importance decay (runs before consolidation)."""

from __future__ import annotations

from datetime import datetime

from dream_assets.core.memory.decay import DecayRule, decay_write, decayed_importance
from dream_assets.core.memory.preferences import is_durable
from dream_assets.core.models import MemoryEntry
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.atomic import ChangedMeanwhile
from dream_assets.core.store.volume import AgentVolume


def decay_rule(options: DreamOptions) -> DecayRule:
    return DecayRule(
        grace_days=options.importance_decay_grace_days,
        half_life_days=options.importance_decay_half_life_days,
        floor=options.importance_decay_floor,
    )


def run_importance_decay(volume: AgentVolume, options: DreamOptions, now: datetime) -> PassReport:
    report = PassReport("importance_decay")
    rule = decay_rule(options)
    if not rule.enabled:
        report.skipped = "disabled (importance_decay_half_life_days <= 0)"
        return report
    scan = volume.scan_entries()
    for problem in scan.problems:
        report.warnings.append(f"unreadable entry left in place: {problem.path}: {problem.reason}")
    live = scan.live
    report.counts.update(live=len(live), decayed=0, at_floor=0, unreadable=len(scan.problems))
    total_drop = 0.0
    final: list[float] = []
    quantum = options.importance_decay_write_quantum
    # Durable preferences do not expire, so they do not fade either (docs/passes.md).
    due: list[tuple[MemoryEntry, MemoryEntry | None]] = []
    # Decay too small to write this cycle: applied in full by a later write (decay_write).
    deferred = 0
    for entry in live:
        if is_durable(entry):
            due.append((entry, None))
            continue
        target = decayed_importance(entry, rule, now)
        updated = decay_write(entry, target, rule, now, quantum)
        deferred += updated is None and target != entry.importance
        due.append((entry, updated))
    # One sync for every entry this pass rewrites, not two fsyncs per entry; an entry the agent
    # rewrote since the scan is left as it wrote it (decayed from its own timestamp next cycle).
    writes = [updated for _entry, updated in due if updated is not None]
    errors = volume.save_many(writes, expect={e.id: volume.scanned_stat(e.id) for e in writes})
    for entry, updated in due:
        if updated is None:
            final.append(entry.importance)
            continue
        if isinstance(errors.get(entry.id), ChangedMeanwhile):
            report.refuse("changed during the pass", entry.id, "left as the agent wrote it")
            final.append(entry.importance)
            continue
        if entry.id in errors:
            report.fail(f"{entry.id}: could not write decayed importance: {errors[entry.id]}")
            final.append(entry.importance)
            continue
        final.append(updated.importance)
        report.count("decayed")
        total_drop += entry.importance - updated.importance
        if updated.importance <= rule.floor + 1e-9:
            report.count("at_floor")
        report.decide("decayed", entry.id, f"{entry.importance:.3f} → {updated.importance:.3f}")
    report.counts["deferred"] = deferred
    report.counts["importance_removed"] = round(total_drop, 4)
    report.counts["mean_importance"] = round(sum(final) / len(final), 4) if final else 0.0
    return report
