"""Bounded runs (issue 12): the wall-clock deadline, the per-run cap on merges + archives and the
rolling 24-hour change allowance, each with an injected clock. Past a bound, proposals wait for
the next cycle, counted in the report, and nothing is half-applied."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from dream_assets.core.clock import FixedClock
from dream_assets.core.memory.merge import MERGE_PENDING
from dream_assets.core.near_duplicates.cluster import Cluster
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.safety.bounds import CHANGES_LOG, RunBounds, bounds_for_run
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.call import PassCall
from dream_assets.passes.memory_consolidation import run_memory_consolidation
from dream_assets_tests.builders import NOW, entry, make_volume

NAMES = ("Caroline", "Melanie", "Joanna", "Frederik")
OPTIONS = DreamOptions(consolidation_min_interval_hours=0, change_gate_enabled=False)


def _volume(tmp_path: Path) -> tuple[AgentVolume, list[Cluster]]:
    entries, clusters = [], []
    for n, name in enumerate(NAMES):
        entries += [
            entry(f"{name}-1", f"{name} met Tomasz in Berlin."),
            entry(f"{name}-2", f"{name} met Tomasz in Berlin in 2021."),
        ]
        clusters.append(Cluster(f"c-{n}", (f"{name}-1", f"{name}-2"), 0.95))
    return make_volume(tmp_path / "agent", entries), clusters


def _run(
    volume: AgentVolume, clusters: list[Cluster], bounds: RunBounds, now: datetime
) -> PassReport:
    return run_memory_consolidation(
        PassCall(volume, OPTIONS, now, model=None, run_id="r", bounds=bounds), clusters=clusters
    )


def _merged_pairs(volume: AgentVolume) -> set[str]:
    archived = {e.id for e in volume.scan_entries().archived}
    return {name for name in NAMES if {f"{name}-1", f"{name}-2"} <= archived}


def _assert_nothing_half_applied(volume: AgentVolume) -> None:
    scan = volume.scan_entries()
    assert not any(MERGE_PENDING in e.metadata for e in scan.entries)
    archived = {e.id for e in scan.archived}
    for name in NAMES:
        # Both sources of a pair archived (merged) or both live (waiting): never one of them.
        assert ({f"{name}-1", f"{name}-2"} <= archived) or not (
            {f"{name}-1", f"{name}-2"} & archived
        ), name


def test_per_run_cap_leaves_the_rest_for_the_next_cycle(tmp_path: Path) -> None:
    volume, clusters = _volume(tmp_path)
    clock = FixedClock(NOW)
    bounds = RunBounds(clock=clock, run_cap=2)

    report = _run(volume, clusters, bounds, NOW)

    assert report.counts["merged"] == 2 and len(_merged_pairs(volume)) == 2
    assert report.counts["waiting_next_cycle"] == 2
    assert report.skipped is not None and "per-run cap of 2 changes" in report.skipped
    _assert_nothing_half_applied(volume)

    clock.advance(timedelta(hours=4))
    second = _run(volume, clusters, RunBounds(clock=clock, run_cap=2), clock.now())
    assert second.counts["merged"] == 2 and _merged_pairs(volume) == set(NAMES)


def test_daily_allowance_is_rolling_over_24_hours(tmp_path: Path) -> None:
    volume, clusters = _volume(tmp_path)
    clock = FixedClock(NOW)

    def bounds() -> RunBounds:
        return bounds_for_run(
            volume.root,
            clock=clock,
            started_at=clock.now(),
            deadline_minutes=0,
            max_changes_per_run=0,
            daily_change_allowance=3,
            run_id="r",
        )

    first = _run(volume, clusters, bounds(), clock.now())
    assert first.counts["merged"] == 3
    assert len((volume.root / CHANGES_LOG).read_text().splitlines()) == 3

    clock.advance(timedelta(hours=23))
    second = _run(volume, clusters, bounds(), clock.now())
    assert second.counts["merged"] == 0 and second.counts["waiting_next_cycle"] == 1
    assert "daily allowance of 3 changes (rolling 24 h)" in (second.skipped or "")
    _assert_nothing_half_applied(volume)

    clock.advance(timedelta(hours=2))
    third = _run(volume, clusters, bounds(), clock.now())
    assert third.counts["merged"] == 1 and _merged_pairs(volume) == set(NAMES)


@dataclass
class TickingClock:
    """Each reading is a minute after the previous one: a slow run, deterministically."""

    current: datetime

    def now(self) -> datetime:
        self.current += timedelta(minutes=1)
        return self.current


def test_run_over_its_deadline_stops_between_merges_and_leaves_no_pending_marker(
    tmp_path: Path,
) -> None:
    volume, clusters = _volume(tmp_path)
    clock = TickingClock(NOW)
    bounds = bounds_for_run(
        volume.root,
        clock=clock,
        started_at=NOW,
        deadline_minutes=5,
        max_changes_per_run=0,
        daily_change_allowance=0,
        run_id="r",
    )

    report = _run(volume, clusters, bounds, NOW)

    # Readings: trim +1, batch +2, first merge +3, its change record +4, second merge +5.
    assert report.counts["merged"] == 1
    assert report.counts["waiting_next_cycle"] == len(NAMES) - report.counts["merged"]
    assert "run deadline" in (report.skipped or "")
    _assert_nothing_half_applied(volume)
    waiting = set(NAMES) - _merged_pairs(volume)
    live = {e.id for e in volume.scan_entries().live}
    assert all({f"{n}-1", f"{n}-2"} <= live for n in waiting), "their sources stay live"


def test_a_run_past_its_bounds_from_the_start_counts_every_open_cluster_as_waiting(
    tmp_path: Path,
) -> None:
    """A spent allowance stops the pass before its first batch, which is then never made: the
    waiting count is what the batches would have held (clusters of two audiences, so two
    batches, and unclustered new entries beside them)."""
    from dream_assets.passes.memory_consolidation.run import _batches, _eligible

    entries, clusters = [], []
    for n, name in enumerate(NAMES):
        meta = {"audience": "dm:alex"} if n % 2 else None
        entries += [
            entry(f"{name}-1", f"{name} met Tomasz in Berlin.", metadata=meta),
            entry(f"{name}-2", f"{name} met Tomasz in Berlin in 2021.", metadata=meta),
        ]
        clusters.append(Cluster(f"c-{n}", (f"{name}-1", f"{name}-2"), 0.95))
    entries.append(entry("lone", "Somebody likes tea."))
    volume = make_volume(tmp_path / "agent", entries)
    clock = FixedClock(NOW)
    bounds = RunBounds(clock=clock, run_cap=1)
    bounds.spend("merge", "earlier")  # the run's one change is spent already

    report = _run(volume, clusters, bounds, NOW)

    eligible, open_clusters = _eligible(volume.scan_entries().live, clusters, PassReport("x"))
    made = _batches(eligible, open_clusters, 0)
    assert len(made) == 2  # the full computation: two audiences, two batches
    assert report.counts["waiting_next_cycle"] == sum(len(c) for _b, c in made) == len(NAMES)
    assert report.counts["merged"] == 0
    assert "per-run cap of 1 changes" in (report.skipped or "")
    assert volume.scan_entries().archived == []
