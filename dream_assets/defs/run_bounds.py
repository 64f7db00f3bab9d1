"""The run's bounds (``core.bounds``) as a Dagster run sees them: the deadline counts from the
run's start as the instance recorded it, so a pass late in the cycle has what is left of it."""

from __future__ import annotations

from datetime import UTC, datetime

import dagster as dg

from dream_assets.core.clock import FixedClock, SystemClock
from dream_assets.core.safety.bounds import RunBounds, bounds_for_run
from dream_assets.defs.resources import Agent


def run_bounds(context: dg.AssetExecutionContext, agent: Agent) -> RunBounds:
    # A frozen clock (tests, replays) is the run's time; otherwise the wall clock's.
    fixed = isinstance(agent.clock, FixedClock)
    clock = agent.clock if fixed else SystemClock()
    record = context.instance.get_run_record_by_id(context.run.run_id)
    started = (
        datetime.fromtimestamp(record.start_time, tz=UTC)
        if record is not None and record.start_time is not None and not fixed
        else clock.now()
    )
    return bounds_for_run(
        agent.volume.root,
        clock=clock,
        started_at=started,
        deadline_minutes=agent.options.run_deadline_minutes,
        max_changes_per_run=agent.options.max_changes_per_run,
        daily_change_allowance=agent.options.daily_change_allowance,
        run_id=context.run.run_id,
        guard=agent.guard,
    )
