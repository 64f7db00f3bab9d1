"""The dream-pass ledger: when each pass last completed, and on which corpus.

The change gate (docs/passes.md): corpus-wide passes hash the corpus they are about to describe and
skip the model call when the hash matches what they last ran on; a max-skip interval forces a run
regardless; the stamp is written only after the pass completes (a failed call is retried next
cycle). A missing or corrupt ledger degrades to "run everything once", never "skip forever".
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
from dream_assets.core.store.atomic import atomic_write_text, file_lock


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
        if not path.exists():
            return cls(path, {})
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            return cls(path, _parse(raw))
        except (OSError, ValueError, TypeError, KeyError) as exc:
            # Degrade to "run everything once": an unreadable ledger must never skip a pass.
            return cls(path, {}, warning=f"{path}: unreadable ledger ignored ({exc})")

    def last(self, pass_name: str) -> Stamp | None:
        return self.stamps.get(pass_name)

    def min_interval_block(
        self, pass_name: str, now: datetime, min_interval: timedelta
    ) -> str | None:
        """A skip reason while the pass ran less than ``min_interval`` ago (<= 0 disables)."""
        stamp = self.last(pass_name)
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
        stamp = self.last(pass_name)
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


def _parse(raw: Any) -> dict[str, Stamp]:
    if not isinstance(raw, dict) or not isinstance(raw.get("passes"), dict):
        raise ValueError("expected {'passes': {...}}")
    stamps: dict[str, Stamp] = {}
    for name, value in raw["passes"].items():
        fingerprint = value.get("fingerprint")
        if fingerprint is not None and not isinstance(fingerprint, str):
            raise ValueError(f"pass {name!r}: fingerprint must be a string")
        stamps[str(name)] = Stamp(parse_time(value["completed_at"]), fingerprint)
    return stamps


def stamp_pass(path: Path, pass_name: str, now: datetime, fingerprint: str | None = None) -> None:
    """Record a completed pass. Call only after the pass's work is safely on disk."""
    with file_lock(path):
        ledger = PassLedger.load(path)
        ledger.stamps[pass_name] = Stamp(now, fingerprint)
        payload = {
            "version": 1,
            "passes": {
                name: {"completed_at": format_time(s.completed_at), "fingerprint": s.fingerprint}
                for name, s in sorted(ledger.stamps.items())
            },
        }
        atomic_write_text(path, json.dumps(payload, indent=2) + "\n")
