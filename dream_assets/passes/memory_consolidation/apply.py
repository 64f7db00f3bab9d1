"""Applying one model (or deterministic) reply to the entries it was shown.

- every id is looked up in the *shown* set only, so an invented or remembered id resolves to
  nothing;
- the coverage check on every merge, one narrow repair call (capped per pass), a rejection
  stamps the sources;
- replacement first, then retirement: only sources of a merge that persisted are archived;
- the high-value floor: merged yes, archived as ephemeral never;
- a reply that would archive as ephemeral more than a fraction of what it was shown is refused
  whole (runaway-deletion breaker).
"""

from __future__ import annotations

from collections.abc import Sequence

from dream_assets.core.llm_reply import (
    MemoryReply,
    SaveItem,
)
from dream_assets.core.memory.lifecycle import blocked as lifecycle_blocked
from dream_assets.core.memory.preferences import is_durable
from dream_assets.core.models import (
    MemoryEntry,
    is_high_value,
)
from dream_assets.core.safety.audience import entry_audience
from dream_assets.core.safety.log_quoting import project_logger
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.memory_consolidation.merging import _merge_one, _propose_status, _quote
from dream_assets.passes.memory_consolidation.queue_for_review import queue_for_review
from dream_assets.passes.memory_consolidation.state import ConsolidationRun
from dream_assets.passes.memory_consolidation.writes import (
    archive_entry,
    clear_pending,
)

log = project_logger("dream_assets.consolidation")


def _id_problem(volume: AgentVolume, entry_id: str) -> str:
    try:
        exists = volume.get(entry_id) is not None
    except (ValueError, OSError):
        exists = False
    return "outside the eligible set" if exists else "unknown id"


def _other_audience(
    volume: AgentVolume, ids: Sequence[str], shown: dict[str, MemoryEntry], audiences: set[str]
) -> list[str]:
    """Ids outside the shown set that exist and belong to an audience the call did not see."""
    foreign = []
    for entry_id in ids:
        if entry_id in shown:
            continue
        try:
            other = volume.get(entry_id)
        except (ValueError, OSError):
            continue
        if other is not None and entry_audience(other) not in audiences:
            foreign.append(entry_id)
    return foreign


def apply_reply(cycle: ConsolidationRun, shown: dict[str, MemoryEntry], reply: MemoryReply) -> bool:
    """Apply one validated reply to the entries it was shown. False if refused whole."""
    report = cycle.report
    for note in reply.invalid:
        report.refuse("invalid item", "-", note)

    planned: list[tuple[SaveItem, list[MemoryEntry]]] = []
    audiences = {entry_audience(e) for e in shown.values()}
    for item in reply.to_save:
        for bad in (i for i in item.source_ids if i not in shown):
            report.refuse(_id_problem(cycle.volume, bad), bad, "named as a merge source")
        foreign = _other_audience(cycle.volume, item.source_ids, shown, audiences)
        if foreign:
            # A reply reaching for another audience's entry is refused whole: its text may
            # carry what this call was never shown (docs/safety.md: audiences never mix).
            report.count("refused_scope")
            report.refuse("mixed audiences", ",".join(item.source_ids), f"names {foreign}")
            continue
        partial = [i for i in item.source_ids if i in cycle.shown_in_part and cycle.model_decides]
        if partial:
            # The model saw only the start of these: a merge of what it never read could drop
            # it (seed 003: "fails visibly instead of silently truncating evidence").
            report.count("refused_partial_view")
            report.refuse(
                "shown in part", ",".join(item.source_ids), f"{partial} cut in the prompt"
            )
            continue
        sources = [shown[i] for i in dict.fromkeys(item.source_ids) if i in shown]
        if not item.content.strip():
            report.refuse("blank content", ",".join(item.source_ids) or "-", "sources kept")
            continue
        if not sources and not (item.category.startswith("anti-patterns/") and not item.source_ids):
            report.refuse("no valid source", ",".join(item.source_ids) or "-", _quote(cycle, item))
            continue
        planned.append((item, sources))

    merge_sources = {s.id for _item, sources in planned for s in sources}
    ephemeral: list[MemoryEntry] = []
    for entry_id in dict.fromkeys(reply.to_delete):
        if entry_id not in shown:
            report.refuse(_id_problem(cycle.volume, entry_id), entry_id, "named in toDelete")
        elif entry_id in cycle.shown_in_part and cycle.model_decides:
            report.count("refused_partial_view")
            report.refuse("shown in part", entry_id, "cut in the prompt: never archived on that")
        elif entry_id not in merge_sources:
            ephemeral.append(shown[entry_id])
    limit = cycle.options.runaway_deletion_max_fraction * len(shown)
    # A single deletion never trips it: with a handful of entries shown, one is already over
    # 25 % and the breaker would refuse every small batch forever.
    if len(ephemeral) >= 2 and len(ephemeral) > limit:
        report.refuse(
            "runaway deletion",
            f"{len(ephemeral)} of {len(shown)} shown",
            f"reply would archive more than {cycle.options.runaway_deletion_max_fraction:.0%} "
            "of what it was shown as ephemeral; refused whole, nothing changed",
        )
        report.count("replies_refused")
        return False

    for item, sources in planned:
        if item.event_status:
            _propose_status(cycle, item, sources)

    persisted: list[tuple[MemoryEntry, list[MemoryEntry]]] = []
    for item, sources in planned:
        merged = _merge_one(cycle, item, sources)
        if merged is not None:
            persisted.append((merged, sources))

    # Retirement only after every replacement is on disk (replacement first, then retirement).
    retired: set[str] = set()
    for merged, sources in persisted:
        for source in sources:
            if source.id not in retired and archive_entry(cycle, source, "merged"):
                retired.add(source.id)
        clear_pending(cycle.volume, merged)

    for entry in ephemeral:
        if entry.id in retired:
            continue
        if is_durable(entry):
            report.count("protected")
            report.refuse("durable preference", entry.id, "preferences are never ephemeral")
            continue
        lifecycle = lifecycle_blocked([entry], cycle.now, cycle.options.event_grace_days)
        if lifecycle:
            report.count("protected")
            report.refuse("event lifecycle", entry.id, lifecycle[0][1])
            continue
        if is_high_value(
            entry,
            floor_importance=cycle.options.pruning_protection_importance,
            floor_reinforcement=cycle.options.pruning_protection_reinforcement_count,
        ):
            report.count("protected")
            report.refuse(
                "floor",
                entry.id,
                f"importance {entry.importance:.2f}, reinforced {entry.reinforcement_count}× — "
                "merged yes, archived as ephemeral never",
            )
            continue
        if queue_for_review(cycle, [entry], "archive"):
            continue
        if cycle.over_bounds() is not None:
            cycle.wait_for_next_cycle([entry.id], "archive")
            continue
        if archive_entry(cycle, entry, "ephemeral"):
            cycle.spend("archive", entry.id)
            report.count("ephemeral")
    return True
