"""Importance decay (runs before consolidation).

In a cycle whose consolidation runs after it, the decay is decided and reported here but
written by consolidation, in the same rewrite as each entry's review stamp (``written_by``;
docs/passes.md, one write per entry per cycle): a crash or a failed step in between loses
nothing, since a decay not written is decayed in full by the next write (core/memory/decay.py).
"""

from __future__ import annotations

from datetime import datetime

from dream_assets.core.memory.decay import (
    DecayRule,
    DecayWrites,
    DueDecay,
    write_due,
    write_due_decay,
)
from dream_assets.core.models import MemoryEntry
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.volume import AgentVolume


def decay_rule(options: DreamOptions) -> DecayRule:
    return DecayRule(
        grace_days=options.importance_decay_grace_days,
        half_life_days=options.importance_decay_half_life_days,
        floor=options.importance_decay_floor,
    )


def due_decay(options: DreamOptions, now: datetime) -> DueDecay | None:
    """The decay due at ``now`` under the agent's options; None when decay is disabled."""
    rule = decay_rule(options)
    if not rule.enabled:
        return None
    return DueDecay(rule, now, options.importance_decay_write_quantum)


def run_importance_decay(
    volume: AgentVolume, options: DreamOptions, now: datetime, *, written_by: str | None = None
) -> PassReport:
    """Decay every live entry's importance. With ``written_by`` (the later pass of this cycle
    that writes each entry once: ``memory_consolidation``), decide and report, write nothing."""
    report = PassReport("importance_decay")
    due = due_decay(options, now)
    if due is None:
        report.skipped = "disabled (importance_decay_half_life_days <= 0)"
        return report
    rule = due.rule
    scan = volume.scan_entries()
    for problem in scan.problems:
        report.warnings.append(f"unreadable entry left in place: {problem.path}: {problem.reason}")
    live = scan.live
    report.counts.update(live=len(live), decayed=0, at_floor=0, unreadable=len(scan.problems))
    total_drop = 0.0
    final: list[float] = []
    # Durable preferences do not expire, so they do not fade either (docs/passes.md).
    # Each entry with the importance it decays to, when a write is due (else None).
    planned: list[tuple[MemoryEntry, float | None]] = []
    # Decay too small to write this cycle: applied in full by a later write (decay_write).
    deferred = 0
    for entry in live:
        target = due.target(entry)
        if write_due(entry, target, rule, due.quantum):
            planned.append((entry, target))
        else:
            deferred += target != entry.importance
            planned.append((entry, None))
    # The decayed entries themselves only when this pass writes them: a later pass that writes
    # the decay (``written_by``) makes its own, so no copy of every entry is made here for it.
    writes = (
        [e.with_changes(importance=t, updated_at=now) for e, t in planned if t is not None]
        if written_by is None
        else []
    )
    # One sync for every entry this pass rewrites, not two fsyncs per entry.
    done = write_due_decay(volume, writes) if written_by is None else DecayWrites()
    for entry, new_importance in planned:
        if new_importance is None:
            final.append(entry.importance)
            continue
        if entry.id in done.changed_meanwhile:
            report.refuse("changed during the pass", entry.id, "left as the agent wrote it")
            final.append(entry.importance)
            continue
        if entry.id in done.failed:
            report.fail(f"{entry.id}: could not write decayed importance: {done.failed[entry.id]}")
            final.append(entry.importance)
            continue
        final.append(new_importance)
        report.count("decayed")
        total_drop += entry.importance - new_importance
        if new_importance <= rule.floor + 1e-9:
            report.count("at_floor")
        report.decide("decayed", entry.id, f"{entry.importance:.3f} → {new_importance:.3f}")
    if written_by is not None:
        due_count = sum(1 for _entry, t in planned if t is not None)
        report.decide(
            "written later",
            "-",
            f"{due_count} decays land in {written_by}'s one write per entry of this cycle",
        )
    report.counts["deferred"] = deferred
    report.counts["importance_removed"] = round(total_drop, 4)
    report.counts["mean_importance"] = round(sum(final) / len(final), 4) if final else 0.0
    return report
