"""One call of a pass that may ask the model: what every such pass is given, built once by its
step (``defs.assets.steps.model_pass_step``), by the tests and by the benchmarks."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from dream_assets.core.clock import format_time
from dream_assets.core.options import DreamOptions
from dream_assets.core.safety.bounds import RunBounds
from dream_assets.core.store.volume import AgentVolume
from dream_assets.llm import ChatModel

__all__ = ["PassCall"]


@dataclass(frozen=True)
class PassCall:
    """The agent's volume, options and clock reading; the model (None: the deterministic path);
    the run's id (None outside Dagster: ``local-<now>``) and bounds (None: unbounded)."""

    volume: AgentVolume
    options: DreamOptions
    now: datetime
    model: ChatModel | None = None
    run_id: str | None = None
    bounds: RunBounds | None = None

    @property
    def run(self) -> str:
        """The run's id, or one made from the clock for a call outside a run."""
        return self.run_id or f"local-{format_time(self.now)}"
