"""A fleet of agents on one machine: the sensors' incremental walks and the run's storage costs.

The sensors are evaluated like the daemon does (build_sensor_context on a real instance, helpers
shared with test_sensors); the storage test runs a real cycle on the real PostgreSQL server and
counts the sessions the server saw.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import dagster as dg
import pytest

# Private: Dagster has no public name for a test run record or the runs table.
from dagster._core.storage.runs.schema import RunsTable
from dagster._core.test_utils import create_run_for_test

from dream_assets.core.schedule.cadence import ActivityState, AgentActivity
from dream_assets.core.store.volume import discover_agents
from dream_assets.defs import sensors
from dream_assets.defs.sensor_ticks import summary as _summary
from dream_assets.defs.sensors import agent_activity_sensor, dream_cadence_sensor
from dream_assets_tests.defs.test_sensors import (  # noqa: F401 (fixtures)
    START,
    Sensor,
    agent_activity,
    default_cadence,
    deployment,
    instance,
    requested,
    shared_instance,
    skipped,
    start_daemon,
)

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _activity(minutes: float | None) -> AgentActivity:
    at = T0 + timedelta(minutes=minutes) if minutes is not None else None
    return AgentActivity(conversation_at=at, feedback_at=None)


# -- the activity cursor (core) -------------------------------------------------------------------


def test_the_first_activity_cursor_format_is_read_as_requested_times() -> None:
    state = ActivityState.from_json('{"ada": "2026-03-01T09:00:00+00:00"}')
    assert state.warning is None
    assert state.requested == {"ada": T0}
    assert state.covered == {}
    again = ActivityState.from_json(state.to_json())
    assert (again.requested, again.covered) == (state.requested, state.covered)


def test_an_unreadable_activity_cursor_degrades_to_looking_everyone_up() -> None:
    state = ActivityState.from_json('{"version": 2, "requested": []}')
    assert state.warning is not None
    assert state.known_old("ada", _activity(0)) is None


def test_only_activity_no_newer_than_a_cycle_or_request_is_known_old() -> None:
    state = ActivityState(requested={"ada": T0}, covered={"bob": T0})
    assert state.known_old("ada", _activity(0)) == T0
    assert state.known_old("bob", _activity(-5)) == T0
    assert state.known_old("ada", _activity(1)) is None
    assert state.known_old("bob", _activity(1)) is None
    assert state.known_old("cy", _activity(-60)) is None
    state.forget_missing_agents({"bob"})
    assert state.requested == {} and set(state.covered) == {"bob"}


# -- the sensors at fleet size ---------------------------------------------------------------------


def _fleet(root: Path, count: int) -> list[str]:
    names = [f"a{i:02d}" for i in range(count)]
    for name in names:
        (root / name).mkdir(parents=True)
    return names


FleetCadence = Callable[..., tuple[Sensor, list[str]]]


@pytest.fixture
def fleet_cadence(
    instance: dg.DagsterInstance,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> FleetCadence:
    """``(count, **bounds)``: a fleet of ``count`` agents due at once (no initial delay), the
    sensors' ``bounds`` set (a ``DREAM_*`` option of the deployment, or a constant of
    ``defs.sensors``), daemon-1 started; the dream_cadence sensor over it, and the names."""

    def make(count: int, **bounds: int) -> tuple[Sensor, list[str]]:
        env = {"DREAM_INITIAL_DELAY_MINUTES": "0"}
        for bound, value in bounds.items():
            if bound.startswith("DREAM_"):
                env[bound] = str(value)
            else:
                monkeypatch.setattr(sensors, bound, value)
        root = tmp_path / "agents"
        names = _fleet(root, count)
        start_daemon(instance, "daemon-1")
        return Sensor(dream_cadence_sensor(deployment(**env)), instance, root), names

    return make


def _talk(root: Path, agent: str, at: datetime) -> None:
    log = root / agent / "conversation-log.jsonl"
    log.write_text('{"session_id": "s1", "role": "user", "content": "hello"}\n', encoding="utf-8")
    os.utime(log, (at.timestamp(), at.timestamp()))


def _finished_cycle(instance: dg.DagsterInstance, agent: str) -> datetime:  # noqa: F811
    run = create_run_for_test(
        instance,
        job_name="dream_cycle",
        status=dg.DagsterRunStatus.SUCCESS,
        tags={"dagster/partition": agent},
    )
    record = instance.get_run_record_by_id(run.run_id)
    assert record is not None
    created = record.create_timestamp
    return created if created.tzinfo else created.replace(tzinfo=UTC)


@pytest.mark.parametrize(
    "bound", ["ACTIVITY_LOOKUPS_PER_CHECK", "DREAM_CADENCE_REQUESTS_PER_CHECK"]
)
def test_activity_lookups_page_across_checks_oldest_activity_first(
    instance: dg.DagsterInstance,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    bound: str,
) -> None:
    if bound.startswith("DREAM_"):
        sensor = agent_activity_sensor(deployment(**{bound: "2"}))
    else:
        monkeypatch.setattr(sensors, bound, 2)
        sensor = agent_activity
    root = tmp_path / "agents"
    names = _fleet(root, 5)
    instance.add_dynamic_partitions("agents", names)
    last = max(_finished_cycle(instance, name) for name in names)
    # a04 talked first, a00 last: the oldest activity is looked up first.
    for offset, name in enumerate(reversed(names)):
        _talk(root, name, last + timedelta(minutes=1 + offset))
    activity = Sensor(sensor, instance, root)
    later = last + timedelta(hours=2)
    pages = [[agent for agent, _ in requested(activity.tick(later))] for _ in range(3)]
    assert pages == [["a04", "a03"], ["a02", "a01"], ["a00"]]
    # Everything is now accounted for by the requests: nothing is looked up again.
    assert skipped(activity.tick(later)) == (
        "5 agent(s): no new activity since their last cycle or request"
    )


def test_activity_older_than_the_last_cycle_is_looked_up_once(
    instance: dg.DagsterInstance,  # noqa: F811
    tmp_path: Path,
) -> None:
    root = tmp_path / "agents"
    _fleet(root, 1)
    instance.add_dynamic_partitions("agents", ["a00"])
    _talk(root, "a00", T0)
    last = _finished_cycle(instance, "a00")
    activity = Sensor(agent_activity, instance, root)
    assert "a00: no new activity since" in skipped(activity.tick(last + timedelta(hours=1)))
    assert skipped(activity.tick(last + timedelta(hours=2))) == (
        "1 agent(s): no new activity since their last cycle or request"
    )
    # A new line after the cycle is looked up again, and waits for the quiet period.
    _talk(root, "a00", last + timedelta(hours=2))
    waiting = skipped(activity.tick(last + timedelta(hours=2, minutes=5)))
    assert "a00: new activity; conversation quiet period until" in waiting


def test_a_fleet_window_is_requested_over_several_checks_each_agent_once(
    fleet_cadence: FleetCadence,
) -> None:
    cadence, names = fleet_cadence(5, DREAM_CADENCE_REQUESTS_PER_CHECK=2)
    first = cadence.tick(START)
    assert [agent for agent, _ in requested(first)] == ["a00", "a01"]
    assert first.run_requests is not None
    assert {r.tags["dream/trigger"] for r in first.run_requests} == {"first"}
    later = [requested(cadence.tick(START + timedelta(seconds=30 * i))) for i in (1, 2)]
    assert later == [[("a02", "first"), ("a03", "first")], [("a04", "first")]]
    reason = skipped(cadence.tick(START + timedelta(minutes=2)))
    assert reason.count("already handled") == len(names)
    # The next window, paged over checks more than the on-time tolerance apart: waiting for a
    # page is not a missed window, every agent's cycle is still "scheduled".
    window = START + timedelta(hours=4)
    pages = [requested(cadence.tick(window + timedelta(minutes=4 * i))) for i in range(3)]
    assert [agent for page in pages for agent, _ in page] == names
    assert {trigger for page in pages for _, trigger in page} == {"scheduled"}


def test_no_cycle_is_requested_while_the_run_queue_is_full(
    instance: dg.DagsterInstance,  # noqa: F811
    fleet_cadence: FleetCadence,
) -> None:
    cadence, _ = fleet_cadence(2, QUEUE_DEPTH=3)
    queued = []
    for i in range(3):
        run = create_run_for_test(
            instance, job_name="dream_cycle", tags={"dagster/partition": f"elsewhere-{i}"}
        )
        # Marked queued in the runs table, whose status column the storage trusts (a queued run
        # created through the API needs a code location this test has not got).
        with instance.run_storage.connect() as connection:  # type: ignore[attr-defined]
            connection.execute(
                RunsTable.update().where(RunsTable.c.run_id == run.run_id).values(status="QUEUED")
            )
        queued.append(run)
    assert instance.get_runs_count(dg.RunsFilter(statuses=[dg.DagsterRunStatus.QUEUED])) == 3
    assert "2 due cycle(s) left to the next check (0 requested" in skipped(cadence.tick(START))
    # The queue daemon launches one: one cycle is requested, the other still waits.
    instance.delete_run(queued[0].run_id)
    assert requested(cadence.tick(START + timedelta(seconds=30))) == [("a00", "first")]


def test_a_fleet_tick_log_has_one_line_per_distinct_reason() -> None:
    lines = [f"a{i:03d}: window 2026-03-01 09:05:00Z already handled" for i in range(60)]
    lines.append("zed: llm-busy marker present: deferred")
    summary = _summary(lines, ["3 due cycle(s) left to the next check"]).splitlines()
    assert summary == [
        "window 2026-03-01 09:05:00Z already handled (60 agents, e.g. a000)",
        "zed: llm-busy marker present: deferred",
        "3 due cycle(s) left to the next check",
    ]
    few = [f"a{i}: first cycle for this agent" for i in range(3)]
    assert _summary(few).splitlines() == few


def test_agents_are_the_visible_subdirectories(tmp_path: Path) -> None:
    root = tmp_path / "agents"
    (root / "ada").mkdir(parents=True)
    (root / ".trash").mkdir()
    (root / "notes.txt").write_text("not an agent")
    (root / "bob").mkdir()
    assert discover_agents(root) == ["ada", "bob"]
    assert discover_agents(tmp_path / "missing") == []
    assert discover_agents(root / "notes.txt") == []


# -- the run's storage connections -----------------------------------------------------------------


def _sessions(settings: dict[str, object]) -> int:
    import psycopg2

    connection = psycopg2.connect(
        host=settings["host"],
        port=settings["port"],
        user=settings["user"],
        password=settings["password"],
        dbname=settings["dbname"],
    )
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute(
                "SELECT sessions FROM pg_stat_database WHERE datname = %s", (settings["dbname"],)
            )
            row = cursor.fetchone()
            return int(row[0]) if row else 0
    finally:
        connection.close()


@pytest.mark.postgres
def test_a_cycle_on_postgres_holds_its_storage_connections(
    postgres_db: dict[str, object], postgres_demo_agent: Path
) -> None:
    """Without the held connection a demo cycle opened one session per storage call: 545 measured
    (docs/benchmarks.md, Fleet); with it, the run's start (before its resources exist) still opens
    its own, 87 measured."""
    from dream_assets.cli import run_cycle

    agent = postgres_demo_agent
    storage = dg.DagsterInstance.get()
    try:
        before = _sessions(postgres_db)
        outcome = run_cycle(agent.parent, "demo", storage)
        opened = _sessions(postgres_db) - before
        assert outcome["success"], outcome["failures"]
        assert opened < 150, f"{opened} sessions opened by one cycle"
        record = storage.get_latest_materialization_event(dg.AssetKey("cycle_report"))
        assert record is not None and record.asset_materialization is not None
        assert record.asset_materialization.partition == "demo"
    finally:
        storage.dispose()
