"""Near-duplicate scan and memory consolidation (Pass 1), with their blocking checks."""

from typing import Any

import dagster as dg

from dream_assets.checks.consolidation import (
    ephemeral_floor_violations,
    merge_coverage_violations,
    provenance_violations,
    standing_provenance_problems,
)
from dream_assets.core.facts.merge_check import meaning_rules
from dream_assets.core.near_duplicates.embeddings import EmbeddingsUnavailable
from dream_assets.core.telemetry.windows import read_feedback_window
from dream_assets.defs.assets.housekeeping import memory_importance, telemetry_windows
from dream_assets.defs.assets.steps import (
    Findings,
    agent_asset,
    agent_check,
    model_asset,
    standing_check,
    writer_step,
)
from dream_assets.defs.resources import Agent, DreamResource, LLMResource
from dream_assets.defs.results import materialize_report
from dream_assets.embedders import embedder_from_options
from dream_assets.passes.duplicate_clusters.scan import (
    read_cluster_table,
    scan_duplicate_clusters,
)
from dream_assets.passes.importance_decay import due_decay
from dream_assets.passes.memory_consolidation import run_memory_consolidation

GROUP = "memory"


@agent_asset(
    GROUP,
    (
        "Near-duplicate clusters of live entries: lexical and (if configured) embedding "
        "candidates, kept only where their specifics agree."
    ),
    deps=[memory_importance],
    kinds={"python", "duckdb"},
)
def duplicate_clusters(
    context: dg.AssetExecutionContext, dream: DreamResource, llm: LLMResource
) -> dg.MaterializeResult:
    def scan(agent: Agent) -> dg.MaterializeResult:
        embedder, problem = None, None
        try:
            embedder = embedder_from_options(
                agent.options,
                llm.settings(agent.options),
                # The endpoint is the model's server: its requests share the model's slots.
                slots=llm.call_slots,
            )
        except EmbeddingsUnavailable as exc:
            problem = str(exc)
        report, _clusters = scan_duplicate_clusters(
            agent.volume,
            agent.options,
            agent.clock.now(),
            embedder=embedder,
            embedder_error=problem,
            logger=context.log,
        )
        return materialize_report(context, report, guard=agent.guard)

    return writer_step(context, dream, scan)


def consolidation_inputs(agent: Agent) -> dict[str, Any]:
    """What consolidation is given beside the volume: the scan's clusters, the feedback window,
    and the decay due now (the importance pass of this run left it to this pass's rewrites;
    nothing is due on what that pass wrote itself)."""
    return {
        "clusters": read_cluster_table(agent.volume.duckdb_path),
        "feedback": read_feedback_window(agent.volume.duckdb_path),
        "decay": due_decay(agent.options, agent.clock.now()),
    }


consolidated_memory = model_asset(
    GROUP,
    "consolidated_memory",
    "Pass 1: merges near-duplicates (model or deterministic) without losing a fact.",
    run_memory_consolidation,
    deps=[duplicate_clusters, telemetry_windows],
    kinds={"python", "openai"},
    inputs=consolidation_inputs,
)


@agent_check(consolidated_memory, name="merge_coverage", what="merge coverage")
def consolidated_memory_merge_coverage(agent: Agent, run_id: str) -> Findings:
    """Every entry merged this run keeps the specifics of its archived sources."""
    return merge_coverage_violations(agent.volume, run_id, meaning_rules(agent.options))


@agent_check(consolidated_memory, name="pruning_floor", what="pruning floor")
def consolidated_memory_pruning_floor(agent: Agent, run_id: str) -> Findings:
    """No entry at or above the high-value floor was archived as ephemeral this run."""
    return ephemeral_floor_violations(agent.volume, agent.options, run_id)


@agent_check(consolidated_memory, name="provenance", what="provenance")
def consolidated_memory_provenance(agent: Agent, run_id: str) -> Findings:
    """Every merged_from id of this run's merges resolves."""
    return provenance_violations(agent.volume, agent.options, agent.clock.now(), run_id)


@standing_check(consolidated_memory, name="standing_provenance", what="standing provenance")
def consolidated_memory_standing_provenance(agent: Agent, run_id: str) -> Findings:
    """Older merges (inside the archive retention) whose merged_from ids no longer resolve.

    A warning: a source the agent hard-deleted after an earlier merge is a standing problem the
    audit lists; it must not block this run's skills, preferences and report for 90 days.
    """
    return standing_provenance_problems(agent.volume, agent.options, agent.clock.now(), run_id)


ASSETS = [duplicate_clusters, consolidated_memory]
CHECKS = [
    consolidated_memory_merge_coverage,
    consolidated_memory_pruning_floor,
    consolidated_memory_provenance,
    consolidated_memory_standing_provenance,
]
