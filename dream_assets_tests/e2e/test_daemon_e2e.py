"""The deployment end to end: dagster-daemon and dagster-webserver on a real PostgreSQL.

The shipped deploy/dagster.yaml and workspace.yaml, a temporary agents root with one small agent, no
model configured, and no manual trigger: the automation launches the first cycle after the
(shortened) initial delay. Everything is verified through the webserver's GraphQL API.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from dream_assets_tests.services import (
    JOB_SELECTOR,
    GraphQL,
    Services,
    dagster_stack,
    launch_cycle,
)

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

AGENT = "ada"
FIRST_CYCLE_TIMEOUT_S = 150
RUNS_QUERY = """
query Runs($filter: RunsFilter) {
  runsOrError(filter: $filter) {
    ... on Runs { results { runId status startTime endTime tags { key value } } }
  }
}
"""
ASSETS_QUERY = """
query Assets($selector: PipelineSelector!, $partitions: [String!]) {
  assetNodes(pipeline: $selector) {
    assetKey { path }
    freshnessPolicy: internalFreshnessPolicy { __typename }
    assetMaterializations(partitions: $partitions, limit: 1) { runId partition }
    assetChecksOrError {
      ... on AssetChecks {
        checks { name blocking executionForLatestMaterialization { status runId } }
      }
    }
  }
}
"""
FINISHED = {"SUCCESS", "FAILURE", "CANCELED"}


@dataclass
class Deployment:
    services: Services
    graphql: GraphQL
    first_run: dict[str, Any]
    agents: Path


def cycle_runs(graphql: GraphQL) -> list[dict[str, Any]]:
    data = graphql(
        RUNS_QUERY,
        {
            "filter": {
                "pipelineName": "dream_cycle",
                "tags": [{"key": "dagster/partition", "value": AGENT}],
            }
        },
    )
    return list(data["runsOrError"]["results"])


def tags_of(run: dict[str, Any]) -> dict[str, str]:
    return {t["key"]: t["value"] for t in run["tags"]}


def wait_for_runs(
    services: Services, graphql: GraphQL, count: int, timeout_s: float
) -> list[dict[str, Any]]:
    """Until ``count`` cycles of the agent finished (newest first)."""
    deadline = time.monotonic() + timeout_s
    runs: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        for name in ("daemon", "webserver"):
            if not services.alive(name):
                raise AssertionError(f"{name} exited:\n{services.log_tail(name)}")
        runs = cycle_runs(graphql)
        if len(runs) >= count and all(r["status"] in FINISHED for r in runs):
            return runs
        time.sleep(2)
    raise AssertionError(
        f"{count} finished cycle(s) expected within {timeout_s}s, got {runs}\n"
        f"daemon log:\n{services.log_tail('daemon')}"
    )


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    base = tmp_path_factory.mktemp("deployment")
    with dagster_stack(base, base / "logs", [AGENT]) as stack:
        (first,) = wait_for_runs(stack.services, stack.graphql, 1, FIRST_CYCLE_TIMEOUT_S)
        yield Deployment(stack.services, stack.graphql, first, stack.agents)


def test_the_daemon_launches_the_first_cycle_without_a_manual_trigger(
    deployment: Deployment,
) -> None:
    run = deployment.first_run
    tags = tags_of(run)
    assert run["status"] == "SUCCESS", deployment.services.log_tail("daemon")
    assert tags["dagster/sensor_name"] == "dream_cadence"
    assert tags["dream/trigger"] == "first"
    assert tags["dagster/partition"] == AGENT


def test_every_pass_materialized_and_every_blocking_check_passed(deployment: Deployment) -> None:
    data = deployment.graphql(ASSETS_QUERY, {"selector": JOB_SELECTOR, "partitions": [AGENT]})
    nodes = data["assetNodes"]
    run_id = deployment.first_run["runId"]
    names = {"/".join(n["assetKey"]["path"]) for n in nodes}
    assert {"retained_logs", "purged_archive", "consolidated_memory"} <= names
    blocking = []
    for node in nodes:
        name = "/".join(node["assetKey"]["path"])
        (materialization,) = node["assetMaterializations"]
        assert (materialization["runId"], materialization["partition"]) == (run_id, AGENT), name
        assert node["freshnessPolicy"] is not None, name
        for check in node["assetChecksOrError"]["checks"]:
            if check["blocking"]:
                execution = check["executionForLatestMaterialization"]
                assert execution is not None, (name, check["name"])
                assert (execution["status"], execution["runId"]) == ("SUCCEEDED", run_id)
                blocking.append((name, check["name"]))
    assert ("consolidated_memory", "merge_coverage") in blocking
    assert ("purged_archive", "pruning_floor") in blocking


def test_the_llm_pool_is_limited_to_one_on_the_instance(deployment: Deployment) -> None:
    data = deployment.graphql("{ instance { concurrencyLimits { concurrencyKey slotCount } } }")
    limits = {c["concurrencyKey"]: c["slotCount"] for c in data["instance"]["concurrencyLimits"]}
    assert limits.get("llm") == 1


def test_two_cycles_requested_for_one_agent_at_once_never_overlap(
    deployment: Deployment,
) -> None:
    launched = [launch_cycle(deployment.graphql, AGENT) for _ in range(2)]
    runs = wait_for_runs(deployment.services, deployment.graphql, 3, 120)
    ours = sorted((r for r in runs if r["runId"] in launched), key=lambda r: r["startTime"])
    assert [r["status"] for r in ours] == ["SUCCESS", "SUCCESS"]
    first, second = ours
    # The queue held the second until the first had finished: no moment with both running.
    assert second["startTime"] >= first["endTime"], ours
