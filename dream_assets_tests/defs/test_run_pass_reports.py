"""The safety report reads each pass's "report" from the run's materializations, and nothing
else named "report": the cycle report's own Markdown "report" is no pass report (a run whose
failure sensor completes the report after ``cycle_report`` materialized read it as one)."""

from __future__ import annotations

import dagster as dg

from dream_assets.defs.assets.report import run_pass_reports

AGENTS = dg.StaticPartitionsDefinition(["demo"])


@dg.asset(partitions_def=AGENTS)
def a_pass() -> dg.MaterializeResult:
    return dg.MaterializeResult(metadata={"report": dg.MetadataValue.json({"pass": "decay"})})


@dg.asset(partitions_def=AGENTS, deps=[a_pass])
def the_cycle_report() -> dg.MaterializeResult:
    return dg.MaterializeResult(metadata={"report": dg.MetadataValue.md("# Cycle report")})


def test_only_pass_reports_are_read() -> None:
    with dg.instance_for_test() as instance:
        result = dg.materialize([a_pass, the_cycle_report], instance=instance, partition_key="demo")
        assert result.success
        assert run_pass_reports(instance, result.run_id, "demo") == [{"pass": "decay"}]
        assert run_pass_reports(instance, result.run_id, "another") == []
