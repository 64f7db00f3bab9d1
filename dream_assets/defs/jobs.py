"""The dream cycle as one partitioned job over every pass asset (and their checks)."""

import dagster as dg

from dream_assets.defs.assets import housekeeping, knowledge, memory, store
from dream_assets.defs.assets.report import build_cycle_report

# store_snapshot first and store_writeback after the last memory writer (docs/stores.md).
PASS_ASSETS = [store.store_snapshot, *housekeeping.ASSETS, *memory.ASSETS, *knowledge.ASSETS]
PASS_ASSETS.append(store.store_writeback)
PASS_CHECKS = [*housekeeping.CHECKS, *memory.CHECKS, *knowledge.CHECKS, *store.CHECKS]
# The safety report comes last: it reads every pass's materialization of the same run.
CYCLE_ASSETS = [*PASS_ASSETS, build_cycle_report(PASS_ASSETS)]

dream_cycle_job = dg.define_asset_job(
    "dream_cycle",
    selection=dg.AssetSelection.assets(*CYCLE_ASSETS),
    # One cycle per agent at a time comes from dagster.yaml's run queue (one run per value of
    # the dagster/partition tag), so it also holds for reruns launched from the UI.
    description="One full dream cycle for one agent, passes in order (docs/passes.md).",
)
