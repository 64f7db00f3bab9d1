"""The definitions load, and carry the asset keys, checks, job and sensors the design names."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.definitions import defs

REPO = Path(__file__).resolve().parents[2]

EXPECTED_ASSETS = {
    "retained_logs",
    "telemetry_windows",
    "purged_archive",
    "memory_importance",
    "duplicate_clusters",
    "consolidated_memory",
    "skill_catalog",
    "inferred_preferences",
    "wisp_insights",
    "cycle_report",
    "memory_audit",
}
# Standing problems and retention are reported, never gates (issue 12).
WARNING_CHECKS = {
    ("retained_logs", "within_bounds"),
    ("consolidated_memory", "standing_provenance"),
    ("skill_catalog", "see_also_standing"),
    # An item waiting past review_stale_days (issue 28): the review queue's freshness warning.
    ("review_queue", "no_stale_items"),
}
BLOCKING_CHECKS = {
    ("purged_archive", "pruning_floor"),
    ("consolidated_memory", "merge_coverage"),
    ("consolidated_memory", "pruning_floor"),
    ("consolidated_memory", "provenance"),
    ("skill_catalog", "no_deletion_without_replacement"),
    ("skill_catalog", "see_also_resolves"),
    ("inferred_preferences", "sensitive_flagged"),
}


def _graph() -> dg.AssetGraph:  # type: ignore[name-defined]
    return defs.resolve_asset_graph()


def test_every_pass_asset_exists_and_is_partitioned_by_agent() -> None:
    graph = _graph()
    keys = {key.to_user_string() for key in graph.get_all_asset_keys()}
    assert keys >= EXPECTED_ASSETS
    for name in EXPECTED_ASSETS:
        partitions = graph.get(dg.AssetKey(name)).partitions_def
        assert isinstance(partitions, dg.DynamicPartitionsDefinition)
        assert partitions.name == "agents"


def test_blocking_checks_exist() -> None:
    graph = _graph()
    specs = {
        (key.asset_key.to_user_string(), key.name): graph.get_check_spec(key)
        for key in graph.asset_check_keys
    }
    for key in BLOCKING_CHECKS:
        assert key in specs, key
        assert specs[key].blocking, key
    for key in WARNING_CHECKS:
        assert key in specs, key
        assert not specs[key].blocking, key


def test_passes_run_in_the_seeds_order() -> None:
    graph = _graph()

    def upstream(name: str) -> set[str]:
        return {k.to_user_string() for k in graph.get(dg.AssetKey(name)).parent_keys}

    assert "retained_logs" in upstream("purged_archive")
    assert "purged_archive" in upstream("memory_importance")
    assert "memory_importance" in upstream("duplicate_clusters")
    assert {"duplicate_clusters", "telemetry_windows"} <= upstream("consolidated_memory")
    assert "consolidated_memory" in upstream("skill_catalog")
    # The conversation log is cleared by preference inference, after gap detection read it.
    assert "skill_catalog" in upstream("inferred_preferences")


def test_the_review_queue_is_an_observed_per_agent_asset_outside_the_cycle() -> None:
    node = _graph().get(dg.AssetKey("review_queue"))
    assert node.is_external and not node.is_materializable
    assert isinstance(node.partitions_def, dg.DynamicPartitionsDefinition)
    assert node.partitions_def.name == "agents"
    cycle = defs.resolve_job_def("dream_cycle").asset_layer.executable_asset_keys
    assert dg.AssetKey("review_queue") not in cycle
    sensor = defs.resolve_sensor_def("review_queue_watch")
    assert sensor.default_status == dg.DefaultSensorStatus.RUNNING


def test_consolidation_is_in_the_llm_pool() -> None:
    assert defs.resolve_assets_def("consolidated_memory").op.pool == "llm"


def test_sensors_are_declared_running() -> None:
    sensor = defs.resolve_sensor_def("agent_discovery")
    assert sensor.default_status == dg.DefaultSensorStatus.RUNNING


def test_dream_cycle_job_selects_every_pass_and_the_audit_runs_on_its_own() -> None:
    job = defs.resolve_job_def("dream_cycle")
    selected = {key.to_user_string() for key in job.asset_layer.executable_asset_keys}
    assert EXPECTED_ASSETS - {"memory_audit"} <= selected
    assert "memory_audit" not in selected
    audit_job = defs.resolve_job_def("memory_audit_job")
    assert {k.to_user_string() for k in audit_job.asset_layer.executable_asset_keys} == {
        "memory_audit"
    }


def test_dagster_definitions_validate_passes_from_a_clean_environment(tmp_path: Path) -> None:
    """A fresh clone: `dagster definitions validate -w workspace.yaml` from the repository root
    with DAGSTER_HOME unset and no DREAM_* variable exits 0 (the top-level dagster.yaml is the
    embedded default; the PostgreSQL one is deploy/dagster.yaml)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)}
    if "PYTHONPATH" in os.environ:  # the checkout under test, when it is not the installed one
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    dagster = str(Path(sys.executable).parent / "dagster")
    completed = subprocess.run(
        [dagster, "definitions", "validate", "-w", "workspace.yaml"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    assert "All code locations passed validation" in completed.stderr + completed.stdout


def test_top_level_dagster_yaml_is_the_embedded_default_of_dream_run() -> None:
    """`dream run` writes the same instance settings the top-level dagster.yaml holds."""
    import yaml

    from dream_assets.cli import EMBEDDED_INSTANCE_YAML

    shipped = yaml.safe_load((REPO / "dagster.yaml").read_text(encoding="utf-8"))
    assert "storage" not in shipped
    assert shipped == yaml.safe_load(EMBEDDED_INSTANCE_YAML)
    production = yaml.safe_load((REPO / "deploy" / "dagster.yaml").read_text(encoding="utf-8"))
    assert "postgres" in production["storage"]
    assert production["concurrency"] == shipped["concurrency"]


def test_every_asset_has_an_owner_tags_and_a_code_reference() -> None:
    from dream_assets.defs.conventions import OWNER

    for spec in defs.resolve_all_asset_specs():
        name = spec.key.to_user_string()
        assert spec.owners == [OWNER], name
        assert spec.tags["dream/model"] in {"optional", "none"}, name
        cadence = {"memory_audit": "own-schedule", "review_queue": "observed"}.get(name, "cycle")
        assert spec.tags["dream/cadence"] == cadence, name
        references = spec.metadata["dagster/code_references"].code_references
        (local,) = references
        assert Path(local.file_path).is_file() and local.line_number > 0, name
    assert defs.resolve_assets_def("consolidated_memory").specs_by_key[
        dg.AssetKey("consolidated_memory")
    ].tags["dream/model"] == ("optional")


def test_without_dream_agents_root_the_sensors_look_at_the_demo_agents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`dagster dev` from the repository root with nothing set: the sensors skip, naming where
    they looked, instead of failing every tick on an unset variable."""
    from dream_assets.defs.resources import DreamResource

    monkeypatch.delenv("DREAM_AGENTS_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    assert DreamResource().root() == tmp_path.resolve() / ".demo" / "agents"
    with dg.instance_for_test() as instance:
        resources = {"dream": DreamResource()}
        with dg.build_sensor_context(instance=instance, resources=resources) as context:
            result = defs.resolve_sensor_def("agent_discovery")(context)
    assert isinstance(result, dg.SensorResult) and result.skip_reason is not None
    assert ".demo/agents" in str(result.skip_reason.skip_message)
    # Set later (the daemon's environment), the variable is what the resource reads.
    monkeypatch.setenv("DREAM_AGENTS_ROOT", str(tmp_path / "agents"))
    assert DreamResource().root() == tmp_path.resolve() / "agents"


def test_store_steps_wrap_the_cycle_and_the_writeback_check_blocks() -> None:
    """docs/stores.md: store_snapshot first, store_writeback after the last memory writer and
    before cycle_report; both per agent, in the cycle job; nothing_lost blocking."""
    graph = _graph()

    def upstream(name: str) -> set[str]:
        return {k.to_user_string() for k in graph.get(dg.AssetKey(name)).parent_keys}

    for name in ("store_snapshot", "store_writeback"):
        partitions = graph.get(dg.AssetKey(name)).partitions_def
        assert (
            isinstance(partitions, dg.DynamicPartitionsDefinition) and partitions.name == "agents"
        )
    assert "store_snapshot" in upstream("retained_logs")
    assert {"consolidated_memory", "skill_catalog", "inferred_preferences"} <= upstream(
        "store_writeback"
    )
    assert "store_writeback" in upstream("cycle_report")
    spec = graph.get_check_spec(dg.AssetCheckKey(dg.AssetKey("store_writeback"), "nothing_lost"))
    assert spec.blocking
    job = defs.resolve_job_def("dream_cycle")
    selected = {key.to_user_string() for key in job.asset_layer.executable_asset_keys}
    assert {"store_snapshot", "store_writeback"} <= selected
