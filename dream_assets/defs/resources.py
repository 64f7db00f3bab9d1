"""Resources, configured from the environment in one place."""


import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import dagster as dg

from dream_assets.core.clock import Clock, FixedClock, SystemClock, parse_time
from dream_assets.core.options import DreamOptions, load_options
from dream_assets.core.volume import AgentVolume, PathEscapeError
from dream_assets.llm import ChatModel, LLMSettings


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


class LLMResource(dg.ConfigurableResource):
    """The OpenAI-compatible model, or none: every pass then takes its deterministic path.

    Unset fields fall back to DREAM_LLM_BASE_URL, DREAM_LLM_MODEL, DREAM_LLM_API_KEY
    (then OPENAI_API_KEY) and DREAM_LLM_TIMEOUT_S, read when a run starts.
    """

    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None
    timeout_s: float | None = None

    def settings(self) -> LLMSettings:
        env = LLMSettings.from_env(os.environ)
        return LLMSettings(
            base_url=self.base_url or env.base_url,
            model=self.model or env.model,
            api_key=self.api_key or env.api_key,
            timeout_s=self.timeout_s or env.timeout_s,
        )

    def chat_model(
        self, run: AgentRun, sleep: Callable[[float], None] = time.sleep
    ) -> ChatModel | None:
        settings = self.settings()
        if not settings.configured:
            return None
        return ChatModel(
            settings,
            busy_marker=run.volume.busy_marker,
            poll_s=run.options.llm_busy_poll_seconds,
            max_wait_s=run.options.llm_busy_max_wait_seconds,
            sleep=sleep,
        )
