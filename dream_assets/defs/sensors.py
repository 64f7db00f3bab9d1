"""Sensors. Each is cursor-based and declared RUNNING (the default would be STOPPED)."""


import json

import dagster as dg

from dream_assets.core.volume import discover_agents
from dream_assets.defs.jobs import dream_cycle_job
from dream_assets.defs.partitions import agents_partitions
from dream_assets.defs.resources import DreamResource


@dg.sensor(
    job=dream_cycle_job,
    default_status=dg.DefaultSensorStatus.RUNNING,
    minimum_interval_seconds=30,
    description="Registers each directory under DREAM_AGENTS_ROOT as a partition; first run.",
)
def agent_discovery(
    context: dg.SensorEvaluationContext, dream: DreamResource
) -> dg.SensorResult | dg.SkipReason:
    seen = set(json.loads(context.cursor)) if context.cursor else set()
    present = discover_agents(dream.root())
    registered = set(context.instance.get_dynamic_partitions(agents_partitions.name or "agents"))
    new = [agent for agent in present if agent not in registered]
    first_runs = [agent for agent in present if agent not in seen]
    if not new and not first_runs:
        return dg.SkipReason(f"no new agent under {dream.root()} ({len(present)} known)")
    return dg.SensorResult(
        run_requests=[
            dg.RunRequest(partition_key=agent, run_key=f"first-run:{agent}") for agent in first_runs
        ],
        dynamic_partitions_requests=[agents_partitions.build_add_request(new)] if new else [],
        cursor=json.dumps(sorted(seen | set(present))),
    )


SENSORS = [agent_discovery]
