"""``store_writeback/nothing_lost``: every item the snapshot read is still in the store, or kept
byte for byte in ``store-archive/`` with a live mirror entry holding it (``merged_from``), or was
removed by the agent itself. Re-read from the store and the archive, not the writeback's report.
"""

from __future__ import annotations

import os

from dream_assets.core.memory.merge import merged_from
from dream_assets.core.store.connection import open_store
from dream_assets.core.store.kinds.boundary import item_version
from dream_assets.core.store.mirror import (
    REMOVED_BY_AGENT,
    REMOVED_IN_STORE,
    STORE_ARCHIVED_TO,
    STORE_REMOVED_BY_RUN,
    STORE_VERSION,
)
from dream_assets.core.store.store_archive import (
    SNAPSHOT_FILE,
    archived_bytes,
    find_archived,
    read_snapshot,
)
from dream_assets.core.store.volume import AgentVolume


def nothing_lost_violations(volume: AgentVolume) -> tuple[list[str], int]:
    """(violations, items checked) for the items of the last snapshot."""
    store = open_store(volume.root)
    if store is None:
        return [], 0
    snapshot = read_snapshot(volume.root)
    if snapshot is None and not os.path.lexists(volume.root / SNAPSHOT_FILE):
        return [], 0  # never taken: the writeback had nothing to write
    if snapshot is None:
        # The cycle's store_snapshot step wrote it before the writeback: unreadable now (a
        # truncated or hand-edited file), it cannot say what the store held. That must not make
        # the check pass: the gap is a violation, and the kept copies the mirror records as
        # removed from the store are still verified.
        unreadable = f"{SNAPSHOT_FILE}: unreadable, what the store held cannot be verified"
        return [unreadable, *store_copies_missing(volume)[0]], 0
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


def store_copies_missing(volume: AgentVolume) -> tuple[list[str], int]:
    """For the audit: every item the cycle ever removed from the store still has its kept copy,
    byte for byte; and how many entries the agent itself removed (``removed in store``: not a
    loss, explained)."""
    problems: list[str] = []
    removed_by_agent = 0
    for entry in volume.scan_entries().entries:
        if entry.archive_reason == REMOVED_IN_STORE:
            removed_by_agent += 1
        kept_at = entry.metadata.get(STORE_ARCHIVED_TO)
        if not isinstance(kept_at, str) or not kept_at:
            continue
        data = archived_bytes(volume.root, kept_at)
        if data is None or item_version(data) != entry.metadata.get(STORE_VERSION):
            by_run = entry.metadata.get(STORE_REMOVED_BY_RUN)
            problems.append(
                f"{entry.id}: removed from the store by run {by_run}, its kept copy {kept_at} "
                "is gone or altered"
            )
    return problems, removed_by_agent
