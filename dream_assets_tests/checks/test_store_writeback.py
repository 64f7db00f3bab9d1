"""``store_writeback/nothing_lost`` and the writeback pass on a connected agent, without
Dagster: a merge recorded in the mirror, written back, then the disk tampered with."""

from __future__ import annotations

import json
from pathlib import Path

from dream_assets.checks.store_writeback import nothing_lost_violations
from dream_assets.core.memory.merge import build_merged_entry
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.store_sync import run_store_snapshot, run_store_writeback
from dream_assets_tests.builders import NOW
from dream_assets_tests.claude_code_dirs import connect_agent, write_claude_memory

RUN = "run-1"


def merged_in_mirror(tmp_path: Path) -> tuple[AgentVolume, Path]:
    """A connected agent after a snapshot and a merge of the two deploy notes in the mirror."""
    memory = write_claude_memory(tmp_path / "memory")
    volume = AgentVolume(connect_agent(tmp_path / "agents" / "ana", memory))
    run_store_snapshot(volume, DreamOptions(), NOW, run_id=RUN)
    sources = [volume.get("cc-deploys.md"), volume.get("cc-deploys_short.md")]
    assert all(sources)
    merged = build_merged_entry(
        sources,  # type: ignore[arg-type]
        content=sources[0].content,  # type: ignore[union-attr]
        category="claude-code/note",
        tags=(),
        now=NOW,
        run_id=RUN,
    )
    volume.save(merged)
    for source in sources:
        volume.archive(source.id, reason="merged", now=NOW)  # type: ignore[union-attr]
    return volume, memory


def test_nothing_lost_passes_after_a_writeback(tmp_path: Path) -> None:
    volume, memory = merged_in_mirror(tmp_path)
    report = run_store_writeback(volume, NOW, run_id=RUN)
    assert report.counts["removed"] == 2 and report.counts["written"] == 1
    assert not (memory / "deploys.md").exists()
    violations, checked = nothing_lost_violations(volume)
    assert violations == [] and checked == 5


def test_nothing_lost_fails_when_a_removed_items_kept_copy_is_gone(tmp_path: Path) -> None:
    volume, _memory = merged_in_mirror(tmp_path)
    run_store_writeback(volume, NOW, run_id=RUN)
    (volume.root / "store-archive" / RUN / "deploys.md").unlink()
    violations, _ = nothing_lost_violations(volume)
    assert violations == [
        f"deploys.md: removed from the store by run {RUN} with no copy in store-archive/"
    ]


def test_nothing_lost_fails_when_no_live_entry_holds_a_kept_item(tmp_path: Path) -> None:
    volume, _memory = merged_in_mirror(tmp_path)
    run_store_writeback(volume, NOW, run_id=RUN)
    merged = next(e for e in volume.scan_entries().live if e.id.startswith("merged-"))
    volume.archive(merged.id, reason="ephemeral", now=NOW)
    violations, _ = nothing_lost_violations(volume)
    assert len(violations) == 2 and all("no live mirror entry holds it" in v for v in violations)


def test_an_item_the_agent_removed_itself_is_no_loss(tmp_path: Path) -> None:
    volume, memory = merged_in_mirror(tmp_path)
    (memory / "deploys_short.md").unlink()  # between the snapshot and the writeback
    (memory / "oncall.md").unlink()
    report = run_store_writeback(volume, NOW, run_id=RUN)
    assert report.counts["already_gone"] == 1 and report.counts["removed"] == 1
    assert nothing_lost_violations(volume) == ([], 5)


def test_writeback_in_preview_writes_nothing(tmp_path: Path) -> None:
    volume, memory = merged_in_mirror(tmp_path)
    before = {p.name: p.read_bytes() for p in memory.iterdir() if p.is_file()}
    report = run_store_writeback(volume, NOW, run_id=RUN, preview=True)
    assert report.counts["planned_new"] == 1 and report.counts["planned_removals"] == 2
    assert {p.name: p.read_bytes() for p in memory.iterdir() if p.is_file()} == before
    assert not (volume.root / "store-archive").exists()


def test_a_crash_between_unlink_and_stamp_is_finished_by_the_next_writeback(
    tmp_path: Path,
) -> None:
    """The source is kept and gone from the store, but its mirror entry was never stamped: the
    next writeback finds the kept copy and records it (no second copy, no loss reported)."""
    volume, memory = merged_in_mirror(tmp_path)
    kept = volume.root / "store-archive" / "crashed-run" / "deploys.md"
    kept.parent.mkdir(parents=True)
    kept.write_bytes((memory / "deploys.md").read_bytes())
    (memory / "deploys.md").unlink()
    run_store_writeback(volume, NOW, run_id=RUN)
    entry = volume.get("cc-deploys.md")
    assert entry is not None
    assert entry.metadata["store_archived_to"] == "store-archive/crashed-run/deploys.md"
    assert nothing_lost_violations(volume) == ([], 5)
    assert json.loads((volume.root / "store-snapshot.json").read_text())["run_id"] == RUN


def test_the_audit_explains_removed_in_store_and_reports_a_lost_kept_copy(tmp_path: Path) -> None:
    from dream_assets.passes.memory_audit import run_memory_audit, unexplained_losses

    volume, memory = merged_in_mirror(tmp_path)
    run_store_writeback(volume, NOW, run_id=RUN)
    (memory / "oncall.md").unlink()
    run_store_snapshot(volume, DreamOptions(), NOW, run_id="run-2")
    report = run_memory_audit(volume, DreamOptions(), NOW, run_id="audit-1")
    assert report.counts["removed_in_store"] == 1
    assert report.counts["store_copies_missing"] == 0 and report.counts["vanished"] == 0
    assert unexplained_losses(volume, "audit-1") == []
    (volume.root / "store-archive" / RUN / "deploys_short.md").write_bytes(b"tampered\n")
    assert (
        run_memory_audit(volume, DreamOptions(), NOW, run_id="audit-2").counts[
            "store_copies_missing"
        ]
        == 1
    )
    (lost,) = unexplained_losses(volume, "audit-2")
    assert lost.startswith("cc-deploys_short.md: removed from the store by run run-1")
