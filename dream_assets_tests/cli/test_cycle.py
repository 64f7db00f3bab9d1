"""A full dream cycle through the real Dagster machinery: CLI, SQLite and Postgres instances."""

from __future__ import annotations

import json
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.cli import main, run_cycle


def test_dream_run_runs_every_pass_on_the_demo_agent(
    demo_agent: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    agent = demo_agent
    assert main(["run", "--agent", str(agent)]) == 0
    out = capsys.readouterr().out
    for line in (
        "log_retention:",
        "archive_purge:",
        "importance_decay:",
        "telemetry_windows:",
        "duplicate_clusters:",
        "memory_consolidation:",
    ):
        assert line in out, out
    # Issue 23 adds the blocking check store_writeback/nothing_lost (it passes on a volume).
    assert "checks: 11 passed, 0 failed" in out
    assert "store_snapshot" not in out and "store_writeback" not in out
    assert "merged" in out
    merged = [p for p in (agent / "memory" / "entries").glob("merged-*.json")]
    assert merged, "the demo's exact duplicates are merged deterministically"

    # A second immediate run: consolidation is inside its min interval, nothing merges again.
    assert main(["run", "--agent", str(agent), "--json"]) == 0
    outcome = json.loads(capsys.readouterr().out)[0]
    consolidation = outcome["passes"]["consolidated_memory"]
    assert consolidation["skipped"] is True and consolidation["model_calls"] == 0
    assert "last completed" in consolidation["summary"]
    assert len(list((agent / "memory" / "entries").glob("merged-*.json"))) == len(merged)

    # The table-like assets carry their row counts (the catalog's Rows column).
    windows = outcome["passes"]["telemetry_windows"]
    rows = sum(v for k, v in windows.items() if k.endswith("_window_rows"))
    assert windows["dagster/row_count"] == rows > 0
    clusters = outcome["passes"]["duplicate_clusters"]
    assert clusters["dagster/row_count"] == clusters["clusters"]
    assert outcome["passes"]["cycle_report"]["dagster/row_count"] == 2  # one row per run
    assert "dagster/row_count" not in outcome["passes"]["retained_logs"]


def test_dream_run_rejects_a_missing_agent_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "--agent", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a directory" in err[0]


@pytest.mark.postgres
def test_cycle_on_a_real_postgres_instance(postgres_demo_agent: Path) -> None:
    """The shipped deploy/dagster.yaml, on the real PostgreSQL server: materialize and read back."""
    agent = postgres_demo_agent
    instance = dg.DagsterInstance.get()
    try:
        assert type(instance.run_storage).__name__ == "PostgresRunStorage"
        outcome = run_cycle(agent.parent, "demo", instance)
        assert outcome["success"], outcome["failures"]
        for name in ("retained_logs", "purged_archive", "memory_importance", "consolidated_memory"):
            event = instance.get_latest_materialization_event(dg.AssetKey(name))
            assert event is not None, name
            materialization = event.asset_materialization
            assert materialization is not None and materialization.partition == "demo"
            assert "summary" in materialization.metadata
        merged = instance.get_latest_materialization_event(dg.AssetKey("consolidated_memory"))
        assert merged is not None and merged.asset_materialization is not None
        assert merged.asset_materialization.metadata["merged"].value >= 1
        records = instance.event_log_storage.get_asset_check_execution_history(
            dg.AssetCheckKey(dg.AssetKey("consolidated_memory"), "merge_coverage"), limit=5
        )
        assert records and records[0].status.value == "SUCCEEDED"
    finally:
        instance.dispose()


def test_dream_run_counts_a_warning_check_that_did_not_pass_as_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25, item 10: a WARN check that did not pass is a warning, not a failure."""
    from datetime import UTC, datetime, timedelta

    from dream_assets.core.clock import format_time
    from dream_assets_tests.builders import entry, make_volume

    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    merged_at = format_time(datetime.now(UTC) - timedelta(days=2))
    # An older merge whose archived source the agent hard-deleted: standing_provenance warns.
    older_merge = entry(
        "merged-old",
        "Caroline moved to Berlin in 2021.",
        metadata={"merged_from": ["gone-1"], "merged_at": merged_at, "merged_by_run": "old"},  # type: ignore[dict-item]
    )
    agent = make_volume(tmp_path / "agents" / "ada", [older_merge, entry("m-2")]).root

    assert main(["run", "--agent", str(agent), "--json"]) == 0
    outcome = json.loads(capsys.readouterr().out)[0]
    warned = [c for c in outcome["checks"] if not c["passed"]]
    assert [c["check"] for c in warned] == ["standing_provenance"]
    assert warned[0]["severity"] == "WARN"

    assert main(["run", "--agent", str(agent)]) == 0
    total = len(outcome["checks"])
    assert f"checks: {total - 1} passed, 1 warning, 0 failed" in capsys.readouterr().out
