"""The state of one consolidation pass, shared by its steps."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from dream_assets.core.facts.coverage import Vocabulary
from dream_assets.core.memory.decay import DueDecay
from dream_assets.core.models import MemoryEntry
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.safety.bounds import RunBounds
from dream_assets.core.store.volume import AgentVolume
from dream_assets.llm import ChatModel

PASS = "memory_consolidation"
REPAIR = "merge_repair"
VERIFY = "merge_verification"
# Who decided a change (recorded as ``by: model`` / ``by: host`` on every merge and archive):
# the model's reply, or the host's deterministic path (no model, or a batch whose call failed,
# was busy or unusable: seed 002, "that batch falls back to the gates alone").
BY_MODEL = "model"
BY_HOST = "host"


@dataclass
class ConsolidationRun:
    """One consolidation pass over one agent: what every step reads and what it has done."""

    volume: AgentVolume
    options: DreamOptions
    now: datetime
    model: ChatModel | None
    vocabulary: Vocabulary
    run_id: str | None
    report: PassReport
    repairs_left: int
    touched: set[str] = field(default_factory=set)
    # Set when the model went busy mid-pass: the remaining merges wait for the next cycle.
    busy: str | None = None
    # Sources of merges left for the next cycle (the verifier did not answer): not stamped
    # reviewed, so they are eligible again.
    deferred: set[str] = field(default_factory=set)
    # The run's deadline, per-run cap and daily allowance (core.bounds); None: unbounded.
    bounds: RunBounds | None = None
    # Set once a bound stopped a merge or archive: the pass ends at the next safe point.
    bounds_stop: str | None = None
    # Who decides the batch being applied (BY_MODEL or BY_HOST).
    by: str = BY_MODEL
    # Entries the model was shown only in part (too long for their prompt line): never merged
    # or archived on that view (seed 003: no silent truncation of evidence).
    shown_in_part: set[str] = field(default_factory=set)
    # The decay this cycle's importance pass decided and left to this pass's writes (None: it
    # wrote its own): applied to every entry this pass rewrites, the rest written at its end.
    decay: DueDecay | None = None
    # Each live entry's file stat as the pass's scan saw it: a stamp is written only while the
    # file still has it (the agent wrote since, otherwise).
    scanned: dict[str, tuple[int, int, int, int] | None] = field(default_factory=dict)

    @property
    def model_decides(self) -> bool:
        """True while a model reply is applied: only then are repair and verification asked,
        and redacted sources (which the model saw) sent to review."""
        return self.model is not None and self.by == BY_MODEL

    def with_decay(self, current: MemoryEntry) -> MemoryEntry:
        """``current`` with the decay due on it (itself when none is, or none was handed over)."""
        return self.decay.applied(current) if self.decay is not None else current

    def over_bounds(self) -> str | None:
        """Why no further merge or archive may start in this run (checked before each one)."""
        if self.bounds_stop is None and self.bounds is not None:
            self.bounds_stop = self.bounds.stop_reason()
        return self.bounds_stop

    def wait_for_next_cycle(self, ids: list[str], what: str) -> None:
        """A proposal past the run's bounds: not applied, its entries stay eligible."""
        self.deferred.update(ids)
        self.report.count("waiting_next_cycle")
        self.report.decide("waiting", ",".join(ids), f"{what}: {self.bounds_stop}")

    def spend(self, change: str, target: str) -> None:
        if self.bounds is not None:
            self.bounds.spend(change, target)
