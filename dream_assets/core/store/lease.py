"""One writer per agent: the lease file ``dream.lease`` in the agent's volume.

Every writer of an agent's volume — a Dagster run of the cycle, ``dream run``, ``dream review
approve/reject``, ``dream undo``, ``dream restore``, ``dream audit`` — holds the lease while it
writes, so two writers never act on one volume at once (docs/agent-volume.md, the lease). The lease
names its holder (owner, run id, pid, host), when it was taken and until when it holds; a long
holder renews it. A lease past its expiry, or held by a process of this host that no longer exists,
is stale: the next writer takes it over and records the takeover in ``dream-lease-takeovers.jsonl``.

The lease file is read and replaced under its sidecar lock (``file_lock``, the convention of the
logs), so two writers racing for a free lease cannot both win.

What stands at ``dream.lease`` and is not a lease never blocks the agent for good: an unreadable
file (not JSON, another shape, fields of the wrong types, nested too deeply, a FIFO — never opened
blocking —, an oversized file) is a stale lease, taken over and replaced; a directory there is
moved aside (``dream.lease.unusable-<n>``, never deleted); a lease whose expiry lies further ahead
than ``MAX_LEASE_HORIZON`` was not written by a writer of the cycle (they renew every step with
an hour's TTL) and is stale too. The sidecar lock is waited for at most ``LOCK_TIMEOUT_S``: a
stuck holder fails the writer with an error naming the lock file, it does not hang it.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from dream_assets.core.clock import Clock, format_time, parse_time
from dream_assets.core.store.atomic import (
    CYCLE_LOCK_TIMEOUT_S,
    atomic_write_text,
    file_lock,
    lock_path_for,
)
from dream_assets.core.store.state_file import (
    append_own_line,
    make_way_for_append,
    move_aside,
    read_state_text,
)

LEASE_FILE = "dream.lease"
TAKEOVER_LOG = "dream-lease-takeovers.jsonl"
# A lease is a few hundred bytes: a bigger file is not one (and is not read into memory).
MAX_LEASE_BYTES = 1 << 16
# The takeover log: one line per takeover, never trimmed; read whole (it stays small).
MAX_TAKEOVER_LOG_BYTES = 1 << 28
# How long a writer waits for ``dream.lease.lock`` (held for milliseconds by a reader/replacer).
LOCK_TIMEOUT_S = CYCLE_LOCK_TIMEOUT_S
# No writer of the cycle holds a lease expiring further ahead than this (``lease_ttl_minutes``,
# 60, after each renewal): an expiry beyond it is a bad clock or a foreign file, not a holder.
MAX_LEASE_HORIZON = timedelta(days=7)


class LeaseHeld(RuntimeError):
    """Another writer holds the agent's lease."""


@dataclass(frozen=True)
class Lease:
    owner: str
    run_id: str
    pid: int
    host: str
    since: str
    expires_at: str
    renewed_at: str
    # The agent's options as the run found them when it took the lease
    # (``core.safety.cancellation``): every step of the run compares against its start. Empty in a
    # lease written before it.
    options_sha: str = ""

    def message(self, agent: str) -> str:
        return (
            f"agent {agent} is being dreamed by run {self.run_id} since {self.since} "
            f"({self.owner}, pid {self.pid} on {self.host}; lease expires {self.expires_at})"
        )


_OPTIONAL_FIELDS = ("options_sha",)


def lease_path(root: Path) -> Path:
    return Path(root) / LEASE_FILE


_UNREADABLE = Lease("unreadable", "?", 0, "?", "", "", "")
_TEXT_FIELDS = ("owner", "run_id", "host", "since", "expires_at", "renewed_at")


def read_lease(root: Path) -> Lease | None:
    """The lease as on disk; None when absent. An unreadable lease counts as absent (stale)."""
    try:
        raw = json.loads(read_state_text(lease_path(root), MAX_LEASE_BYTES))
        if not isinstance(raw, dict):
            return _UNREADABLE
        fields: dict[str, Any] = {
            k: raw[k] for k in Lease.__dataclass_fields__ if k not in _OPTIONAL_FIELDS
        }
        if not all(isinstance(fields[k], str) for k in _TEXT_FIELDS):
            return _UNREADABLE
        pid = fields["pid"]
        if isinstance(pid, bool) or not isinstance(pid, int):
            return _UNREADABLE
        fields.update({k: str(raw.get(k, "")) for k in _OPTIONAL_FIELDS})
        return Lease(**fields)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return _UNREADABLE


