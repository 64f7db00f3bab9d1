"""Resources, configured from the environment in one place."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import dagster as dg

from dream_assets.core.clock import Clock, FixedClock, SystemClock, parse_time
from dream_assets.core.options import DreamOptions, load_options
from dream_assets.core.volume import AgentVolume, PathEscapeError


@dataclass(frozen=True)
class AgentRun:
    """Everything a pass needs for one agent in one run."""

    volume: AgentVolume
    options: DreamOptions
    clock: Clock


class DreamResource(dg.ConfigurableResource):
    """Where the agents live, and the clock (frozen with ``now`` for tests and replays)."""

    agents_root: str
    now: str | None = None

    def root(self) -> Path:
        return Path(self.agents_root).expanduser().resolve()

    def clock(self) -> Clock:
        return FixedClock(parse_time(self.now)) if self.now else SystemClock()

    def volume(self, agent: str) -> AgentVolume:
        root = self.root()
        candidate = root / agent
        if "/" in agent or agent in {"", ".", ".."} or candidate.resolve().parent != root:
            raise PathEscapeError(f"agent partition {agent!r} is not a directory of {root}")
        if not candidate.is_dir():
            raise FileNotFoundError(f"agent volume {candidate} does not exist")
        return AgentVolume(candidate)

    def agent(self, agent: str) -> AgentRun:
        volume = self.volume(agent)
        options = load_options(os.environ, volume.options_path)
        return AgentRun(volume=volume, options=options, clock=self.clock())
