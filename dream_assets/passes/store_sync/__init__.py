"""The two steps around the cycle for an agent whose memory lives in another product's store
(docs/stores.md): ``store_snapshot`` reads the store into the mirror, ``store_writeback`` applies
the cycle's merges to the store. Without ``dream-store.json`` both do nothing."""

from dream_assets.passes.store_sync.snapshot import run_store_snapshot
from dream_assets.passes.store_sync.writeback import run_store_writeback

__all__ = ["run_store_snapshot", "run_store_writeback"]
