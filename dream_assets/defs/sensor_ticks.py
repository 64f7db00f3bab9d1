"""What the sensors share: their declaration (RUNNING), and in a tick the agents they look at
(registered, enabled, their volumes), the daemon's identity, the cursor read and the tick's log."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

import dagster as dg

from dream_assets.core.options import OptionsError
from dream_assets.core.store.volume import AgentVolume, PathEscapeError, discover_agents
from dream_assets.defs.partitions import agents_partitions
from dream_assets.defs.resources import Agent, DreamResource

PARTITIONS = agents_partitions.name or "agents"
# Per-agent lines in a tick's skip reason up to this many; past it, one line per distinct reason.
SUMMARY_LINES = 50

T = TypeVar("T")


def running_sensor(**declaration: Any) -> Callable[[Callable[..., Any]], dg.SensorDefinition]:
    """``dg.sensor`` declared RUNNING: each sensor starts with the daemon, as the cycle needs
    (Dagster's default would be STOPPED until someone turns it on in the UI)."""
    return dg.sensor(default_status=dg.DefaultSensorStatus.RUNNING, **declaration)


def daemon_process(instance: dg.DagsterInstance) -> str | None:
    """The id of the daemon that evaluates sensors; a new id means the daemon (re)started.

    The daemon writes this heartbeat before its first sensor tick. Neither
    ``initial_evaluation`` (not repeated on restart) nor a module-level id (changes with every
    code-server reload) tells a daemon start apart.
    """
    heartbeat = instance.get_daemon_heartbeats().get("SENSOR")
    return heartbeat.daemon_id if heartbeat is not None else None


def enabled_agents(
    dream: DreamResource, agents: Iterable[str], lines: list[str]
) -> Iterator[tuple[str, Agent]]:
    """The agents whose cycles may run, with their options; why each other one is skipped goes
    to ``lines`` (the tick's log)."""
    for agent in agents:
        try:
            target = dream.agent(agent)
        except (OptionsError, FileNotFoundError, PathEscapeError) as exc:
            lines.append(f"{agent}: skipped: {exc}")
            continue
        if not target.options.enabled:
            lines.append(f"{agent}: dream cycle disabled (enabled=false)")
            continue
        yield agent, target


def registered_agents(context: dg.SensorEvaluationContext, dream: DreamResource) -> list[str]:
    """The agent directories under the root that are registered as partitions."""
    registered = set(context.instance.get_dynamic_partitions(PARTITIONS))
    return [a for a in discover_agents(dream.root()) if a in registered]


def read_volumes(
    dream: DreamResource, agents: Iterable[str], read: Callable[[AgentVolume], T]
) -> Iterator[tuple[str, T]]:
    """``read`` of each agent's volume; an agent whose directory went away since it was listed
    (or that resolves outside the root) is passed over."""
    for agent in agents:
        try:
            found = read(dream.volume(agent))
        except (FileNotFoundError, PathEscapeError):
            continue
        yield agent, found


def json_cursor(context: dg.SensorEvaluationContext) -> dict[str, Any]:
    """A cursor that does not parse starts over (each sensor then degrades to "look again")."""
    cursor = context.cursor or ""
    try:
        raw = json.loads(cursor) if cursor else {}
    except ValueError:
        context.log.warning(f"unreadable cursor ignored: {cursor[:200]!r}")
        return {}
    return raw if isinstance(raw, dict) else {}


def summary(lines: list[str], notes: Iterable[str] = ()) -> str:
    """The tick's log: each agent's line, or at fleet size one line per distinct reason (the tick
    record is stored at every check; a thousand lines each time would only grow the database)."""
    notes = list(notes)
    if not lines and not notes:
        return "no agent directories"
    if len(lines) <= SUMMARY_LINES:
        return "\n".join([*lines, *notes])
    counts: Counter[str] = Counter()
    first: dict[str, str] = {}
    for line in lines:
        agent, _, reason = line.partition(": ")
        counts[reason] += 1
        first.setdefault(reason, agent)
    grouped = [
        f"{reason} ({count} agents, e.g. {first[reason]})"
        if count > 1
        else f"{first[reason]}: {reason}"
        for reason, count in counts.most_common()
    ]
    return "\n".join([*grouped, *notes])
