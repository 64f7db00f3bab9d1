"""The model pools: one per model endpoint, limited so a model server is never asked more than
it can serve at once (one call for a local model shared with the agent, N for a hosted API).

The pool is named for the endpoint -- ``llm`` when no base URL is set, ``llm:<host>[:<port>]``
otherwise -- so agents sharing one server share its slots while another endpoint gets its own;
the per-agent ``llm-busy`` marker stays per agent. Dagster does not apply a pool's default limit
on its first use, so the limit (``llm_pool_limit``, 1) is written explicitly into the instance
before the first cycle is requested. Both are deployment-wide: the pool is declared on the assets
when the definitions load.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from urllib.parse import urlsplit

import dagster as dg

from dream_assets.core.options import DreamOptions, load_options

LLM_POOL = "llm"
# Kinds that mark an asset as calling the model (it must then be in a model pool).
LLM_KINDS = frozenset({"openai", "llm"})


def llm_pool(options: DreamOptions) -> str:
    """The pool of the configured model endpoint."""
    if not options.llm_base_url:
        return LLM_POOL
    where = urlsplit(options.llm_base_url)
    host = where.hostname or options.llm_base_url
    return f"{LLM_POOL}:{host}:{where.port}" if where.port else f"{LLM_POOL}:{host}"


# The pool of this deployment's endpoint, read once when the definitions load.
MODEL_POOL = llm_pool(load_options(os.environ))


def llm_assets_outside_pool(assets: Iterable[dg.AssetsDefinition]) -> list[str]:
    """Assets whose kinds say they call the model but whose op is in no model pool."""
    offenders = []
    for assets_def in assets:
        pool = assets_def.op.pool or ""
        for spec in assets_def.specs:
            if spec.kinds & LLM_KINDS and pool != LLM_POOL and not pool.startswith(LLM_POOL + ":"):
                offenders.append(spec.key.to_user_string())
    return offenders


def ensure_pool_limits(
    instance: dg.DagsterInstance, pool: str = LLM_POOL, limit: int = 1
) -> list[str]:
    """Write the model pool's limit unless an operator already configured one."""
    storage = instance.event_log_storage
    if pool in storage.get_concurrency_keys():
        return []
    storage.set_concurrency_slots(pool, limit)
    return [f"pool {pool} limited to {limit}"]
