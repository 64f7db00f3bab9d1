"""What every pass asset does around its pass, in one place: the agent's lease held for the
step, the pass given the agent's volume, options and clock (and model), its report turned into
the materialization (docs/automation.md); and what every check of one agent does around its
rule: the agent read for the check's partition, the rule's violations turned into the result."""

from collections.abc import Callable, Mapping, Sequence, Set
from datetime import datetime
from typing import Any, Protocol

import dagster as dg

from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.volume import AgentVolume
from dream_assets.defs.lease import agent_writer, holds_across_steps
from dream_assets.defs.partitions import agents_partitions
from dream_assets.defs.pools import MODEL_POOL
from dream_assets.defs.resources import Agent, DreamResource, LLMResource
from dream_assets.defs.results import cancelled_step, check_from_violations, materialize_report
from dream_assets.defs.run_bounds import run_bounds
from dream_assets.passes.call import PassCall


class DeterministicPass(Protocol):
    def __call__(self, volume: AgentVolume, options: DreamOptions, now: datetime) -> PassReport: ...


# A pass that may ask the model: ``(call: PassCall, **inputs) -> PassReport``, ``inputs`` being
# what its step reads for it beside the volume (model_pass_step).
ModelPass = Callable[..., PassReport]


def agent_asset(
    group: str,
    description: str,
    *,
    deps: Sequence[dg.AssetsDefinition | dg.AssetKey] = (),
    kinds: Set[str] = frozenset({"python"}),
    model: bool = False,
) -> Callable[[Callable[..., dg.MaterializeResult]], dg.AssetsDefinition]:
    """An asset of the cycle: one partition per agent, in ``group``. ``model``: it may ask the
    model, so its step waits for a slot in the endpoint's pool (defs/pools.py)."""
    return dg.asset(
        partitions_def=agents_partitions,
        group_name=group,
        deps=list(deps),
        kinds=set(kinds),
        pool=MODEL_POOL if model else None,
        description=description,
    )


def writer_step(
    context: dg.AssetExecutionContext,
    dream: DreamResource,
    work: Callable[[Agent], dg.MaterializeResult],
) -> dg.MaterializeResult:
    """The step of an asset that writes the agent's volume: ``work`` with the agent's lease held
    (``defs.lease``); a run cancelled before the step starts reports so without ``work``."""
    with agent_writer(context, dream) as agent:
        index = agent.volume.entry_index
        # The entry index stored once per run (docs/agent-volume.md, the entry index): when
        # every step of a full cycle runs in this process, its scans leave their rows to the
        # run's end (``cycle_report``), so a first cycle does not store each row at its first
        # walk and again after the review stamps rewrote it. Otherwise at each step's end, for
        # the next step's process.
        run_end = not (holds_across_steps(context) and steps_in_this_process(context, agent))
        if not run_end:
            index.defer_store(context.run.run_id)
        try:
            cancelled = cancelled_step(context, agent.guard)
            if cancelled is not None:
                return cancelled
            return work(agent)
        finally:
            if run_end:
                index.flush()


def steps_in_this_process(context: dg.AssetExecutionContext, agent: Agent) -> bool:
    """Whether the run's steps execute in the run's own process (the in-process executor, the
    default) rather than on Celery workers (defs/executor.py): the run's config, else the
    deployment's default."""
    execution = context.run.run_config.get("execution") or {}
    chosen = execution.get("config", execution) if isinstance(execution, dict) else {}
    if isinstance(chosen, dict) and chosen:
        return "celery" not in chosen
    return agent.options.executor != "celery"


def pass_step(
    context: dg.AssetExecutionContext, dream: DreamResource, run_pass: DeterministicPass
) -> dg.MaterializeResult:
    """A deterministic pass in its step (bind ``run_id`` with ``functools.partial`` if it takes
    one)."""

    def work(agent: Agent) -> dg.MaterializeResult:
        report = run_pass(agent.volume, agent.options, agent.clock.now())
        return materialize_report(context, report, guard=agent.guard)

    return writer_step(context, dream, work)


