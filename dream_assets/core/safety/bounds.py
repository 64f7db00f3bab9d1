"""Bounded runs (docs/safety.md, "Bounded runs"): a wall-clock deadline per run, a
cap on how many changes one run applies, and a rolling 24-hour change allowance per agent. Every
pass that changes a store counts: memory merges and archives, skill saves, archives and
annotations, preference writes, wisp annotations. Past any bound, the remaining proposals wait for
the next cycle — never half-applied: the pass asks before each change, and a change once started
(a merge saved, sources archived, ``merge_pending`` cleared) is finished.

A cancelled run (``core.safety.cancellation``) is past every bound: ``stop_reason`` says why
first, and ``cancelled`` stops even the writes that would finish a change already started.

The allowance survives restarts: each change applied is one line of ``dream-changes.jsonl`` on
the volume (lines older than two days are dropped when the log is read for a new run). A line the
log cannot use (not JSON, bytes that are not UTF-8) is not a change; what stands at the log's name
and is not a regular file (a directory, a FIFO, a symlink) is never read nor waited on, and is
moved aside to ``<name>.unusable-<n>`` (nothing deleted) before the log is trimmed or appended to
(``state_file.make_way_for_append``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from dream_assets.core.clock import Clock, format_time, parse_time
from dream_assets.core.safety.cancellation import RunGuard
from dream_assets.core.store.atomic import CYCLE_LOCK_TIMEOUT_S, atomic_write_text, file_lock
from dream_assets.core.store.jsonl import read_regular
from dream_assets.core.store.state_file import append_own_line, make_way_for_append

CHANGES_LOG = "dream-changes.jsonl"
WINDOW = timedelta(hours=24)
KEEP = timedelta(days=2)


def _log_lines(path: Path) -> list[str]:
    """The change log's lines; none when it is absent or not a regular file (never opened, so a
    FIFO is never waited on). Undecodable bytes spoil their own line only (replaced)."""
    try:
        data = read_regular(path)
    except FileNotFoundError:
        return []
    return [] if data is None else data.decode("utf-8", errors="replace").splitlines()


def _change_times(path: Path) -> list[datetime]:
    times: list[datetime] = []
    for line in _log_lines(path):
        try:
            times.append(parse_time(str(json.loads(line)["ts"])))
        except (ValueError, KeyError, TypeError, RecursionError):
            continue  # a bad line is not a change
    return times


@dataclass
class RunBounds:
    clock: Clock
    deadline: datetime | None = None
    run_cap: int = 0
    daily_cap: int = 0
    changes_log: Path | None = None
    run_id: str = "adhoc"
    spent: int = 0
    guard: RunGuard | None = None

    def cancelled(self) -> str | None:
        """Why this run may write nothing more at all (``core.safety.cancellation``), or None."""
        return self.guard.cancel_reason() if self.guard is not None else None

    def stop_reason(self) -> str | None:
        """Why no further change may start now, or None. A non-positive cap is no cap."""
        cancelled = self.cancelled()
        if cancelled is not None:
            return cancelled
        now = self.clock.now()
        if self.deadline is not None and now >= self.deadline:
            return f"run deadline {format_time(self.deadline)} passed"
        if self.run_cap > 0 and self.spent >= self.run_cap:
            return f"per-run cap of {self.run_cap} changes reached"
        if self.daily_cap > 0 and self.changes_log is not None:
            recent = [t for t in _change_times(self.changes_log) if now - t < WINDOW]
            if len(recent) >= self.daily_cap:
                return f"daily allowance of {self.daily_cap} changes (rolling 24 h) reached"
        return None

    def spend(self, change: str, target: str) -> None:
        self.spent += 1
        if self.changes_log is not None:
            record = {
                "ts": format_time(self.clock.now()),
                "run_id": self.run_id,
                "change": change,
                "target": target,
            }
            append_own_line(self.changes_log, json.dumps(record, sort_keys=True))


def trim_changes_log(path: Path, now: datetime) -> None:
    """Drop changes older than two days (the window needs one)."""
    if not path.exists():
        return
    with file_lock(path, timeout=CYCLE_LOCK_TIMEOUT_S, what="the change log is not trimmed"):
        make_way_for_append(path)
        lines = _log_lines(path)
        kept = []
        for line in lines:
            try:
                if now - parse_time(str(json.loads(line)["ts"])) < KEEP:
                    kept.append(line)
            except (ValueError, KeyError, TypeError, RecursionError):
                continue
        if len(kept) != len(lines):
            atomic_write_text(path, "".join(f"{line}\n" for line in kept))


def bounds_for_run(
    volume_root: Path,
    *,
    clock: Clock,
    started_at: datetime,
    deadline_minutes: float,
    max_changes_per_run: int,
    daily_change_allowance: int,
    run_id: str | None,
    guard: RunGuard | None = None,
) -> RunBounds:
    log = Path(volume_root) / CHANGES_LOG
    trim_changes_log(log, clock.now())
    return RunBounds(
        clock=clock,
        deadline=started_at + timedelta(minutes=deadline_minutes) if deadline_minutes > 0 else None,
        run_cap=max_changes_per_run,
        daily_cap=daily_change_allowance,
        changes_log=log,
        run_id=run_id or "adhoc",
        guard=guard,
    )
