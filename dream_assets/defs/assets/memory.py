"""Near-duplicate scan and memory consolidation (Pass 1), with their blocking checks."""

import dagster as dg

from dream_assets.checks.consolidation import (
    ephemeral_floor_violations,
    merge_coverage_violations,
    provenance_violations,
    standing_provenance_problems,
)
from dream_assets.core.embeddings import EmbeddingsUnavailable
from dream_assets.core.merge_check import meaning_rules
from dream_assets.core.telemetry import read_feedback_window
from dream_assets.defs.assets.housekeeping import memory_importance, telemetry_windows
from dream_assets.defs.lease import agent_writer
from dream_assets.defs.partitions import agents_partitions
from dream_assets.defs.pools import MODEL_POOL
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets.defs.results import check_from_violations, materialize_report
from dream_assets.defs.run_bounds import run_bounds
from dream_assets.passes.duplicate_clusters import (
    embedder_from_options,
    read_cluster_table,
    scan_duplicate_clusters,
)
from dream_assets.passes.memory_consolidation import run_memory_consolidation

GROUP = "memory"


@dg.asset(
    partitions_def=agents_partitions,
    group_name=GROUP,
    deps=[memory_importance],
    kinds={"python", "duckdb"},
    description=(
        "Near-duplicate clusters of live entries: lexical and (if configured) embedding "
        "candidates, kept only where their specifics agree."
    ),
)
def duplicate_clusters(
    context: dg.AssetExecutionContext, dream: DreamResource, llm: LLMResource
) -> dg.MaterializeResult:
    with agent_writer(context, dream) as agent:
        embedder, problem = None, None
        try:
            embedder = embedder_from_options(agent.options, llm.settings(agent.options))
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
        return materialize_report(context, report)


@dg.asset(
    partitions_def=agents_partitions,
    group_name=GROUP,
    deps=[duplicate_clusters, telemetry_windows],
    kinds={"python", "openai"},
    pool=MODEL_POOL,
    description="Pass 1: merges near-duplicates (model or deterministic) without losing a fact.",
)
def consolidated_memory(
    context: dg.AssetExecutionContext, dream: DreamResource, llm: LLMResource
) -> dg.MaterializeResult:
    with agent_writer(context, dream) as agent:
        model = llm.chat_model(agent, context.run.run_id)
        report = run_memory_consolidation(
            agent.volume,
            agent.options,
            agent.clock.now(),
            model=model,
            clusters=read_cluster_table(agent.volume.duckdb_path),
            feedback=read_feedback_window(agent.volume.duckdb_path),
            run_id=context.run.run_id,
            bounds=run_bounds(context, agent),
        )
        return materialize_report(context, report, model)


@dg.asset_check(asset=consolidated_memory, blocking=True, name="merge_coverage")
def consolidated_memory_merge_coverage(
    context: dg.AssetCheckExecutionContext, dream: DreamResource
) -> dg.AssetCheckResult:
    """Every entry merged this run keeps the specifics of its archived sources."""
    agent = dream.agent(context.partition_key)
    violations, checked = merge_coverage_violations(
        agent.volume, context.run.run_id, meaning_rules(agent.options)
    )
    return check_from_violations(violations, what="merge coverage", checked=checked)


@dg.asset_check(asset=consolidated_memory, blocking=True, name="pruning_floor")
def consolidated_memory_pruning_floor(
    context: dg.AssetCheckExecutionContext, dream: DreamResource
) -> dg.AssetCheckResult:
    """No entry at or above the high-value floor was archived as ephemeral this run."""
    agent = dream.agent(context.partition_key)
    violations, checked = ephemeral_floor_violations(
        agent.volume, agent.options, context.run.run_id
    )
    return check_from_violations(violations, what="pruning floor", checked=checked)


@dg.asset_check(asset=consolidated_memory, blocking=True, name="provenance")
def consolidated_memory_provenance(
    context: dg.AssetCheckExecutionContext, dream: DreamResource
) -> dg.AssetCheckResult:
    """Every merged_from id of this run's merges resolves."""
    agent = dream.agent(context.partition_key)
    violations, checked = provenance_violations(
        agent.volume, agent.options, agent.clock.now(), context.run.run_id
    )
    return check_from_violations(violations, what="provenance", checked=checked)


@dg.asset_check(asset=consolidated_memory, blocking=False, name="standing_provenance")
def consolidated_memory_standing_provenance(
    context: dg.AssetCheckExecutionContext, dream: DreamResource
) -> dg.AssetCheckResult:
    """Older merges (inside the archive retention) whose merged_from ids no longer resolve.

    A warning: a source the agent hard-deleted after an earlier merge is a standing problem the
    audit lists; it must not block this run's skills, preferences and report for 90 days.
    """
    agent = dream.agent(context.partition_key)
    problems, checked = standing_provenance_problems(
        agent.volume, agent.options, agent.clock.now(), context.run.run_id
    )
    return check_from_violations(
        problems,
        what="standing provenance",
        checked=checked,
        severity=dg.AssetCheckSeverity.WARN,
    )


ASSETS = [duplicate_clusters, consolidated_memory]
CHECKS = [
    consolidated_memory_merge_coverage,
    consolidated_memory_pruning_floor,
    consolidated_memory_provenance,
    consolidated_memory_standing_provenance,
]
