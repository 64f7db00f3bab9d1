"""Automation applied centrally over every asset: freshness, the LLM pool, automation conditions.

Freshness windows derive from the cycle's interval (``core.cadence.cycle_freshness``), so an
operator sees a pass go stale in the UI when its agent missed a window, whatever asset a later
issue adds. The ``llm`` pool is limited to one slot so one model server is never asked two
things at once; Dagster does not apply a pool's default limit on its first use, so the limit is
written explicitly into the instance before the first cycle is requested.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import dagster as dg

# Dagster's own cron arithmetic (the scheduler's), so a cron here means what it means there.
from dagster._utils.schedules import (
    get_latest_completed_cron_tick,
    is_valid_cron_string,
    reverse_cron_string_iterator,
)

from dream_assets.core.cadence import IntervalWindows, WindowSeries, cycle_freshness
from dream_assets.core.options import DreamOptions, OptionsError

LLM_POOL = "llm"
LLM_POOL_LIMIT = 1
# Kinds that mark an asset as calling the model (it must then be in the ``llm`` pool).
LLM_KINDS = frozenset({"openai", "llm"})


def cycle_freshness_policy(options: DreamOptions) -> dg.FreshnessPolicy:
    windows = cycle_freshness(options)
    return dg.FreshnessPolicy.time_window(fail_window=windows.fail, warn_window=windows.warn)


def with_cycle_freshness(
    defs: dg.Definitions, options: DreamOptions, cycle: dg.AssetSelection
) -> dg.Definitions:
    """Every asset of the cycle gets the cycle's freshness policy unless it declares its own.

    Assets on their own schedule (the memory audit) are outside ``cycle``: a 4-hour window
    would call a daily asset stale every day.
    """
    policy = cycle_freshness_policy(options)
    with warnings.catch_warnings():
        # Marked preview; mapping specs is how Dagster's own platform applies freshness.
        warnings.simplefilter("ignore", dg.PreviewWarning)
        return defs.map_resolved_asset_specs(
            func=lambda spec: dg.apply_freshness_policy(spec, policy, overwrite_existing=False),
            selection=cycle,
        )


def llm_assets_outside_pool(assets: Iterable[dg.AssetsDefinition]) -> list[str]:
    """Assets whose kinds say they call the model but whose op is not in the ``llm`` pool."""
    offenders = []
    for assets_def in assets:
        for spec in assets_def.specs:
            if spec.kinds & LLM_KINDS and assets_def.op.pool != LLM_POOL:
                offenders.append(spec.key.to_user_string())
    return offenders


def ensure_pool_limits(instance: dg.DagsterInstance) -> list[str]:
    """Write the ``llm`` pool's limit unless an operator already configured one."""
    storage = instance.event_log_storage
    if LLM_POOL in storage.get_concurrency_keys():
        return []
    storage.set_concurrency_slots(LLM_POOL, LLM_POOL_LIMIT)
    return [f"pool {LLM_POOL} limited to {LLM_POOL_LIMIT}"]


def automation_condition_sensors(
    assets: Iterable[dg.AssetsDefinition],
) -> list[dg.AutomationConditionSensorDefinition]:
    """A RUNNING automation-condition sensor when any asset declares a condition.

    Dagster's implicit one starts STOPPED, which would silently never evaluate the conditions.
    """
    if not any(spec.automation_condition for a in assets for spec in a.specs):
        return []
    return [
        dg.AutomationConditionSensorDefinition(
            "dream_automation_conditions",
            target=dg.AssetSelection.all(),
            default_status=dg.DefaultSensorStatus.RUNNING,
            description="Evaluates the automation conditions declared on assets.",
        )
    ]


@dataclass(frozen=True)
class CronWindows:
    """Windows at the ticks of a cron schedule (``DREAM_CYCLE_CRON``), in UTC."""

    cron: str

    def __post_init__(self) -> None:
        if not is_valid_cron_string(self.cron):
            raise OptionsError(f"environment: DREAM_CYCLE_CRON is not a valid cron: {self.cron!r}")

    @property
    def signature(self) -> str:
        return f"cron {self.cron}"

    def latest_start(self, at: datetime) -> datetime | None:
        # Inclusive: a tick exactly at ``at`` is that window's start.
        return get_latest_completed_cron_tick(self.cron, at, "UTC").astimezone(UTC)

    def count_starts(self, after: datetime, upto: datetime, limit: int = 1000) -> int:
        count = 0
        ticks = reverse_cron_string_iterator(upto.timestamp(), self.cron, "UTC")
        for tick in ticks:
            if tick <= after or count >= limit:
                break
            count += 1
        return count


def window_series(cron: str | None, anchor: datetime, options: DreamOptions) -> WindowSeries:
    if cron:
        return CronWindows(cron)
    return IntervalWindows(anchor=anchor, interval=timedelta(hours=options.interval_hours))
