"""The cadence rules (core.cadence), on an injected clock: no Dagster, no waiting."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from dream_assets.core.options import DreamOptions, OptionsError, load_options
from dream_assets.core.schedule import cadence
from dream_assets.core.schedule.cadence import (
    AgentActivity,
    CadenceState,
    CycleDecision,
    IntervalWindows,
    observe_process,
    plan_cycle,
    record_decision,
)
from dream_assets.core.store.volume import AgentVolume
from dream_assets_tests.cadence_clock import DELAY, INTERVAL, START

HOUR = timedelta(hours=1)


class Daemon:
    """Drives the cadence like the sensor does: one check per call, state kept between."""

    def __init__(self, state: CadenceState | None = None) -> None:
        self.state = state or CadenceState()

    def check(
        self, now: datetime, *, process: str = "daemon-1", agent: str = "ada", busy: bool = False
    ) -> CycleDecision:
        self.state = observe_process(self.state, process, now, DELAY)
        assert self.state.anchor is not None
        series = IntervalWindows(anchor=self.state.anchor, interval=INTERVAL)
        decision = plan_cycle(self.state, agent, series, now, initial_delay=DELAY, busy=busy)
        record_decision(self.state, decision, series)
        return decision


def test_first_start_waits_the_initial_delay() -> None:
    daemon = Daemon()
    decision = daemon.check(START)
    assert decision.action == "wait"
    assert "initial delay" in decision.reason
    assert daemon.check(START + timedelta(minutes=4)).action == "wait"


def test_first_cycle_runs_once_the_initial_delay_has_passed() -> None:
    daemon = Daemon()
    daemon.check(START)
    decision = daemon.check(START + DELAY)
    assert (decision.action, decision.trigger) == ("run", "first")
    assert decision.window == START + DELAY
    assert daemon.check(START + DELAY + timedelta(minutes=1)).action == "wait"


def test_a_cycle_runs_every_interval_and_not_in_between() -> None:
    daemon = Daemon()
    daemon.check(START)
    daemon.check(START + DELAY)
    runs = []
    now = START + DELAY
    # A check every 10 minutes for half a day, as the sensor does (more often, in fact).
    while now < START + DELAY + 3 * INTERVAL:
        now += timedelta(minutes=10)
        decision = daemon.check(now)
        if decision.action == "run":
            runs.append((decision.window, decision.trigger))
    assert runs == [(START + DELAY + k * INTERVAL, "scheduled") for k in (1, 2, 3)]


def test_a_window_checked_within_five_minutes_is_scheduled() -> None:
    daemon = Daemon()
    daemon.check(START)
    daemon.check(START + DELAY)
    on_time = daemon.check(START + DELAY + INTERVAL + timedelta(minutes=1))
    assert (on_time.action, on_time.trigger) == ("run", "scheduled")
    assert on_time.window == START + DELAY + INTERVAL


def test_a_window_first_checked_late_is_recovered() -> None:
    daemon = Daemon()
    daemon.check(START)
    daemon.check(START + DELAY)
    late = daemon.check(START + DELAY + INTERVAL + timedelta(minutes=40))
    assert (late.action, late.trigger, late.missed) == ("run", "recovered", 1)


def test_several_missed_windows_are_one_recovery() -> None:
    daemon = Daemon()
    daemon.check(START)
    daemon.check(START + DELAY)
    # The machine slept for three days: eighteen windows passed unseen.
    woke = START + DELAY + timedelta(days=3, minutes=7)
    decision = daemon.check(woke)
    assert (decision.action, decision.trigger, decision.missed) == ("run", "recovered", 18)
    assert decision.window == START + DELAY + 18 * INTERVAL
    assert daemon.check(woke + timedelta(minutes=1)).action == "wait"
    assert daemon.check(woke + timedelta(hours=1)).action == "wait"


def test_a_window_already_handled_never_runs_again() -> None:
    daemon = Daemon()
    daemon.check(START)
    daemon.check(START + DELAY)
    window = START + DELAY + INTERVAL
    assert daemon.check(window).action == "run"
    for minutes in (1, 30, 90, 239):
        again = daemon.check(window + timedelta(minutes=minutes))
        assert again.action == "wait", minutes
        assert "already handled" in again.reason


def test_restart_in_the_same_window_does_nothing() -> None:
    daemon = Daemon()
    daemon.check(START)
    assert daemon.check(START + DELAY).action == "run"
    restart = START + timedelta(hours=1)
    assert daemon.check(restart, process="daemon-2").action == "wait"
    after_delay = daemon.check(restart + DELAY, process="daemon-2")
    assert after_delay.action == "wait"
    assert "already handled" in after_delay.reason


def test_restart_after_missed_windows_recovers_once_after_the_initial_delay() -> None:
    daemon = Daemon()
    daemon.check(START)
    daemon.check(START + DELAY)
    back = START + timedelta(hours=13)  # down across three windows
    waiting = daemon.check(back, process="daemon-2")
    assert waiting.action == "wait" and "initial delay" in waiting.reason
    recovered = daemon.check(back + DELAY, process="daemon-2")
    assert (recovered.action, recovered.trigger, recovered.missed) == ("run", "recovered", 3)
    assert daemon.check(back + DELAY + timedelta(minutes=1), process="daemon-2").action == "wait"


def test_windows_stay_anchored_at_the_first_start_across_restarts() -> None:
    daemon = Daemon()
    daemon.check(START)
    daemon.check(START + DELAY)
    daemon.check(START + timedelta(hours=2), process="daemon-2")
    assert daemon.state.anchor == START + DELAY
    decision = daemon.check(START + DELAY + INTERVAL, process="daemon-2")
    assert decision.action == "run" and decision.window == START + DELAY + INTERVAL


def test_busy_marker_defers_the_cycle_then_it_runs() -> None:
    daemon = Daemon()
    daemon.check(START)
    deferred = daemon.check(START + DELAY, busy=True)
    assert deferred.action == "wait" and "llm-busy" in deferred.reason
    assert "ada" not in daemon.state.handled
    assert daemon.check(START + DELAY + timedelta(seconds=30), busy=True).action == "wait"
    ran = daemon.check(START + DELAY + timedelta(minutes=1), busy=False)
    assert (ran.action, ran.trigger) == ("run", "first")


def test_a_new_agent_gets_a_first_cycle_at_the_next_check() -> None:
    daemon = Daemon()
    daemon.check(START)
    daemon.check(START + DELAY)
    later = START + timedelta(hours=2)
    assert daemon.check(later, agent="ada").action == "wait"
    newcomer = daemon.check(later, agent="bob")
    assert (newcomer.action, newcomer.trigger) == ("run", "first")
    assert daemon.check(later + timedelta(minutes=1), agent="bob").action == "wait"


def test_schedule_change_never_recovers_the_current_window_retroactively() -> None:
    daemon = Daemon()
    daemon.check(START)
    daemon.check(START + DELAY)
    state = daemon.state
    now = START + DELAY + timedelta(hours=3)
    assert state.anchor is not None
    faster = IntervalWindows(anchor=state.anchor, interval=timedelta(hours=1))
    decision = plan_cycle(state, "ada", faster, now, initial_delay=DELAY, busy=False)
    assert decision.action == "mark" and "schedule changed" in decision.reason
    record_decision(state, decision, faster)
    assert plan_cycle(state, "ada", faster, now, initial_delay=DELAY, busy=False).action == "wait"
    next_window = plan_cycle(state, "ada", faster, now + HOUR, initial_delay=DELAY, busy=False)
    assert (next_window.action, next_window.trigger) == ("run", "scheduled")


def test_cadence_state_round_trips_through_its_cursor() -> None:
    daemon = Daemon()
    daemon.check(START)
    daemon.check(START + DELAY)
    restored = CadenceState.from_json(daemon.state.to_json())
    assert restored.handled == daemon.state.handled
    assert (restored.process, restored.started_at, restored.anchor) == (
        "daemon-1",
        START,
        START + DELAY,
    )


def test_unreadable_state_runs_every_agent_once_rather_than_never() -> None:
    state = CadenceState.from_json('{"agents": {"ada": {"window": "not a time"}}}')
    assert state.warning and "unreadable" in state.warning
    assert state.handled == {}
    daemon = Daemon(state)
    daemon.check(START)
    assert daemon.check(START + DELAY).trigger == "first"


def test_an_agent_that_disappears_and_returns_gets_a_first_cycle() -> None:
    daemon = Daemon()
    daemon.check(START)
    daemon.check(START + DELAY)
    cadence.forget_missing_agents(daemon.state, set())
    assert daemon.check(START + DELAY + HOUR).trigger == "first"


# -- activity -----------------------------------------------------------------------------------

LAST_CYCLE = START


def _activity(conversation_minutes: float | None, feedback_minutes: float | None = None):
    def at(minutes: float | None) -> datetime | None:
        return None if minutes is None else LAST_CYCLE + timedelta(minutes=minutes)

    return AgentActivity(conversation_at=at(conversation_minutes), feedback_at=at(feedback_minutes))


def _plan(activity: AgentActivity, now: datetime, **kwargs: object):
    defaults: dict[str, object] = {
        "since": LAST_CYCLE,
        "cycle_pending": False,
        "quiet_period": HOUR,
        "busy": False,
    }
    defaults.update(kwargs)
    return cadence.plan_activity("ada", activity, now=now, **defaults)  # type: ignore[arg-type]


def test_new_activity_within_the_quiet_period_waits() -> None:
    decision = _plan(_activity(30), LAST_CYCLE + timedelta(minutes=80))
    assert decision.action == "wait"
    assert "quiet period until 2026-03-01 10:30:00Z" in decision.reason


def test_new_activity_after_the_quiet_period_requests_a_cycle() -> None:
    decision = _plan(_activity(30), LAST_CYCLE + timedelta(minutes=91))
    assert decision.action == "run"
    assert decision.seen_until == LAST_CYCLE + timedelta(minutes=30)


def test_feedback_alone_is_new_activity() -> None:
    decision = _plan(_activity(None, feedback_minutes=10), LAST_CYCLE + timedelta(minutes=11))
    assert decision.action == "run"


def test_activity_older_than_the_last_cycle_is_not_new() -> None:
    decision = _plan(_activity(-30, -10), LAST_CYCLE + timedelta(hours=3))
    assert decision.action == "none" and "no new activity" in decision.reason


def test_activity_before_the_first_cycle_is_left_to_the_first_cycle() -> None:
    decision = _plan(_activity(-30), LAST_CYCLE + timedelta(hours=3), since=None)
    assert decision.action == "none" and "first cycle" in decision.reason


def test_a_queued_cycle_absorbs_new_activity() -> None:
    decision = _plan(_activity(30), LAST_CYCLE + timedelta(hours=3), cycle_pending=True)
    assert decision.action == "none" and "queued" in decision.reason


def test_busy_marker_defers_an_activity_cycle() -> None:
    decision = _plan(_activity(30), LAST_CYCLE + timedelta(hours=3), busy=True)
    assert decision.action == "wait" and "llm-busy" in decision.reason


def _touch(path: Path, text: str, at: datetime) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (at.timestamp(), at.timestamp()))


def test_activity_is_read_from_receipt_times_and_an_empty_log_is_none(tmp_path: Path) -> None:
    volume = AgentVolume(tmp_path / "ada")
    _touch(volume.conversation_log, "", START)
    _touch(volume.session_log_dir("feedback") / "s1.jsonl", '{"ts": "x"}\n', START + HOUR)
    _touch(volume.session_log_dir("feedback") / "s2.jsonl", '{"ts": "y"}\n', START + 2 * HOUR)
    activity = cadence.read_activity(volume)
    assert activity.conversation_at is None
    assert activity.feedback_at == START + 2 * HOUR
    _touch(volume.conversation_log, '{"session_id": "s", "role": "user", "content": "hi"}\n', START)
    assert cadence.read_activity(volume).conversation_at == START


def test_quiet_period_is_one_hour_unless_configured() -> None:
    assert load_options({}).quiet_period == HOUR
    assert load_options({"DREAM_ACTIVITY_QUIET_PERIOD_MINUTES": "15"}).quiet_period == timedelta(
        minutes=15
    )
    with pytest.raises(OptionsError, match="DREAM_ACTIVITY_QUIET_PERIOD_MINUTES"):
        load_options({"DREAM_ACTIVITY_QUIET_PERIOD_MINUTES": "soon"})


def test_freshness_warns_after_one_missed_window_and_fails_after_two() -> None:
    windows = cadence.cycle_freshness(DreamOptions())
    slack = timedelta(minutes=5) + timedelta(seconds=300)
    assert windows.warn == INTERVAL + slack
    assert windows.fail == 2 * INTERVAL + slack
    tiny = cadence.cycle_freshness(DreamOptions(interval_hours=0.001, llm_busy_max_wait_seconds=0))
    assert tiny.warn >= timedelta(minutes=5) and tiny.fail > tiny.warn
