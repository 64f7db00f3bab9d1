"""The host's merges when the model gives none (seed 002: "a refused call, provider error or empty
reply makes that batch fall back to the gates alone"): the deterministic path's exact and
contained duplicates, decided ``by: host``."""

from __future__ import annotations

from collections.abc import Sequence

from dream_assets.core.facts.merge_check import meaning_rules
from dream_assets.core.memory.deterministic_merge import deterministic_reply
from dream_assets.core.models import MemoryEntry
from dream_assets.llm import Outcome
from dream_assets.passes.memory_consolidation.apply import apply_reply
from dream_assets.passes.memory_consolidation.state import BY_HOST, BY_MODEL, ConsolidationRun


def host_fallback(
    cycle: ConsolidationRun,
    shown: dict[str, MemoryEntry],
    clusters: Sequence[list[str]],
    outcome: Outcome,
) -> None:
    """A batch whose model call failed, was busy or unusable still merges what is safe without a
    model (seed 002: "that batch falls back to the gates alone"): the deterministic path's exact
    and contained duplicates, recorded ``by: host``. Nothing is stamped reviewed, so the rest of
    the batch is asked again next cycle."""
    cycle.by = BY_HOST
    reply = deterministic_reply(clusters, shown, cycle.vocabulary, meaning_rules(cycle.options))
    cycle.report.count("host_fallback_batches")
    cycle.report.decide(
        "host-fallback",
        f"{len(shown)} entries",
        f"by: host; model call {outcome.value}: {len(reply.to_save)} safe merge(s) proposed",
    )
    if reply.to_save:
        apply_reply(cycle, shown, reply)
    cycle.by = BY_MODEL
