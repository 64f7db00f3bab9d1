"""Cooperative cancellation (docs/safety.md, "Cancellation"; seed 003: "Agent disablement ... or
changes to settings invalidate in-flight jobs before the next call and before committing", "lost
lease prevents a stale commit").

A run re-checks before every model call and before every write batch that it may still write:

- the agent is still enabled (``"enabled": false`` written to its ``dream-options.json``);
- its ``dream-options.json`` is byte for byte what it was when the run took the lease (the
  fingerprint is kept in the lease, so every step of the run compares against the run's start);
- the agent's lease is still its own.

Otherwise the run stops there and writes nothing more; the reason (one of ``CANCELLED_*``) is
sticky, so a pass that stopped for it says so even if the condition goes away. A model call in
flight is watched every ``OWNERSHIP_WATCH_SECONDS`` and abandoned when the run is cancelled.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from dream_assets.core.store.lease import read_lease

OPTIONS_FILE = "dream-options.json"
CANCELLED = "cancelled"
CANCELLED_DISABLED = "cancelled: agent disabled"
CANCELLED_OPTIONS = "cancelled: options changed"
CANCELLED_LEASE = "cancelled: lease lost"
# Seed 003: "A two-second ownership watch cancels inference already in flight".
OWNERSHIP_WATCH_SECONDS = 2.0

T = TypeVar("T")


class RunCancelled(RuntimeError):
    """The run was cancelled while a call was in flight; the message is the reason."""


def options_fingerprint(root: Path) -> str:
    """The sha256 of the agent's ``dream-options.json`` as it is now ("absent" without one)."""
    try:
        return hashlib.sha256((Path(root) / OPTIONS_FILE).read_bytes()).hexdigest()
    except FileNotFoundError:
        return "absent"
    except OSError as exc:
        # Unreadable is not "unchanged": a run never writes on options it cannot see.
        return f"unreadable: {exc.strerror}"


def is_cancellation(reason: str | None) -> bool:
    return reason is not None and reason.startswith(f"{CANCELLED}:")


def _disabled(root: Path) -> bool:
    try:
        raw = json.loads((Path(root) / OPTIONS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(raw, dict) and raw.get("enabled") is False


@dataclass
class RunGuard:
    """What one run checks before it calls the model or writes; ``reason`` once it stopped."""

    root: Path
    run_id: str
    # ``options_fingerprint`` of the run's start (recorded in its lease).
    options_at_start: str
    reason: str | None = None

    def cancel_reason(self) -> str | None:
        """Why this run may not call the model or write any more, or None while it may."""
        if self.reason is None:
            self.reason = self._check()
        return self.reason

    def _check(self) -> str | None:
        lease = read_lease(self.root)
        if lease is None or lease.run_id != self.run_id:
            return CANCELLED_LEASE
        if options_fingerprint(self.root) != self.options_at_start:
            return CANCELLED_DISABLED if _disabled(self.root) else CANCELLED_OPTIONS
        return None


def watch_call(
    call: Callable[[], T], guard: RunGuard, *, watch_s: float, abandon: Callable[[], None]
) -> T:
    """``call()`` on a daemon thread while this one re-checks ``guard`` every ``watch_s``
    seconds (the ownership watch). On cancellation ``abandon()`` drops what the call holds (a
    model client's connection) and ``RunCancelled`` is raised at once; the call's result, should
    it still come, is never read. Its own exception is re-raised here as it is.
    """
    outcome: dict[str, Any] = {}
    done = threading.Event()

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:  # handed to the caller's thread
            outcome["error"] = exc
        finally:
            done.set()

    threading.Thread(target=run, name="dream-watched-call", daemon=True).start()
    while not done.wait(watch_s):
        reason = guard.cancel_reason()
        if reason is not None:
            abandon()
            raise RunCancelled(reason)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
