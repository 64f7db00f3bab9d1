"""Importance decay (seed: grace, half-life, floor, calendar-time invariant) and archive purge."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from dream_assets.checks.archive_purge import purge_floor_violations
from dream_assets.core.memory.decay import DecayRule, decayed_importance
from dream_assets.core.options import DreamOptions
from dream_assets.passes.archive_purge import run_archive_purge
from dream_assets.passes.importance_decay import run_importance_decay
from dream_assets_tests.builders import NOW, entry, make_volume

RULE = DecayRule(grace_days=30, half_life_days=45, floor=0.10)


def test_no_decay_inside_the_grace_period() -> None:
    assert decayed_importance(entry("m", importance=0.9, last_seen_days=29), RULE, NOW) == 0.9


def test_first_past_grace_decay_counts_only_post_grace_time() -> None:
    # Last seen 75 days ago: 45 days past grace -> exactly one half-life.
    value = decayed_importance(entry("m", importance=0.8, last_seen_days=75), RULE, NOW)
    assert value == pytest.approx(0.4)


def test_decay_never_goes_below_the_floor() -> None:
    value = decayed_importance(entry("m", importance=0.9, last_seen_days=900), RULE, NOW)
    assert value == pytest.approx(0.10)


def test_decay_never_raises_a_score_below_the_floor() -> None:
    assert decayed_importance(entry("m", importance=0.05, last_seen_days=400), RULE, NOW) == 0.05


def test_non_positive_half_life_disables_decay(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m", importance=0.9, last_seen_days=300)])
    options = DreamOptions(importance_decay_half_life_days=0)
    report = run_importance_decay(volume, options, NOW)
    assert report.skipped and volume.get("m").importance == 0.9  # type: ignore[union-attr]


def test_archived_entries_keep_their_importance() -> None:
    archived = entry("m", importance=0.9, last_seen_days=300, archived_days=10)
    assert decayed_importance(archived, RULE, NOW) == 0.9


def test_core_memory_reaches_the_floor_in_about_six_months() -> None:
    # Seed: a core 0.95 memory reaches the 0.10 floor in roughly 6 months; 0.30 in ~3.5 months.
    assert decayed_importance(entry("m", importance=0.95, last_seen_days=160), RULE, NOW) > 0.12
    assert decayed_importance(entry("m", importance=0.95, last_seen_days=177), RULE, NOW) == 0.10
    assert decayed_importance(entry("m", importance=0.30, last_seen_days=90), RULE, NOW) > 0.11
    assert decayed_importance(entry("m", importance=0.30, last_seen_days=102), RULE, NOW) == 0.10


@pytest.mark.parametrize("cadence_hours", [12, 24, 24 * 7])
def test_calendar_time_invariant_across_cycle_cadences(tmp_path: Path, cadence_hours: int) -> None:
    """Twice a day, daily or weekly: the same importance after the same calendar time."""
    start = NOW - timedelta(days=140)
    volume = make_volume(
        tmp_path / f"c{cadence_hours}",
        [entry("m", importance=0.95, last_seen_days=0, now=start)],
    )
    options = DreamOptions()
    t = start
    while t < NOW:
        t = min(t + timedelta(hours=cadence_hours), NOW)
        run_importance_decay(volume, options, t)
    once = decayed_importance(entry("m", importance=0.95, last_seen_days=0, now=start), RULE, NOW)
    stored = volume.get("m")
    assert stored is not None
    # Decay as of now, from the entry's own timestamp, is exact; the stored score lags it by
    # less than the write quantum (a write smaller than that is deferred, not lost).
    assert decayed_importance(stored, RULE, NOW) == pytest.approx(once, abs=1e-5)
    assert abs(stored.importance - once) < options.importance_decay_write_quantum
    assert once == pytest.approx(0.95 * 0.5 ** (110 / 45), abs=1e-9)


def test_decay_does_not_reopen_an_entry_for_review(tmp_path: Path) -> None:
    from dream_assets.core.models import review_fingerprint

    volume = make_volume(tmp_path / "a", [entry("m", importance=0.9, last_seen_days=100)])
    before = review_fingerprint(volume.get("m"))  # type: ignore[arg-type]
    run_importance_decay(volume, DreamOptions(), NOW)
    after = volume.get("m")
    assert after is not None and after.importance < 0.9
    assert review_fingerprint(after) == before


def _purge_volume(tmp_path: Path):  # type: ignore[no-untyped-def]
    return make_volume(
        tmp_path / "a",
        [
            entry("old", importance=0.3, archived_days=120),
            entry("old-important", importance=0.85, archived_days=200),
            entry("old-reinforced", importance=0.2, reinforcement=40, archived_days=150),
            entry("recent", importance=0.3, archived_days=10),
            entry("live", importance=0.3),
        ],
    )


def test_purge_hard_deletes_entries_archived_past_retention(tmp_path: Path) -> None:
    volume = _purge_volume(tmp_path)
    report = run_archive_purge(volume, DreamOptions(), NOW, run_id="r1")
    assert volume.get("old") is None
    assert volume.get("recent") is not None and volume.get("live") is not None
    assert report.counts["purged"] == 1


def test_purge_keeps_entries_above_the_high_value_floor(tmp_path: Path) -> None:
    volume = _purge_volume(tmp_path)
    report = run_archive_purge(volume, DreamOptions(), NOW, run_id="r1")
    assert volume.get("old-important") is not None
    assert volume.get("old-reinforced") is not None
    assert report.counts["kept_above_floor"] == 2


def test_non_positive_retention_keeps_archived_entries_forever(tmp_path: Path) -> None:
    volume = _purge_volume(tmp_path)
    report = run_archive_purge(volume, DreamOptions(memory_archive_retention_days=0), NOW)
    assert volume.get("old") is not None and report.counts["purged"] == 0


def test_purge_leaves_a_tombstone_without_content(tmp_path: Path) -> None:
    volume = _purge_volume(tmp_path)
    run_archive_purge(volume, DreamOptions(), NOW, run_id="r1")
    (line,) = (volume.audit_dir / "purged.jsonl").read_text().splitlines()
    stone = json.loads(line)
    assert stone["id"] == "old" and stone["run_id"] == "r1" and "content" not in stone


def test_floor_check_fails_when_a_high_value_entry_was_purged(tmp_path: Path) -> None:
    volume = _purge_volume(tmp_path)
    # A purge run with a floor switched off destroys what the configured floor protects.
    run_archive_purge(
        volume,
        DreamOptions(pruning_protection_importance=0, pruning_protection_reinforcement_count=0),
        NOW,
        run_id="bad",
    )
    violations = purge_floor_violations(volume, DreamOptions(), "bad")
    assert len(violations) == 2 and all("above the floor" in v for v in violations)
    assert purge_floor_violations(volume, DreamOptions(), "other-run") == []


def test_unreadable_entry_is_never_purged(tmp_path: Path) -> None:
    volume = _purge_volume(tmp_path)
    bad = volume.entries_dir / "broken.json"
    bad.write_text("{")
    report = run_archive_purge(volume, DreamOptions(), NOW)
    assert bad.exists() and report.counts["unreadable"] == 1


def test_an_immediate_second_decay_pass_writes_nothing(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "a",
        [
            entry("floor", importance=0.9, last_seen_days=900),
            entry("mid", importance=0.9, last_seen_days=60),
            entry("fresh", importance=0.9, last_seen_days=1),
        ],
    )
    first = run_importance_decay(volume, DreamOptions(), NOW)
    assert first.counts["decayed"] == 2 and first.counts["at_floor"] == 1
    stamps = {p.name: p.stat().st_mtime_ns for p in volume.entries_dir.glob("*.json")}
    second = run_importance_decay(volume, DreamOptions(), NOW + timedelta(minutes=1))
    assert second.counts["decayed"] == 0
    assert {p.name: p.stat().st_mtime_ns for p in volume.entries_dir.glob("*.json")} == stamps
