"""``store_writeback/nothing_lost``: every item the snapshot read is still in the store, or kept
byte for byte in ``store-archive/`` with a live mirror entry holding it (``merged_from``), or was
removed by the agent itself. Re-read from the store and the archive, not the writeback's report.
"""

from __future__ import annotations

from dream_assets.core.memory.merge import merged_from
from dream_assets.core.store.connection import open_store
from dream_assets.core.store.mirror import STORE_REMOVED_BY_RUN
from dream_assets.core.store.store_archive import find_archived, read_snapshot
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.store_sync.writeback import REMOVED_BY_AGENT


def nothing_lost_violations(volume: AgentVolume) -> tuple[list[str], int]:
    """(violations, items checked) for the items of the last snapshot."""
    store = open_store(volume.root)
    snapshot = read_snapshot(volume.root)
    if store is None or snapshot is None:
        return [], 0
    entries = volume.scan_entries().entries
    by_id = {e.id: e for e in entries}
    held = {source for e in entries if not e.archived for source in merged_from(e)}
    violations: list[str] = []
    items = snapshot["items"]
    for ref, record in sorted(items.items()):
        if store.current_version(ref) is not None:
            continue  # still in the store (as read, or as the agent edited it)
        version = str(record.get("version"))
        entry = by_id.get(str(record.get("entry")))
        if find_archived(volume.root, ref, version) is not None:
            if entry is None or not (entry.id in held or not entry.archived):
                violations.append(
                    f"{ref}: kept in store-archive/ but no live mirror entry holds it"
                )
            continue
        removed_by = entry.metadata.get(STORE_REMOVED_BY_RUN) if entry is not None else None
        if removed_by is not None and removed_by != REMOVED_BY_AGENT:
            violations.append(
                f"{ref}: removed from the store by run {removed_by} with no copy in store-archive/"
            )
    return violations, len(items)
