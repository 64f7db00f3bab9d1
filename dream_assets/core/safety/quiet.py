"""The conversation quiet period, for every run (docs/safety.md: "Manual runs obey the quiet
period").

A session whose last turn is younger than ``activity_quiet_period_minutes`` may still be in
progress: no pass reads its turns, and clearing the conversation log keeps them, whether the run
was scheduled, recovered, activity-triggered or started by hand. A session is dated by the
newest ``ts`` among its turns; a session none of whose turns carries a ``ts`` cannot be dated and
is read as quiet (agents should write ``ts``: docs/agent-volume.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from dream_assets.core.clock import parse_time
from dream_assets.core.store.jsonl import JsonlRead


@dataclass
class QuietConversation:
    """The turns a pass may read now, and the sessions still active (kept for a later cycle)."""

    records: list[dict[str, Any]] = field(default_factory=list)
    active: set[str] = field(default_factory=set)
    malformed: int = 0
    first_problem: str | None = None


def last_turns(records: list[dict[str, Any]]) -> dict[str, datetime]:
    newest: dict[str, datetime] = {}
    for record in records:
        session = str(record.get("session_id"))
        try:
            at = parse_time(str(record["ts"]))
        except (KeyError, ValueError):
            continue
        if session not in newest or at > newest[session]:
            newest[session] = at
    return newest


def quiet_conversation(read: JsonlRead, now: datetime, quiet: timedelta) -> QuietConversation:
    """Split a read of the conversation log into quiet turns and active sessions."""
    result = QuietConversation(malformed=read.malformed, first_problem=read.first_problem)
    if quiet > timedelta(0):
        result.active = {s for s, at in last_turns(read.records).items() if now - at < quiet}
    result.records = [r for r in read.records if str(r.get("session_id")) not in result.active]
    return result
