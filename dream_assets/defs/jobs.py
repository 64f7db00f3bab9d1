"""The dream cycle as one partitioned job over every pass asset (and their checks)."""

import dagster as dg

from dream_assets.defs.assets import housekeeping, memory

PASS_ASSETS = [*housekeeping.ASSETS, *memory.ASSETS]
PASS_CHECKS = [*housekeeping.CHECKS, *memory.CHECKS]

dream_cycle_job = dg.define_asset_job(
    "dream_cycle",
    selection=dg.AssetSelection.assets(*PASS_ASSETS),
    description="One full dream cycle for one agent, passes in the seed's order.",
    # One cycle per agent at a time: a second request for the same agent waits its turn.
    tags={"dagster/concurrency_key": "dream_cycle"},
)
