"""UI conventions, applied centrally over every asset (``definitions.py``): owners, tags, code
references, and ``dagster/row_count`` on the assets that are tables.

Like freshness (``defs.freshness``), these are applied once here rather than repeated on each
asset, so an asset a later issue adds carries them too.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import dagster as dg

from dream_assets.defs.pools import LLM_KINDS

# Who answers for the assets in the UI's catalog (Dagster owners: a team or an e-mail address).
OWNER = "team:dream-operators"
ROW_COUNT = "dagster/row_count"

# The table-like assets: the DuckDB table(s) each one writes, and the count that is their rows.
ROW_COUNTS: Mapping[str, Callable[[Mapping[str, float]], float]] = {
    # One row per record in each time window (feedback, skill usage, tier routing, wisp).
    "telemetry_windows": lambda counts: sum(
        v for k, v in counts.items() if k.endswith("_window_rows")
    ),
    # One row per near-duplicate cluster.
    "duplicate_clusters": lambda counts: counts.get("clusters", 0),
}


def asset_tags(spec: dg.AssetSpec, cadence: str) -> dict[str, str]:
    """Filters for the catalog: whether the pass may call the model, and what runs it."""
    return {
        "dream/model": "optional" if spec.kinds & LLM_KINDS else "none",
        "dream/cadence": cadence,
    }


def with_conventions(spec: dg.AssetSpec, cadence: str) -> dg.AssetSpec:
    owners = spec.owners or [OWNER]
    return spec.replace_attributes(owners=owners, tags={**asset_tags(spec, cadence), **spec.tags})


def with_ui_conventions(defs: dg.Definitions, cycle: dg.AssetSelection) -> dg.Definitions:
    """Owners and tags on every asset; ``cycle`` assets run with each dream cycle, the others on
    their own schedule (the memory audit)."""
    with warnings.catch_warnings():
        # Marked preview; mapping specs is how Dagster's own platform applies policies.
        warnings.simplefilter("ignore", dg.PreviewWarning)
        defs = defs.map_resolved_asset_specs(
            func=lambda spec: with_conventions(spec, "cycle"), selection=cycle
        )
        return defs.map_resolved_asset_specs(
            func=lambda spec: with_conventions(spec, "own-schedule"),
            selection=dg.AssetSelection.all() - cycle,
        )


def with_code_references(assets: Sequence[dg.AssetsDefinition]) -> list[dg.AssetsDefinition]:
    """Each asset links to the file and line of its function (the UI's "Code" link)."""
    with warnings.catch_warnings():
        # Marked beta; it is the documented way to attach code references.
        warnings.simplefilter("ignore", dg.BetaWarning)
        linked = dg.with_source_code_references(assets)
    return [a for a in linked if isinstance(a, dg.AssetsDefinition)]


def row_count_metadata(asset: str, counts: Mapping[str, float]) -> dict[str, Any]:
    """``dagster/row_count`` for a table-like asset (the catalog's Rows column), else nothing."""
    count = ROW_COUNTS.get(asset)
    if count is None:
        return {}
    return {ROW_COUNT: dg.MetadataValue.int(int(count(counts)))}
