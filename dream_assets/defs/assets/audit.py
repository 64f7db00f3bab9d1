"""The memory audit: its own asset, job and daily schedule, outside the dream cycle.

The audit runs on its own schedule so that it watches the cycle rather than being part
of it: a cycle that went wrong cannot also skip its own audit.
"""

from functools import partial

import dagster as dg

from dream_assets.defs.assets.steps import Findings, agent_asset, agent_check, pass_step
from dream_assets.defs.partitions import agents_partitions
from dream_assets.defs.resources import Agent, DreamResource
from dream_assets.passes.memory_audit import run_memory_audit, unexplained_losses

GROUP = "audit"


@agent_asset(
    GROUP,
    (
        "Walks the memory files: daily trend (400-day retention), entries hard-deleted outside "
        "the retention purge (opt-in pause of consolidation), repeatedly rejected clusters."
    ),
    kinds={"python", "jsonl"},
)
def memory_audit(context: dg.AssetExecutionContext, dream: DreamResource) -> dg.MaterializeResult:
    return pass_step(context, dream, partial(run_memory_audit, run_id=context.run.run_id))


@agent_check(memory_audit, name="no_unexplained_loss", what="unexplained loss", blocking=False)
def memory_audit_no_unexplained_loss(agent: Agent, run_id: str) -> Findings:
    """No entry vanished without a purge tombstone since the previous audit.

    Not blocking: nothing downstream of the audit in its job could be stopped, and the thing to
    stop — consolidation — runs in another job; the pause file does that (opt-in). The check
    still fails (severity ERROR) so the loss is red in the UI whether or not pausing is on.
    """
    return unexplained_losses(agent.volume, run_id)


memory_audit_job = dg.define_asset_job(
    "memory_audit_job",
    selection=dg.AssetSelection.assets(memory_audit),
    description="The memory audit for one agent (its own daily schedule).",
)


@dg.schedule(
    job=memory_audit_job,
    cron_schedule="15 3 * * *",
    execution_timezone="UTC",
    default_status=dg.DefaultScheduleStatus.RUNNING,
    description="Once a day, one audit run per registered agent partition.",
)
def memory_audit_daily(context: dg.ScheduleEvaluationContext) -> list[dg.RunRequest]:
    when = context.scheduled_execution_time
    day = when.date().isoformat() if when else "manual"
    agents = context.instance.get_dynamic_partitions(agents_partitions.name or "agents")
    # The run key names the day: a daemon restart re-evaluating the tick launches nothing twice.
    return [
        dg.RunRequest(partition_key=agent, run_key=f"memory-audit:{agent}:{day}")
        for agent in sorted(agents)
    ]


ASSETS = [memory_audit]
CHECKS = [memory_audit_no_unexplained_loss]
JOBS = [memory_audit_job]
SCHEDULES = [memory_audit_daily]
