"""What every pass asset does around its pass, in one place: the agent's lease held for the
step, the pass given the agent's volume, options and clock (and model), its report turned into
the materialization (docs/automation.md)."""

from datetime import datetime
from typing import Protocol

import dagster as dg

from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.volume import AgentVolume
from dream_assets.defs.lease import agent_writer
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets.defs.results import materialize_report
from dream_assets.llm import ChatModel


class DeterministicPass(Protocol):
    def __call__(self, volume: AgentVolume, options: DreamOptions, now: datetime) -> PassReport: ...


class ModelPass(Protocol):
    def __call__(
        self,
        volume: AgentVolume,
        options: DreamOptions,
        now: datetime,
        model: ChatModel | None,
        *,
        run_id: str | None = None,
    ) -> PassReport: ...


def pass_step(
    context: dg.AssetExecutionContext, dream: DreamResource, run_pass: DeterministicPass
) -> dg.MaterializeResult:
    """A deterministic pass in its step (bind ``run_id`` with ``functools.partial`` if it takes
    one)."""
    with agent_writer(context, dream) as agent:
        report = run_pass(agent.volume, agent.options, agent.clock.now())
        return materialize_report(context, report)


def model_pass_step(
    context: dg.AssetExecutionContext, dream: DreamResource, llm: LLMResource, run_pass: ModelPass
) -> dg.MaterializeResult:
    """A pass that may ask the model, in its step: the model (or none) and its usage reported."""
    with agent_writer(context, dream) as agent:
        model = llm.chat_model(agent, context.run.run_id)
        report = run_pass(
            agent.volume, agent.options, agent.clock.now(), model, run_id=context.run.run_id
        )
        return materialize_report(context, report, model)
