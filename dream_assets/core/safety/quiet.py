"""The conversation quiet period, for every run (docs/safety.md: "Manual runs obey the quiet
period").

A session whose last turn is younger than ``activity_quiet_period_minutes`` may still be in
progress: no pass reads its turns, and clearing the conversation log keeps them, whether the run
was scheduled, recovered, activity-triggered or started by hand.

A session is dated by the newest ``ts`` among its turns when every turn carries one that is not
in the future. Otherwise the agent's clock says nothing (seed 003: "Receipt order, not a
connector's historical timestamp, controls checkpoints"): the session is dated by when its lines
reached the log — by receipt. Each cycle records, per such session, its lines (count and digest)
and since when (``RECEIPTS_FILE``); a session whose lines changed since the last look (or is new)
received its newest line no later than the log file's last write (its mtime) and no later than
now, so it is dated then; one unchanged keeps the date recorded. So a session without ``ts`` is
never read and cleared while it may still be going on.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from dream_assets.core.clock import format_time, parse_time
from dream_assets.core.store.atomic import atomic_write_text
from dream_assets.core.store.jsonl import JsonlRead
from dream_assets.core.store.state_file import move_aside, read_state_text
from dream_assets.core.store.volume import AgentVolume

# Per session judged by receipt: its line count at the last look, and when it reached it.
RECEIPTS_FILE = "dream-conversation-receipts.json"
# Far more than one line per session of a conversation log ever needs.
MAX_RECEIPTS_BYTES = 1 << 26


@dataclass(frozen=True)
class Receipt:
    """A session's lines when last looked at (count and digest), and when the newest of them
    had arrived by."""

    lines: int
    digest: str
    received_at: datetime

    def same_lines(self, other: Receipt) -> bool:
        return (self.lines, self.digest) == (other.lines, other.digest)


@dataclass
class QuietConversation:
    """The turns a pass may read now, and the sessions still active (kept for a later cycle)."""

    records: list[dict[str, Any]] = field(default_factory=list)
    active: set[str] = field(default_factory=set)
    malformed: int = 0
    first_problem: str | None = None
    # Sessions dated by receipt (no usable ``ts``), as recorded for the next cycle.
    receipts: dict[str, Receipt] = field(default_factory=dict)


def _turn_time(record: Mapping[str, Any], now: datetime) -> datetime | None:
    """The turn's ``ts`` when it can date the turn: present, readable and not in the future."""
    try:
        at = parse_time(str(record["ts"]))
    except (KeyError, ValueError):
        return None
    return at if at <= now else None


def last_turns(
    records: list[dict[str, Any]], now: datetime
) -> tuple[dict[str, datetime], set[str]]:
    """The newest usable ``ts`` of each session, and the sessions with a turn it cannot date
    (no ``ts``, or one in the future), which are dated by receipt as well."""
    newest: dict[str, datetime] = {}
    by_receipt: set[str] = set()
    for record in records:
        session = str(record.get("session_id"))
        at = _turn_time(record, now)
        if at is None:
            by_receipt.add(session)
        elif session not in newest or at > newest[session]:
            newest[session] = at
    return newest, by_receipt


def receipt_times(
    records: list[dict[str, Any]],
    sessions: set[str],
    previous: Mapping[str, Receipt],
    grown_by: datetime,
) -> dict[str, Receipt]:
    """Each of ``sessions``' receipt: with the same lines as at the last look it keeps its date;
    grown, changed (a session cleared and begun again) or new, it is dated ``grown_by``, the
    latest its newest line can have arrived."""
    lines: dict[str, list[dict[str, Any]]] = {s: [] for s in sessions}
    for record in records:
        session = str(record.get("session_id"))
        if session in lines:
            lines[session].append(record)
    out: dict[str, Receipt] = {}
    for session, turns in lines.items():
        encoded = json.dumps(turns, sort_keys=True, default=str).encode("utf-8")
        now_seen = Receipt(len(turns), hashlib.sha256(encoded).hexdigest()[:16], grown_by)
        before = previous.get(session)
        out[session] = before if before is not None and before.same_lines(now_seen) else now_seen
    return out


def quiet_conversation(
    read: JsonlRead,
    now: datetime,
    quiet: timedelta,
    *,
    receipts: Mapping[str, Receipt] | None = None,
    log_written_at: datetime | None = None,
) -> QuietConversation:
    """Split a read of the conversation log into quiet turns and active sessions.

    ``receipts`` are the previous look's (None: no look yet); ``log_written_at`` is the log
    file's last write (its mtime), the latest any line of it can have arrived."""
    result = QuietConversation(malformed=read.malformed, first_problem=read.first_problem)
    dated, by_receipt = last_turns(read.records, now)
    grown_by = min(now, log_written_at) if log_written_at is not None else now
    result.receipts = receipt_times(read.records, by_receipt, receipts or {}, grown_by)
    if quiet > timedelta(0):
        latest = dict(dated)
        for session, receipt in result.receipts.items():
            # The later of its newest usable ts and its receipt: either may say it is going on.
            latest[session] = max(latest.get(session, receipt.received_at), receipt.received_at)
        result.active = {s for s, at in latest.items() if now - at < quiet}
    result.records = [r for r in read.records if str(r.get("session_id")) not in result.active]
    return result


def read_quiet_conversation(
    volume: AgentVolume, now: datetime, quiet: timedelta
) -> QuietConversation:
    """The agent's conversation log split by the quiet period, its receipts recorded."""
    path = volume.root / RECEIPTS_FILE
    read = volume.read_conversation()
    # The file's last write, taken after the read: no line read arrived later than it.
    try:
        written = volume.conversation_log.stat().st_mtime
        log_written_at: datetime | None = datetime.fromtimestamp(written, tz=UTC)
    except OSError:
        log_written_at = None
    previous = _load_receipts(path)
    result = quiet_conversation(
        read,
        now,
        quiet,
        receipts=previous,
        log_written_at=log_written_at,
    )
    if result.receipts != previous:
        payload = {
            "version": 1,
            "sessions": {
                s: {
                    "lines": r.lines,
                    "digest": r.digest,
                    "received_at": format_time(r.received_at),
                }
                for s, r in sorted(result.receipts.items())
            },
        }
        move_aside(path)  # a directory there is kept aside, not in the way of every cycle
        atomic_write_text(path, json.dumps(payload, indent=2) + "\n")
    return result


def _load_receipts(path: Path) -> dict[str, Receipt]:
    """The last look's receipts; an unreadable file counts as no look (every session judged
    anew, which can only make it wait longer). What is there and is not a small regular file (a
    directory, a FIFO, a symlink out of the volume) is never read nor waited on."""
    try:
        raw = json.loads(read_state_text(path, MAX_RECEIPTS_BYTES))
        return {
            str(s): Receipt(int(r["lines"]), str(r["digest"]), parse_time(str(r["received_at"])))
            for s, r in raw["sessions"].items()
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return {}