def model_pass_step(
    context: dg.AssetExecutionContext,
    dream: DreamResource,
    llm: LLMResource,
    run_pass: ModelPass,
    inputs: Callable[[Agent], Mapping[str, Any]] | None = None,
) -> dg.MaterializeResult:
    """A pass that may ask the model, in its step: the model (or none) and its usage reported;
    every change it makes counts against the run's bounds (``core.bounds``). ``inputs``: what
    the pass is given beside the volume, read for the agent once its lease is held."""

    def work(agent: Agent) -> dg.MaterializeResult:
        model = llm.chat_model(agent, context.run.run_id)
        given = inputs(agent) if inputs is not None else {}
        call = PassCall(
            agent.volume,
            agent.options,
            agent.clock.now(),
            model=model,
            run_id=context.run.run_id,
            bounds=run_bounds(context, agent),
        )
        report = run_pass(call, **given)
        return materialize_report(context, report, model, guard=agent.guard)

    return writer_step(context, dream, work)


def model_asset(
    group: str,
    name: str,
    description: str,
    run_pass: ModelPass,
    *,
    deps: Sequence[dg.AssetsDefinition | dg.AssetKey] = (),
    kinds: Set[str] = frozenset({"python"}),
    inputs: Callable[[Agent], Mapping[str, Any]] | None = None,
) -> dg.AssetsDefinition:
    """The asset ``name`` whose step is ``run_pass`` in ``model_pass_step``: one partition per
    agent, in the endpoint's pool (``agent_asset`` with ``model``)."""

    def step(
        context: dg.AssetExecutionContext, dream: DreamResource, llm: LLMResource
    ) -> dg.MaterializeResult:
        return model_pass_step(context, dream, llm, run_pass, inputs)

    # Dagster reads the resources from this function's parameters and the key from its name.
    step.__name__ = step.__qualname__ = name
    return agent_asset(group, description, deps=deps, kinds=kinds, model=True)(step)


# What a check's rule finds in one agent for one run: its violations, or its violations and how
# many items it checked.
Findings = list[str] | tuple[list[str], int]


def agent_check(
    asset: dg.AssetsDefinition,
    *,
    name: str,
    what: str,
    blocking: bool = True,
    severity: dg.AssetCheckSeverity = dg.AssetCheckSeverity.ERROR,
) -> Callable[[Callable[[Agent, str], Findings]], dg.AssetChecksDefinition]:
    """The asset check ``name`` on ``asset`` whose rule is the decorated function: given the
    check's agent and run id, it returns the violations (and how many items it checked); its
    docstring is the check's description."""

    def define(rule: Callable[[Agent, str], Findings]) -> dg.AssetChecksDefinition:
        def check(
            context: dg.AssetCheckExecutionContext, dream: DreamResource
        ) -> dg.AssetCheckResult:
            found = rule(dream.agent(context.partition_key), context.run.run_id)
            violations, checked = found if isinstance(found, tuple) else (found, None)
            return check_from_violations(violations, what=what, checked=checked, severity=severity)

        # The rule's name and docstring, not a wrapper's (no ``__wrapped__``: Dagster reads the
        # resources from this function's own parameters).
        check.__name__, check.__qualname__ = rule.__name__, rule.__qualname__
        check.__module__, check.__doc__ = rule.__module__, rule.__doc__
        return dg.asset_check(asset=asset, blocking=blocking, name=name)(check)

    return define


def standing_check(
    asset: dg.AssetsDefinition, *, name: str, what: str
) -> Callable[[Callable[[Agent, str], Findings]], dg.AssetChecksDefinition]:
    """A non-blocking warning check of problems that predate the run (the agent's, not the
    run's): :func:`agent_check` with ``blocking=False`` and severity WARN."""
    return agent_check(
        asset, name=name, what=what, blocking=False, severity=dg.AssetCheckSeverity.WARN
    )
