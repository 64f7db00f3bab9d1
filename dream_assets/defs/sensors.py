"""Sensors. Each is cursor-based and declared RUNNING (Dagster's default would be STOPPED).

- ``agent_discovery`` registers each directory under DREAM_AGENTS_ROOT as a partition.
- ``dream_cadence`` requests the cycles: the first one per agent after the initial delay, then
  one per window, missed windows recovered once (rules in ``core.schedule.cadence``).
- ``agent_activity`` requests a cycle for lines received since the last one, after the quiet
  period.
- ``audit_pause`` (``defs/audit_pause.py``) shows on ``consolidated_memory`` when the memory audit
  paused consolidation.
- ``dream_run_failed`` writes a failed cycle's safety report and releases its lease.

The first three are built from the deployment's options (``build_sensors``: the entry point's,
read once per process; a test's own); an agent's own options are read with the agent.
Every run request is skipped, with the reason in the tick, while the agent's ``llm-busy``
marker exists or another writer holds its ``dream.lease``; the next check asks again.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import dagster as dg

from dream_assets.core.clock import format_time
from dream_assets.core.options import DreamOptions
from dream_assets.core.schedule.cadence import (
    ActivityState,
    AgentActivity,
    CadenceState,
    defer_decision,
    forget_missing_agents,
    observe_process,
    plan_activity,
    plan_cycle,
    read_activity,
    record_decision,
)
from dream_assets.core.store.prefix_agents import sync_agents_root_lines
from dream_assets.core.store.volume import discover_agents
from dream_assets.defs.audit_pause import audit_pause
from dream_assets.defs.cron_windows import window_series
from dream_assets.defs.jobs import dream_cycle_job
from dream_assets.defs.lease import lease_holder
from dream_assets.defs.partitions import agents_partitions
from dream_assets.defs.pools import ensure_pool_limits, llm_pool
from dream_assets.defs.resources import DreamResource
from dream_assets.defs.run_failure import dream_run_failed
from dream_assets.defs.sensor_ticks import (
    PARTITIONS,
    daemon_process,
    enabled_agents,
    read_volumes,
    registered_agents,
    running_sensor,
    summary,
)

# A run still waiting to start will read everything the agent has received by then.
PENDING_STATUSES = frozenset(
    {dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.NOT_STARTED, dg.DagsterRunStatus.STARTING}
)
TRIGGER_TAG = "dream/trigger"
WINDOW_TAG = "dream/window"
REASON_TAG = "dream/reason"
PAUSED_TAG = "dream/consolidation-paused"
# One run query per agent whose activity is new; past this many in one check, the rest (newest
# activity last) wait for the next check, so a check stays short at any fleet size.
ACTIVITY_LOOKUPS_PER_CHECK = 100
# Run requests per check (cadence and activity alike) come from ``cadence_requests_per_check``:
# the daemon submits a tick's requests before the tick ends, and creating one run took up to 2 s
# on a loaded 2-core machine (docs/benchmarks.md, Fleet), so a fleet's window is requested a page
# per check; 2 per 15 s cadence check (8 a minute) keeps ahead of the 3-10 cycles a minute
# measured on two cores with a tick half as long as 4 per 30 s; a faster deployment raises it
# with DREAM_CADENCE_REQUESTS_PER_CHECK.
# Cycles waiting in the run queue beyond which the sensors request no more: the queue daemon
# reads every queued run at each pass, so a window's thousand runs are fed to it as it drains.
QUEUE_DEPTH = 40


def agent_discovery_sensor(options: DreamOptions) -> dg.SensorDefinition:
    """``agent_discovery``: ``discovery_partitions_per_check`` new agents registered per check."""
    per_check = options.discovery_partitions_per_check

    @running_sensor(
        minimum_interval_seconds=30,
        description="Registers each directory under DREAM_AGENTS_ROOT as an agent partition "
        "(first adding one per new namespace of a LangGraph prefix recorded in dream-stores.json).",
    )
    def agent_discovery(
        context: dg.SensorEvaluationContext, dream: DreamResource
    ) -> dg.SensorResult:
        # New namespaces under a LangGraph prefix recorded in dream-stores.json get a directory.
        infos, warnings = sync_agents_root_lines(dream.root())
        for log, lines in ((context.log.info, infos), (context.log.warning, warnings)):
            for line in lines:
                log(line)
        present = discover_agents(dream.root())
        registered = set(context.instance.get_dynamic_partitions(PARTITIONS))
        new = [agent for agent in present if agent not in registered]
        cursor = json.dumps(sorted(present))
        if not new:
            return dg.SensorResult(
                skip_reason=f"no new agent under {dream.root()} ({len(present)} known)",
                cursor=cursor,
            )
        # Paged: the daemon looks each requested key up on its own before adding them (one storage
        # query per key: 1 000 new agents held one tick for 12-148 s), so a new fleet is registered
        # over a few checks. The cadence registers the agents it starts cycles for itself.
        page = new[:per_check]
        if len(page) < len(new):
            context.log.info(
                f"registering {len(page)} of {len(new)} new agents; the rest at the next checks"
            )
        # The first cycle is the cadence's: it waits the initial delay and the busy marker.
        return dg.SensorResult(
            dynamic_partitions_requests=[agents_partitions.build_add_request(page)], cursor=cursor
        )

    return agent_discovery


def _request_page(instance: dg.DagsterInstance, per_check: int) -> int:
    """How many cycles this check may request: a page (``per_check``), less what already waits
    in the queue."""
    queued = instance.get_runs_count(
        dg.RunsFilter(job_name=dream_cycle_job.name, statuses=[dg.DagsterRunStatus.QUEUED])
    )
    return max(0, min(per_check, QUEUE_DEPTH - queued))


def dream_cadence_sensor(options: DreamOptions) -> dg.SensorDefinition:
    """``dream_cadence``: checked every ``cadence_check_seconds``; the initial delay, the cron, the
    requests per check and the model pool's limit are the deployment's."""
    initial_delay = timedelta(minutes=options.initial_delay_minutes)
    cron = options.cycle_cron or None
    per_check = options.cadence_requests_per_check
    pool = llm_pool(options)

    @running_sensor(
        job=dream_cycle_job,
        minimum_interval_seconds=options.cadence_check_seconds,
        description=(
            "The cycle's cadence: first cycle after the initial delay, then one per window "
            "(DREAM_INTERVAL_HOURS or DREAM_CYCLE_CRON); missed windows recovered once."
        ),
    )
    def dream_cadence(context: dg.SensorEvaluationContext, dream: DreamResource) -> dg.SensorResult:
        # Whole seconds: window times become run keys and tags an operator reads.
        now = dream.clock().now().replace(microsecond=0)
        state = CadenceState.from_json(context.cursor)
        if state.warning:
            context.log.warning(state.warning)
        state = observe_process(state, daemon_process(context.instance), now, initial_delay)
        anchor = state.anchor or now

        if not dream.root().is_dir():
            # A missing root (an unmounted volume) must not make every agent "new" when it returns.
            return dg.SensorResult(
                skip_reason=f"agents root {dream.root()} is not a directory; nothing forgotten",
                cursor=state.to_json(),
            )
        agents = discover_agents(dream.root())
        forget_missing_agents(state, set(agents))
        requests: list[dg.RunRequest] = []
        lines: list[str] = []
        notes: list[str] = []
        deferred = 0
        page = _request_page(context.instance, per_check)
        for agent, target in enabled_agents(dream, agents, lines):
            holder = lease_holder(target.volume.root, context.instance)
            if holder is not None:
                # Another writer (a review, an undo, a run elsewhere) has the agent: ask again next
                # check rather than launch a run that would be refused at its first step.
                lines.append(f"{agent}: {holder}: cycle deferred to the next check")
                continue
            series = window_series(cron, anchor, target.options)
            decision = plan_cycle(
                state, agent, series, now, initial_delay=initial_delay, busy=target.volume.is_busy()
            )
            if decision.action == "run" and len(requests) >= page:
                # Left due (not marked handled): the next check requests it.
                defer_decision(state, decision, now)
                deferred += 1
                continue
            record_decision(state, decision, series)
            lines.append(f"{agent}: {decision.reason}")
            if decision.action == "run" and decision.window is not None:
                tags = {
                    TRIGGER_TAG: str(decision.trigger),
                    WINDOW_TAG: format_time(decision.window),
                    REASON_TAG: decision.reason,
                }
                if target.volume.pause_flag.exists():
                    tags[PAUSED_TAG] = "true"
                requests.append(
                    dg.RunRequest(
                        partition_key=agent,
                        run_key=f"cadence:{agent}:{format_time(decision.window)}",
                        tags=tags,
                    )
                )
        if deferred:
            notes.append(
                f"{deferred} due cycle(s) left to the next check "
                f"({page} requested at this check: at most {per_check} per check, "
                f"{QUEUE_DEPTH} waiting in the run queue)"
            )
        if not requests:
            return dg.SensorResult(skip_reason=summary(lines, notes), cursor=state.to_json())
        for line in ensure_pool_limits(context.instance, pool, options.llm_pool_limit):
            context.log.info(line)
        context.log.info(summary(lines, notes))
        registered = set(context.instance.get_dynamic_partitions(PARTITIONS))
        unregistered = [r.partition_key for r in requests if r.partition_key not in registered]
        return dg.SensorResult(
            run_requests=requests,
            # A first cycle never waits for the discovery sensor's next tick.
            dynamic_partitions_requests=(
                [agents_partitions.build_add_request([k for k in unregistered if k])]
                if unregistered
                else []
            ),
            cursor=state.to_json(),
        )

    return dream_cadence


def _last_cycle(instance: dg.DagsterInstance, agent: str) -> dg.RunRecord | None:
    records = instance.get_run_records(
        filters=dg.RunsFilter(job_name=dream_cycle_job.name, tags={"dagster/partition": agent}),
        limit=1,
    )
    return records[0] if records else None


def _cycle_started_at(record: dg.RunRecord | None) -> datetime | None:
    if record is None:
        return None
    if record.start_time is not None:
        return datetime.fromtimestamp(record.start_time, tz=UTC)
    created = record.create_timestamp
    return created if created.tzinfo else created.replace(tzinfo=UTC)


def agent_activity_sensor(options: DreamOptions) -> dg.SensorDefinition:
    """``agent_activity``: the deployment's quiet period and requests per check."""
    quiet = options.quiet_period
    per_check = options.cadence_requests_per_check

    @running_sensor(
        job=dream_cycle_job,
        minimum_interval_seconds=60,
        description=(
            "New conversation or feedback lines since the agent's last cycle request a cycle, "
            "once the conversation has been quiet for DREAM_ACTIVITY_QUIET_PERIOD_MINUTES (60)."
        ),
    )
    def agent_activity(
        context: dg.SensorEvaluationContext, dream: DreamResource
    ) -> dg.SensorResult:
        now = dream.clock().now()
        state = ActivityState.from_json(context.cursor)
        if state.warning:
            context.log.warning(state.warning)
        agents = registered_agents(context, dream)
        state.forget_missing_agents(set(agents))
        # Only the files' receipt times are read for every agent (stat calls); the runs are looked
        # up for agents whose newest activity is not already accounted for (docs/automation.md).
        fresh: dict[str, AgentActivity] = {}
        settled = 0
        for agent, activity in read_volumes(dream, agents, read_activity):
            if activity.newest is None or state.known_old(agent, activity) is not None:
                settled += 1
            else:
                fresh[agent] = activity
        # Oldest activity first: what waits longest is looked at first when a check pages.
        order = sorted(fresh, key=lambda a: (fresh[a].newest, a))
        batch = order[:ACTIVITY_LOOKUPS_PER_CHECK]
        left = len(order) - len(batch)
        page = _request_page(context.instance, per_check) if batch else 0
        requests: list[dg.RunRequest] = []
        lines: list[str] = []
        notes: list[str] = []
        for agent, target in enabled_agents(dream, batch, lines):
            if len(requests) >= page:
                left = len(order) - order.index(agent)
                break
            holder = lease_holder(target.volume.root, context.instance)
            if holder is not None:
                lines.append(f"{agent}: {holder}: deferred to the next check")
                continue
            last = _last_cycle(context.instance, agent)
            started = _cycle_started_at(last)
            requested = state.requested.get(agent)
            since = max((t for t in (started, requested) if t is not None), default=None)
            decision = plan_activity(
                agent,
                fresh[agent],
                since=since,
                cycle_pending=last is not None and last.dagster_run.status in PENDING_STATUSES,
                quiet_period=quiet,
                now=now,
                busy=target.volume.is_busy(),
            )
            state.record(agent, fresh[agent], since, decision)
            lines.append(f"{agent}: {decision.reason}")
            if decision.action == "run" and decision.seen_until is not None:
                seen = format_time(decision.seen_until)
                requests.append(
                    dg.RunRequest(
                        partition_key=agent,
                        run_key=f"activity:{agent}:{seen}",
                        tags={TRIGGER_TAG: "activity", REASON_TAG: decision.reason},
                    )
                )
        if left:
            notes.append(
                f"{left} agent(s) with new activity left to the next check (at most "
                f"{ACTIVITY_LOOKUPS_PER_CHECK} looked up and {page} requested at this check)"
            )
        if settled:
            notes.append(f"{settled} agent(s): no new activity since their last cycle or request")
        cursor = state.to_json()
        if not requests:
            return dg.SensorResult(skip_reason=summary(lines, notes), cursor=cursor)
        return dg.SensorResult(run_requests=requests, cursor=cursor)

    return agent_activity


def build_sensors(options: DreamOptions) -> list[dg.SensorDefinition]:
    """Every sensor of the definitions, built from the deployment's ``options``."""
    return [
        agent_discovery_sensor(options),
        dream_cadence_sensor(options),
        agent_activity_sensor(options),
        audit_pause,
        dream_run_failed,
    ]
