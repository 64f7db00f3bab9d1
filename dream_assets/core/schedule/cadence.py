"""When a dream cycle is due for an agent: the cadence, missed windows, activity and quiet period.

docs/automation.md (cadence): after the process starts, wait the initial delay (5 min), run a cycle,
then one every interval (4 h). Missed windows: remember the last window handled;
a window newer than that runs once — on time it is *scheduled*, after the daemon was down or the
machine asleep it is *recovered* at the first check, and several missed windows are one recovery.
A window already handled never runs again, so a restart in the same window does nothing; a live
deployment's lesson is why (ten deploys in three days produced fifteen cycles when every start ran
one). Changing the schedule never recovers the current window retroactively.

Activity: new conversation activity requests a cycle only after a quiet period of one
hour since the last conversation line, so a cycle never learns from a conversation still going on.
Receipt order (the file's modification time), not a timestamp inside the line, decides what is new.

The state is plain JSON (it lives in a sensor cursor). An unreadable state degrades to "run every
agent once", never to "skip forever" (as the pass ledger does). No Dagster here; every function
takes ``now``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from stat import S_ISREG
from typing import Any, ClassVar, Literal, Protocol, Self

from dream_assets.core.clock import format_time, parse_time
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.volume import AgentVolume

# A window that arrived within 5 minutes is "scheduled", later it is "recovered".
ON_TIME_TOLERANCE = timedelta(minutes=5)

Trigger = Literal["first", "scheduled", "recovered", "activity"]


class WindowSeries(Protocol):
    """The start times of the cycle's windows (every interval, or a cron schedule)."""

    @property
    def signature(self) -> str:
        """Identifies the schedule; a different signature means the schedule was changed."""
        ...

    def latest_start(self, at: datetime) -> datetime | None:
        """The newest window start at or before ``at`` (None before the first window)."""
        ...

    def count_starts(self, after: datetime, upto: datetime) -> int:
        """How many windows start in ``(after, upto]`` (for the recovery's reason)."""
        ...


@dataclass(frozen=True)
class IntervalWindows:
    """Windows every ``interval`` from ``anchor`` (the first start plus the initial delay)."""

    anchor: datetime
    interval: timedelta

    @property
    def signature(self) -> str:
        return f"every {self.interval.total_seconds():g}s"

    def _index(self, at: datetime) -> int:
        return math.floor((at - self.anchor) / self.interval)

    def latest_start(self, at: datetime) -> datetime | None:
        if at < self.anchor:
            return None
        return self.anchor + self._index(at) * self.interval

    def count_starts(self, after: datetime, upto: datetime) -> int:
        return max(0, self._index(upto) - max(self._index(after), -1))


@dataclass(frozen=True)
class HandledWindow:
    window: datetime
    series: str


