"""One writer per agent: the lease file ``dream.lease`` in the agent's volume.

Every writer of an agent's volume — a Dagster run of the cycle, ``dream run``, ``dream review
approve/reject``, ``dream undo``, ``dream restore``, ``dream audit`` — holds the lease while it
writes, so two writers never act on one volume at once (docs/agent-volume.md, the lease). The lease
names its holder (owner, run id, pid, host), when it was taken and until when it holds; a long
holder renews it. A lease past its expiry, or held by a process of this host that no longer exists,
is stale: the next writer takes it over and records the takeover in ``dream-lease-takeovers.jsonl``.

The lease file is read and replaced under its sidecar lock (``file_lock``, the convention of the
logs), so two writers racing for a free lease cannot both win.
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
from dream_assets.core.store.atomic import append_line, atomic_write_text, file_lock, lock_path_for

LEASE_FILE = "dream.lease"
TAKEOVER_LOG = "dream-lease-takeovers.jsonl"


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
    # The agent's options as the run found them when it took the lease (``core.cancellation``):
    # every step of the run compares against its start. Empty in a lease written before it.
    options_sha: str = ""

    def message(self, agent: str) -> str:
        return (
            f"agent {agent} is being dreamed by run {self.run_id} since {self.since} "
            f"({self.owner}, pid {self.pid} on {self.host}; lease expires {self.expires_at})"
        )


_OPTIONAL_FIELDS = ("options_sha",)


def lease_path(root: Path) -> Path:
    return Path(root) / LEASE_FILE


def read_lease(root: Path) -> Lease | None:
    """The lease as on disk; None when absent. An unreadable lease counts as absent (stale)."""
    try:
        raw = json.loads(lease_path(root).read_text(encoding="utf-8"))
        fields: dict[str, Any] = {
            k: raw[k] for k in Lease.__dataclass_fields__ if k not in _OPTIONAL_FIELDS
        }
        fields.update({k: str(raw.get(k, "")) for k in _OPTIONAL_FIELDS})
        return Lease(**fields)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        return Lease("unreadable", "?", 0, "?", "", "", "")


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
    with file_lock(path):
        current = read_lease(root)
        since = format_time(now)
        if current is not None and current.run_id == run_id:
            # A renewal keeps what the run started with (once it recorded it).
            since, options_sha = current.since, current.options_sha or options_sha
        elif current is not None:
            reason = stale_reason(current, now, finished)
            if reason is None:
                raise LeaseHeld(current.message(Path(root).name))
            append_line(
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
    try:
        lines = (Path(root) / TAKEOVER_LOG).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return False
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
    with file_lock(path):
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
