"""The agent's lease in Dagster's step model.

Every asset that writes the volume takes the lease at its step's start (``agent_writer``):

- The lease is keyed by the Dagster run id, so the steps of one run re-enter it (renewing the
  expiry) while any other writer — another run, ``dream review``, ``dream undo`` — is refused
  with "agent X is being dreamed by run R since T".
- A full cycle (a run that includes ``cycle_report``) holds it from its first writing step to
  ``cycle_report``, which releases it: nothing can slip in between two passes. A run of a few
  assets (a rerun from the UI) gives it back at the end of each step, since no report will.
- A run that fails never reaches ``cycle_report``: ``dream_run_failed`` (``defs/run_failure.py``)
  writes that run's safety report with the failure named and releases the lease. Should even
  that not happen (the run worker was killed), the next writer finds the holder's run finished,
  its process gone, or the lease expired, takes it over and records the takeover
  (``core.store.lease``).
- Every writing step gets the run's cancellation check (``core.safety.cancellation``,
  ``Agent.guard``):
  the options fingerprint of the run's start is kept in the lease. A run whose lease was taken
  over never takes it back: its later steps find the takeover and are cancelled ("lease lost").
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import dagster as dg

from dream_assets.core.clock import SystemClock
from dream_assets.core.safety.cancellation import CANCELLED_LEASE, RunGuard, options_fingerprint
from dream_assets.core.store.lease import acquire, lost_lease, read_lease, release, stale_reason
from dream_assets.defs.resources import Agent, DreamResource

CYCLE_REPORT = dg.AssetKey("cycle_report")


def _run_finished(instance: dg.DagsterInstance, run_id: str) -> bool:
    record = instance.get_run_by_id(run_id)
    return record is not None and record.is_finished


def holds_across_steps(context: dg.AssetExecutionContext) -> bool:
    return CYCLE_REPORT in context.job_def.asset_layer.selected_asset_keys


@contextlib.contextmanager
def agent_writer(context: dg.AssetExecutionContext, dream: DreamResource) -> Iterator[Agent]:
    """The agent's run for a writing step, with the agent's lease held by this Dagster run."""
    agent = dream.agent(context.partition_key)
    if agent.preview:
        # A preview writes only its own copy of the volume: the agent's lease is not its to take.
        yield agent
        return
    run_id = context.run.run_id
    root = agent.volume.root
    if lost_lease(root, run_id):
        # Another writer took the lease over earlier in this run: taking it back would commit
        # on a volume written since. The step writes nothing (cancelled).
        yield replace(agent, guard=RunGuard(root, run_id, "", reason=CANCELLED_LEASE))
        return
    current = read_lease(root)
    if current is not None and current.run_id == run_id:
        # Cancelled between two steps (disabled, options changed): not even a lease renewal.
        guard = RunGuard(root, run_id, current.options_sha)
        if guard.cancel_reason() is not None:
            try:
                yield replace(agent, guard=guard)
            finally:
                if not holds_across_steps(context):
                    release(root, run_id)
            return
    lease = acquire(
        root,
        owner=f"dagster job {context.job_name}",
        run_id=run_id,
        # The lease coordinates real processes: its times are the wall clock's, whatever clock
        # the passes are given.
        clock=SystemClock(),
        ttl=agent.options.lease_ttl,
        finished=lambda holder: _run_finished(context.instance, holder),
        options_sha=options_fingerprint(root),
    )
    try:
        yield replace(agent, guard=RunGuard(root, run_id, lease.options_sha))
    finally:
        if not holds_across_steps(context):
            release(root, run_id)


def lease_holder(root: Path, instance: dg.DagsterInstance) -> str | None:
    """ "agent X is being dreamed by run R since T" while a live writer holds the lease, else None
    (no lease, or a stale one the next run will take over)."""
    lease = read_lease(root)
    if lease is None:
        return None
    finished = stale_reason(
        lease, SystemClock().now(), lambda holder: _run_finished(instance, holder)
    )
    return None if finished is not None else lease.message(Path(root).name)
