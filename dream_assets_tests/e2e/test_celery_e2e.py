"""The dream cycle's steps on Celery workers, RabbitMQ as the broker, chosen by configuration.

The shipped deploy/dagster.yaml on a fresh PostgreSQL database; ``dagster-daemon`` and
``dagster-webserver`` with ``DREAM_EXECUTOR=celery`` and nothing else changed; two
``dagster-celery worker start`` processes, each in its own working directory (standing in for two
hosts that share the agents root and the instance), on a RabbitMQ vhost and a queue of the
test's own, so that parallel test runs on one broker never take each other's tasks. Four agents
get their first cycle from the cadence sensor; then two cycles are launched for one agent at the
same moment.
Everything asserted comes from Dagster's event log and run records.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import pairwise
from unittest import mock

import dagster as dg
import pytest

from dream_assets.defs.jobs import CYCLE_ASSETS, dream_cycle_job
from dream_assets_tests.services import (
    BIN,
    REPO,
    GraphQL,
    Services,
    dagster_stack,
    launch_cycle,
)

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

AGENTS = ("ada", "bo", "cy", "di")
BROKER = "pyamqp://guest:guest@127.0.0.1:5672/"
RUN_TIMEOUT_S = 600
FINISHED = (dg.DagsterRunStatus.SUCCESS, dg.DagsterRunStatus.FAILURE, dg.DagsterRunStatus.CANCELED)
# The shipped worker configuration (the broker from DREAM_CELERY_BROKER), unchanged.
WORKER_YAML = REPO / "deploy" / "celery-worker.yaml"


def _required() -> bool:
    return bool(os.environ.get("DREAM_REQUIRE_RABBITMQ") or os.environ.get("CI"))


def _skip_or_fail(reason: str) -> None:
    if _required():
        pytest.fail(f"{reason} (required: DREAM_REQUIRE_RABBITMQ or CI is set)")
    pytest.skip(reason)


def _broker_ready() -> None:
    try:
        import dagster_celery  # noqa: F401
        import kombu
    except ImportError:
        _skip_or_fail("dagster-celery not installed (extra 'celery')")
    try:
        with kombu.Connection(BROKER, connect_timeout=3) as connection:
            connection.ensure_connection(max_retries=1)
    except Exception as exc:
        _skip_or_fail(f"RabbitMQ unreachable at {BROKER}: {type(exc).__name__}: {exc}")


def _rabbitmqctl(*args: str) -> bool:
    found = shutil.which("rabbitmqctl", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin")
    if found is None:
        return False
    completed = subprocess.run([found, *args], capture_output=True, timeout=120)
    return completed.returncode == 0


@contextmanager
def broker_scope(name: str, queue: str) -> Iterator[str]:
    """The broker URL for this test: a vhost of its own when rabbitmqctl may create one (deleting
    it deletes everything the run declared, Celery's reply queues included); otherwise the
    default vhost, where the test's queue is unique and deleted afterwards (Celery's reply queues
    there expire on their own after a day)."""
    if _rabbitmqctl("add_vhost", name):
        try:
            _rabbitmqctl("set_permissions", "-p", name, "guest", ".*", ".*", ".*")
            yield f"{BROKER}{name}"
        finally:
            _rabbitmqctl("delete_vhost", name)
        return
    import kombu

    try:
        yield BROKER
    finally:
        with kombu.Connection(BROKER, connect_timeout=3) as connection:
            connection.default_channel.queue_delete(queue)


@dataclass
class Deployment:
    services: Services
    graphql: GraphQL
    instance: dg.DagsterInstance
    workers: tuple[str, str]
    launched: list[str]

    def runs(self) -> list[dg.RunRecord]:
        return list(self.instance.get_run_records(dg.RunsFilter(job_name=dream_cycle_job.name)))

    def events(self, run_id: str, kind: dg.DagsterEventType) -> list[dg.EventLogEntry]:
        return list(self.instance.all_logs(run_id, of_type=kind))


def _wait_for_workers(services: Services, names: tuple[str, str], timeout_s: float = 120) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        waiting = []
        for name in names:
            if not services.alive(name):
                raise AssertionError(f"{name} exited:\n{services.log_tail(name)}")
            if " ready." not in services.log_tail(name, 200):
                waiting.append(name)
        if not waiting:
            return
        time.sleep(1)
    raise AssertionError(f"workers not ready: {waiting}\n{services.log_tail(waiting[0])}")


def _wait_for_runs(deployment: Deployment, count: int, timeout_s: float) -> list[dg.RunRecord]:
    deadline = time.monotonic() + timeout_s
    records: list[dg.RunRecord] = []
    while time.monotonic() < deadline:
        for name in ("daemon", "webserver", *deployment.workers):
            if not deployment.services.alive(name):
                raise AssertionError(f"{name} exited:\n{deployment.services.log_tail(name)}")
        records = deployment.runs()
        if len(records) >= count and all(r.dagster_run.status in FINISHED for r in records):
            return records
        time.sleep(3)
    states = [(r.dagster_run.tags.get("dagster/partition"), r.dagster_run.status) for r in records]
    raise AssertionError(
        f"{count} finished cycles expected within {timeout_s}s, got {states}\n"
        f"daemon log:\n{deployment.services.log_tail('daemon')}"
    )


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    _broker_ready()
    base = tmp_path_factory.mktemp("celery")
    suffix = uuid.uuid4().hex[:8]
    queue = f"dream_test_{suffix}"
    workers = (f"dream-a-{suffix}", f"dream-b-{suffix}")

    def start_workers(services: Services, env: dict[str, str]) -> None:
        for worker in workers:
            host = base / worker
            host.mkdir()
            services.start(
                worker,
                [str(BIN / "dagster-celery"), "worker", "start", "-A", "dagster_celery.app",
                 "-y", str(WORKER_YAML), "-q", queue, "-n", worker,
                 "--", "--concurrency=1"],
                env,
                cwd=host,
            )  # fmt: skip
        _wait_for_workers(services, workers)

    with (
        broker_scope(f"dream_test_{suffix}", queue) as broker,
        # The shared filesystem of both "hosts": the instance's home (its local artifact
        # storage and compute logs) and the agents' volumes.
        dagster_stack(
            base / "shared",
            base / "logs",
            AGENTS,
            prefix="dream_celery",
            env={
                # The whole switch: nothing else differs from the in-process deployment.
                "DREAM_EXECUTOR": "celery",
                "DREAM_CELERY_BROKER": broker,
                "DREAM_CELERY_QUEUE": queue,
                # dagster-celery starts `celery` from PATH.
                "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
            },
            before=start_workers,
        ) as stack,
    ):
        with mock.patch.dict(os.environ, stack.database.env()):
            instance = dg.DagsterInstance.from_config(str(stack.home))
        deployment = Deployment(stack.services, stack.graphql, instance, workers, [])
        try:
            _wait_for_runs(deployment, len(AGENTS), RUN_TIMEOUT_S)
            # Two cycles of one agent requested at the same moment: the queue must hold one.
            deployment.launched.extend(launch_cycle(stack.graphql, AGENTS[0]) for _ in range(2))
            _wait_for_runs(deployment, len(AGENTS) + 2, RUN_TIMEOUT_S)
            yield deployment
        finally:
            instance.dispose()


def _interval(events: list[dg.EventLogEntry]) -> tuple[float, float]:
    times = [e.timestamp for e in events]
    return min(times), max(times)


def test_every_cycle_succeeded(deployment: Deployment) -> None:
    runs = deployment.runs()
    by_agent: dict[str, list[dg.RunRecord]] = defaultdict(list)
    for record in runs:
        by_agent[record.dagster_run.tags["dagster/partition"]].append(record)
    assert sorted(by_agent) == sorted(AGENTS)
    assert [r.dagster_run.status for r in runs] == [dg.DagsterRunStatus.SUCCESS] * len(runs), (
        deployment.services.log_tail("daemon")
    )
    first = [r for r in runs if r.dagster_run.tags.get("dagster/sensor_name") == "dream_cadence"]
    assert sorted(r.dagster_run.tags["dagster/partition"] for r in first) == sorted(AGENTS)
    assert {r.dagster_run.run_id for r in runs} >= set(deployment.launched)


def test_every_step_ran_on_a_celery_worker_and_both_workers_took_steps(
    deployment: Deployment,
) -> None:
    used: dict[str, int] = defaultdict(int)
    for record in deployment.runs():
        run_id = record.dagster_run.run_id
        started = {e.step_key for e in deployment.events(run_id, dg.DagsterEventType.STEP_START)}
        on_worker: dict[str, str] = {}
        for event in deployment.events(run_id, dg.DagsterEventType.ENGINE_EVENT):
            metadata = event.dagster_event.event_specific_data.metadata  # type: ignore[union-attr]
            if "Celery worker" in metadata:
                on_worker[str(event.step_key)] = str(metadata["Celery worker"].value)
        assert started, run_id
        # Every step of the run was executed by a Celery worker, none by the run's process.
        assert started <= set(on_worker), (run_id, started - set(on_worker))
        for step in started:
            used[on_worker[step].split("@", 1)[0]] += 1
    assert set(used) == set(deployment.workers), dict(used)


def test_every_blocking_check_passed(deployment: Deployment) -> None:
    for record in deployment.runs():
        run_id = record.dagster_run.run_id
        blocking = {}
        for event in deployment.events(run_id, dg.DagsterEventType.ASSET_CHECK_EVALUATION):
            evaluation = event.dagster_event.event_specific_data  # type: ignore[union-attr]
            if evaluation.blocking:
                key = (evaluation.asset_key.to_user_string(), evaluation.check_name)
                blocking[key] = evaluation.passed
        assert ("consolidated_memory", "merge_coverage") in blocking, run_id
        assert ("purged_archive", "pruning_floor") in blocking, run_id
        assert all(blocking.values()), (run_id, blocking)


def test_one_run_per_agent_at_a_time(deployment: Deployment) -> None:
    by_agent: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for record in deployment.runs():
        assert record.start_time is not None and record.end_time is not None
        by_agent[record.dagster_run.tags["dagster/partition"]].append(
            (record.start_time, record.end_time)
        )
    # The two cycles launched together for the first agent, plus its first one.
    assert len(by_agent[AGENTS[0]]) == 3
    for agent, spans in by_agent.items():
        spans.sort()
        for (_, end), (start, _) in pairwise(spans):
            assert start >= end, (agent, spans)


def test_runs_of_different_agents_overlapped_and_the_model_pool_held(
    deployment: Deployment,
) -> None:
    runs = deployment.runs()
    spans = sorted((r.start_time or 0.0, r.end_time or 0.0) for r in runs)
    # The four first cycles were requested in one tick: runs overlapped, so the pool had work
    # from several runs at once to hold back.
    assert any(start < end for (_, end), (start, _) in pairwise(spans))
    pooled = {a.op.name for a in CYCLE_ASSETS if (a.op.pool or "").startswith("llm")}
    assert pooled
    intervals = []
    for record in runs:
        run_id = record.dagster_run.run_id
        steps: dict[str, list[dg.EventLogEntry]] = defaultdict(list)
        for kind in (dg.DagsterEventType.STEP_START, dg.DagsterEventType.STEP_SUCCESS):
            for event in deployment.events(run_id, kind):
                if event.step_key in pooled:
                    steps[event.step_key].append(event)
        intervals.extend((*_interval(events), run_id, step) for step, events in steps.items())
    intervals.sort()
    assert len(intervals) == len(pooled) * len(runs)
    # Pool `llm` is limited to one step at a time across every run and both workers.
    for earlier, later in pairwise(intervals):
        assert later[0] >= earlier[1], (earlier, later)
