"""Seed 003, event lifecycle: "The event date alone cannot turn 'planned' into 'happened.' The
seven-day grace, unresolved work, and keep-details controls survive cleanup." Injected clocks."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from dream_assets.core.llm_reply import MemoryReply, SaveItem
from dream_assets.core.models import MemoryEntry
from dream_assets.core.near_duplicates.cluster import Cluster
from dream_assets.core.options import DreamOptions
from dream_assets.core.safety.review_queue import ReviewQueue
from dream_assets.operations.review_decisions import approve
from dream_assets.passes.call import PassCall
from dream_assets.passes.memory_audit import run_memory_audit
from dream_assets.passes.memory_consolidation.apply import apply_reply
from dream_assets.passes.memory_consolidation.run import run_memory_consolidation
from dream_assets.passes.memory_consolidation.state import ConsolidationRun
from dream_assets_tests.builders import NOW, entry, make_volume
from dream_assets_tests.core.safety.test_audiences import _run

PARTY = "Maya's party at the boathouse on Friday needs thirty chairs."
DAY = NOW.date().isoformat()


def _event(entry_id: str, **lifecycle: object) -> object:
    return entry(entry_id, PARTY, category="events/maya", metadata={"event_end": DAY, **lifecycle})  # type: ignore[dict-item]


def _merge_reply(ids: tuple[str, ...]) -> MemoryReply:
    item = SaveItem(PARTY, "events/maya", (), ids)
    return MemoryReply(to_delete=(), to_save=(item,))


def test_planned_event_past_its_date_stays_planned_with_its_detail(tmp_path: Path) -> None:
    a, b = _event("e-1", event_status="planned"), _event("e-2", event_status="planned")
    volume = make_volume(tmp_path / "agent", [a, b])  # type: ignore[list-item]
    later = NOW + timedelta(days=30)
    clusters = [Cluster("c-0", ("e-1", "e-2"), 1.0)]
    report = run_memory_consolidation(
        PassCall(volume, DreamOptions(), later, model=None), clusters=clusters
    )
    assert report.counts["merged"] == 0
    for entry_id in ("e-1", "e-2"):
        kept = volume.get(entry_id)
        assert kept is not None and kept.archived_at is None
        assert kept.content == PARTY and kept.metadata["event_status"] == "planned"
    audit = run_memory_audit(volume, DreamOptions(), later)
    assert {e.id for e in audit.events_due} == {"e-1", "e-2"}
    assert volume.get("e-1").metadata["event_status"] == "planned"  # type: ignore[union-attr]


def test_done_event_is_compacted_only_after_the_grace(tmp_path: Path) -> None:
    a, b = _event("e-1", event_status="done"), _event("e-2", event_status="done")
    shown = {"e-1": a, "e-2": b}
    inside = _run(tmp_path / "in", [a, b], DreamOptions())  # type: ignore[list-item]
    inside.now = NOW + timedelta(days=6)
    apply_reply(inside, shown, _merge_reply(("e-1", "e-2")))  # type: ignore[arg-type]
    assert inside.report.counts.get("merged", 0) == 0
    assert [r.action for r in inside.report.refusals] == ["event lifecycle"]

    after = _run(tmp_path / "after", [a, b], DreamOptions())  # type: ignore[list-item]
    after.now = NOW + timedelta(days=8)
    apply_reply(after, shown, _merge_reply(("e-1", "e-2")))  # type: ignore[arg-type]
    assert after.report.counts.get("merged", 0) == 1


def _merge_then_delete_first(
    tmp_path: Path, first: object, second: object, later: timedelta
) -> tuple[ConsolidationRun, MemoryEntry | None]:
    """A reply merging e-1 and e-2, then one deleting e-1, ``later`` than NOW; e-1 as stored."""
    cycle = _run(tmp_path, [first, second], DreamOptions())  # type: ignore[list-item]
    cycle.now = NOW + later
    shown = {"e-1": first, "e-2": second}
    apply_reply(cycle, shown, _merge_reply(("e-1", "e-2")))  # type: ignore[arg-type]
    apply_reply(cycle, shown, MemoryReply(to_delete=("e-1",), to_save=()))  # type: ignore[arg-type]
    return cycle, cycle.volume.get("e-1")


def test_keep_details_survives_merges_and_cleanup(tmp_path: Path) -> None:
    kept = _event("e-1", event_status="done", keep_details="true")
    other = _event("e-2", event_status="done")
    _cycle, on_disk = _merge_then_delete_first(tmp_path, kept, other, timedelta(days=365))
    assert on_disk is not None and on_disk.archived_at is None and on_disk.content == PARTY
    assert on_disk.metadata["keep_details"] == "true"


def test_unresolved_obligation_survives_a_reply_that_drops_it(tmp_path: Path) -> None:
    owed = _event("e-1", event_status="ongoing", unresolved=["return the chairs"])
    other = _event("e-2", event_status="ongoing")
    cycle, on_disk = _merge_then_delete_first(tmp_path, owed, other, timedelta(days=60))
    assert on_disk is not None and on_disk.archived_at is None
    assert on_disk.metadata["unresolved"] == ["return the chairs"]
    assert cycle.report.counts.get("merged", 0) == 0


def test_status_proposed_by_the_model_goes_to_review(tmp_path: Path) -> None:
    planned = _event("e-1", event_status="planned")
    cycle = _run(tmp_path, [planned], DreamOptions())  # type: ignore[list-item]
    cycle.now = NOW + timedelta(days=3)
    item = SaveItem(PARTY, "events/maya", (), ("e-1",), event_status="done")
    apply_reply(cycle, {"e-1": planned}, MemoryReply(to_delete=(), to_save=(item,)))  # type: ignore[dict-item]
    assert cycle.volume.get("e-1").metadata["event_status"] == "planned"  # type: ignore[union-attr]
    pending = ReviewQueue(cycle.volume.root).items("pending")
    assert [(i.kind, i.content, i.source_ids) for i in pending] == [("lifecycle", "done", ["e-1"])]

    approve(cycle.volume, pending[0].id, cycle.now)
    after = cycle.volume.get("e-1")
    assert after is not None and after.metadata["event_status"] == "done"
    assert after.content == PARTY  # lifecycle-only: no text revision
