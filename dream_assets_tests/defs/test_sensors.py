"""The sensors, evaluated like the daemon does (build_sensor_context + instance_for_test).

A daemon start is a new SENSOR heartbeat id in the instance; the clock is DreamResource's. Each
sensor is built with the deployment's options a test wants (``deployment``), as the entry point
builds them with the environment's.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import dagster as dg
import pytest

# Private: Dagster has no public name for a test run record or a daemon heartbeat.
from dagster._core.test_utils import create_run_for_test
from dagster._daemon.types import DaemonHeartbeat

from dream_assets.core.clock import format_time
from dream_assets.core.options import DreamOptions, load_options
from dream_assets.defs.audit_pause import audit_pause
from dream_assets.defs.cron_windows import CronWindows
from dream_assets.defs.freshness import cycle_freshness_policy
from dream_assets.defs.pools import LLM_POOL, ensure_pool_limits, llm_assets_outside_pool
from dream_assets.defs.resources import DreamResource
from dream_assets.defs.sensors import (
    agent_activity_sensor,
    agent_discovery_sensor,
    dream_cadence_sensor,
)
from dream_assets_tests.cadence_clock import DELAY, INTERVAL, START


def deployment(**env: str) -> DreamOptions:
    """The deployment's options, as the definitions read them from an environment of ``env``."""
    return load_options(env)


# The sensors as a deployment with every option at its default builds them.
agent_discovery = agent_discovery_sensor(DreamOptions())
dream_cadence = dream_cadence_sensor(DreamOptions())
agent_activity = agent_activity_sensor(DreamOptions())
# ... and with no initial delay (DREAM_INITIAL_DELAY_MINUTES=0).
dream_cadence_no_delay = dream_cadence_sensor(deployment(DREAM_INITIAL_DELAY_MINUTES="0"))


