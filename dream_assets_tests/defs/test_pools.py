"""Model pools keyed by endpoint, with their limit an option (docs/automation.md, Concurrency)."""

from __future__ import annotations

import dagster as dg
import pytest

from dream_assets.core.options import DreamOptions, OptionsError, load_options
from dream_assets.definitions import defs
from dream_assets.defs.pools import (
    LLM_POOL,
    MODEL_POOL,
    ensure_pool_limits,
    llm_assets_outside_pool,
    llm_pool,
)


def test_the_pool_is_named_for_the_endpoint() -> None:
    assert llm_pool(DreamOptions()) == "llm"
    local = DreamOptions(llm_base_url="http://127.0.0.1:8080/v1")
    assert llm_pool(local) == "llm:127.0.0.1:8080"
    hosted = DreamOptions(llm_base_url="https://api.example.com/v1")
    assert llm_pool(hosted) == "llm:api.example.com"
    # Two agents on one server share its slots; another server gets its own pool.
    assert llm_pool(local) == llm_pool(DreamOptions(llm_base_url="http://127.0.0.1:8080/v2"))
    assert llm_pool(local) != llm_pool(DreamOptions(llm_base_url="http://127.0.0.1:9090/v1"))


def test_the_pool_limit_is_an_option_written_once() -> None:
    assert DreamOptions().llm_pool_limit == 1
    assert load_options({"DREAM_LLM_POOL_LIMIT": "4"}).llm_pool_limit == 4
    with pytest.raises(OptionsError, match="DREAM_LLM_POOL_LIMIT"):
        load_options({"DREAM_LLM_POOL_LIMIT": "0"})
    with dg.instance_for_test() as instance:
        pool = "llm:api.example.com"
        assert ensure_pool_limits(instance, pool, 4) == [f"pool {pool} limited to 4"]
        assert instance.event_log_storage.get_concurrency_info(pool).slot_count == 4
        # An operator's own limit is never overwritten.
        instance.event_log_storage.set_concurrency_slots(pool, 2)
        assert ensure_pool_limits(instance, pool, 4) == []
        assert instance.event_log_storage.get_concurrency_info(pool).slot_count == 2


def test_every_model_asset_is_in_the_deployment_pool() -> None:
    assets = [a for a in defs.resolve_asset_graph().assets_defs if a.is_executable]
    model_assets = [a for a in assets if a.op.pool and a.op.pool.startswith(LLM_POOL)]
    assert model_assets and all(a.op.pool == MODEL_POOL for a in model_assets)
    assert llm_assets_outside_pool(assets) == []


def test_the_option_replaces_a_default_limit_and_its_own_earlier_limit() -> None:
    pool = "llm:api.example.com"
    overrides = {"concurrency": {"pools": {"default_limit": 1}}}
    with dg.instance_for_test(overrides=overrides) as instance:
        storage = instance.event_log_storage
        # What Dagster does when a run first claims the pool (a run launched before the first
        # cycle request): the instance's default limit, marked as such.
        storage.initialize_concurrency_limit_to_default(pool)
        assert storage.get_concurrency_info(pool).using_default_limit
        assert ensure_pool_limits(instance, pool, 4) == [f"pool {pool} limited to 4"]
        assert storage.get_concurrency_info(pool).slot_count == 4
        assert not storage.get_concurrency_info(pool).using_default_limit
        assert ensure_pool_limits(instance, pool, 4) == []
        # The option changed (DREAM_LLM_POOL_LIMIT): the limit written for the old value follows.
        assert ensure_pool_limits(instance, pool, 2) == [f"pool {pool} limited to 2"]
        assert storage.get_concurrency_info(pool).slot_count == 2
        # Set by hand afterwards: the operator's limit stays whatever the option says.
        storage.set_concurrency_slots(pool, 3)
        assert ensure_pool_limits(instance, pool, 2) == []
        assert ensure_pool_limits(instance, pool, 5) == []
        assert storage.get_concurrency_info(pool).slot_count == 3
