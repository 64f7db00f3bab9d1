"""The memory audit (seed 000, "Is any of this working?"; issue 6, item 6).

Each test builds a small literal volume, runs the audit, and asserts on the files the audit wrote
(trend.jsonl, known-ids.json, losses.jsonl, consolidation-paused.json) as well as its report.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.cli import main
from dream_assets.core.memory.archive_purge import tombstone, tombstone_path
from dream_assets.core.memory.merge import REJECTED_AT, REJECTED_CLUSTER
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.atomic import append_line
from dream_assets.core.store.volume import AgentVolume
from dream_assets.defs.assets.audit import (
    memory_audit,
    memory_audit_daily,
    memory_audit_job,
    memory_audit_no_unexplained_loss,
)
from dream_assets.defs.resources import DreamResource
from dream_assets.passes.archive_purge import run_archive_purge
from dream_assets.passes.call import PassCall
from dream_assets.passes.memory_audit import run_memory_audit
from dream_assets.passes.memory_consolidation import run_memory_consolidation
from dream_assets_tests.builders import NOW, entry, find_clusters, make_volume

OPTIONS = DreamOptions()
DAY = timedelta(days=1)


def _opted_in() -> DreamOptions:
    return DreamOptions(audit_pause_on_loss=True)


def _corpus(root: Path) -> AgentVolume:
    return make_volume(
        root,
        [
            entry("m-1", "Caroline moved to Berlin in 2021."),
            entry("m-2", "Caroline moved to Berlin in 2021."),
            entry("m-3", "Jon flew to Lisbon for PyCon 2024."),
            entry("m-4", "The NAS backup runs at 02:00.", archived_days=3),
            entry("m-5", "Priya prefers Zoom.").with_changes(
                metadata={"merged_from": ["x-1", "x-2"]}
            ),
        ],
    )


def _trend(volume: AgentVolume) -> list[dict]:
    path = volume.audit_dir / "trend.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_first_audit_takes_the_baseline_and_counts_the_files(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    report = run_memory_audit(volume, OPTIONS, NOW, run_id="a-1")
    assert report.counts["live"] == 4
    assert report.counts["archived"] == 1
    assert report.counts["merged"] == 1
    assert report.counts["vanished"] == 0
    known = json.loads((volume.audit_dir / "known-ids.json").read_text())
    assert known["ids"] == ["m-1", "m-2", "m-3", "m-4", "m-5"]
    assert _trend(volume) == [
        {
            "date": "2026-11-29",
            "live": 4,
            "archived": 1,
            "merged": 1,
            "purged": 0,
            "rejected_clusters": 0,
            "vanished": 0,
        }
    ]


def test_audit_detects_a_hand_deleted_entry(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    run_memory_audit(volume, OPTIONS, NOW, run_id="a-1")
    (volume.entries_dir / "m-3.json").unlink()  # a hard delete outside the retention purge
    report = run_memory_audit(volume, OPTIONS, NOW + DAY, run_id="a-2")
    assert report.counts["vanished"] == 1
    assert report.vanished_ids == ["m-3"]
    losses = [json.loads(line) for line in (volume.audit_dir / "losses.jsonl").read_text().split()]
    assert [(loss["id"], loss["run_id"]) for loss in losses] == [("m-3", "a-2")]
    assert _trend(volume)[-1]["vanished"] == 1
    # Not opted in: reported, consolidation not paused.
    assert not volume.pause_flag.exists()
    assert report.counts["paused"] == 0
    # The next audit does not report the same loss again.
    assert run_memory_audit(volume, OPTIONS, NOW + 2 * DAY).counts["vanished"] == 0


def test_retention_purge_is_not_a_loss(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [entry("old", "An old note.", archived_days=120), entry("m-1", "Kept.")],
    )
    run_memory_audit(volume, OPTIONS, NOW, run_id="a-1")
    purge = run_archive_purge(volume, OPTIONS, NOW + DAY, run_id="p-1")
    assert purge.counts["purged"] == 1 and volume.get("old") is None
    report = run_memory_audit(volume, OPTIONS, NOW + DAY, run_id="a-2")
    assert report.counts["vanished"] == 0
    assert report.counts["purged_today"] == 1
    assert _trend(volume)[-1]["purged"] == 1


def test_an_unreadable_entry_is_not_reported_vanished(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    run_memory_audit(volume, OPTIONS, NOW)
    (volume.entries_dir / "m-1.json").write_text("{not json")
    report = run_memory_audit(volume, OPTIONS, NOW + DAY)
    assert report.counts["vanished"] == 0
    assert report.counts["unreadable"] == 1
    assert (volume.entries_dir / "m-1.json").read_text() == "{not json"  # left in place


def test_a_loss_pauses_consolidation_when_opted_in(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    options = _opted_in()
    run_memory_audit(volume, options, NOW)
    (volume.entries_dir / "m-3.json").unlink()
    report = run_memory_audit(volume, options, NOW + DAY, run_id="a-2")
    assert report.counts["paused"] == 1
    pause = json.loads(volume.pause_flag.read_text())
    assert pause["vanished"] == ["m-3"]
    assert pause["paused_at"] == (NOW + DAY).isoformat()
    assert "hard-deleted outside the retention purge" in pause["reason"]

    # Consolidation now stops, though m-1/m-2 are an exact duplicate cluster it would merge.
    live = volume.scan_entries().live
    clusters = find_clusters([(e.id, e.content) for e in live])
    assert clusters, "the duplicate pair clusters"
    consolidation = run_memory_consolidation(
        PassCall(volume, options, NOW + DAY, model=None, run_id="c-1"), clusters=clusters
    )
    assert (
        consolidation.skipped is not None and "paused by the memory audit" in consolidation.skipped
    )
    assert not list(volume.entries_dir.glob("merged-*.json"))
    # Only consolidation stops: the archive purge still runs.
    assert run_archive_purge(volume, options, NOW + 200 * DAY).counts["purged"] == 1


def test_a_second_loss_extends_the_pause_and_keeps_its_time(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    options = _opted_in()
    run_memory_audit(volume, options, NOW)
    (volume.entries_dir / "m-3.json").unlink()
    run_memory_audit(volume, options, NOW + DAY)
    (volume.entries_dir / "m-5.json").unlink()
    run_memory_audit(volume, options, NOW + 2 * DAY)
    pause = json.loads(volume.pause_flag.read_text())
    assert pause["vanished"] == ["m-3", "m-5"]
    assert pause["paused_at"] == (NOW + DAY).isoformat()


def test_trend_keeps_one_row_per_day(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    run_memory_audit(volume, OPTIONS, NOW)
    (volume.entries_dir / "m-3.json").unlink()
    run_memory_audit(volume, OPTIONS, NOW + timedelta(hours=2))
    (volume.entries_dir / "m-2.json").unlink()
    run_memory_audit(volume, OPTIONS, NOW + timedelta(hours=4))
    rows = _trend(volume)
    assert [r["date"] for r in rows] == ["2026-11-29"]
    # The day's losses add up across its audits; the census is the latest measurement.
    assert rows[0]["vanished"] == 2 and rows[0]["live"] == 2
    run_memory_audit(volume, OPTIONS, NOW + DAY)
    assert [r["date"] for r in _trend(volume)] == ["2026-11-29", "2026-11-30"]


def test_trend_drops_rows_older_than_400_days(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    old = {"live": 9, "archived": 0, "merged": 0, "purged": 0, "rejected_clusters": 0}
    lines = [
        json.dumps({"date": (NOW - timedelta(days=d)).date().isoformat(), **old, "vanished": 0})
        for d in (401, 400, 10)
    ]
    volume.audit_dir.mkdir(parents=True)
    (volume.audit_dir / "trend.jsonl").write_text("\n".join(lines) + "\n")
    report = run_memory_audit(volume, OPTIONS, NOW)
    dates = [r["date"] for r in _trend(volume)]
    assert dates == [
        (NOW - timedelta(days=400)).date().isoformat(),
        (NOW - timedelta(days=10)).date().isoformat(),
        NOW.date().isoformat(),
    ]
    assert report.counts["trend_rows_dropped"] == 1
    assert not list(volume.audit_dir.glob(".trend.jsonl.*.tmp"))  # rewritten atomically


def test_trend_keeps_a_line_it_cannot_parse(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    volume.audit_dir.mkdir(parents=True)
    (volume.audit_dir / "trend.jsonl").write_text("garbage line\n")
    report = run_memory_audit(volume, OPTIONS, NOW)
    text = (volume.audit_dir / "trend.jsonl").read_text()
    assert text.splitlines()[0] == "garbage line"
    assert any("unparsed" in w for w in report.warnings)


def test_a_cluster_rejected_again_and_again_is_reported(tmp_path: Path) -> None:
    def stamped(at: str) -> list:
        meta = {REJECTED_CLUSTER: "rc-abc", REJECTED_AT: at}
        return [
            entry("s-1", "Ana joined Acme in 2019.", metadata=meta),
            entry("s-2", "Ana joined Acme (2019).", metadata=meta),
        ]

    volume = make_volume(tmp_path / "agent", stamped("2026-11-28T12:00:00+00:00"))
    first = run_memory_audit(volume, OPTIONS, NOW)
    [cluster] = first.rejected_clusters
    assert (cluster.cluster_id, cluster.times_rejected, cluster.live_sources) == ("rc-abc", 1, 2)
    assert first.counts["recurring_rejections"] == 0
    # The next cycle rejects the same merge again: only the latest stamp is on disk.
    for item in stamped("2026-11-29T18:00:00+00:00"):
        volume.save(item)
    second = run_memory_audit(volume, OPTIONS, NOW + DAY)
    [cluster] = second.rejected_clusters
    assert cluster.times_rejected == 2
    assert cluster.last_rejected_at == "2026-11-29T18:00:00+00:00"
    assert cluster.first_seen == "2026-11-29"
    assert second.counts["recurring_rejections"] == 1
    assert any(d.action == "rejected cluster" and "2×" in d.detail for d in second.decisions)


def test_a_rejected_cluster_with_no_live_source_is_resolved(tmp_path: Path) -> None:
    meta = {REJECTED_CLUSTER: "rc-abc", REJECTED_AT: "2026-11-28T12:00:00+00:00"}
    volume = make_volume(
        tmp_path / "agent",
        [entry("s-1", "A.", metadata=meta, archived_days=1), entry("s-2", "B.", metadata=meta)],
    )
    assert run_memory_audit(volume, OPTIONS, NOW).counts["rejected_clusters"] == 1
    volume.archive("s-2", reason="merged", now=NOW)
    assert run_memory_audit(volume, OPTIONS, NOW + DAY).counts["rejected_clusters"] == 0
    history = json.loads((volume.audit_dir / "rejections.json").read_text())
    assert history["clusters"] == {}


def test_dream_audit_prints_the_audit_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    volume = _corpus(tmp_path / "agent")
    assert main(["audit", "--agent", str(volume.root), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["counts"]["live"] == 4 and out["trend_row"]["archived"] == 1
    assert out["vanished"] == []


def test_dream_audit_resume_removes_the_pause(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    volume = _corpus(tmp_path / "agent")
    assert main(["audit", "--agent", str(volume.root), "--resume"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not paused" in err[0]
    volume.audit_dir.mkdir(parents=True, exist_ok=True)
    volume.pause_flag.write_text("{}")
    assert main(["audit", "--agent", str(volume.root), "--resume"]) == 0
    assert not volume.pause_flag.exists()


def test_memory_audit_asset_materializes_numeric_metadata_and_its_check(tmp_path: Path) -> None:
    agents = tmp_path / "agents"
    volume = _corpus(agents / "ana")
    run_memory_audit(volume, OPTIONS, NOW - DAY)  # yesterday's audit: the baseline
    (volume.entries_dir / "m-3.json").unlink()
    resources = {"dream": DreamResource(agents_root=str(agents), now=NOW.isoformat())}
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ana"])
        result = dg.materialize(
            [memory_audit, memory_audit_no_unexplained_loss],
            partition_key="ana",
            instance=instance,
            resources=resources,
            raise_on_error=False,
        )
    [materialization] = result.asset_materializations_for_node("memory_audit")
    meta = {k: getattr(v, "value", v) for k, v in materialization.metadata.items()}
    for key in ("live", "archived", "merged", "purged_today", "vanished", "rejected_clusters"):
        assert isinstance(meta[key], float), key
    assert (meta["live"], meta["vanished"], meta["paused"]) == (3.0, 1.0, 0.0)
    [evaluation] = result.get_asset_check_evaluations()
    assert evaluation.check_name == "no_unexplained_loss"
    assert evaluation.passed is False
    assert "m-3" in str(evaluation.metadata["details"].value)


def test_audit_schedule_requests_one_run_per_registered_agent() -> None:
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["bea", "ana"])
        defs = dg.Definitions(
            assets=[memory_audit],
            jobs=[memory_audit_job],
            schedules=[memory_audit_daily],
            resources={"dream": DreamResource(agents_root="/nonexistent")},
        )
        context = dg.build_schedule_context(
            instance=instance,
            scheduled_execution_time=NOW,
            repository_def=defs.get_repository_def(),
        )
        requests = memory_audit_daily.evaluate_tick(context).run_requests or []
    assert [(r.partition_key, r.run_key) for r in requests] == [
        ("ana", "memory-audit:ana:2026-11-29"),
        ("bea", "memory-audit:bea:2026-11-29"),
    ]


def test_tombstone_written_before_a_concurrent_delete_explains_it(tmp_path: Path) -> None:
    volume = _corpus(tmp_path / "agent")
    run_memory_audit(volume, OPTIONS, NOW)
    archived = volume.get("m-4")
    assert archived is not None
    # A purge whose clock ran behind the audit: the tombstone still explains the deletion.
    append_line(tombstone_path(volume.audit_dir), tombstone(archived, NOW - DAY, "p-0"))
    volume.hard_delete("m-4")
    assert run_memory_audit(volume, OPTIONS, NOW + DAY).counts["vanished"] == 0


def test_an_audit_waits_for_another_audit_only_so_long(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another audit of the agent holds the trend lock (stuck, here): this audit fails after the
    bound with the lock named, instead of waiting for ever; nothing of the volume is touched."""
    import dream_assets.passes.memory_audit as memory_audit
    from dream_assets.core.memory.audit import TREND_FILE
    from dream_assets.core.store.atomic import file_lock

    volume = make_volume(tmp_path / "agent", [entry("m1", "Prefers tea.")])
    volume.audit_dir.mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(memory_audit, "AUDIT_LOCK_TIMEOUT_S", 0.2)
    refused = pytest.raises(TimeoutError, match="another audit of this agent is still running")
    with file_lock(volume.audit_dir / TREND_FILE), refused:
        run_memory_audit(volume, DreamOptions(), NOW)
    assert not (volume.audit_dir / TREND_FILE).exists()
    report = run_memory_audit(volume, DreamOptions(), NOW)  # the lock released: the audit runs
    assert (volume.audit_dir / TREND_FILE).exists() and report.trend_row is not None
