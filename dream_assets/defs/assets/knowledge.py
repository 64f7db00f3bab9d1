"""The knowledge passes after memory: skill catalog, inferred preferences, wisp insights.

The conversation log is read by gap detection (``skill_catalog``) and cleared by preference
inference, so ``inferred_preferences`` depends on every asset that reads the log or writes what
it reads; the graph, not a convention, keeps the clear after the last reader.
"""

import dagster as dg

from dream_assets.checks.skill_catalog import deletion_violations, see_also_violations
from dream_assets.defs.assets.steps import (
    Findings,
    agent_check,
    model_asset,
    standing_check,
)
from dream_assets.defs.resources import Agent, DreamResource
from dream_assets.defs.results import check_from_violations
from dream_assets.passes.preference_inference.run import (
    run_preference_inference,
    sensitive_flag_violations,
)
from dream_assets.passes.skill_catalog.run import run_skill_catalog
from dream_assets.passes.wisp_insights import run_wisp_insights

GROUP = "knowledge"
# Upstream assets by key, so this module does not import the modules that define them.
TELEMETRY_WINDOWS = dg.AssetKey("telemetry_windows")
CONSOLIDATED_MEMORY = dg.AssetKey("consolidated_memory")


skill_catalog = model_asset(
    GROUP,
    "skill_catalog",
    (
        "Passes 2–4: skill gap detection, consolidation (change-gated) and optimization; "
        "deleted skills go to skills-archive/."
    ),
    run_skill_catalog,
    deps=[TELEMETRY_WINDOWS, CONSOLIDATED_MEMORY],
    kinds={"python", "openai"},
)


@agent_check(skill_catalog, name="no_deletion_without_replacement", what="skill deletions")
def skill_catalog_no_deletion_without_replacement(agent: Agent, run_id: str) -> Findings:
    """Every skill gone since the run started is in skills-archive/ with a replacement saved."""
    return deletion_violations(agent.volume, run_id)


@dg.asset_check(asset=skill_catalog, blocking=True, name="see_also_resolves")
def skill_catalog_see_also_resolves(
    context: dg.AssetCheckExecutionContext, dream: DreamResource
) -> dg.AssetCheckResult:
    """Every see_also name this run wrote, or pointed at a skill it archived, resolves."""
    agent = dream.agent(context.partition_key)
    violations, preexisting = see_also_violations(agent.volume, context.run.run_id)
    dangling = {"preexisting_dangling": dg.MetadataValue.int(len(preexisting))}
    return check_from_violations(violations, what="see_also", extra=dangling)


@standing_check(skill_catalog, name="see_also_standing", what="standing see_also")
def skill_catalog_see_also_standing(agent: Agent, run_id: str) -> Findings:
    """see_also names that already dangled before this run (the agent's, not the run's)."""
    _violations, preexisting = see_also_violations(agent.volume, run_id)
    return preexisting


inferred_preferences = model_asset(
    GROUP,
    "inferred_preferences",
    (
        "Pass 5: durable user preferences as user-preferences/inferred entries; clears the "
        "conversation log after every reader has read it."
    ),
    run_preference_inference,
    deps=[skill_catalog, CONSOLIDATED_MEMORY, TELEMETRY_WINDOWS],
    kinds={"python", "openai"},
)


@agent_check(inferred_preferences, name="sensitive_flagged", what="permission flags")
def inferred_preferences_sensitive_flagged(agent: Agent, _run_id: str) -> Findings:
    """Every inferred preference touching security, credentials or money needs permission."""
    return sensitive_flag_violations(agent.volume)


wisp_insights = model_asset(
    GROUP,
    "wisp_insights",
    (
        "Wisp failure analysis: recurring failures annotated on their skills, consistent "
        "successes reported as promotion candidates."
    ),
    run_wisp_insights,
    deps=[TELEMETRY_WINDOWS, skill_catalog],
)


ASSETS = [skill_catalog, inferred_preferences, wisp_insights]
CHECKS = [
    skill_catalog_no_deletion_without_replacement,
    skill_catalog_see_also_resolves,
    skill_catalog_see_also_standing,
    inferred_preferences_sensitive_flagged,
]
