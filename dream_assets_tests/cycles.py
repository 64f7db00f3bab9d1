"""One dream cycle of one agent through the real Dagster machinery (``dg.materialize`` of every
asset and check of the cycle), as the tests of the definitions run it, and what its reports say."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dagster as dg

from dream_assets.core.clock import format_time
from dream_assets.defs.jobs import CYCLE_ASSETS, PASS_CHECKS
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets_tests.builders import NOW
from dream_assets_tests.scripted_llm import ScriptedLLM


def scripted_model(server: ScriptedLLM) -> LLMResource:
    """The model resource pointed at the loopback scripted server."""
    return LLMResource(base_url=server.base_url, model="scripted", api_key="x")


def cycle_resources(
    agents: Path, llm: LLMResource | None = None, *, preview: bool = False
) -> dict[str, Any]:
    """The cycle's resources: the agents under ``agents`` at ``NOW``, and the model (none by
    default: every pass takes its deterministic path)."""
    return {
        "dream": DreamResource(agents_root=str(agents), now=format_time(NOW), preview=preview),
        "llm": llm or LLMResource(),
    }


def cycle(
    agents: Path,
    agent: str,
    instance: dg.DagsterInstance,
    llm: LLMResource | None = None,
    *,
    preview: bool = False,
) -> dg.ExecuteInProcessResult:
    """One cycle of ``agent`` (registered as a partition first if it is not yet)."""
    if not instance.has_dynamic_partition("agents", agent):
        instance.add_dynamic_partitions("agents", [agent])
    return dg.materialize(
        [*CYCLE_ASSETS, *PASS_CHECKS],
        partition_key=agent,
        instance=instance,
        resources=cycle_resources(agents, llm, preview=preview),
    )


def pass_reports(result: dg.ExecuteInProcessResult) -> dict[str, dict[str, Any]]:
    """Each pass's report of the run, by asset key."""
    reports = {}
    for event in result.get_asset_materialization_events():
        materialization = event.step_materialization_data.materialization
        if "report" in materialization.metadata:
            key = materialization.asset_key.to_user_string()
            reports[key] = materialization.metadata["report"].value
    return reports


def counts(result: dg.ExecuteInProcessResult, asset: str) -> dict[str, Any]:
    """The counts of ``asset``'s report in the run."""
    for event in result.get_asset_materialization_events():
        materialization = event.step_materialization_data.materialization
        if materialization.asset_key.to_user_string() == asset:
            return materialization.metadata["report"].value["counts"]
    raise AssertionError(f"{asset} was not materialized")
