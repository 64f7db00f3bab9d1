"""An operator's change to a connected agent's mirror (restore, undo, an approved review), carried
into the agent's store under the same lease (docs/stores.md): the writeback of the cycle, run on
the mirror as the operation left it."""

from __future__ import annotations

from datetime import datetime

from dream_assets.core.report import PassReport
from dream_assets.core.store.connection import is_connected
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.store_sync import run_store_writeback


def write_back_after(volume: AgentVolume, run_id: str, now: datetime) -> PassReport | None:
    """The store brought in line with the mirror; None for a volume (no ``dream-store.json``).
    Raises ``StoreConfigError`` when the connection is broken."""
    if not is_connected(volume.root):
        return None
    return run_store_writeback(volume, now, run_id=run_id)


def store_line(report: PassReport, run_id: str) -> str:
    counts = report.counts
    return (
        f"store: {int(counts.get('put_back', 0))} put back, {int(counts.get('written', 0))} "
        f"written, {int(counts.get('removed', 0))} removed (kept in store-archive/{run_id}/), "
        f"{int(counts.get('left_changed', 0))} left because changed"
    )
