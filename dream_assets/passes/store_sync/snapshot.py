"""``store_snapshot``: the store's items reconciled into the mirror (``core.store.mirror``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.connection import open_store
from dream_assets.core.store.kinds.boundary import Unreadable
from dream_assets.core.store.mirror import REMOVED_IN_STORE, STORE_REF, by_store_ref, reconcile
from dream_assets.core.store.store_archive import write_snapshot
from dream_assets.core.store.volume import AgentVolume

PASS = "store_snapshot"
FIRST_REFS = 5  # the refs a grouped warning names
NO_STORE = "no external store (no dream-store.json): the agent directory is the store"


def run_store_snapshot(
    volume: AgentVolume, options: DreamOptions, now: datetime, run_id: str | None = None
) -> PassReport:
    """Read the store and bring the mirror in line with it; a bad ``dream-store.json`` raises
    ``StoreConfigError`` (the run stops before any pass works on a mirror it cannot refresh)."""
    del options  # the snapshot has no option: it copies what the store holds
    report = PassReport(PASS)
    store = open_store(volume.root)
    if store is None:
        report.skipped = NO_STORE
        return report
    read = store.read()
    scan = volume.scan_entries()
    for problem in scan.problems:
        report.warnings.append(f"unreadable mirror entry left in place: {problem.path}")
    result = reconcile(store.name, read, scan.entries, now)
    gone = [
        e.with_changes(archived_at=now, archive_reason=REMOVED_IN_STORE, updated_at=now)
        for e in result.gone
    ]
    # The mirror is the cycle's own (the agent writes its store, not this directory): one
    # batched write for every entry the store changed.
    failed = volume.save_many([*result.new, *result.changed, *result.revived, *gone])
    for entry_id, exc in failed.items():
        report.fail(f"could not write mirror entry {entry_id}: {exc}")
    entry_of = {ref: e.id for ref, e in by_store_ref(scan.entries).items()}
    entry_of.update({str(e.metadata[STORE_REF]): e.id for e in result.new})
    write_snapshot(
        volume.root,
        run_id=run_id or "adhoc",
        kind=store.name,
        read=read,
        entry_of=entry_of,
        now=now,
    )
    report.counts.update(
        items_read=len(read.items),
        new=len(result.new),
        changed=len(result.changed),
        back_in_store=len(result.revived),
        removed_in_store=len(gone),
        unchanged=result.unchanged,
        unreadable=len(read.unreadable),
    )
    for entry in result.new[: report.MAX_ROWS]:
        report.decide("new", str(entry.metadata[STORE_REF]), entry.id)
    for entry in result.changed:
        report.decide("changed in store", str(entry.metadata[STORE_REF]), "review re-opened")
    for entry in gone:
        report.decide(f"archived ({REMOVED_IN_STORE})", entry.id, str(entry.metadata[STORE_REF]))
    report.warnings.extend(unreadable_warnings(store.name, read.unreadable))
    for item in read.unreadable:
        report.refuse("unreadable", item.ref, item.reason)
    report.highlights = (
        f"{store.describe()}: {len(read.items)} items, {len(result.new)} new, "
        f"{len(result.changed)} changed, {len(gone)} removed in store, "
        f"{len(read.unreadable)} unreadable"
    )
    return report


def unreadable_warnings(kind: str, unreadable: Sequence[Unreadable]) -> list[str]:
    """One warning per reason, with the count and the first few refs: a namespace with many
    rows of another value shape is one line, not one per row."""
    by_reason: dict[str, list[str]] = {}
    for item in unreadable:
        by_reason.setdefault(item.reason, []).append(item.ref)
    lines = []
    for reason, refs in by_reason.items():
        if len(refs) == 1:
            lines.append(f"{kind} item {refs[0]} left alone: {reason}")
            continue
        shown = ", ".join(refs[:FIRST_REFS]) + (", ..." if len(refs) > FIRST_REFS else "")
        lines.append(f"{kind}: {len(refs)} items left alone ({shown}): {reason}")
    return lines
