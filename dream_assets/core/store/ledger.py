"""The dream-pass ledger: when each pass last completed, and on which corpus.

The change gate (docs/passes.md): corpus-wide passes hash the corpus they are about to describe and
skip the model call when the hash matches what they last ran on; a max-skip interval forces a run
regardless; the stamp is written only after the pass completes (a failed call is retried next
cycle). A missing or corrupt ledger degrades to "run everything once", never "skip forever".

"Corrupt" is anything that is not this module's own small JSON file: not JSON, another shape or
version, a stamp later than the cycle's clock, a directory or FIFO (never opened blocking), a
symlink leaving the agent's directory (not followed), an oversized file (not read). Such a ledger
is reported (``PassLedger.warning``, naming the file) and the next stamp replaces it: whatever
stood in the way and is not a file is moved aside (``<name>.unusable-<n>``), never deleted. The
stamp waits for the ledger's sidecar lock at most ``LOCK_TIMEOUT_S`` (a stuck holder fails the
stamping pass with an error naming the lock file, it does not hang the cycle).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from dream_assets.core.clock import format_time, parse_time
from dream_assets.core.store.atomic import CYCLE_LOCK_TIMEOUT_S, atomic_write_text, file_lock
from dream_assets.core.store.state_file import move_aside, read_state_text

LEDGER_VERSION = 1
# A ledger holds one small stamp per pass: a bigger file is not one (and is not read into memory).
MAX_LEDGER_BYTES = 1 << 20
# How long a stamp waits for the ledger's lock (held for a few milliseconds by a stamp).
LOCK_TIMEOUT_S = CYCLE_LOCK_TIMEOUT_S


@dataclass(frozen=True)
class Stamp:
    completed_at: datetime
    fingerprint: str | None


@dataclass(frozen=True)
class GateDecision:
    run: bool
    reason: str


def corpus_fingerprint(parts: Iterable[str]) -> str:
    """Hash of the corpus itself (never of derived, drifting statistics)."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8")
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


class PassLedger:
    def __init__(self, path: Path, stamps: dict[str, Stamp], warning: str | None = None) -> None:
        self.path = path
        self.stamps = stamps
        self.warning = warning

    @classmethod
    def load(cls, path: Path) -> PassLedger:
        try:
            text = _read_ledger_text(path)
        except FileNotFoundError:
            return cls(path, {})
        except (OSError, ValueError) as exc:
            return cls(path, {}, warning=f"{path}: unreadable ledger ignored ({exc})")
        try:
            raw = json.loads(text)
            return cls(path, _parse(raw))
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
            # Degrade to "run everything once": an unreadable ledger must never skip a pass.
            reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
            return cls(path, {}, warning=f"{path}: unreadable ledger ignored ({reason})")

    def last(self, pass_name: str) -> Stamp | None:
        return self.stamps.get(pass_name)

    def _usable(self, pass_name: str, now: datetime) -> Stamp | None:
        """The pass's stamp, unless it lies in the future of ``now`` (a clock set back, a foreign
        or hand-edited file): such a stamp would skip the pass until that date."""
        stamp = self.last(pass_name)
        if stamp is None or stamp.completed_at > now:
            return None
        return stamp

    def min_interval_block(
        self, pass_name: str, now: datetime, min_interval: timedelta
    ) -> str | None:
        """A skip reason while the pass ran less than ``min_interval`` ago (<= 0 disables)."""
        stamp = self._usable(pass_name, now)
        if min_interval <= timedelta(0) or stamp is None:
            return None
        if now - stamp.completed_at < min_interval:
            return (
                f"skipped — last completed {format_time(stamp.completed_at)}, "
                f"min interval {min_interval}"
            )
        return None

    def change_gate(
        self,
        pass_name: str,
        fingerprint: str,
        now: datetime,
        *,
        enabled: bool,
        max_skip: timedelta,
    ) -> GateDecision:
        stamp = self._usable(pass_name, now)
        if not enabled:
            return GateDecision(True, "change gate disabled")
        if stamp is None or stamp.fingerprint is None:
            return GateDecision(True, "no previous run recorded")
        if stamp.fingerprint != fingerprint:
            return GateDecision(True, "corpus changed since last run")
        if max_skip > timedelta(0) and now - stamp.completed_at >= max_skip:
            return GateDecision(True, f"unchanged, but last run is older than {max_skip}")
        return GateDecision(
            False, f"unchanged since {format_time(stamp.completed_at)} (change gate)"
        )


def _read_ledger_text(path: Path) -> str:
    """The ledger's text. FileNotFoundError when there is none; OSError or ValueError (naming
    why) when what is there is not a small regular file inside the agent's directory."""
    return read_state_text(path, MAX_LEDGER_BYTES)


def _parse(raw: Any) -> dict[str, Stamp]:
    if not isinstance(raw, dict) or not isinstance(raw.get("passes"), dict):
        raise ValueError("expected {'passes': {...}}")
    version = raw.get("version", LEDGER_VERSION)
    if version != LEDGER_VERSION or isinstance(version, bool):
        raise ValueError(f"version {version!r}, this cycle reads version {LEDGER_VERSION}")
    stamps: dict[str, Stamp] = {}
    for name, value in raw["passes"].items():
        if not isinstance(value, dict):
            raise ValueError(f"pass {name!r}: expected an object with 'completed_at'")
        fingerprint = value.get("fingerprint")
        if fingerprint is not None and not isinstance(fingerprint, str):
            raise ValueError(f"pass {name!r}: fingerprint must be a string")
        completed_at = value.get("completed_at")
        if not isinstance(completed_at, str):
            raise ValueError(f"pass {name!r}: completed_at must be an ISO-8601 string")
        stamps[str(name)] = Stamp(parse_time(completed_at), fingerprint)
    return stamps


def stamp_pass(path: Path, pass_name: str, now: datetime, fingerprint: str | None = None) -> None:
    """Record a completed pass. Call only after the pass's work is safely on disk."""
    with file_lock(path, timeout=LOCK_TIMEOUT_S, what="the pass's stamp is not recorded"):
        ledger = PassLedger.load(path)
        move_aside(path)
        ledger.stamps[pass_name] = Stamp(now, fingerprint)
        payload = {
            "version": LEDGER_VERSION,
            "passes": {
                name: {"completed_at": format_time(s.completed_at), "fingerprint": s.fingerprint}
                for name, s in sorted(ledger.stamps.items())
            },
        }
        atomic_write_text(path, json.dumps(payload, indent=2) + "\n")
