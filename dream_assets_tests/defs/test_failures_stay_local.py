"""Failures stay where they happen (issue 12): checks judge this run's work, standing problems
warn, a retention failure never aborts the cycle, and every run — failed ones too — leaves its
safety report."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dagster as dg
import pytest

from dream_assets.checks.skill_catalog import see_also_violations
from dream_assets.cli import main
from dream_assets.core.clock import format_time
from dream_assets.core.memory.merge import MERGED_AT, MERGED_BY_RUN, MERGED_FROM
from dream_assets.core.models import Skill
from dream_assets.core.safety.safety_report import load_safety_report
from dream_assets.core.skills.changes import log_skill_change
from dream_assets.core.store.lease import read_lease
from dream_assets.core.store.volume import AgentVolume
from dream_assets.definitions import defs
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets.defs.run_failure import dream_run_failed
from dream_assets_tests.builders import NOW, entry, make_volume
from dream_assets_tests.scripted_llm import ScriptedLLM


def _run_json(agent: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = main(["run", "--agent", str(agent), "--json"])
    return code, json.loads(capsys.readouterr().out)[0]


def _check(outcome: dict[str, Any], asset: str, name: str) -> dict[str, Any]:
    (found,) = [c for c in outcome["checks"] if c["asset"] == asset and c["check"] == name]
    return found


def test_an_untrimmable_log_is_a_warning_and_every_other_pass_runs(
    demo_agent: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = demo_agent / "logs" / "tier-routing.jsonl"
    line = json.dumps({"ts": "2026-11-29T10:00:00+00:00", "session_id": "s", "tier": "fast"})
    log.write_text("".join(line + "\n" for _ in range(20)))
    # Its lock cannot be taken (the sidecar is a directory): the trim fails, the log stays long.
    Path(f"{log}.lock").mkdir()
    (demo_agent / "dream-options.json").write_text('{"log_retention_max_lines_per_file": 5}')

    code, outcome = _run_json(demo_agent, capsys)

    assert code == 0 and outcome["success"]
    bounds = _check(outcome, "retained_logs", "within_bounds")
    assert bounds["passed"] is False and bounds["blocking"] is False
    assert outcome["not_materialized"] == []
    report = load_safety_report(demo_agent, outcome["run_id"])
    assert report is not None and report["outcome"] == "succeeded"
    assert any("log_retention" in f and "tier-routing" in f for f in report["failures"])


def test_a_hard_deleted_archived_source_of_an_older_merge_warns_and_the_cycle_completes(
    demo_agent: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    volume = AgentVolume(demo_agent)
    old = entry("merged-old", "Caroline lives in Berlin since 2021.")
    volume.save(
        old.with_changes(
            metadata={
                MERGED_FROM: ["gone-1", "gone-2"],
                MERGED_AT: format_time(NOW),
                MERGED_BY_RUN: "an-older-run",
            }
        )
    )  # the agent hard-deleted both archived sources since

    code, outcome = _run_json(demo_agent, capsys)

    assert code == 0 and outcome["success"]
    assert _check(outcome, "consolidated_memory", "provenance")["passed"] is True
    standing = _check(outcome, "consolidated_memory", "standing_provenance")
    assert standing["passed"] is False and standing["blocking"] is False
    assert "inferred_preferences" in outcome["passes"] and "cycle_report" in outcome["passes"]
    # The audit lists the standing problem, where it is watched day after day.
    assert main(["audit", "--agent", str(demo_agent), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["counts"]["dangling_provenance"] == 1


def test_a_see_also_dangling_before_the_run_does_not_fail_a_skill_the_run_rewrote(
    tmp_path: Path,
) -> None:
    volume = make_volume(tmp_path / "agent")
    volume.save_skill(
        Skill(
            name="mcp/email", summary="Send mail", content="# Email\nSteps", see_also=("mcp/fax",)
        )
    )
    # The run's snapshot saw the dangling name; then optimization rewrote the skill.
    log_skill_change(
        volume, "r1", NOW, "catalog-snapshot", "-", skills=["mcp/email"], dangling=["mcp/fax"]
    )
    log_skill_change(volume, "r1", NOW, "saved", "mcp/email")

    violations, preexisting = see_also_violations(volume, "r1")

    assert violations == []
    assert preexisting == ["mcp/email: see_also 'mcp/fax' does not resolve"]
    # A dangling name the run itself wrote is still the run's fault.
    log_skill_change(volume, "r2", NOW, "catalog-snapshot", "-", skills=["mcp/email"], dangling=[])
    log_skill_change(volume, "r2", NOW, "saved", "mcp/email")
    assert see_also_violations(volume, "r2")[0] == [
        "mcp/email: see_also 'mcp/fax' does not resolve"
    ]


def test_a_preexisting_dangling_see_also_lets_the_cycle_complete(
    demo_agent: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    volume = AgentVolume(demo_agent)
    skill = volume.scan_skills().skills[0]
    volume.save_skill(Skill(**{**skill.__dict__, "see_also": (*skill.see_also, "no/such-skill")}))

    code, outcome = _run_json(demo_agent, capsys)

    assert code == 0 and outcome["success"]
    assert _check(outcome, "skill_catalog", "see_also_resolves")["passed"] is True
    standing = _check(outcome, "skill_catalog", "see_also_standing")
    assert standing["passed"] is False and "1 violation" in standing["description"]


# Opens the DuckDB file named by its argument for writing, says so, and holds it until its stdin
# closes.
_HOLD_DUCKDB = (
    "import sys, duckdb; con = duckdb.connect(sys.argv[1]); "
    "print('holding', flush=True); sys.stdin.read()"
)


@contextlib.contextmanager
def _duckdb_held_elsewhere(agent: Path) -> Iterator[None]:
    """A fault the telemetry_windows step cannot get past, on every try: another process holds
    the agent's DuckDB file open for writing (DuckDB's lock on the file), so the step's writer
    fails naming the file. Nothing the cycle could set aside: the file is in use, not unusable
    (what stands there and is unusable, a directory or a FIFO, is set aside and rebuilt)."""
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD_DUCKDB, str(agent / "dream-telemetry.duckdb")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=60)


def test_a_failed_step_still_leaves_a_safety_report_naming_it(
    demo_agent: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with _duckdb_held_elsewhere(demo_agent):
        code, outcome = _run_json(demo_agent, capsys)

    assert code == 1 and not outcome["success"]
    report = load_safety_report(demo_agent, outcome["run_id"])
    assert report is not None and report["outcome"] == "failed"
    assert any(f.startswith("run failed: step telemetry_windows") for f in report["failures"])
    assert "log_retention" in report["read"], "what did run is in the report"
    assert read_lease(demo_agent) is None, "the failed run gave its lease back"


def test_the_run_failure_sensor_writes_the_report_of_a_daemon_run(demo_agent: Path) -> None:
    dream = DreamResource(agents_root=str(demo_agent.parent))
    with _duckdb_held_elsewhere(demo_agent), dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", [demo_agent.name])
        result = defs.resolve_job_def("dream_cycle").execute_in_process(
            partition_key=demo_agent.name,
            instance=instance,
            raise_on_error=False,
            resources={"dream": dream},
        )
        assert not result.success
        assert load_safety_report(demo_agent, result.run_id) is None
        assert read_lease(demo_agent) is not None, "a failed daemon run leaves its lease behind"

        with dg.build_run_status_sensor_context(
            sensor_name=dream_run_failed.name,
            dagster_event=result.get_run_failure_event(),
            dagster_instance=instance,
            dagster_run=result.dagster_run,
            resources={"dream": dream},
        ) as status:
            dream_run_failed(status.for_run_failure())

    report = load_safety_report(demo_agent, result.run_id)
    assert report is not None and report["outcome"] == "failed"
    assert any("step telemetry_windows" in f for f in report["failures"])
    assert read_lease(demo_agent) is None


def test_llm_busy_during_a_repair_defers_the_merge_and_the_run_succeeds(
    agents_root: Path, scripted_llm: ScriptedLLM
) -> None:
    from dream_assets.defs.assets import memory

    volume = make_volume(
        agents_root / "ada",
        [
            entry("m-1", "Caroline met Tomasz in Berlin."),
            entry("m-2", "Caroline met Tomasz in Berlin in 2021."),
        ],
        **{
            "dream-options.json": json.dumps(
                {
                    "similarity_threshold": 0.5,
                    "llm_busy_poll_seconds": 0.05,
                    "llm_busy_max_wait_seconds": 0.2,
                }
            )
        },
    )

    def merge_then_turn_busy(body: dict[str, Any]) -> str:
        # The merge drops "Tomasz" (a repair is due), and the agent starts serving a user turn.
        volume.busy_marker.write_text("serving a turn")
        save = {
            "content": "Caroline met him in Berlin in 2021.",
            "category": "general",
            "tags": [],
            "sourceIds": ["m-1", "m-2"],
        }
        return json.dumps({"toDelete": [], "toSave": [save]})

    scripted_llm.respond_with(merge_then_turn_busy)
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ada"])
        result = dg.materialize(
            [*memory.ASSETS, *memory.CHECKS],
            instance=instance,
            partition_key="ada",
            resources={
                "dream": DreamResource(agents_root=str(agents_root), now=NOW.isoformat()),
                "llm": LLMResource(base_url=scripted_llm.base_url, model="scripted", api_key="x"),
            },
        )

    assert result.success
    assert len(scripted_llm.requests) == 1, "the repair call waited for the busy model, not made"
    (materialization,) = [
        e.step_materialization_data.materialization
        for e in result.get_asset_materialization_events()
        if e.asset_key == dg.AssetKey("consolidated_memory")
    ]
    report = materialization.metadata["report"].value
    assert "busy" in (report["skipped"] or "") and report["counts"]["deferred"] == 1
    live = {e.id for e in volume.scan_entries().live}
    assert live == {"m-1", "m-2"}, "the merge is deferred with its sources live"
