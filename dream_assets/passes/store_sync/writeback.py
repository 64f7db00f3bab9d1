"""``store_writeback``: the cycle's merges applied to the store with optimistic concurrency.

Merged entries become new items; their sources leave the store only while their version is the
one the snapshot read, and only after their bytes are kept in ``store-archive/<run_id>/``; an
item changed meanwhile stays (reported ``changed in store``: a duplicate, never a loss). The same
step serves ``dream restore``, ``dream undo`` and ``dream review approve`` on a connected agent,
after they changed the mirror: the mirror is the plan (``core.store.mirror.plan_writeback``).
"""

from __future__ import annotations

import os
from datetime import datetime
from typing import Any

from dream_assets.core.clock import format_time
from dream_assets.core.near_duplicates.embeddings import EmbeddingsUnavailable
from dream_assets.core.options import OptionsError, load_options
from dream_assets.core.report import PassReport
from dream_assets.core.store.connection import open_store
from dream_assets.core.store.kinds.boundary import (
    EmbedTexts,
    PutBack,
    UsesEndpointEmbedding,
    WriteOutcome,
    WritePlan,
)
from dream_assets.core.store.mirror import (
    REMOVED_BY_AGENT,
    STORE_ARCHIVED_TO,
    STORE_GONE_AT,
    STORE_INDEX_LINE,
    STORE_REF,
    STORE_REMOVED_BY_RUN,
    STORE_VERSION,
    WritebackPlan,
    plan_writeback,
)
from dream_assets.core.store.store_archive import (
    archive_relpath,
    archived_bytes,
    find_archived,
    keeper,
    read_snapshot,
    snapshot_fields,
)
from dream_assets.core.store.volume import AgentVolume
from dream_assets.embedders import Slots, endpoint_embedding
from dream_assets.llm import LLMSettings
from dream_assets.passes.store_sync.snapshot import NO_STORE

PASS = "store_writeback"


def run_store_writeback(
    volume: AgentVolume,
    now: datetime,
    *,
    run_id: str,
    preview: bool = False,
    settings: LLMSettings | None = None,
    slots: Slots | None = None,
) -> PassReport:
    """``settings``: the endpoint an ``embed`` naming an endpoint model uses (default: the
    agent's model options, ``DREAM_LLM_*`` then ``dream-options.json``), read only when a
    namespace with vectors needs it; ``slots``: that endpoint's call slots."""
    report = PassReport(PASS)
    store = open_store(volume.root)
    if store is None:
        report.skipped = NO_STORE
        return report
    if isinstance(store, UsesEndpointEmbedding):
        store.use_endpoint_embedding(_endpoint(volume, settings, slots))
    scan = volume.scan_entries()
    for problem in scan.problems:
        report.warnings.append(f"unreadable mirror entry left in place: {problem.path}")
    plan = plan_writeback(scan.entries, snapshot_fields(read_snapshot(volume.root)))
    kind_plan = _kind_plan(volume, plan, report)
    kind_plan.reserved = frozenset(
        str(e.metadata[STORE_REF]) for e in scan.entries if e.metadata.get(STORE_REF)
    )
    report.counts.update(
        planned_new=len(kind_plan.new),
        planned_removals=len(kind_plan.removals),
        planned_put_back=len(kind_plan.put_back),
    )
    if preview:
        report.highlights = (
            f"preview: would write {len(kind_plan.new)}, remove {len(kind_plan.removals)}, "
            f"put back {len(kind_plan.put_back)} in {store.describe()}; nothing written"
        )
        for item in kind_plan.new:
            report.decide("would write", item.entry_id, item.text[:120])
        for removal in kind_plan.removals:
            report.decide("would remove", removal.ref, "kept in store-archive/ first")
        report.counts.update(written=0, removed=0, left_changed=0, put_back=0)
        return report
    outcome = store.apply(kind_plan, keeper(volume.root, run_id)) if kind_plan else WriteOutcome()
    if outcome.waiting:
        # Nothing applied: the mirror keeps the whole plan for a later writeback.
        report.counts.update(written=0, removed=0, left_changed=0, put_back=0, waiting=1)
        report.refuse("waiting", store.describe(), outcome.waiting)
        report.warnings.append(outcome.waiting)
        report.highlights = f"{store.describe()}: nothing written, {outcome.waiting}"
        return report
    _stamp(volume, plan, outcome, run_id, now, report)
    report.counts.update(
        written=len(outcome.written),
        removed=len(outcome.removed),
        left_changed=len(outcome.changed),
        put_back=len(outcome.put_back),
        already_gone=len(outcome.missing),
    )
    report.highlights = (
        f"{store.describe()}: {len(outcome.written)} written, {len(outcome.removed)} removed "
        f"(kept in store-archive/{run_id}/), {len(outcome.changed)} left because changed"
    )
    return report


