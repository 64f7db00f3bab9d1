"""The model pools: one per model endpoint, limited so a model server is never asked more than
it can serve at once (one call for a local model shared with the agent, N for a hosted API).

The pool is named for the endpoint -- ``llm`` when no base URL is set, ``llm:<host>[:<port>]``
otherwise -- so agents sharing one server share its slots while another endpoint gets its own;
the per-agent ``llm-busy`` marker stays per agent. On a pool's first use Dagster gives it the
instance's ``concurrency: pools: default_limit`` (1), whatever ``llm_pool_limit`` says, so the
option's limit is written into the instance explicitly whenever cycles are requested
(``ensure_pool_limits``). Both are deployment-wide: the pool is declared on the assets when the
definitions load.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlsplit

import dagster as dg

from dream_assets.core.options import DreamOptions
from dream_assets.defs.deployment import DEPLOYMENT
from dream_assets.model_slots import CallSlots, FileCallSlots, PostgresCallSlots

LLM_POOL = "llm"
# The instance key remembering the limit ensure_pool_limits last wrote for a pool.
_WRITTEN_KEY = "dream_assets/pool_limit_written/{pool}"
# Kinds that mark an asset as calling the model (it must then be in a model pool).
LLM_KINDS = frozenset({"openai", "llm"})


def llm_pool(options: DreamOptions) -> str:
    """The pool of the configured model endpoint."""
    if not options.llm_base_url:
        return LLM_POOL
    where = urlsplit(options.llm_base_url)
    host = where.hostname or options.llm_base_url
    return f"{LLM_POOL}:{host}:{where.port}" if where.port else f"{LLM_POOL}:{host}"


# The pool of this deployment's endpoint (defs/deployment.py), declared on the assets that ask
# the model as they are defined.
MODEL_POOL = llm_pool(DEPLOYMENT)


def llm_assets_outside_pool(assets: Iterable[dg.AssetsDefinition]) -> list[str]:
    """Assets whose kinds say they call the model but whose op is in no model pool."""
    offenders = []
    for assets_def in assets:
        if not assets_def.is_executable:
            continue  # an observed external asset (review_queue) runs no op
        pool = assets_def.op.pool or ""
        for spec in assets_def.specs:
            if spec.kinds & LLM_KINDS and pool != LLM_POOL and not pool.startswith(LLM_POOL + ":"):
                offenders.append(spec.key.to_user_string())
    return offenders


def ensure_pool_limits(
    instance: dg.DagsterInstance, pool: str = LLM_POOL, limit: int = 1
) -> list[str]:
    """Write the model pool's limit (``llm_pool_limit``) unless an operator set another one.

    An operator's limit is one nobody but the operator wrote: a limit Dagster initialised from
    ``concurrency: pools: default_limit`` on the pool's first use (a run launched before the first
    cycle request) is replaced, and so is the limit written here before, when the option changed
    since. What was written is remembered in the instance, so a limit that differs from it was set
    by hand (``dagster instance concurrency set``) and stays (docs/automation.md, Concurrency).
    """
    current = {p.name: p for p in instance.event_log_storage.get_pool_limits()}.get(pool)
    key = _WRITTEN_KEY.format(pool=pool)
    written = instance.daemon_cursor_storage.get_cursor_values({key}).get(key)
    set_by_hand = written != str(current.limit) if current else False
    if current is not None and not current.from_default and (set_by_hand or current.limit == limit):
        return []
    instance.event_log_storage.set_concurrency_slots(pool, limit)
    instance.daemon_cursor_storage.set_cursor_values({key: str(limit)})
    return [f"pool {pool} limited to {limit}"]


def call_slots(instance: dg.DagsterInstance, pool: str | None) -> CallSlots | None:
    """The model call slots of ``pool`` (``model_slots``), as many as the instance's limit for
    it; none when the pool has no limit (Dagster runs its steps unbounded then too)."""
    if not pool:
        return None
    try:
        limits = instance.event_log_storage.get_pool_limits()
    except NotImplementedError:
        return None  # a storage without pools bounds nothing
    limit = next((p.limit for p in limits if p.name == pool), None)
    if limit is None or limit <= 0:
        return None
    url = getattr(instance.event_log_storage, "postgres_url", None)
    if isinstance(url, str):
        return PostgresCallSlots(url=url, pool=pool, limit=limit)
    if not instance.root_directory:
        return None  # an ephemeral instance: one process, which its pool already bounds
    return FileCallSlots(
        directory=Path(instance.root_directory) / "model-slots", pool=pool, limit=limit
    )