def _process_gone(lease: Lease) -> bool:
    """A holder on this host whose process no longer exists cannot renew: it is stale."""
    if lease.host != socket.gethostname() or lease.pid <= 0:
        return False
    try:
        os.kill(lease.pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def stale_reason(lease: Lease, now: datetime, finished: Callable[[str], bool] | None) -> str | None:
    """Why ``lease`` may be taken over, or None while its holder may still be writing."""
    if lease.owner == "unreadable":
        return "unreadable lease file"
    try:
        expires = parse_time(lease.expires_at)
    except ValueError:
        return "lease without a valid expiry"
    if now >= expires:
        return f"expired at {lease.expires_at}"
    if expires - now > MAX_LEASE_HORIZON:
        return f"expiry {lease.expires_at} is further ahead than any writer holds a lease"
    if _process_gone(lease):
        return f"holder process {lease.pid} is gone"
    if finished is not None and finished(lease.run_id):
        return f"run {lease.run_id} has finished"
    return None


def acquire(
    root: Path,
    *,
    owner: str,
    run_id: str,
    clock: Clock,
    ttl: timedelta,
    finished: Callable[[str], bool] | None = None,
    options_sha: str = "",
) -> Lease:
    """Take (or renew, when ``run_id`` already holds it) the agent's lease; raise ``LeaseHeld``.

    ``finished(run_id)`` may say that the holder's run is over (a Dagster run that ended without
    releasing): its lease is then free without waiting for the expiry.
    """
    path = lease_path(root)
    now = clock.now()
    with file_lock(path, timeout=LOCK_TIMEOUT_S, what="the lease was not taken"):
        current = read_lease(root)
        since = format_time(now)
        if current is not None and current.run_id == run_id:
            # A renewal keeps what the run started with (once it recorded it).
            since, options_sha = current.since, current.options_sha or options_sha
        elif current is not None:
            reason = stale_reason(current, now, finished)
            if reason is None:
                raise LeaseHeld(current.message(Path(root).name))
            append_own_line(
                Path(root) / TAKEOVER_LOG,
                json.dumps(
                    {
                        "at": format_time(now),
                        "by_run": run_id,
                        "by_owner": owner,
                        "reason": reason,
                        "previous": asdict(current),
                    },
                    sort_keys=True,
                ),
            )
        move_aside(path)
        lease = Lease(
            owner=owner,
            run_id=run_id,
            pid=os.getpid(),
            host=socket.gethostname(),
            since=since,
            expires_at=format_time(now + ttl),
            renewed_at=format_time(now),
            options_sha=options_sha,
        )
        atomic_write_text(path, json.dumps(asdict(lease), indent=2, sort_keys=True) + "\n")
    return lease


def lost_lease(root: Path, run_id: str) -> bool:
    """True when another writer took the lease over from run ``run_id`` (the takeover log names
    it): the run must not take it back and commit on a volume someone else has written since."""
    path = Path(root) / TAKEOVER_LOG
    # A directory, FIFO or symlink there holds no takeover (each is appended to a regular file,
    # made way for first): moved aside, it never fails every later step.
    make_way_for_append(path)
    try:
        # Undecodable bytes are a malformed line like any other (skipped), never a failure of
        # every later run; a FIFO swapped in since is never opened blocking.
        text = read_state_text(path, MAX_TAKEOVER_LOG_BYTES, errors="replace")
    except FileNotFoundError:
        return False
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: cannot be read ({exc})") from exc
    lines = text.splitlines()
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        previous = record.get("previous") if isinstance(record, dict) else None
        if isinstance(previous, dict) and previous.get("run_id") == run_id:
            return True
    return False


def release(root: Path, run_id: str) -> bool:
    """Give the lease back if ``run_id`` holds it; True when a lease was removed."""
    path = lease_path(root)
    if not path.exists():
        return False
    with file_lock(path, timeout=LOCK_TIMEOUT_S, what="the lease was not released"):
        current = read_lease(root)
        if current is None or current.run_id != run_id:
            return False
        path.unlink(missing_ok=True)
        # No lease, no sidecar: a released agent's volume holds nothing of the lease. A writer
        # waiting on this lock notices the unlinked inode and retries (``file_lock``).
        lock_path_for(path).unlink(missing_ok=True)
    return True


@contextlib.contextmanager
def holding(
    root: Path, *, owner: str, run_id: str, clock: Clock, ttl: timedelta
) -> Iterator[Lease]:
    """Hold the lease for the duration of a short writer (a CLI command)."""
    lease = acquire(root, owner=owner, run_id=run_id, clock=clock, ttl=ttl)
    try:
        yield lease
    finally:
        release(root, run_id)
