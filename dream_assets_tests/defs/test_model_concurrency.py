"""Model calls in flight per endpoint pool, counted on the model server (docs/automation.md,
Concurrency).

Six agents, each with one near-duplicate pair that only the model merges; a scripted model that
takes 2 s per call. The real `dagster-daemon` on PostgreSQL with the shipped deploy/dagster.yaml
requests every agent's first cycle in one tick; the run queue lets all six run side by side, so
the only thing between them and the model is the endpoint's pool. The agents' `llm-busy` markers
keep every cycle at its model step until all six are at the pool, however loaded the machine is
(the run worker launches are staggered by seconds each). The server counts the calls it holds
open: with `DREAM_LLM_POOL_LIMIT=4` four at once and never five, by default one. Dagster 1.13's
pool alone does not guarantee that on PostgreSQL (its slot assignment and claim are not atomic:
CI once saw two calls in flight under a limit of 1); the model call slots under it do
(`dream_assets/model_slots.py`).
"""

from __future__ import annotations

import json
import shutil
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import dagster as dg
import pytest
from dagster._core.instance.ref import InstanceRef

from dream_assets.core.options import DreamOptions
from dream_assets.defs.pools import llm_pool
from dream_assets_tests.builders import entry, make_volume
from dream_assets_tests.scripted_llm import ScriptedLLM
from dream_assets_tests.services import (
    REPO,
    Services,
    fresh_postgres_database,
    running,
    service_env,
    start_daemon,
)

AGENTS = [f"agent-{n}" for n in range(6)]
CALL_S = 2.0
FLEET_TIMEOUT_S = 300
FINISHED = {dg.DagsterRunStatus.SUCCESS, dg.DagsterRunStatus.FAILURE, dg.DagsterRunStatus.CANCELED}
# The step that holds the endpoint's pool (the consolidation pass's asset).
MODEL_STEP = "consolidated_memory"
TWIN_A = "Caroline moved to Berlin in March 2021 for her job at SAP."
TWIN_B = "In March 2021 Caroline moved to Berlin for her SAP job."


def _answer(body: dict[str, Any]) -> str:
    """Merge the pair when asked to consolidate it; nothing to do for any other prompt."""
    system = str(body["messages"][0]["content"])
    user = str(body["messages"][1]["content"])
    if "memory-consolidation" in system and "[m-1]" in user and "[m-2]" in user:
        merged = {"content": TWIN_A, "category": "people/caroline", "sourceIds": ["m-1", "m-2"]}
        return json.dumps({"toDelete": [], "toSave": [merged]})
    return json.dumps({"toDelete": [], "toSave": []})


def _consolidation_requests(llm: ScriptedLLM) -> list[dict[str, Any]]:
    return [r for r in llm.requests if "memory-consolidation" in str(r["messages"][0]["content"])]


