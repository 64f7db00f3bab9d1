"""The state of one consolidation pass, shared by its steps."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from dream_assets.core.coverage import Vocabulary
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.volume import AgentVolume
from dream_assets.llm import ChatModel

PASS = "memory_consolidation"
REPAIR = "merge_repair"
VERIFY = "merge_verification"


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
