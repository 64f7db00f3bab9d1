"""Event lifecycle: what an event entry must keep until its work is really over.

docs/safety.md: "Lifecycle data records an event end, status, unresolved obligations, and a
keep-details flag. Date passage never proves completion. Planned or uncertain events with
unresolved work retain operational detail. Completed/cancelled events can be compacted after
the grace period." Metadata keys (docs/agent-volume.md):

- ``event_end``: ISO date or time the event ends (or ended);
- ``event_status``: ``planned`` | ``ongoing`` | ``done`` | ``cancelled`` | ``unknown``;
- ``unresolved``: list of open obligations (strings);
- ``keep_details``: ``"true"`` keeps the entry's full detail whatever its status.

No pass ever changes the status: the date passing is not evidence, and a status the model
proposes waits for an operator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from dream_assets.core.clock import parse_time

EVENT_END = "event_end"
EVENT_STATUS = "event_status"
UNRESOLVED = "unresolved"
KEEP_DETAILS = "keep_details"
LIFECYCLE_KEYS = (EVENT_END, EVENT_STATUS, UNRESOLVED, KEEP_DETAILS)
STATUSES = ("planned", "ongoing", "done", "cancelled", "unknown")
FINISHED = ("done", "cancelled")


def status(metadata: Mapping[str, Any]) -> str | None:
    """The event status; an unrecognised value reads as ``unknown`` (never as finished)."""
    if EVENT_STATUS not in metadata and EVENT_END not in metadata:
        return None
    raw = str(metadata.get(EVENT_STATUS) or "unknown").strip().lower()
    return raw if raw in STATUSES else "unknown"


def unresolved(metadata: Mapping[str, Any]) -> list[str]:
    raw = metadata.get(UNRESOLVED) or []
    if isinstance(raw, str):
        raw = [raw]
    return [str(item) for item in raw if str(item).strip()]


def keeps_details(metadata: Mapping[str, Any]) -> bool:
    return str(metadata.get(KEEP_DETAILS, "")).strip().lower() in {"true", "1", "yes"}


def event_end(metadata: Mapping[str, Any]) -> datetime | None:
    raw = metadata.get(EVENT_END)
    if not raw:
        return None
    try:
        return parse_time(str(raw) if "T" in str(raw) else f"{raw}T23:59:59+00:00")
    except ValueError:
        return None


def compaction_block(metadata: Mapping[str, Any], now: datetime, grace_days: float) -> str | None:
    """Why an entry may not be merged away or archived as ephemeral now; None when it may."""
    if keeps_details(metadata):
        return "keep-details is set"
    state = status(metadata)
    if state is None:
        return None
    open_work = unresolved(metadata)
    if state not in FINISHED:
        if open_work or state in ("planned", "unknown"):
            # The date alone never proves a planned event happened; its detail is operational.
            return f"event {state}" + (f" with {len(open_work)} unresolved" if open_work else "")
        return None
    if open_work:
        return f"event {state} but {len(open_work)} obligation(s) unresolved"
    end = event_end(metadata)
    if end is None:
        return f"event {state} without an end date: grace cannot be measured"
    if now < end + timedelta(days=grace_days):
        return f"event {state}: inside the {grace_days:g}-day grace after {end.date()}"
    return None


def blocked(entries: Sequence[Any], now: datetime, grace_days: float) -> list[tuple[str, str]]:
    """(id, reason) for each entry whose lifecycle forbids compacting it now."""
    out = []
    for entry in entries:
        reason = compaction_block(entry.metadata, now, grace_days)
        if reason:
            out.append((entry.id, reason))
    return out


@dataclass(frozen=True)
class DueEvent:
    id: str
    status: str
    why: str


def due_for_review(entries: Sequence[Any], now: datetime, grace_days: float) -> list[DueEvent]:
    """The daily sweep: events whose end has passed but whose status says otherwise, and
    finished events past their grace (now compactable). Reported, never changed."""
    due: list[DueEvent] = []
    for entry in entries:
        state = status(entry.metadata)
        end = event_end(entry.metadata)
        if state is None or end is None or now < end:
            continue
        if state not in FINISHED:
            open_work = unresolved(entry.metadata)
            why = f"end {end.date()} passed, still {state}"
            if open_work:
                why += f", {len(open_work)} unresolved"
            due.append(DueEvent(entry.id, state, why))
        elif now >= end + timedelta(days=grace_days) and not unresolved(entry.metadata):
            due.append(DueEvent(entry.id, state, f"{state}; grace over: may be compacted"))
    return due


def merged_lifecycle(sources: Sequence[Any]) -> dict[str, Any]:
    """Lifecycle metadata a merge carries: every obligation, keep-details if any had it, and
    the status and end when the sources agree (a merge across statuses is refused earlier)."""
    out: dict[str, Any] = {}
    open_work = list(dict.fromkeys(w for s in sources for w in unresolved(s.metadata)))
    if open_work:
        out[UNRESOLVED] = open_work
    if any(keeps_details(s.metadata) for s in sources):
        out[KEEP_DETAILS] = "true"
    states = {status(s.metadata) for s in sources} - {None}
    if len(states) == 1:
        out[EVENT_STATUS] = states.pop()
    ends = sorted(str(s.metadata[EVENT_END]) for s in sources if s.metadata.get(EVENT_END))
    if ends:
        out[EVENT_END] = ends[-1]
    return out
