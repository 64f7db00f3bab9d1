"""Restore and undo (seed 000 "Removals are archived, never deleted"; seed 003 review/undo).

The undo tests run a real deterministic consolidation first (model=None, clusters from
find_clusters), then undo it and assert on the files on disk.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from dream_assets.cli import main
from dream_assets.core.memory.merge import (
    ARCHIVED_BY_RUN,
    MERGE_PENDING,
    MERGED_BY_RUN,
    MERGED_FROM,
    REVIEWED_HASH,
)
from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.entry_index import INDEX_FILE
from dream_assets.core.store.volume import AgentVolume
from dream_assets.operations.undo import UndoError, restore_entry, undo_run
from dream_assets.passes.call import PassCall
from dream_assets.passes.memory_consolidation import run_memory_consolidation
from dream_assets_tests.builders import NOW, archived_by, entry, find_clusters, make_volume

RUN = "run-A"
LATER = NOW + timedelta(hours=1)
# No min interval: the tests run consolidation again right after an undo.
OPTIONS = DreamOptions(consolidation_min_interval_hours=0)


def _corpus(root: Path) -> AgentVolume:
    return make_volume(
        root,
        [
            entry("a-1", "Caroline moved to Berlin in 2021 with Rocky.", reinforcement=2),
            entry("a-2", "Caroline moved to Berlin in 2021 with Rocky.", reinforcement=3),
            entry("b-1", "Jon flew to Lisbon for PyCon 2024 on May 4."),
            entry("b-2", "Jon flew to Lisbon for PyCon 2024 on May 4."),
            entry("b-3", "Jon flew to Lisbon for PyCon 2024 on May 4."),
            entry("c-1", "The Xebia contract renews on 2026-03-01."),
        ],
    )


def _consolidate(volume: AgentVolume, run_id: str = RUN, now: datetime = NOW) -> PassReport:
    live = volume.scan_entries().live
    clusters = find_clusters([(e.id, e.content) for e in live])
    return run_memory_consolidation(
        PassCall(volume, OPTIONS, now, model=None, run_id=run_id), clusters=clusters
    )


def _entries(volume: AgentVolume) -> dict[str, MemoryEntry]:
    scan = volume.scan_entries()
    assert not scan.problems
    return {e.id: e for e in scan.entries}


def _digest(volume: AgentVolume) -> str:
    digest = hashlib.sha256()
    # The entry index is a cache of the entry files, not part of what an undo restores.
    for path in sorted(p for p in volume.root.rglob("*") if p.is_file() and p.name != INDEX_FILE):
        digest.update(str(path.relative_to(volume.root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _merged(volume: AgentVolume) -> dict[str, MemoryEntry]:
    return {i: e for i, e in _entries(volume).items() if MERGED_FROM in e.metadata}


# -- restore ------------------------------------------------------------------------------------


def test_restore_puts_an_archived_entry_back_to_live(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [entry("m-1", "Ana likes Earl Grey.", archived_days=2, metadata={ARCHIVED_BY_RUN: "r"})],
    )
    restored = restore_entry(volume, "m-1", NOW)
    on_disk = volume.get("m-1")
    assert on_disk is not None and not on_disk.archived and on_disk.archive_reason is None
    assert on_disk.content == "Ana likes Earl Grey."
    assert ARCHIVED_BY_RUN not in on_disk.metadata
    assert on_disk.metadata["restored_by"] == "operator"
    assert on_disk.metadata[REVIEWED_HASH] == review_fingerprint(restored)
    trail = json.loads((volume.audit_dir / "restore.jsonl").read_text())
    assert trail["id"] == "m-1" and trail["archive_reason"] == "merged"


@pytest.mark.parametrize(
    ("entry_id", "message"),
    [("nope", "no memory entry 'nope'"), ("m-1", "is live, not archived"), ("../x", "invalid")],
)
def test_restore_refuses_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entry_id: str, message: str
) -> None:
    volume = make_volume(tmp_path / "agent", [entry("m-1", "Live.")])
    before = _digest(volume)
    assert main(["restore", entry_id, "--agent", str(volume.root)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("dream restore: ") and message in err[0], err
    assert _digest(volume) == before


def test_dream_restore_prints_the_restored_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    volume = make_volume(tmp_path / "agent", [entry("m-1", "Ana likes tea.", archived_days=1)])
    assert main(["restore", "m-1", "--agent", str(volume.root)]) == 0
    assert capsys.readouterr().out.startswith("restored m-1: Ana likes tea.")
    assert not _entries(volume)["m-1"].archived


# -- undo ---------------------------------------------------------------------------------------


def test_undo_restores_the_sources_and_archives_the_merged_entries(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    assert _consolidate(volume).counts["merged"] == 2
    merged = _merged(volume)
    assert len(merged) == 2

    result = undo_run(volume, RUN, LATER)
    assert sorted(result.restored) == ["a-1", "a-2", "b-1", "b-2", "b-3"]
    assert sorted(result.archived) == sorted(merged)
    entries = _entries(volume)
    for source_id in result.restored:
        source = entries[source_id]
        assert not source.archived and ARCHIVED_BY_RUN not in source.metadata
        assert source.metadata["restored_by"] == f"undo of run {RUN}"
    for merged_id in merged:
        undone = entries[merged_id]
        assert undone.archive_reason == "undone" and undone.archived_at == LATER
        assert undone.metadata["undo_of_run"] == RUN and MERGE_PENDING not in undone.metadata
    assert not entries["c-1"].archived
    [line] = (volume.audit_dir / "undo.jsonl").read_text().splitlines()
    record = json.loads(line)
    assert record["run_id"] == RUN and record["undone_at"] == LATER.isoformat()
    assert sorted(record["restored"]) == sorted(result.restored)
    assert sorted(record["archived"]) == sorted(merged)


def test_undo_is_idempotent(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    _consolidate(volume)
    undo_run(volume, RUN, LATER)
    before = _digest(volume)
    again = undo_run(volume, RUN, LATER + timedelta(hours=1))
    assert not again.changed and len(again.already_undone) == 2 and not again.skipped
    assert _digest(volume) == before


def test_an_undone_cluster_is_not_merged_again(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    _consolidate(volume)
    undo_run(volume, RUN, LATER)
    report = _consolidate(volume, "run-B", LATER + timedelta(hours=1))
    assert report.counts["merged"] == 0
    assert {i for i, e in _entries(volume).items() if not e.archived} == {
        "a-1",
        "a-2",
        "b-1",
        "b-2",
        "b-3",
        "c-1",
    }


def test_undo_finishes_after_a_crash_between_restoring_and_archiving(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    _consolidate(volume)
    # The interrupted undo got as far as restoring a-1 (sources go first).
    restore_entry(volume, "a-1", LATER)
    result = undo_run(volume, RUN, LATER)
    assert sorted(result.restored) == ["a-2", "b-1", "b-2", "b-3"]
    assert len(result.archived) == 2
    assert all(e.archived for e in _merged(volume).values())


def test_undo_restores_what_the_run_archived_as_ephemeral(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            archived_by(RUN, "e-1", "Asked about the weather."),
            archived_by("run-other", "e-2", "Asked about lunch."),
        ],
    )
    result = undo_run(volume, RUN, LATER)
    assert result.restored == ["e-1"]
    entries = _entries(volume)
    assert not entries["e-1"].archived and entries["e-2"].archived


def test_undo_leaves_a_merged_entry_reinforced_since_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    volume = _corpus(tmp_path / "agent")
    _consolidate(volume)
    merged = next(e for e in _merged(volume).values() if "Caroline" in e.content)
    volume.save(merged.with_changes(reinforcement_count=merged.reinforcement_count + 1))
    assert main(["undo", RUN, "--agent", str(volume.root)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and merged.id in err[0] and "changed since run" in err[0]
    entries = _entries(volume)
    assert not entries[merged.id].archived
    assert entries["a-1"].archived and entries["a-2"].archived  # its sources stay merged
    assert not entries["b-1"].archived  # the other merge of the run was undone


def test_undo_leaves_a_merged_entry_edited_since_the_run(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    _consolidate(volume)
    merged = next(e for e in _merged(volume).values() if "Caroline" in e.content)
    volume.save(merged.with_changes(content=merged.content + " She works at Xebia."))
    result = undo_run(volume, RUN, LATER)
    assert [i for i, _ in result.skipped] == [merged.id]
    assert not _entries(volume)[merged.id].archived


def test_undo_skips_a_merge_merged_away_by_a_later_run(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    _consolidate(volume)
    merged = next(e for e in _merged(volume).values() if "Caroline" in e.content)
    volume.archive(merged.id, reason="merged", now=LATER, stamp={ARCHIVED_BY_RUN: "run-B"})
    result = undo_run(volume, RUN, LATER)
    assert result.skipped == [(merged.id, "archived since (merged by run run-B): undo that first")]
    assert _entries(volume)["a-1"].archived


def test_undo_of_a_merge_finished_by_a_later_runs_crash_recovery(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    _consolidate(volume)
    # A crashed run's merge is finished by the next run, which stamps the archive with its id.
    for source_id in ("a-1", "a-2"):
        source = volume.get(source_id)
        assert source is not None
        volume.save(source.with_changes(metadata={**source.metadata, ARCHIVED_BY_RUN: "run-B"}))
    result = undo_run(volume, RUN, LATER)
    assert {"a-1", "a-2"} <= set(result.restored) and not result.skipped


def test_undo_of_an_unknown_run_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    volume = _corpus(tmp_path / "agent")
    _consolidate(volume)
    assert main(["undo", "run-nope", "--agent", str(volume.root)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["dream undo: run run-nope merged or archived nothing on this volume"]
    with pytest.raises(UndoError):
        undo_run(volume, "run-nope", LATER)


def test_dream_undo_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    volume = _corpus(tmp_path / "agent")
    _consolidate(volume)
    assert main(["undo", RUN, "--agent", str(volume.root), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["restored"]) == 5 and len(out["archived"]) == 2
    assert main(["undo", RUN, "--agent", str(volume.root)]) == 0
    assert capsys.readouterr().out.startswith(f"run {RUN}: nothing to undo (2 already undone)")
    # The undone merged entries' ids are what the run wrote, so a restore brings one back.
    merged_id = out["archived"][0]
    assert main(["restore", merged_id, "--agent", str(volume.root)]) == 0
    restored = volume.get(merged_id)
    assert restored is not None and not restored.archived
    assert restored.metadata[MERGED_BY_RUN] == RUN
