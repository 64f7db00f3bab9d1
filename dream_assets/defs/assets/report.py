"""The per-run safety report: assembled from this run's pass materializations."""

from pathlib import Path
from typing import Any

import dagster as dg

from dream_assets.core.safety.cancellation import CANCELLED_LEASE
from dream_assets.core.safety.report_retention import prune_reports
from dream_assets.core.safety.safety_report import (
    build_safety_report,
    count_run_reports,
    store_safety_report,
    summary_line,
    to_markdown,
)
from dream_assets.core.store.duckdb_store import one_connection
from dream_assets.core.store.lease import lost_lease, release
from dream_assets.defs.assets.steps import agent_asset
from dream_assets.defs.conventions import ROW_COUNT
from dream_assets.defs.resources import Agent, DreamResource
from dream_assets.operations.undo import runs_still_undoable


def run_pass_reports(instance: dg.DagsterInstance, run_id: str, agent: str) -> list[dict[str, Any]]:
    """Every pass report materialized for ``agent`` in run ``run_id``."""
    passes = []
    for record in instance.all_logs(run_id, of_type=dg.DagsterEventType.ASSET_MATERIALIZATION):
        event = record.dagster_event
        if event is None:
            continue
        materialization = event.step_materialization_data.materialization
        if materialization.partition != agent:
            continue
        report = materialization.metadata.get("report")
        if report is None:
            continue
        # A pass's "report" is the JSON of its PassReport (defs/results.py): a dict. The cycle
        # report's own "report" (its Markdown, below) is no pass's.
        if isinstance(report.value, dict):
            passes.append(report.value)
    return passes


def write_run_report(
    instance: dg.DagsterInstance,
    run_id: str,
    name: str,
    agent: Agent,
    run_failures: list[str] | None = None,
) -> tuple[dict, Path | None]:
    """Build and store the run's safety report from what its passes materialized, then drop
    the reports past the retention (``core.report_retention``).

    A run whose lease was taken over stores nothing (``None``): the volume is another writer's
    now, and the report, on the run's materialization, says ``cancelled: lease lost``.
    """
    safety = build_safety_report(
        run_id=run_id,
        agent=name,
        preview=agent.preview,
        passes=run_pass_reports(instance, run_id, name),
        now=agent.clock.now(),
        run_failures=run_failures or [],
    )
    volume = agent.volume
    if not agent.preview and lost_lease(volume.root, run_id):
        safety["cancelled"] = CANCELLED_LEASE
        if safety["outcome"] == "succeeded":
            safety["outcome"] = "cancelled"
        return safety, None
    path = store_safety_report(volume.root, volume.duckdb_path, safety)
    prune_reports(
        volume.root,
        volume.duckdb_path,
        agent.clock.now(),
        lambda runs: runs_still_undoable(volume, runs),
    )
    return safety, path


def build_cycle_report(pass_assets: list[dg.AssetsDefinition]) -> dg.AssetsDefinition:
    @agent_asset(
        "report",
        (
            "The run's safety report: read, proposed, refused, redactions, model, budget, "
            "failures (docs/safety.md)."
        ),
        deps=pass_assets,
        kinds={"python", "duckdb"},
    )
    def cycle_report(
        context: dg.AssetExecutionContext, dream: DreamResource
    ) -> dg.MaterializeResult:
        agent = dream.agent(context.partition_key)
        db_path = agent.volume.duckdb_path
        count: int | Exception | None = None
        # One DuckDB connection for the run's row, the retention and the row count, closed
        # before the lease is released (the next run may open the file as soon as it is).
        with one_connection(db_path):
            safety, path = write_run_report(
                context.instance, context.run.run_id, context.partition_key, agent
            )
            if path is not None:
                try:
                    count = count_run_reports(db_path)
                except Exception as exc:  # raised below, after the release, as it was
                    count = exc
        # The run's end: the entry index rows its scans left (defs/assets/steps.py, writer_step).
        agent.volume.entry_index.flush()
        if not agent.preview:
            release(agent.volume.root, context.run.run_id)
        if isinstance(count, Exception):
            raise count
        markdown = to_markdown(safety)
        if path is None:
            context.log.warning(f"{safety['cancelled']}: safety report not written to the volume")
            # Not even the row count: opening the agent's DuckDB would write to it.
            rows: dict[str, dg.MetadataValue] = {}
        else:
            context.log.info(f"safety report written to {path}")
            rows = {ROW_COUNT: dg.MetadataValue.int(count or 0)}
        return dg.MaterializeResult(
            metadata={
                "summary": dg.MetadataValue.text(summary_line(safety)),
                "proposed": dg.MetadataValue.int(safety["totals"]["proposed"]),
                "refused": dg.MetadataValue.int(safety["totals"]["refused"]),
                "failures": dg.MetadataValue.int(safety["totals"]["failures"]),
                "model_calls": dg.MetadataValue.int(safety["model"]["calls"]),
                "tokens": dg.MetadataValue.int(
                    safety["model"]["prompt_tokens"] + safety["model"]["completion_tokens"]
                ),
                "redactions": dg.MetadataValue.int(sum(safety["redactions"].values())),
                "report": dg.MetadataValue.md(markdown),
                "path": dg.MetadataValue.path(str(path) if path else "-"),
                **rows,
            }
        )

    return cycle_report
