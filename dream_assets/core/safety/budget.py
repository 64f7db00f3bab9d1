"""Token budget (docs/safety.md): a cap per run and a rolling 24-hour cap per agent.

A call is made only if its prompt plus room for the answer still fits both caps; a call already
made is always kept. Usage is recorded in ``dream-token-usage.jsonl`` on the volume (so the
rolling window survives restarts), under the file's lock; rows older than two days are dropped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from dream_assets.core.clock import Clock, format_time, parse_time
from dream_assets.core.store.atomic import CYCLE_LOCK_TIMEOUT_S, atomic_write_text, file_lock
from dream_assets.core.store.jsonl import read_jsonl

WINDOW = timedelta(hours=24)
KEEP = timedelta(days=2)

# The merge verifier answers a verdict list, one short object per source
# (``{"id", "verdict", "note"}``): room for that, not the generic answer room (4 096), so a run
# with many merges is not stopped by reservations it never spends (issue 25, item 10).
VERDICT_ROOM_PER_SOURCE = 96
VERDICT_ROOM_BASE = 64


def verdict_list_room(sources: int) -> int:
    """The answer room a verification call of ``sources`` sources reserves (and caps)."""
    return VERDICT_ROOM_BASE + VERDICT_ROOM_PER_SOURCE * max(sources, 1)


class BudgetExceeded(RuntimeError):
    """The next call does not fit the budget; the pass is skipped and says why."""


@dataclass
class TokenBudget:
    usage_log: Path
    run_id: str
    clock: Clock
    run_cap: int = 60_000
    daily_cap: int = 262_144

    def _rows(self) -> list[dict]:
        return read_jsonl(self.usage_log).records

    def used(self) -> tuple[int, int]:
        """Tokens used by this run, and by every run of this agent in the last 24 hours."""
        now = self.clock.now()
        run_used = day_used = 0
        for row in self._rows():
            tokens = int(row.get("tokens", 0))
            if row.get("run_id") == self.run_id:
                run_used += tokens
            try:
                if now - parse_time(str(row.get("ts"))) < WINDOW:
                    day_used += tokens
            except ValueError:
                day_used += tokens  # an unreadable time counts: never under-count spend
        return run_used, day_used

    def admit(self, prompt_tokens: int, answer_room: int) -> None:
        need = prompt_tokens + answer_room
        run_used, day_used = self.used()
        if self.run_cap > 0 and run_used + need > self.run_cap:
            raise BudgetExceeded(
                f"run token budget: {run_used} used + {need} needed > {self.run_cap}"
            )
        if self.daily_cap > 0 and day_used + need > self.daily_cap:
            raise BudgetExceeded(
                f"24-hour token budget: {day_used} used + {need} needed > {self.daily_cap}"
            )

    def record(self, pass_name: str, prompt_tokens: int, completion_tokens: int) -> None:
        now = self.clock.now()
        row = {
            "ts": format_time(now),
            "run_id": self.run_id,
            "pass": pass_name,
            "tokens": prompt_tokens + completion_tokens,
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
        }
        with file_lock(
            self.usage_log, timeout=CYCLE_LOCK_TIMEOUT_S, what="the call's tokens are not recorded"
        ):
            kept = []
            for old in self._rows():
                try:
                    if now - parse_time(str(old.get("ts"))) < KEEP:
                        kept.append(old)
                except ValueError:
                    continue
            kept.append(row)
            atomic_write_text(
                self.usage_log, "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in kept)
            )

    def status(self) -> dict[str, int]:
        run_used, day_used = self.used()
        return {
            "run_cap": self.run_cap,
            "run_used": run_used,
            "daily_cap": self.daily_cap,
            "daily_used": day_used,
        }
