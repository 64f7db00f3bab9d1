"""The archive purge destroys memory, so it follows the entry lock like every other write
(docs/agent-volume.md, "No stale writes — the entry lock"): an entry the agent restores,
reinforces or edits after the purge's scan and before its delete is left as the agent wrote it
(the purge takes the entry's lock, re-reads the entry and deletes only what it planned to)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dream_assets.core.models import MemoryEntry
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes import archive_purge as purge_pass
from dream_assets.passes.archive_purge import run_archive_purge
from dream_assets_tests.builders import NOW, entry, make_volume


def _restore(current: MemoryEntry) -> MemoryEntry:
    return current.with_changes(archived_at=None, archive_reason=None)


def _reinforce(current: MemoryEntry) -> MemoryEntry:
    return current.with_changes(reinforcement_count=current.reinforcement_count + 1)


def _planted_old() -> MemoryEntry:
    return entry("old", "Ana's locker code changed.", archived_days=200, age_days=300)


def _volume(tmp_path: Path) -> AgentVolume:
    also_old = entry("also-old", "A greeting.", archived_days=150, age_days=300)
    return make_volume(tmp_path / "agent", [_planted_old(), also_old])


@pytest.mark.parametrize("agent_change", [_restore, _reinforce], ids=["restored", "reinforced"])
def test_an_entry_the_agent_changes_after_the_scan_is_not_purged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, agent_change: Any
) -> None:
    volume = _volume(tmp_path)
    real_plan = purge_pass.plan_purge

    def plan_then_agent_writes(*args: Any, **kwargs: Any) -> Any:
        plan = real_plan(*args, **kwargs)
        assert {e.id for e in plan.purge} == {"old", "also-old"}
        # The agent, through its API, between the purge's scan and its delete.
        AgentVolume(volume.root).update_entry("old", agent_change)
        return plan

    monkeypatch.setattr(purge_pass, "plan_purge", plan_then_agent_writes)
    report = run_archive_purge(volume, DreamOptions(), NOW, run_id="r1")
    # Left as the agent wrote it.
    assert volume.get("old") == agent_change(_planted_old())
    assert volume.get("also-old") is None  # the other one is purged as planned
    assert report.counts["purged"] == 1
    stones = (volume.audit_dir / "purged.jsonl").read_text().splitlines()
    assert len(stones) == 1 and '"also-old"' in stones[0]
    assert any(d.action == "left" and d.target == "old" for d in report.decisions)


@pytest.mark.parametrize("gone", [True, False], ids=["deleted", "corrupted"])
def test_an_entry_deleted_or_corrupted_after_the_scan_leaves_no_tombstone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gone: bool
) -> None:
    volume = _volume(tmp_path)
    real_plan = purge_pass.plan_purge
    path = volume.entry_path("old")

    def plan_then_file_changes(*args: Any, **kwargs: Any) -> Any:
        plan = real_plan(*args, **kwargs)
        path.unlink() if gone else path.write_text("{ not json", encoding="utf-8")
        return plan

    monkeypatch.setattr(purge_pass, "plan_purge", plan_then_file_changes)
    report = run_archive_purge(volume, DreamOptions(), NOW, run_id="r1")
    stones = (volume.audit_dir / "purged.jsonl").read_text().splitlines()
    assert len(stones) == 1 and '"also-old"' in stones[0]
    assert report.counts["purged"] == 1 and not report.failures
    if not gone:  # an unreadable file is never deleted
        assert path.read_text(encoding="utf-8") == "{ not json"