def test_the_server_counts_concurrent_calls_and_holds_each_for_its_delay() -> None:
    """The counter the fleet test relies on: three clients at once are three in flight."""
    with ScriptedLLM(delay_s=0.5) as llm:

        def call() -> None:
            body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]})
            request = urllib.request.Request(
                f"{llm.base_url}/chat/completions",
                data=body.encode(),
                headers={"Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=10) as response:
                json.load(response)

        started = time.monotonic()
        clients = [threading.Thread(target=call) for _ in range(3)]
        for client in clients:
            client.start()
        for client in clients:
            client.join()
        elapsed = time.monotonic() - started
        assert (llm.max_in_flight, llm.in_flight, len(llm.requests)) == (3, 0, 3)
        assert llm.max_verifications_in_flight == 0
        # Served side by side: three held calls take about one delay, not three.
        assert 0.5 <= elapsed < 1.5, elapsed


def _fleet(root: Path) -> list[Path]:
    now = datetime.now(UTC).replace(microsecond=0)
    return [
        make_volume(
            root / agent,
            [
                entry("m-1", TWIN_A, category="people/caroline", now=now),
                entry("m-2", TWIN_B, category="people/caroline", now=now),
                entry("m-3", "Tea is served at four in the Lisbon office.", now=now),
            ],
        ).busy_marker
        for agent in AGENTS
    ]


def _wait(
    what: str,
    services: Services,
    timeout_s: float,
    ready: Callable[[], bool],
    state: Callable[[], object] = lambda: None,
) -> None:
    deadline = time.monotonic() + timeout_s
    while not ready():
        assert services.alive("daemon"), services.log_tail("daemon")
        if time.monotonic() > deadline:
            raise AssertionError(
                f"expected {what} within {timeout_s}s; state {state()}\n"
                f"{services.log_tail('daemon')}"
            )
        time.sleep(0.2)


@pytest.fixture
def deployment_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A DAGSTER_HOME with the shipped production instance on a fresh PostgreSQL database."""
    home = tmp_path / "dagster_home"
    home.mkdir()
    shutil.copy(REPO / "deploy" / "dagster.yaml", home / "dagster.yaml")
    with fresh_postgres_database("dream_pool") as database:
        # This process reads the same instance as the daemon (the yaml names these variables).
        for name, value in database.env().items():
            monkeypatch.setenv(name, value)
        yield home


@pytest.mark.slow
@pytest.mark.postgres
@pytest.mark.parametrize("limit", [4, None], ids=["limit-4", "default-limit"])
def test_the_endpoint_pool_bounds_model_calls_in_flight_across_runs(
    tmp_path: Path, deployment_home: Path, limit: int | None
) -> None:
    expected = limit or DreamOptions().llm_pool_limit
    markers = _fleet(tmp_path / "agents")
    with ScriptedLLM(delay_s=CALL_S) as llm, running(tmp_path / "logs") as services:
        llm.respond_with(_answer)
        env = {
            "DAGSTER_HOME": str(deployment_home),
            "DREAM_AGENTS_ROOT": str(tmp_path / "agents"),
            "DREAM_LLM_BASE_URL": llm.base_url,
            "DREAM_LLM_MODEL": "scripted",
            "DREAM_LLM_API_KEY": "x",
            # Seconds instead of minutes: every agent's first cycle is requested in one tick.
            "DREAM_INITIAL_DELAY_MINUTES": "0.05",
            "DREAM_CADENCE_CHECK_SECONDS": "5",
            "DREAM_CADENCE_REQUESTS_PER_CHECK": str(len(AGENTS)),
            "DREAM_LLM_BUSY_POLL_SECONDS": "0.5",
            # A cycle at the pool waits for its agent's turn however late the last one arrives
            # (the default gives up after 300 s and goes on without the model).
            "DREAM_LLM_BUSY_MAX_WAIT_SECONDS": "1200",
        }
        if limit is not None:
            env["DREAM_LLM_POOL_LIMIT"] = str(limit)
        pool = llm_pool(DreamOptions(llm_base_url=llm.base_url))
        start_daemon(services, service_env(env))
        with dg.DagsterInstance.from_ref(InstanceRef.from_dir(str(deployment_home))) as instance:

            def cycles() -> list[dg.RunRecord]:
                return list(instance.get_run_records(dg.RunsFilter(job_name="dream_cycle")))

            # Every agent's LLM starts serving a user turn once the cadence has requested the
            # cycles (the request is decided for all agents before the first run exists): each
            # cycle's model step then waits in the pool, so all six arrive there whatever the
            # machine's load, and none calls the model before the turns end.
            _wait("the cadence requested the cycles", services, 300, lambda: bool(cycles()))
            for marker in markers:
                marker.write_text("serving a turn", encoding="utf-8")

            def _last_step(record: dg.RunRecord) -> str | None:
                starts = instance.all_logs(
                    record.dagster_run.run_id, of_type=dg.DagsterEventType.STEP_START
                )
                return starts[-1].step_key if starts else None

            def pool_state() -> tuple[int, int]:
                """(runs whose model step started, other runs with a step waiting for a slot).

                A run holds the pool once its model step has started: the step starts only after
                its claim succeeded. The claimed-slot rows are not counted: on PostgreSQL (an
                AUTOCOMMIT connection) Dagster's claim selects a free slot row FOR UPDATE and
                writes it in a second statement, so two steps can claim one row and the later
                one overwrites the earlier's run id (the pool still lets only that many steps
                run; the model server's count below is the bound that matters). A step Dagster
                assigned a slot but that has not claimed it yet is waiting, like an unassigned
                one."""
                info = instance.event_log_storage.get_concurrency_info(pool)
                holding = {
                    r.dagster_run.run_id
                    for r in cycles()
                    if r.dagster_run.status not in FINISHED and _last_step(r) == MODEL_STEP
                }
                waiting = {p.run_id for p in info.pending_steps} - holding
                return len(holding), len(waiting)

            def pool_detail() -> dict[str, object]:
                """What the pool's tables and the runs say, for a failure message."""
                info = instance.event_log_storage.get_concurrency_info(pool)
                return {
                    "holding, waiting": pool_state(),
                    "limit": (info.limit, info.slot_count, info.using_default_limit),
                    "claimed": [(s.run_id[:8], s.step_key) for s in info.claimed_slots],
                    "pending": [
                        (p.run_id[:8], p.step_key, p.assigned_timestamp is not None)
                        for p in info.pending_steps
                    ],
                    "runs": [
                        (r.dagster_run.run_id[:8], r.dagster_run.status.value, _last_step(r))
                        for r in cycles()
                    ],
                }

            def at_the_pool() -> bool:
                # Dagster's unlocked claim can let one step more than the limit start (module
                # docstring); the call slots then hold its call back, and the server's count below
                # is the bound that matters, so a run more holding the pool is waited through.
                holding, waiting = pool_state()
                return holding >= expected and holding + waiting == len(AGENTS)

            _wait(
                f"{expected} cycles holding {pool} and the others waiting for it",
                services,
                300,
                at_the_pool,
                pool_detail,
            )
            written = instance.event_log_storage.get_concurrency_info(pool)
            assert (llm.requests, llm.verifications) == ([], []), "a cycle reached the model early"
            for marker in markers:
                marker.unlink()
            _wait(
                "every cycle finished",
                services,
                FLEET_TIMEOUT_S,
                lambda: all(r.dagster_run.status in FINISHED for r in cycles()),
            )
            records = cycles()

        assert sorted(r.dagster_run.tags["dagster/partition"] for r in records) == AGENTS
        assert {r.dagster_run.status for r in records} == {dg.DagsterRunStatus.SUCCESS}
        # The limit the cadence sensor wrote into the instance for this endpoint's pool.
        assert (written.slot_count, written.using_default_limit) == (expected, False)
        # Every agent's pair went to the model, and every merge was verified there.
        assert len(_consolidation_requests(llm)) == len(AGENTS), llm.errors
        assert len(llm.verifications) == len(AGENTS)
        assert llm.errors == []
        # On the server: the limit reached, never exceeded.
        assert llm.max_in_flight == expected, llm.max_in_flight
