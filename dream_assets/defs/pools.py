"""The ``llm`` pool: one slot, so one model server is never asked two things at once.

Dagster does not apply a pool's default limit on its first use, so the limit is written
explicitly into the instance before the first cycle is requested.
"""

from __future__ import annotations

from collections.abc import Iterable

import dagster as dg

LLM_POOL = "llm"
LLM_POOL_LIMIT = 1
# Kinds that mark an asset as calling the model (it must then be in the ``llm`` pool).
LLM_KINDS = frozenset({"openai", "llm"})


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
