"""Where a run's steps execute: in the run's own process (the default) or on Celery workers.

The operator chooses by configuration, never by code (docs/deploy.md, "More than one machine"):

- ``DREAM_EXECUTOR`` (``in_process`` | ``celery``), read when the definitions load, picks the
  default of every run, including the runs the sensors request;
- a run's own config can still pick either one (``execution: config: in_process: {}`` or
  ``execution: config: celery: {broker: ..., queue: ...}``), e.g. from the launchpad.

Celery's broker and queue default to ``DREAM_CELERY_BROKER`` and ``DREAM_CELERY_QUEUE``, read by
the run's process when it starts, so a broker password stays in the environment rather than in
the job's config schema shown by the UI. ``dagster_celery`` is imported only when Celery is
chosen: without the extra ``celery``, the default install never needs it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import dagster as dg
from dagster._core.definitions.executor_definition import (
    IN_PROC_CONFIG,
    _core_in_process_executor_creation,
)
from dagster._core.execution.retries import RetryMode, get_retries_config

from dream_assets.core.options import DreamOptions

MISSING_EXTRA = (
    "the Celery executor needs the extra 'celery': pip install 'dream_assets[celery]' "
    "(dagster-celery is not installed)"
)

# The settings dagster_celery's own executor takes, plus the queue (a plain setting here rather
# than a step tag, so that one deployment's steps can go to its own workers).
CELERY_CONFIG = dg.Field(
    {
        "broker": dg.Field(
            dg.Noneable(dg.StringSource),
            is_required=False,
            description="Broker URL; default DREAM_CELERY_BROKER (else dagster-celery's default).",
        ),
        "backend": dg.Field(
            dg.StringSource,
            is_required=False,
            default_value="rpc://",
            description="Celery result backend: the steps' events come back through it.",
        ),
        "queue": dg.Field(
            dg.Noneable(dg.StringSource),
            is_required=False,
            description="Queue of the steps (workers listen with -q); default DREAM_CELERY_QUEUE.",
        ),
        "include": dg.Field([str], is_required=False, description="Modules workers import."),
        "config_source": dg.Field(
            dg.Noneable(dg.Permissive()),
            is_required=False,
            description="Further Celery settings (celery.Celery's config_source).",
        ),
        "retries": get_retries_config(),
    },
    description="Send every step to Celery workers (extra 'celery'); runs need shared storage.",
)


class CeleryUnavailable(dg.DagsterError):
    """Celery was chosen but dagster-celery is not installed."""


def celery_installed() -> bool:
    try:
        import dagster_celery  # noqa: F401
    except ImportError:
        return False
    return True


def default_execution(options: DreamOptions) -> dict[str, dict[str, Any]]:
    """The selector's default: the deployment's choice, with nothing secret in it."""
    if options.executor == "celery" and not celery_installed():
        raise CeleryUnavailable(f"DREAM_EXECUTOR=celery: {MISSING_EXTRA}")
    return {options.executor: {}}


def _requirements(config: Mapping[str, Any]) -> list[dg.ExecutorRequirement]:
    # Steps on other processes reload the job and read the instance: the same requirements as
    # Dagster's multiprocess executor.
    return list(dg.multiple_process_executor_requirements()) if "celery" in config else []


def celery_executor_from(config: Mapping[str, Any], options: DreamOptions) -> dg.Executor:
    try:
        from dagster_celery.executor import CeleryExecutor
    except ImportError as exc:
        raise CeleryUnavailable(MISSING_EXTRA) from exc
    queue = config.get("queue") or options.celery_queue
    return CeleryExecutor(
        retries=RetryMode.from_config(config["retries"]),
        broker=config.get("broker") or options.celery_broker or None,
        backend=config.get("backend"),
        include=config.get("include"),
        # The run's side sends to this queue; dagster_celery reads it as the default queue.
        config_source={**(config.get("config_source") or {}), "task_default_queue": queue},
    )


def _chosen(config: Mapping[str, object], executor: str) -> Mapping[str, object]:
    """The selected executor's own config: a dict, as Dagster validated it against the selector."""
    chosen = config[executor]
    if not isinstance(chosen, Mapping):
        raise TypeError(f"executor config {executor!r} is not a mapping: {chosen!r}")
    return chosen


def build_executor(options: DreamOptions) -> dg.ExecutorDefinition:
    @dg.executor(
        name="dream_executor",
        config_schema=dg.Field(
            dg.Selector({"in_process": IN_PROC_CONFIG, "celery": CELERY_CONFIG}),
            default_value=default_execution(options),
        ),
        requirements=_requirements,
    )
    def dream_executor(init_context: dg.InitExecutorContext) -> dg.Executor:
        config = init_context.executor_config
        if "celery" in config:
            # The options the run's process read when it loaded the definitions: the broker's
            # password is never in the schema.
            return celery_executor_from(_chosen(config, "celery"), options)
        return _core_in_process_executor_creation(_chosen(config, "in_process"))

    return dream_executor
