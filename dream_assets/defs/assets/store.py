"""The two assets around the cycle for an agent connected to another product's memory store
(``dream-store.json``, docs/stores.md), and the writeback's blocking check. Without
``dream-store.json`` both are no-ops."""

from functools import partial

import dagster as dg

from dream_assets.checks.store_writeback import nothing_lost_violations
from dream_assets.defs.assets.steps import Findings, agent_asset, agent_check, pass_step
from dream_assets.defs.lease import agent_writer
from dream_assets.defs.resources import Agent, DreamResource, LLMResource
from dream_assets.defs.results import materialize_report
from dream_assets.passes.store_sync import run_store_snapshot, run_store_writeback

GROUP = "store"
# The last passes that change memory, by key (this module does not import theirs).
MEMORY_WRITERS = [
    dg.AssetKey("consolidated_memory"),
    dg.AssetKey("skill_catalog"),
    dg.AssetKey("inferred_preferences"),
]


@agent_asset(
    GROUP,
    (
        "Reads the agent's external memory store into the mirror (memory/entries/): new items "
        "become entries, changed items re-open review, removed ones are archived 'removed in "
        "store'. A no-op without dream-store.json."
    ),
)
def store_snapshot(context: dg.AssetExecutionContext, dream: DreamResource) -> dg.MaterializeResult:
    return pass_step(context, dream, partial(run_store_snapshot, run_id=context.run.run_id))


@agent_asset(
    GROUP,
    (
        "Applies the cycle's merges to the external store: merged entries written as new "
        "items, their sources removed only while unchanged since the snapshot, kept in "
        "store-archive/ first. A no-op without dream-store.json."
    ),
    deps=MEMORY_WRITERS,
)
def store_writeback(
    context: dg.AssetExecutionContext, dream: DreamResource, llm: LLMResource
) -> dg.MaterializeResult:
    with agent_writer(context, dream) as agent:
        report = run_store_writeback(
            agent.volume,
            agent.clock.now(),
            run_id=context.run.run_id,
            preview=agent.preview,
            # An "embed" naming an endpoint model uses the run's endpoint (resource, options).
            settings=llm.settings(agent.options),
            slots=llm.call_slots,
        )
        return materialize_report(context, report)


@agent_check(store_writeback, name="nothing_lost", what="store items")
def store_writeback_nothing_lost(agent: Agent, _run_id: str) -> Findings:
    """Every item the snapshot read is in the store, or kept byte for byte in store-archive/
    with a live mirror entry holding it, or was removed by the agent itself."""
    return nothing_lost_violations(agent.volume)


ASSETS = [store_snapshot, store_writeback]
CHECKS = [store_writeback_nothing_lost]
