"""Issue 25, item 9: safety reports stay bounded (seed 002: "one bounded row per run, 50 per
project"). A report beyond the newest 50 of its agent and past the audit's retention goes —
file and DuckDB row — unless its run can still be undone."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import dagster as dg
import duckdb

from dream_assets.core.clock import format_time
from dream_assets.core.memory.merge import MERGED_BY_RUN
from dream_assets.core.safety.report_retention import (
    KEEP_NEWEST_REPORTS,
    REPORT_RETENTION,
    prune_reports,
)
from dream_assets.core.safety.safety_report import (
    build_safety_report,
    report_dir,
    store_safety_report,
)
from dream_assets.defs.jobs import CYCLE_ASSETS
from dream_assets.defs.resources import DreamResource
from dream_assets.operations.undo import runs_still_undoable
from dream_assets_tests.builders import NOW, entry, make_volume

RUNS = 60
SPACING = timedelta(days=10)


def _row_ids(db: Path) -> set[str]:
    with duckdb.connect(str(db), read_only=True) as con:
        return {row[0] for row in con.execute("SELECT run_id FROM run_reports").fetchall()}


def _file_ids(root: Path) -> set[str]:
    return {path.stem for path in report_dir(root).glob("*.json")}


def test_sixty_runs_leave_the_newest_fifty_reports(agents_root: Path) -> None:
    volume = make_volume(agents_root / "ada")
    (cycle_report,) = [a for a in CYCLE_ASSETS if a.key == dg.AssetKey("cycle_report")]
    run_ids: list[str] = []
    # The real instance with its in-memory storage: sixty runs' event logs need no SQLite files.
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions("agents", ["ada"])
    for n in range(RUNS):
        # Ten days apart: the oldest runs are past the audit's 400-day retention.
        now = (NOW - SPACING * (RUNS - 1 - n)).isoformat()
        result = dg.materialize(
            [cycle_report],
            instance=instance,
            partition_key="ada",
            resources={"dream": DreamResource(agents_root=str(agents_root), now=now)},
        )
        assert result.success
        run_ids.append(result.run_id)

    newest = set(run_ids[-KEEP_NEWEST_REPORTS:])
    assert _file_ids(volume.root) == newest
    assert _row_ids(volume.duckdb_path) == newest


def _store(root: Path, db: Path, run_id: str, days_ago: float) -> None:
    report = build_safety_report(
        run_id=run_id,
        agent="ada",
        preview=False,
        passes=[],
        now=NOW - timedelta(days=days_ago),
    )
    store_safety_report(root, db, report)


def test_an_undoable_run_and_one_inside_the_retention_keep_their_reports(tmp_path: Path) -> None:
    old = REPORT_RETENTION.days + 10
    volume = make_volume(
        tmp_path / "ada",
        [
            entry(
                "merged-1",
                "Caroline met Tomasz in Berlin in 2021.",
                metadata={MERGED_BY_RUN: "old-undoable", "merged_at": format_time(NOW)},
            )
        ],
    )
    root, db = volume.root, volume.duckdb_path
    for n in range(KEEP_NEWEST_REPORTS):
        _store(root, db, f"new-{n:02d}", n / 10)
    _store(root, db, "old-undoable", old)
    _store(root, db, "old-gone", old + 1)
    _store(root, db, "recent-beyond-fifty", REPORT_RETENTION.days - 10)
    # A report file that no longer parses is dated by its file's age.
    (report_dir(root) / "broken.json").write_text("{not json")

    pruned = prune_reports(root, db, NOW, lambda runs: runs_still_undoable(volume, runs))

    assert pruned.files == 1 and pruned.rows == 1 and pruned.kept_undoable == 1
    kept = _file_ids(root)
    assert "old-gone" not in kept
    assert {"old-undoable", "recent-beyond-fifty", "broken"} <= kept
    assert len(kept) == KEEP_NEWEST_REPORTS + 3
    assert "old-gone" not in _row_ids(db) and "old-undoable" in _row_ids(db)
    assert json.loads((report_dir(root) / "old-undoable.json").read_text())["run_id"]
