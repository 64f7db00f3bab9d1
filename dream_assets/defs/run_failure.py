"""Every run stores its safety report (docs/safety.md), failed runs included.

A failed cycle never reaches ``cycle_report`` (it is downstream of every pass): the run-failure
sensor writes that run's report from what its passes did materialize, names the failed steps and
blocking checks, and releases the agent's lease the run held.
"""

from __future__ import annotations

import dagster as dg

from dream_assets.core.options import DreamOptions, OptionsError
from dream_assets.core.store.lease import release
from dream_assets.defs.assets.report import write_run_report
from dream_assets.defs.jobs import dream_cycle_job
from dream_assets.defs.resources import Agent, DreamResource

PREVIEW_TAG = "dream/preview"


def root_cause(error: object) -> str:
    """The innermost error's last line (Dagster wraps the pass's exception in its own)."""
    while getattr(error, "cause", None) is not None:
        error = error.cause  # type: ignore[attr-defined]
    message = str(getattr(error, "message", "") or "").strip()
    return message.splitlines()[-1] if message else "failed"


def run_failures(instance: dg.DagsterInstance, run_id: str) -> list[str]:
    """The failed steps and failed blocking checks of a run, one line each."""
    lines: list[str] = []
    for record in instance.all_logs(run_id, of_type=dg.DagsterEventType.STEP_FAILURE):
        event = record.dagster_event
        if event is None:
            continue
        lines.append(f"step {event.step_key}: {root_cause(event.step_failure_data.error)}")
    for record in instance.all_logs(run_id, of_type=dg.DagsterEventType.ASSET_CHECK_EVALUATION):
        event = record.dagster_event
        if event is None:
            continue
        evaluation = event.event_specific_data
        # An ASSET_CHECK_EVALUATION event always carries an AssetCheckEvaluation (Dagster checks it
        # when building the event); the isinstance narrows Dagster's union of event data for mypy.
        if (
            isinstance(evaluation, dg.AssetCheckEvaluation)
            and not evaluation.passed
            and evaluation.blocking
        ):
            lines.append(
                f"check {evaluation.asset_key.to_user_string()}:{evaluation.check_name}: "
                f"{evaluation.description}"
            )
    return lines or ["run failed before any step reported why"]


def complete_failed_run(
    instance: dg.DagsterInstance, run_id: str, agent: str, dream: DreamResource
) -> str:
    """Write a failed run's safety report (naming the failure) and give its lease back."""
    try:
        target = dream.agent(agent)
    except OptionsError:
        # The bad option is what failed the run: the report still gets written, and names it.
        target = Agent(dream.volume(agent), DreamOptions(), dream.clock(), dream.preview)
    _safety, path = write_run_report(
        instance, run_id, agent, target, run_failures(instance, run_id)
    )
    if not target.preview:
        release(target.volume.root, run_id)
    return str(path) if path else "nowhere (the run's lease was taken over)"


@dg.run_failure_sensor(
    monitored_jobs=[dream_cycle_job],
    default_status=dg.DefaultSensorStatus.RUNNING,
    description=(
        "Every run stores its safety report (docs/safety.md): a failed cycle never reaches "
        "cycle_report, so this writes its report with the failure named and releases the "
        "agent's lease."
    ),
)
def dream_run_failed(context: dg.RunFailureSensorContext, dream: DreamResource) -> None:
    run = context.dagster_run
    agent = run.tags.get("dagster/partition")
    if run.tags.get(PREVIEW_TAG) == "true":
        # A preview's report belongs to its copy of the volume, gone with it.
        return
    if not agent:
        context.log.warning(f"run {run.run_id} has no agent partition: no report to write")
        return
    path = complete_failed_run(context.instance, run.run_id, agent, dream)
    context.log.info(f"safety report of failed run {run.run_id} written to {path}")
