"""Resources, configured from the environment in one place."""

import os
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import dagster as dg
from pydantic import PrivateAttr

from dream_assets.core.clock import Clock, FixedClock, SystemClock, parse_time
from dream_assets.core.options import DreamOptions, agent_options
from dream_assets.core.safety.budget import TokenBudget
from dream_assets.core.safety.cancellation import RunGuard
from dream_assets.core.store.atomic import file_lock
from dream_assets.core.store.volume import AgentVolume, PathEscapeError
from dream_assets.defs.pools import MODEL_POOL, call_slots
from dream_assets.defs.storage_pool import hold_storage_connections
from dream_assets.llm import ChatModel, LLMSettings
from dream_assets.model_slots import CallSlots


@dataclass(frozen=True)
class Agent:
    """Everything a pass needs for one agent in one run."""

    volume: AgentVolume
    options: DreamOptions
    clock: Clock
    preview: bool = False
    # The run's cancellation check (``core.safety.cancellation``), once a writing step holds the
    # lease.
    guard: RunGuard | None = None


def preview_root() -> Path:
    return Path(tempfile.gettempdir()) / "dream-preview"


# The agents `make run` writes (and `make ui` shows): with DREAM_AGENTS_ROOT unset, Dagster's own
# commands work from the repository root with nothing set; while the directory does not exist the
# sensors say so in their skip reason.
DEMO_AGENTS_ROOT = ".demo/agents"
# How long a step of a preview run waits for another step of the same run to finish copying the
# volume (a large agent's copy takes a while), bounded so a stuck copy fails the step, naming the
# lock, instead of hanging it.
PREVIEW_COPY_LOCK_TIMEOUT_S = 900.0


class DreamResource(dg.ConfigurableResource):
    """Where the agents live, the clock (frozen with ``now`` for tests and replays), and preview.

    With ``preview`` every pass of the run works on a copy of the agent's volume made at the
    run's first step (under the temp dir, keyed by run id): the passes plan and report exactly
    what they would do, and the real volume is not touched.

    ``options`` are the deployment's (the environment, read once by the entry point:
    ``definitions.py`` gives ``defs/deployment.DEPLOYMENT``, a ``dream`` command its own); each
    agent's ``dream-options.json`` is layered over them. Unset, the built-in defaults.
    """

    # Empty: DREAM_AGENTS_ROOT when the resource is used, else the demo agents (DEMO_AGENTS_ROOT).
    agents_root: str = ""
    now: str | None = None
    preview: bool = False
    # A nested resource, not config: the options never reach the run config or the UI.
    options: dg.ResourceDependency[DreamOptions | None] = None  # type: ignore[assignment]
    _run_id: str | None = PrivateAttr(default=None)

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        self._run_id = context.run.run_id if context.run else None
        if context.run is not None:
            hold_storage_connections(context.instance)

    def root(self) -> Path:
        configured = self.agents_root or os.environ.get("DREAM_AGENTS_ROOT") or DEMO_AGENTS_ROOT
        return Path(configured).expanduser().resolve()

    def clock(self) -> Clock:
        return FixedClock(parse_time(self.now)) if self.now else SystemClock()

    def volume(self, agent: str) -> AgentVolume:
        root = self.root()
        candidate = root / agent
        if "/" in agent or agent in {"", ".", ".."} or candidate.resolve().parent != root:
            raise PathEscapeError(f"agent partition {agent!r} is not a directory of {root}")
        if not candidate.is_dir():
            raise FileNotFoundError(f"agent volume {candidate} does not exist")
        if self.preview:
            return AgentVolume(self._shadow(candidate), run_id=self._run_id)
        return AgentVolume(candidate, run_id=self._run_id)

    def _shadow(self, real: Path) -> Path:
        if not self._run_id:
            raise RuntimeError("preview needs a run: no run id on this resource")
        shadow = preview_root() / self._run_id / real.name
        with file_lock(
            shadow.parent / ".copy",
            timeout=PREVIEW_COPY_LOCK_TIMEOUT_S,
            what="the preview copy of the volume is not made",
        ):
            if not shadow.exists():
                partial = shadow.with_name(shadow.name + ".partial")
                shutil.rmtree(partial, ignore_errors=True)
                # Lock files are skipped: a copied lock guards nothing.
                shutil.copytree(
                    real, partial, symlinks=True, ignore=shutil.ignore_patterns("*.lock")
                )
                partial.rename(shadow)
        return shadow

    def base_options(self) -> DreamOptions:
        """The deployment's options, before any agent's own file."""
        return self.options or DreamOptions()

    def agent_options(self, volume: AgentVolume) -> DreamOptions:
        """The agent's options: its ``dream-options.json`` over the deployment's."""
        return agent_options(self.base_options(), volume.options_path)

    def agent(self, agent: str) -> Agent:
        volume = self.volume(agent)
        options = self.agent_options(volume)
        return Agent(volume=volume, options=options, clock=self.clock(), preview=self.preview)


class LLMResource(dg.ConfigurableResource):
    """The OpenAI-compatible model, or none: every pass then takes its deterministic path.

    Unset fields fall back to the agent's model options (``llm_base_url``, ``llm_model``,
    ``llm_api_key``, ``llm_timeout_s``: the deployment's ``DREAM_LLM_*``, then the agent's
    ``dream-options.json``; ``DreamResource.agent``).
    """

    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None
    timeout_s: float | None = None
    # The run's instance, where the model pool's limit is (``call_slots``).
    _instance: dg.DagsterInstance | None = PrivateAttr(default=None)

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        self._instance = context.instance

    def call_slots(self) -> CallSlots | None:
        """The call slots of the deployment's model pool (``defs/pools.call_slots``): every
        request to the endpoint, chat or embeddings, is sent holding one; none outside a run."""
        return call_slots(self._instance, MODEL_POOL) if self._instance is not None else None

    def settings(self, options: DreamOptions) -> LLMSettings:
        configured = LLMSettings.from_options(options)
        return replace(
            configured,
            base_url=self.base_url or configured.base_url,
            model=self.model or configured.model,
            api_key=self.api_key or configured.api_key,
            timeout_s=self.timeout_s or configured.timeout_s,
        )

    def chat_model(
        self,
        agent: Agent,
        run_id: str | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> ChatModel | None:
        """The agent's model, or None when none is configured (the call slots are looked up
        only when there is a model to call)."""
        settings = self.settings(agent.options)
        if not settings.configured:
            return None
        budget = TokenBudget(
            usage_log=agent.volume.token_usage_log,
            run_id=run_id or "adhoc",
            clock=agent.clock,
            run_cap=agent.options.run_token_budget,
            daily_cap=agent.options.daily_token_budget,
        )
        return ChatModel(
            settings,
            busy_marker=agent.volume.busy_marker,
            poll_s=agent.options.llm_busy_poll_seconds,
            max_wait_s=agent.options.llm_busy_max_wait_seconds,
            sleep=sleep,
            max_retries=settings.max_retries,
            budget=budget,
            guard=agent.guard,
            slots=self.call_slots(),
        )