@dataclass
class _CursorState:
    """A sensor cursor's state as plain JSON, in the format of ``_raw`` and ``_from_raw``. No
    text is the empty state, and so is an unreadable one, with a ``warning`` (the cadence then
    runs every agent once): a lost cursor never skips cycles forever."""

    warning: str | None = None

    WHAT: ClassVar[str]

    def _raw(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def _from_raw(cls, raw: Any) -> Self:
        raise NotImplementedError

    def to_json(self) -> str:
        return json.dumps(self._raw(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str | None) -> Self:
        if not text:
            return cls()
        try:
            return cls._from_raw(json.loads(text))
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            return cls(warning=f"unreadable {cls.WHAT} state ignored ({exc})")


@dataclass
class CadenceState(_CursorState):
    """What the cadence remembers between checks (the cadence sensor's cursor).

    ``process`` identifies the daemon that runs the checks; a new one means a (re)start, which
    restarts the initial delay. ``anchor`` is fixed at the very first start, so interval windows
    stay where they were across restarts instead of following the deploy schedule.
    """

    process: str | None = None
    started_at: datetime | None = None
    anchor: datetime | None = None
    handled: dict[str, HandledWindow] = field(default_factory=dict)
    # Agents whose window was found due but left to a later check (a fleet is requested a page
    # per check): when it was first found due, so the wait is not mistaken for a missed window.
    due_since: dict[str, datetime] = field(default_factory=dict)

    WHAT: ClassVar[str] = "cadence"

    def _raw(self) -> dict[str, Any]:
        return {
            "version": 1,
            "process": self.process,
            "started_at": _time_or_none(self.started_at),
            "anchor": _time_or_none(self.anchor),
            "agents": {
                agent: {"window": format_time(h.window), "series": h.series}
                for agent, h in sorted(self.handled.items())
            },
            "due_since": {a: format_time(t) for a, t in sorted(self.due_since.items())},
        }

    @classmethod
    def _from_raw(cls, raw: Any) -> Self:
        handled = {
            str(agent): HandledWindow(parse_time(item["window"]), str(item["series"]))
            for agent, item in raw.get("agents", {}).items()
        }
        return cls(
            process=raw.get("process"),
            started_at=_parse_or_none(raw.get("started_at")),
            anchor=_parse_or_none(raw.get("anchor")),
            handled=handled,
            due_since={str(a): parse_time(t) for a, t in (raw.get("due_since") or {}).items()},
        )


def observe_process(
    state: CadenceState, process: str | None, now: datetime, initial_delay: timedelta
) -> CadenceState:
    """Record which daemon is checking; a new one is a start, and restarts the initial delay."""
    if state.started_at is not None and process == state.process:
        return state
    return replace(
        state,
        process=process,
        started_at=now,
        anchor=state.anchor or now + initial_delay,
        warning=None,
    )


@dataclass(frozen=True)
class CycleDecision:
    """What the cadence does for one agent at one check.

    ``run``: request a cycle and mark ``window`` handled. ``mark``: mark it handled without a
    cycle (the schedule changed). ``wait``: nothing now, ask again at the next check.
    """

    agent: str
    action: Literal["run", "mark", "wait"]
    reason: str
    window: datetime | None = None
    trigger: Trigger | None = None
    missed: int = 0


def plan_cycle(
    state: CadenceState,
    agent: str,
    series: WindowSeries,
    now: datetime,
    *,
    initial_delay: timedelta,
    busy: bool,
) -> CycleDecision:
    """Decide whether ``agent``'s cycle is due at ``now``."""
    started_at = state.started_at or now
    ready_at = started_at + initial_delay
    if now < ready_at:
        return CycleDecision(
            agent, "wait", f"initial delay after the daemon start: no cycle before {_t(ready_at)}"
        )
    window = series.latest_start(now)
    if window is None:
        return CycleDecision(agent, "wait", "before the first window")
    handled = state.handled.get(agent)
    if handled is not None and handled.series != series.signature:
        return CycleDecision(
            agent,
            "mark",
            f"schedule changed to {series.signature}: the current window ({_t(window)}) is "
            "marked handled, never recovered retroactively",
            window=window,
        )
    if handled is not None and window <= handled.window:
        return CycleDecision(agent, "wait", f"window {_t(handled.window)} already handled")

    if handled is None:
        trigger: Trigger = "first"
        missed = 0
        reason = "first cycle for this agent"
    else:
        missed = series.count_starts(handled.window, window)
        found_due = min(now, state.due_since.get(agent, now))
        on_time = missed <= 1 and found_due - window <= ON_TIME_TOLERANCE
        trigger = "scheduled" if on_time else "recovered"
        reason = (
            f"window {_t(window)} on time"
            if on_time
            else f"recovered {missed} missed window(s) since {_t(handled.window)} in one cycle"
        )
    if busy:
        # Back off while the LLM serves a user turn; the window stays due and is retried.
        return CycleDecision(
            agent, "wait", f"llm-busy marker present: {trigger} cycle deferred to the next check"
        )
    return CycleDecision(agent, "run", reason, window=window, trigger=trigger, missed=missed)


def record_decision(state: CadenceState, decision: CycleDecision, series: WindowSeries) -> None:
    if decision.action in ("run", "mark") and decision.window is not None:
        state.handled[decision.agent] = HandledWindow(decision.window, series.signature)
        state.due_since.pop(decision.agent, None)


def defer_decision(state: CadenceState, decision: CycleDecision, now: datetime) -> None:
    """A due cycle left to a later check: remember when it was first found due."""
    if decision.action == "run" and decision.agent not in state.due_since:
        state.due_since[decision.agent] = now


def forget_missing_agents(state: CadenceState, present: set[str]) -> None:
    """Drop agents whose directory is gone; one that comes back gets a first cycle again."""
    for agent in [a for a in state.handled if a not in present]:
        del state.handled[agent]
    for agent in [a for a in state.due_since if a not in present]:
        del state.due_since[agent]


# -- activity -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class AgentActivity:
    """When the agent last received conversation and feedback lines (receipt times)."""

    conversation_at: datetime | None
    feedback_at: datetime | None

    @property
    def newest(self) -> datetime | None:
        times = [t for t in (self.conversation_at, self.feedback_at) if t is not None]
        return max(times) if times else None


def read_activity(volume: AgentVolume) -> AgentActivity:
    """Receipt times from the files themselves: an empty conversation log has no activity, nor
    has one that is not a regular file (a directory named like it is no log).

    The cycle clears the conversation log; what the agent appended while the cycle ran is kept
    and, being newer than the cycle's start, counts as new activity.
    """
    conversation_at = None
    try:
        stat = volume.conversation_log.stat()
        if S_ISREG(stat.st_mode) and stat.st_size > 0:
            conversation_at = datetime.fromtimestamp(stat.st_mtime, tz=UTC)
    except FileNotFoundError:
        pass
    feedback_at = None
    for path in volume.session_log_files("feedback"):
        try:
            stat = path.stat()
        except FileNotFoundError:
            continue
        if stat.st_size > 0:
            at = datetime.fromtimestamp(stat.st_mtime, tz=UTC)
            feedback_at = at if feedback_at is None or at > feedback_at else feedback_at
    return AgentActivity(conversation_at=conversation_at, feedback_at=feedback_at)


@dataclass
class ActivityState(_CursorState):
    """What the activity check remembers between checks (the activity sensor's cursor).

    Per agent: ``requested``, the newest activity a cycle was already requested for, and
    ``covered``, the newest activity found older than the agent's last cycle. Both only grow (a
    later cycle starts later), so activity no newer than either needs no look at the runs: at a
    thousand agents only those that received something since are looked up. An unreadable state
    degrades to "look every agent up again", never to "skip".
    """

    requested: dict[str, datetime] = field(default_factory=dict)
    covered: dict[str, datetime] = field(default_factory=dict)

    WHAT: ClassVar[str] = "activity"

    def _raw(self) -> dict[str, Any]:
        return {
            "version": 2,
            "requested": {a: format_time(t) for a, t in sorted(self.requested.items())},
            "covered": {a: format_time(t) for a, t in sorted(self.covered.items())},
        }

    @classmethod
    def _from_raw(cls, raw: Any) -> Self:
        if not isinstance(raw, dict):
            raise ValueError("not an object")
        if raw.get("version") != 2:
            # The first format: a flat map of agent -> newest activity requested.
            return cls(requested={str(a): parse_time(t) for a, t in raw.items()})
        return cls(
            requested={str(a): parse_time(t) for a, t in raw["requested"].items()},
            covered={str(a): parse_time(t) for a, t in raw["covered"].items()},
        )

    def known_old(self, agent: str, activity: AgentActivity) -> datetime | None:
        """The time that already accounts for the agent's newest activity, if one does."""
        newest = activity.newest
        if newest is None:
            return None
        for seen in (self.covered.get(agent), self.requested.get(agent)):
            if seen is not None and newest <= seen:
                return seen
        return None

    def record(
        self,
        agent: str,
        activity: AgentActivity,
        since: datetime | None,
        decision: ActivityDecision,
    ) -> None:
        newest = activity.newest
        if decision.action == "run" and decision.seen_until is not None:
            self.requested[agent] = decision.seen_until
        elif newest is not None and since is not None and newest <= since:
            self.covered[agent] = newest

    def forget_missing_agents(self, present: set[str]) -> None:
        for table in (self.requested, self.covered):
            for agent in [a for a in table if a not in present]:
                del table[agent]


@dataclass(frozen=True)
class ActivityDecision:
    agent: str
    action: Literal["run", "wait", "none"]
    reason: str
    seen_until: datetime | None = None


def plan_activity(
    agent: str,
    activity: AgentActivity,
    *,
    since: datetime | None,
    cycle_pending: bool,
    quiet_period: timedelta,
    now: datetime,
    busy: bool,
) -> ActivityDecision:
    """Request a cycle for lines received since the last one, once the conversation is quiet.

    ``since`` is when the agent's last cycle started (or the newest activity already requested);
    None means the agent never had a cycle — its first cycle (the cadence's) reads everything.
    """
    newest = activity.newest
    if since is None:
        return ActivityDecision(agent, "none", "no cycle yet: the first cycle will read it all")
    if newest is None or newest <= since:
        return ActivityDecision(agent, "none", f"no new activity since {_t(since)}")
    if cycle_pending:
        return ActivityDecision(agent, "none", "a cycle is already queued and will read it")
    if activity.conversation_at is not None and now < activity.conversation_at + quiet_period:
        quiet_until = activity.conversation_at + quiet_period
        return ActivityDecision(
            agent, "wait", f"new activity; conversation quiet period until {_t(quiet_until)}"
        )
    if busy:
        return ActivityDecision(agent, "wait", "llm-busy marker present: deferred to next check")
    return ActivityDecision(
        agent, "run", f"new activity at {_t(newest)} after the quiet period", seen_until=newest
    )


# -- freshness ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class FreshnessWindows:
    warn: timedelta
    fail: timedelta


def cycle_freshness(options: DreamOptions) -> FreshnessWindows:
    """Warn when a pass missed one window, fail when it missed two.

    The slack covers the initial delay after a start and the LLM busy back-off, which may hold
    a due cycle without anything being wrong.
    """
    interval = timedelta(hours=options.interval_hours)
    slack = timedelta(
        minutes=options.initial_delay_minutes, seconds=options.llm_busy_max_wait_seconds
    )
    minute = timedelta(minutes=1)
    warn = max(interval + slack, minute)
    fail = max(2 * interval + slack, warn + minute)
    return FreshnessWindows(warn=warn, fail=fail)


def _time_or_none(value: datetime | None) -> str | None:
    return format_time(value) if value is not None else None


def _parse_or_none(value: Any) -> datetime | None:
    return parse_time(value) if isinstance(value, str) and value else None


def _t(value: datetime) -> str:
    return value.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%SZ")
