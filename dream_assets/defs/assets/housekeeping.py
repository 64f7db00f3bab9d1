"""The deterministic housekeeping passes: retention, telemetry windows, archive purge, decay."""

from datetime import datetime
from functools import partial

import dagster as dg

from dream_assets.checks.archive_purge import purge_floor_violations
from dream_assets.checks.log_retention import retention_violations
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.volume import AgentVolume
from dream_assets.defs.assets.steps import Findings, agent_asset, agent_check, pass_step
from dream_assets.defs.resources import Agent, DreamResource
from dream_assets.defs.results import check_from_violations
from dream_assets.passes.archive_purge import run_archive_purge
from dream_assets.passes.importance_decay import run_importance_decay
from dream_assets.passes.log_retention import run_log_retention
from dream_assets.passes.memory_consolidation.run import consolidation_blocked
from dream_assets.passes.telemetry_windows import run_telemetry_windows

GROUP = "housekeeping"
# The store is read into the mirror before anything else of the cycle (defs/assets/store.py).
STORE_SNAPSHOT = dg.AssetKey("store_snapshot")


@agent_asset(
    GROUP,
    "Pass 0: caps the append-only telemetry logs (age, count, lines per file).",
    deps=[STORE_SNAPSHOT],
    kinds={"python", "jsonl"},
)
def retained_logs(context: dg.AssetExecutionContext, dream: DreamResource) -> dg.MaterializeResult:
    return pass_step(context, dream, run_log_retention)


@dg.asset_check(asset=retained_logs, blocking=False, name="within_bounds")
def retained_logs_within_bounds(
    context: dg.AssetCheckExecutionContext, dream: DreamResource
) -> dg.AssetCheckResult:
    """Every log on disk is within the configured age, count and line bounds.

    A warning, not a gate: retention failures, by design, never abort the cycle, so one log
    that could not be trimmed is reported here and by the pass while the other passes run.
    """
    agent = dream.agent(context.partition_key)
    if not agent.options.log_retention_enabled:
        return dg.AssetCheckResult(passed=True, description="log retention disabled")
    violations = retention_violations(agent.volume, agent.options, agent.clock.now())
    return check_from_violations(violations, what="log bounds", severity=dg.AssetCheckSeverity.WARN)


@agent_asset(
    GROUP,
    "Time-windowed slices of the telemetry logs, in the agent's DuckDB file.",
    deps=[retained_logs],
    kinds={"duckdb", "sql"},
)
def telemetry_windows(
    context: dg.AssetExecutionContext, dream: DreamResource
) -> dg.MaterializeResult:
    return pass_step(context, dream, run_telemetry_windows)


@agent_asset(
    GROUP,
    "Pass 0b: hard-deletes entries archived past retention, keeping the floor.",
    deps=[retained_logs],
)
def purged_archive(context: dg.AssetExecutionContext, dream: DreamResource) -> dg.MaterializeResult:
    return pass_step(context, dream, partial(run_archive_purge, run_id=context.run.run_id))


@agent_check(purged_archive, name="pruning_floor", what="pruning floor")
def purged_archive_pruning_floor(agent: Agent, run_id: str) -> Findings:
    """No entry at or above the high-value floor was purged (re-read from the tombstones)."""
    return purge_floor_violations(agent.volume, agent.options, run_id)


@agent_asset(
    GROUP,
    "Exponential importance decay keyed on last_seen_at (grace, half-life, floor).",
    deps=[purged_archive],
)
def memory_importance(
    context: dg.AssetExecutionContext, dream: DreamResource
) -> dg.MaterializeResult:
    def decay(volume: AgentVolume, options: DreamOptions, now: datetime) -> PassReport:
        # Consolidation later in this run rewrites every entry it reviews: the decay rides on
        # that write instead of a rewrite of its own (docs/passes.md, one write per entry).
        follows = consolidation_follows(context) and not consolidation_blocked(volume, options, now)
        return run_importance_decay(
            volume, options, now, written_by=CONSOLIDATED_MEMORY.path[-1] if follows else None
        )

    return pass_step(context, dream, decay)


# The consolidation asset's key (defined in defs/assets/memory.py, which imports this module).
CONSOLIDATED_MEMORY = dg.AssetKey("consolidated_memory")


def consolidation_follows(context: dg.AssetExecutionContext) -> bool:
    """Whether this run also materializes consolidation (after decay: it depends on it)."""
    return CONSOLIDATED_MEMORY in context.job_def.asset_layer.selected_asset_keys


ASSETS = [retained_logs, telemetry_windows, purged_archive, memory_importance]
CHECKS = [retained_logs_within_bounds, purged_archive_pruning_floor]
