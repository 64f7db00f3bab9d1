"""The cycle's freshness policy, applied centrally over every asset of the cycle.

Freshness windows derive from the cycle's interval (``core.schedule.cadence.cycle_freshness``),
so an
operator sees a pass go stale in the UI when its agent missed a window, whatever asset is added
later.
"""

from __future__ import annotations

import warnings

import dagster as dg

from dream_assets.core.options import DreamOptions
from dream_assets.core.schedule.cadence import cycle_freshness


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