@pytest.fixture(autouse=True)
def default_cadence(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "DREAM_INITIAL_DELAY_MINUTES",
        "DREAM_INTERVAL_HOURS",
        "DREAM_CYCLE_CRON",
        "DREAM_ACTIVITY_QUIET_PERIOD_MINUTES",
        "DREAM_ENABLED",
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def shared_instance() -> Iterator[dg.DagsterInstance]:
    with dg.instance_for_test() as instance:
        yield instance


@pytest.fixture
def instance(shared_instance: dg.DagsterInstance) -> dg.DagsterInstance:
    """A wiped instance per test (creating one costs a second, wiping a few milliseconds)."""
    shared_instance.wipe()
    shared_instance.wipe_daemon_heartbeats()
    for agent in shared_instance.get_dynamic_partitions("agents"):
        shared_instance.delete_dynamic_partition("agents", agent)
    shared_instance.event_log_storage.delete_concurrency_limit(LLM_POOL)
    return shared_instance


class Sensor:
    """One sensor across ticks: keeps its cursor and applies partition requests like the daemon."""

    def __init__(self, sensor: dg.SensorDefinition, instance: dg.DagsterInstance, root: Path):
        self.sensor = sensor
        self.instance = instance
        self.root = root
        self.cursor: str | None = None

    def tick(self, now: datetime) -> dg.SensorResult:
        # Opened as a context manager, as the daemon does: the resource's options are a nested one.
        with dg.build_sensor_context(
            instance=self.instance,
            cursor=self.cursor,
            resources={"dream": DreamResource(agents_root=str(self.root), now=format_time(now))},
        ) as context:
            result = self.sensor(context)
        assert isinstance(result, dg.SensorResult)
        self.cursor = result.cursor
        for request in result.dynamic_partitions_requests or []:
            self.instance.add_dynamic_partitions("agents", list(request.partition_keys or []))
        return result


def start_daemon(instance: dg.DagsterInstance, daemon_id: str) -> None:
    instance.add_daemon_heartbeat(DaemonHeartbeat(START.timestamp(), "SENSOR", daemon_id))


def requested(result: dg.SensorResult) -> list[tuple[str | None, str | None]]:
    return [(r.partition_key, r.tags.get("dream/trigger")) for r in result.run_requests or []]


def skipped(result: dg.SensorResult) -> str:
    assert result.skip_reason is not None, result.run_requests
    return result.skip_reason.skip_message or ""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "agents"
    (root / "ada").mkdir(parents=True)
    return root


@pytest.fixture
def cadence(instance: dg.DagsterInstance, root: Path) -> Sensor:
    """daemon-1 started; the dream_cadence sensor over ``root``."""
    start_daemon(instance, "daemon-1")
    return Sensor(dream_cadence, instance, root)


def _first_cycle(cadence: Sensor) -> None:
    """The daemon's first check, then the first window (its cycle requested)."""
    cadence.tick(START)
    cadence.tick(START + DELAY)


def test_first_start_waits_the_initial_delay(cadence: Sensor) -> None:
    result = cadence.tick(START)
    assert "ada: initial delay" in skipped(result)
    assert "ada: initial delay" in skipped(cadence.tick(START + timedelta(minutes=4)))


def test_first_cycle_runs_after_the_initial_delay(
    instance: dg.DagsterInstance, cadence: Sensor
) -> None:
    cadence.tick(START)
    result = cadence.tick(START + DELAY)
    assert requested(result) == [("ada", "first")]
    (request,) = result.run_requests or []
    assert request.run_key == f"cadence:ada:{format_time(START + DELAY)}"
    assert instance.get_dynamic_partitions("agents") == ["ada"]
    assert "already handled" in skipped(cadence.tick(START + DELAY + timedelta(seconds=30)))


def test_the_initial_delay_is_configurable(instance: dg.DagsterInstance, root: Path) -> None:
    cadence = Sensor(dream_cadence_no_delay, instance, root)
    assert requested(cadence.tick(START)) == [("ada", "first")]


def test_a_cycle_is_requested_every_interval(cadence: Sensor) -> None:
    _first_cycle(cadence)
    windows = []
    now = START + DELAY
    while now < START + DELAY + 2 * INTERVAL:
        now += timedelta(minutes=15)
        result = cadence.tick(now)
        windows += [r.tags["dream/window"] for r in result.run_requests or []]
        assert all(t == "scheduled" for _, t in requested(result))
    assert windows == [format_time(START + DELAY + k * INTERVAL) for k in (1, 2)]


def test_missed_windows_are_one_recovery(cadence: Sensor) -> None:
    _first_cycle(cadence)
    woke = START + timedelta(days=2, minutes=7)  # asleep across twelve windows
    result = cadence.tick(woke)
    assert requested(result) == [("ada", "recovered")]
    (request,) = result.run_requests or []
    assert request.tags["dream/reason"].startswith("recovered 12 missed window(s)")
    assert "already handled" in skipped(cadence.tick(woke + timedelta(minutes=1)))


def test_restart_in_the_same_window_does_nothing(
    instance: dg.DagsterInstance, cadence: Sensor
) -> None:
    cadence.tick(START)
    assert requested(cadence.tick(START + DELAY)) == [("ada", "first")]
    start_daemon(instance, "daemon-2")
    restart = START + timedelta(hours=1)
    assert "initial delay" in skipped(cadence.tick(restart))
    assert "already handled" in skipped(cadence.tick(restart + DELAY))
    assert "already handled" in skipped(cadence.tick(restart + timedelta(hours=1)))


def test_restart_after_a_missed_window_recovers_after_the_initial_delay(
    instance: dg.DagsterInstance, cadence: Sensor
) -> None:
    _first_cycle(cadence)
    start_daemon(instance, "daemon-2")
    back = START + timedelta(hours=9)
    assert "initial delay" in skipped(cadence.tick(back))
    assert requested(cadence.tick(back + DELAY)) == [("ada", "recovered")]


def test_an_unmounted_agents_root_forgets_no_handled_window(root: Path, cadence: Sensor) -> None:
    _first_cycle(cadence)
    hidden = root.rename(root.with_name("unmounted"))
    assert "not a directory" in skipped(cadence.tick(START + timedelta(hours=1)))
    hidden.rename(root)
    assert "already handled" in skipped(cadence.tick(START + timedelta(hours=2)))


def test_busy_marker_skips_the_tick_then_the_cycle_runs(
    instance: dg.DagsterInstance, root: Path
) -> None:
    start_daemon(instance, "daemon-1")
    marker = root / "ada" / "llm-busy"
    marker.touch()
    cadence = Sensor(dream_cadence, instance, root)
    cadence.tick(START)
    assert "ada: llm-busy marker present" in skipped(cadence.tick(START + DELAY))
    assert "llm-busy" in skipped(cadence.tick(START + DELAY + timedelta(seconds=30)))
    marker.unlink()
    assert requested(cadence.tick(START + DELAY + timedelta(minutes=1))) == [("ada", "first")]


def test_a_held_lease_defers_the_cycle_until_it_is_released(
    instance: dg.DagsterInstance, root: Path
) -> None:
    from dream_assets.core.clock import SystemClock
    from dream_assets.core.store.lease import acquire, release

    start_daemon(instance, "daemon-1")
    agent = root / "ada"
    acquire(
        agent, owner="dream undo", run_id="cli-undo", clock=SystemClock(), ttl=timedelta(hours=1)
    )
    cadence = Sensor(dream_cadence, instance, root)
    cadence.tick(START)
    reason = skipped(cadence.tick(START + DELAY))
    assert "ada: agent ada is being dreamed by run cli-undo since" in reason
    assert "cycle deferred to the next check" in reason
    release(agent, "cli-undo")
    assert requested(cadence.tick(START + DELAY + timedelta(minutes=1))) == [("ada", "first")]


def test_new_agent_is_registered_and_gets_a_first_cycle(
    instance: dg.DagsterInstance, root: Path
) -> None:
    start_daemon(instance, "daemon-1")
    discovery = Sensor(agent_discovery, instance, root)
    cadence = Sensor(dream_cadence, instance, root)
    discovery.tick(START)
    cadence.tick(START)
    cadence.tick(START + DELAY)
    (root / "bob").mkdir()
    later = START + timedelta(hours=1)
    result = discovery.tick(later)
    (add,) = result.dynamic_partitions_requests or []
    assert list(add.partition_keys or []) == ["bob"]
    assert not result.run_requests
    assert sorted(instance.get_dynamic_partitions("agents")) == ["ada", "bob"]
    assert requested(cadence.tick(later)) == [("bob", "first")]
    assert "no new agent" in skipped(discovery.tick(later + timedelta(minutes=1)))


def test_a_new_fleet_is_registered_a_page_per_check(
    instance: dg.DagsterInstance, root: Path
) -> None:
    # The daemon looks up every requested key on its own before adding them, so a whole new
    # fleet in one request held the discovery tick for minutes: a page per check instead.
    for name in ("bob", "cy", "dee", "eve"):
        (root / name).mkdir()
    options = deployment(DREAM_DISCOVERY_PARTITIONS_PER_CHECK="2")
    discovery = Sensor(agent_discovery_sensor(options), instance, root)
    pages = []
    for minute in range(3):
        (add,) = discovery.tick(START + timedelta(minutes=minute)).dynamic_partitions_requests or []
        pages.append(list(add.partition_keys or []))
    assert pages == [["ada", "bob"], ["cy", "dee"], ["eve"]]
    assert sorted(instance.get_dynamic_partitions("agents")) == ["ada", "bob", "cy", "dee", "eve"]
    assert "no new agent" in skipped(discovery.tick(START + timedelta(minutes=3)))


def test_a_new_agent_never_waits_for_the_discovery_tick(
    instance: dg.DagsterInstance, root: Path
) -> None:
    result = Sensor(dream_cadence_no_delay, instance, root).tick(START)
    (add,) = result.dynamic_partitions_requests or []
    assert list(add.partition_keys or []) == ["ada"]
    assert requested(result) == [("ada", "first")]


def test_an_agent_with_bad_options_is_skipped_with_the_reason(
    instance: dg.DagsterInstance, root: Path
) -> None:
    (root / "ada" / "dream-options.json").write_text('{"interval_hours": "often"}')
    (root / "bob").mkdir()
    result = Sensor(dream_cadence_no_delay, instance, root).tick(START)
    assert requested(result) == [("bob", "first")]


def test_cadence_follows_a_cron_when_one_is_configured(
    instance: dg.DagsterInstance, root: Path
) -> None:
    options = deployment(DREAM_INITIAL_DELAY_MINUTES="0", DREAM_CYCLE_CRON="0 */6 * * *")
    cadence = Sensor(dream_cadence_sensor(options), instance, root)
    first = cadence.tick(START)
    assert [r.tags["dream/window"] for r in first.run_requests or []] == [
        format_time(datetime(2026, 3, 1, 6, 0, tzinfo=UTC))
    ]
    assert "already handled" in skipped(cadence.tick(datetime(2026, 3, 1, 11, 59, tzinfo=UTC)))
    on_time = cadence.tick(datetime(2026, 3, 1, 12, 2, tzinfo=UTC))
    assert requested(on_time) == [("ada", "scheduled")]


def test_cron_windows_count_missed_ticks() -> None:
    windows = CronWindows("0 */4 * * *")
    at = datetime(2026, 3, 1, 13, 30, tzinfo=UTC)
    assert windows.latest_start(at) == datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    assert windows.count_starts(datetime(2026, 3, 1, 0, 0, tzinfo=UTC), at) == 3
    with pytest.raises(ValueError, match="DREAM_CYCLE_CRON"):
        CronWindows("every four hours")


# -- activity -----------------------------------------------------------------------------------


def _append_conversation(root: Path, at: datetime) -> None:
    log = root / "ada" / "conversation-log.jsonl"
    with log.open("a", encoding="utf-8") as handle:
        handle.write('{"session_id": "s1", "role": "user", "content": "I moved to Lyon."}\n')
    os.utime(log, (at.timestamp(), at.timestamp()))


def _finished_cycle(instance: dg.DagsterInstance) -> datetime:
    """A completed dream_cycle run for ada; returns when it was created."""
    run = create_run_for_test(
        instance,
        job_name="dream_cycle",
        status=dg.DagsterRunStatus.SUCCESS,
        tags={"dagster/partition": "ada"},
    )
    record = instance.get_run_record_by_id(run.run_id)
    assert record is not None
    created = record.create_timestamp
    return created if created.tzinfo else created.replace(tzinfo=UTC)


def _ada_talked_after_a_cycle(
    instance: dg.DagsterInstance, root: Path, talked_after: timedelta
) -> datetime:
    """ada with a finished cycle and a conversation line ``talked_after`` it; when the cycle ran."""
    instance.add_dynamic_partitions("agents", ["ada"])
    last = _finished_cycle(instance)
    _append_conversation(root, last + talked_after)
    return last


@pytest.fixture
def activity(instance: dg.DagsterInstance, root: Path) -> Sensor:
    """The agent_activity sensor over ``root``, its cursor kept between ticks."""
    return Sensor(agent_activity, instance, root)


@pytest.fixture
def last_cycle(instance: dg.DagsterInstance, root: Path) -> datetime:
    """When ada's last cycle ran; ada talked 10 minutes after it."""
    return _ada_talked_after_a_cycle(instance, root, timedelta(minutes=10))


def test_new_activity_within_the_quiet_period_waits(activity: Sensor, last_cycle: datetime) -> None:
    result = activity.tick(last_cycle + timedelta(minutes=50))
    assert "ada: new activity; conversation quiet period until" in skipped(result)


def test_new_activity_after_the_quiet_period_requests_one_cycle(
    activity: Sensor, last_cycle: datetime
) -> None:
    activity.tick(last_cycle + timedelta(minutes=50))
    result = activity.tick(last_cycle + timedelta(minutes=71))
    assert requested(result) == [("ada", "activity")]
    assert "no new activity" in skipped(activity.tick(last_cycle + timedelta(minutes=72)))


def test_no_activity_since_the_last_cycle_requests_nothing(
    instance: dg.DagsterInstance, root: Path, activity: Sensor
) -> None:
    last = _ada_talked_after_a_cycle(instance, root, -timedelta(minutes=30))
    result = activity.tick(last + timedelta(hours=3))
    assert "ada: no new activity since" in skipped(result)


def test_activity_before_any_cycle_is_left_to_the_first_cycle(
    instance: dg.DagsterInstance, root: Path, activity: Sensor
) -> None:
    instance.add_dynamic_partitions("agents", ["ada"])
    _append_conversation(root, START)
    result = activity.tick(START + timedelta(hours=3))
    assert "first cycle" in skipped(result)


def test_an_unreadable_activity_cursor_starts_over_from_the_last_cycle(
    activity: Sensor, last_cycle: datetime
) -> None:
    activity.cursor = "{not json"
    assert requested(activity.tick(last_cycle + timedelta(hours=2))) == [("ada", "activity")]


def test_busy_marker_skips_an_activity_cycle_until_it_is_gone(
    root: Path, activity: Sensor, last_cycle: datetime
) -> None:
    (root / "ada" / "llm-busy").touch()
    assert "llm-busy" in skipped(activity.tick(last_cycle + timedelta(hours=2)))
    (root / "ada" / "llm-busy").unlink()
    assert requested(activity.tick(last_cycle + timedelta(hours=2, minutes=1))) == [
        ("ada", "activity")
    ]


def test_an_agent_with_the_cycle_disabled_gets_no_automated_cycle(
    instance: dg.DagsterInstance, root: Path, last_cycle: datetime
) -> None:
    (root / "ada" / "dream-options.json").write_text('{"enabled": false}')
    assert "disabled" in skipped(Sensor(dream_cadence_no_delay, instance, root).tick(last_cycle))
    later = last_cycle + timedelta(hours=3)
    assert "disabled" in skipped(Sensor(agent_activity, instance, root).tick(later))


# -- audit pause ----------------------------------------------------------------------------------


def test_pause_file_is_shown_on_consolidated_memory_until_removed(
    instance: dg.DagsterInstance, root: Path
) -> None:
    instance.add_dynamic_partitions("agents", ["ada"])
    pause = Sensor(audit_pause, instance, root)
    assert "no consolidation pause" in skipped(pause.tick(START))

    flag = root / "ada" / "memory-audit" / "consolidation-paused.json"
    flag.parent.mkdir(parents=True)
    flag.write_text('{"reason": "3 entries hard-deleted outside the retention purge"}')
    result = pause.tick(START + timedelta(minutes=1))
    (event,) = result.asset_events or []
    assert isinstance(event, dg.AssetObservation)
    assert event.asset_key == dg.AssetKey("consolidated_memory") and event.partition == "ada"
    assert event.metadata["consolidation_paused"].value is True
    assert "hard-deleted outside the retention purge" in str(event.metadata["reason"].value)
    assert "paused by the memory audit for: ada" in skipped(pause.tick(START + timedelta(2)))

    flag.unlink()
    (cleared,) = pause.tick(START + timedelta(days=3)).asset_events or []
    assert cleared.metadata["consolidation_paused"].value is False


def test_cycles_of_a_paused_agent_carry_the_pause_tag(
    instance: dg.DagsterInstance, root: Path
) -> None:
    flag = root / "ada" / "memory-audit" / "consolidation-paused.json"
    flag.parent.mkdir(parents=True)
    flag.write_text("{}")
    (request,) = Sensor(dream_cadence_no_delay, instance, root).tick(START).run_requests or []
    assert request.tags["dream/consolidation-paused"] == "true"


# -- central automation ---------------------------------------------------------------------------


def test_llm_pool_limit_is_written_once_and_an_operator_value_is_kept(
    instance: dg.DagsterInstance,
) -> None:
    assert ensure_pool_limits(instance) == ["pool llm limited to 1"]
    assert instance.event_log_storage.get_concurrency_info(LLM_POOL).slot_count == 1
    instance.event_log_storage.set_concurrency_slots(LLM_POOL, 2)
    assert ensure_pool_limits(instance) == []
    assert instance.event_log_storage.get_concurrency_info(LLM_POOL).slot_count == 2


def test_first_cycle_request_sets_the_llm_pool_limit(
    instance: dg.DagsterInstance, root: Path
) -> None:
    Sensor(dream_cadence_no_delay, instance, root).tick(START)
    assert instance.event_log_storage.get_concurrency_info(LLM_POOL).slot_count == 1


def test_every_sensor_is_declared_running() -> None:
    from dream_assets.definitions import defs

    sensors = list(defs.sensors or [])
    names = {s.name for s in sensors}
    assert {"agent_discovery", "dream_cadence", "agent_activity", "audit_pause"} <= names
    for sensor in sensors:
        assert sensor.default_status == dg.DefaultSensorStatus.RUNNING, sensor.name


def test_every_asset_of_the_cycle_carries_the_cycle_freshness_policy() -> None:
    from dream_assets.core.options import DreamOptions
    from dream_assets.definitions import defs

    graph = defs.resolve_asset_graph()
    expected = cycle_freshness_policy(DreamOptions())
    cycle = defs.resolve_job_def("dream_cycle").asset_layer.executable_asset_keys
    assert {"retained_logs", "consolidated_memory"} <= {k.to_user_string() for k in cycle}
    for key in cycle:
        assert graph.get(key).freshness_policy == expected, key
    for key in set(graph.get_all_asset_keys()) - set(cycle):
        assert graph.get(key).freshness_policy != expected, key


def test_assets_that_call_the_model_are_in_the_llm_pool() -> None:
    from dream_assets.definitions import defs

    assets = [a for a in defs.assets or [] if isinstance(a, dg.AssetsDefinition)]
    assert any(a.op.pool == LLM_POOL for a in assets)
    assert llm_assets_outside_pool(assets) == []


def test_an_asset_calling_the_model_outside_the_pool_is_named() -> None:
    @dg.asset(kinds={"openai"})
    def rogue() -> None: ...

    assert llm_assets_outside_pool([rogue]) == ["rogue"]