def _endpoint(volume: AgentVolume, settings: LLMSettings | None, slots: Slots | None) -> Any:
    def for_model(name: str) -> EmbedTexts:
        chosen = settings
        if chosen is None:
            try:
                chosen = LLMSettings.from_options(load_options(os.environ, volume.options_path))
            except OptionsError as exc:
                raise EmbeddingsUnavailable(str(exc)) from exc
        return endpoint_embedding(chosen, slots)(name)

    return for_model


def _kind_plan(volume: AgentVolume, plan: WritebackPlan, report: PassReport) -> WritePlan:
    put_back = []
    for back in plan.put_back:
        data = archived_bytes(volume.root, back.archived_to)
        if data is None:
            report.fail(f"{back.entry_id}: its kept copy {back.archived_to} is missing")
            continue
        put_back.append(
            PutBack(
                entry_id=back.entry_id,
                ref=back.ref,
                data=data,
                fields={"index_line": back.index_line} if back.index_line else {},
                in_place_of=back.in_place_of,
                near=back.near,
            )
        )
    return WritePlan(new=plan.new, removals=[r for _, r in plan.removals], put_back=put_back)


class Stamps(dict[str, dict[str, Any]]):
    """Metadata to set (or, with None, drop) per mirror entry, written in one batch."""

    def add(self, entry_id: str, **metadata: Any) -> None:
        self.setdefault(entry_id, {}).update(metadata)

    def write(self, volume: AgentVolume, report: PassReport) -> None:
        entries, expect = [], {}
        for entry_id, metadata in self.items():
            expect[entry_id] = volume.entry_stat(entry_id)
            entry = volume.get(entry_id)
            if entry is None:
                report.fail(f"mirror entry {entry_id} is gone: its store stamps are not recorded")
                continue
            merged = {**entry.metadata, **{k: v for k, v in metadata.items() if v is not None}}
            for key in [k for k, v in metadata.items() if v is None]:
                merged.pop(key, None)
            entries.append(entry.with_changes(metadata=merged))
        # One sync for the batch; an entry changed since it was read here is left (and named).
        for entry_id, exc in volume.save_many(entries, expect=expect).items():
            report.fail(f"could not record the store's state on {entry_id}: {exc}")


def _stamp(
    volume: AgentVolume,
    plan: WritebackPlan,
    outcome: WriteOutcome,
    run_id: str,
    now: datetime,
    report: PassReport,
) -> None:
    """Record in the mirror what the store now holds (so the next snapshot sees no change)."""
    stamps = Stamps()
    for entry_id, (ref, version) in outcome.written.items():
        line = outcome.index_lines.get(entry_id)
        stamps.add(entry_id, **{STORE_REF: ref, STORE_VERSION: version, STORE_INDEX_LINE: line})
        report.decide("written", ref, entry_id)
    for entry_id, (ref, version) in outcome.put_back.items():
        stamps.add(
            entry_id,
            **{
                STORE_REF: ref,
                STORE_VERSION: version,
                STORE_ARCHIVED_TO: None,
                STORE_REMOVED_BY_RUN: None,
                # The line it has again (a later removal takes exactly that line out).
                STORE_INDEX_LINE: outcome.index_lines.get(entry_id),
            },
        )
        report.decide("put back", ref, entry_id)
    by_ref = {removal.ref: (entry_id, removal) for entry_id, removal in plan.removals}
    for ref, line in outcome.removed.items():
        entry_id, _removal = by_ref[ref]
        stamps.add(
            entry_id,
            **{
                STORE_ARCHIVED_TO: archive_relpath(run_id, ref),
                STORE_REMOVED_BY_RUN: run_id,
                STORE_INDEX_LINE: line or None,
            },
        )
        report.decide("removed", ref, f"kept as {archive_relpath(run_id, ref)}")
    for ref in outcome.missing:
        entry_id, removal = by_ref[ref]
        kept = find_archived(volume.root, ref, removal.version)
        if kept is not None:
            # An earlier writeback kept and removed it, then stopped before recording that.
            stamps.add(entry_id, **{STORE_ARCHIVED_TO: kept, STORE_REMOVED_BY_RUN: run_id})
            report.decide("removed", ref, f"kept as {kept}")
        else:
            # The agent removed it itself: the entry stays archived in the mirror, unlinked.
            stamps.add(
                entry_id,
                **{
                    STORE_REMOVED_BY_RUN: REMOVED_BY_AGENT,
                    STORE_GONE_AT: format_time(now),
                    STORE_REF: None,
                    STORE_VERSION: None,
                },
            )
            report.decide("already gone", ref, "removed by the agent before the writeback")
    for ref, why in outcome.changed:
        report.refuse("changed in store", ref, f"{why}: left as it is (a duplicate, no loss)")
    for note in outcome.notes:
        report.warnings.append(note)
    for failure in outcome.failures:
        report.fail(failure)
    stamps.write(volume, report)
