"""Whole cycles through Dagster and the CLI on an agent connected to one namespace of a
LangGraph ``PostgresStore`` (the real PostgreSQL, rows put by the library): merges land as new
keys, every removed row is in the ``dream-archive`` namespace with its value, the rest of the
database is untouched, ``--preview`` changes no row, a row the agent updated meanwhile stays,
restore and undo round-trip, and ``--namespace-prefix`` registers one agent per namespace."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.core.clock import format_time
from dream_assets.core.options import DreamOptions
from dream_assets.defs.jobs import CYCLE_ASSETS, PASS_CHECKS
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets.defs.sensors import agent_discovery_sensor
from dream_assets_tests.builders import NOW
from dream_assets_tests.cli.test_connect import dream, no_model  # noqa: F401  (a fixture)
from dream_assets_tests.defs.test_sensors import Sensor
from dream_assets_tests.defs.test_store_cycle import counts, cycle
from dream_assets_tests.langgraph_stores import (
    DEPLOYS,
    DRAFTS,
    OTHER,
    ROLE,
    ROWS,
    USER,
    connect_namespace,
    rows_of,
    write_rows,
)
from dream_assets_tests.scripted_llm import ScriptedLLM

pytestmark = pytest.mark.postgres
ARCHIVE = ("dream-archive", *USER)


def everything(dsn: str) -> dict[tuple[str, ...], dict[str, tuple[str, object]]]:
    return {ns: rows_of(dsn, ns) for ns in (USER, OTHER, DRAFTS, ARCHIVE)}


def test_deterministic_cycle_merges_into_new_keys_and_archives_the_sources(
    tmp_path: Path, langgraph_dsn: str
) -> None:
    agents = tmp_path / "agents"
    connect_namespace(agents / "ana", langgraph_dsn)
    before = everything(langgraph_dsn)
    with dg.instance_for_test() as instance:
        result = cycle(agents, "ana", instance)
        assert result.success
        assert all(e.passed for e in result.get_asset_check_evaluations())
        snapshot, writeback = counts(result, "store_snapshot"), counts(result, "store_writeback")
        assert snapshot["items_read"] == 5 and snapshot["unreadable"] == 1
        # The role saved twice, the deploy note and its shorter copy.
        assert writeback["written"] == 2 and writeback["removed"] == 4
        assert writeback["left_changed"] == 0
        after = rows_of(langgraph_dsn, USER)
        new = sorted(set(after) - set(before[USER]))
        assert len(new) == 2
        values = [json.loads(after[k][0]) for k in new]
        assert {"content": ROLE} in values
        assert {"kind": "Memory", "content": {"content": DEPLOYS}} in values
        # Every removed row is in the archive namespace with its value (and in store-archive/).
        archive = rows_of(langgraph_dsn, ARCHIVE)
        assert sorted(archive) == ["deploys", "deploys-short", "role-1", "role-2"]
        for key, (value, _at) in archive.items():
            assert json.loads(value) == ROWS[USER][key]
            assert key not in after
        kept = agents / "ana" / "store-archive" / result.run_id
        assert sorted(p.name for p in kept.iterdir()) == sorted(archive)
        # Untouched: the other shape, the row not merged, other namespaces (value, updated_at).
        for key in ("profile", "lisbon"):
            assert after[key] == before[USER][key]
        assert rows_of(langgraph_dsn, OTHER) == before[OTHER]
        assert rows_of(langgraph_dsn, DRAFTS) == before[DRAFTS]

        # A second cycle finds nothing more to do, and changes no row.
        settled = everything(langgraph_dsn)
        again = cycle(agents, "ana", instance)
        assert again.success
        assert counts(again, "store_writeback")["written"] == 0
        assert everything(langgraph_dsn) == settled


def test_a_row_updated_between_snapshot_and_writeback_is_neither_overwritten_nor_removed(
    tmp_path: Path, langgraph_dsn: str
) -> None:
    agents = tmp_path / "agents"
    connect_namespace(agents / "ana", langgraph_dsn)
    resources = {
        "dream": DreamResource(agents_root=str(agents), now=format_time(NOW)),
        "llm": LLMResource(),
    }
    snapshot = [a for a in CYCLE_ASSETS if a.key == dg.AssetKey("store_snapshot")]
    rest = [a for a in CYCLE_ASSETS if a.key != dg.AssetKey("store_snapshot")]
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ana"])
        assert dg.materialize(
            snapshot, partition_key="ana", instance=instance, resources=resources
        ).success
        edited = {"content": ROLE + " She moved to the platform team."}
        write_rows(langgraph_dsn, {USER: {"role-2": edited, "deploys": ROWS[USER]["deploys"]}})
        result = dg.materialize(
            [*rest, *PASS_CHECKS], partition_key="ana", instance=instance, resources=resources
        )
        assert result.success
        writeback = counts(result, "store_writeback")
        assert writeback["left_changed"] == 2  # role-2 (new text), deploys (saved again)
    after = rows_of(langgraph_dsn, USER)
    assert json.loads(after["role-2"][0]) == edited
    assert json.loads(after["deploys"][0]) == ROWS[USER]["deploys"]
    assert "role-2" not in rows_of(langgraph_dsn, ARCHIVE)


@pytest.mark.usefixtures("no_model")
def test_preview_run_restore_and_undo_round_trip(tmp_path: Path, langgraph_dsn: str) -> None:
    home = tmp_path / "agents" / "ana"
    status, out, err = dream(
        "connect",
        "langgraph",
        langgraph_dsn,
        "--namespace",
        "memories,user-42",
        "--agent",
        str(home),
    )
    assert status == 0, err
    assert "5 items, 1 left alone" in out
    before = everything(langgraph_dsn)

    status, out, err = dream("run", "--agent", str(home), "--preview", "--json")
    assert status == 0, err
    (outcome,) = json.loads(out)
    assert outcome["passes"]["store_writeback"]["planned_removals"] == 4
    assert everything(langgraph_dsn) == before  # every row: value and updated_at

    status, out, err = dream("run", "--agent", str(home), "--json")
    assert status == 0, err
    (outcome,) = json.loads(out)
    run_id = outcome["run_id"]
    assert outcome["passes"]["store_writeback"]["removed"] == 4
    assert "deploys-short" not in rows_of(langgraph_dsn, USER)

    status, out, err = dream("restore", "l-deploys-short", "--agent", str(home))
    assert status == 0, err
    assert "1 put back" in out
    assert (
        json.loads(rows_of(langgraph_dsn, USER)["deploys-short"][0]) == ROWS[USER]["deploys-short"]
    )

    status, out, err = dream("undo", run_id, "--agent", str(home))
    assert status == 0, err
    after = rows_of(langgraph_dsn, USER)
    assert {k: json.loads(v) for k, (v, _) in after.items()} == ROWS[USER]
    # The merged rows left too, kept in the archive namespace first.
    assert len(rows_of(langgraph_dsn, ARCHIVE)) == 6
    status, out, err = dream("audit", "--agent", str(home), "--json")
    assert status == 0, err
    assert json.loads(out)["vanished"] == []


@pytest.mark.usefixtures("no_model")
def test_namespace_prefix_registers_one_agent_per_namespace_and_later_ones_too(
    tmp_path: Path, langgraph_dsn: str
) -> None:
    root = tmp_path / "agents"

    def connect_prefix() -> tuple[int, str, str]:
        return dream(
            "connect",
            "langgraph",
            langgraph_dsn,
            "--namespace-prefix",
            "memories",
            "--agents-root",
            str(root),
        )

    status, out, err = connect_prefix()
    assert status == 0, err
    assert "3 namespaces, 3 agents added" in out
    assert sorted(p.name for p in root.iterdir() if p.is_dir()) == [
        "user-42",
        "user-42.drafts",
        "user-7",
    ]
    config = json.loads((root / "user-7" / "dream-store.json").read_text())
    assert config == {
        "kind": "langgraph",
        "dsn": langgraph_dsn,
        "namespace": ["memories", "user-7"],
    }
    first = (root / "user-42" / "dream-store.json").read_bytes()

    write_rows(langgraph_dsn, {("memories", "user-9"): {"k": {"content": "Bea likes jazz."}}})
    status, out, err = connect_prefix()
    assert status == 0, err
    assert "1 agents added, 3 already connected" in out
    assert (root / "user-42" / "dream-store.json").read_bytes() == first
    assert json.loads((root / "dream-stores.json").read_text())["prefixes"] == [
        {"kind": "langgraph", "dsn": langgraph_dsn, "namespace_prefix": ["memories"]}
    ]

    # The discovery sensor does the same on its own, and registers the new agent.
    write_rows(langgraph_dsn, {("memories", "user-10"): {"k": {"content": "Cy runs."}}})
    with dg.instance_for_test() as instance:
        discovery = Sensor(agent_discovery_sensor(DreamOptions()), instance, root)
        discovery.tick(NOW)
        assert (root / "user-10" / "dream-store.json").exists()
        assert "user-10" in instance.get_dynamic_partitions("agents")
        discovery.tick(NOW + timedelta(minutes=1))
    assert len([p for p in root.iterdir() if p.is_dir()]) == 5


def test_a_vector_namespace_without_embed_waits_with_one_reason(
    tmp_path: Path, vector_dsn: str
) -> None:
    from langgraph.store.postgres import PostgresStore

    def embed(texts: list[str]) -> list[list[float]]:
        return [[float(len(t)), 1.0] for t in texts]

    namespace = ("memories", "indexed")
    with PostgresStore.from_conn_string(vector_dsn, index={"dims": 2, "embed": embed}) as store:
        store.setup()
        store.put(namespace, "v1", {"content": ROLE})
        store.put(namespace, "v2", {"content": ROLE})
    agents = tmp_path / "agents"
    connect_namespace(agents / "ana", vector_dsn, namespace)
    before = rows_of(vector_dsn, namespace)
    with dg.instance_for_test() as instance:
        result = cycle(agents, "ana", instance)
        assert result.success
        assert all(e.passed for e in result.get_asset_check_evaluations())
        writeback = counts(result, "store_writeback")
        assert writeback["waiting"] == 1 and writeback["written"] == 0
        for event in result.get_asset_materialization_events():
            materialization = event.step_materialization_data.materialization
            if materialization.asset_key.to_user_string() == "store_writeback":
                report = materialization.metadata["report"].value
                (refusal,) = [r for r in report["refusals"] if r["action"] == "waiting"]
                assert "vector index (2 dimensions)" in refusal["detail"]
    # Nothing written or removed; the mirror keeps the merge for a later writeback.
    assert rows_of(vector_dsn, namespace) == before


def _waiting_reason(result: dg.ExecuteInProcessResult) -> str:
    for event in result.get_asset_materialization_events():
        materialization = event.step_materialization_data.materialization
        if materialization.asset_key.to_user_string() == "store_writeback":
            report = materialization.metadata["report"].value
            (refusal,) = [r for r in report["refusals"] if r["action"] == "waiting"]
            return str(refusal["detail"])
    raise AssertionError("store_writeback was not materialized")


def test_a_vector_namespace_is_written_with_an_endpoint_model_of_its_dimension(
    tmp_path: Path, vector_dsn: str, scripted_llm: ScriptedLLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``embed`` naming a model of the OpenAI-compatible endpoint (the scripted server's
    ``/embeddings``): no endpoint, then a model of another dimension, wait with one reason and
    change no row; a model of the namespace's dimension writes the merge with its vector."""
    from langgraph.store.postgres import PostgresStore

    from dream_assets.core.store.connection import connect

    for name in ("DREAM_LLM_BASE_URL", "DREAM_LLM_API_KEY", "DREAM_LLM_MODEL"):
        monkeypatch.delenv(name, raising=False)

    def embed(texts: list[str]) -> list[list[float]]:
        return [[float(len(t)), 1.0] for t in texts]

    namespace = ("memories", "indexed")
    index = {"dims": 2, "embed": embed}
    with PostgresStore.from_conn_string(vector_dsn, index=index) as store:  # type: ignore[arg-type]
        store.setup()
        store.put(namespace, "v1", {"content": ROLE})
        store.put(namespace, "v2", {"content": ROLE})
    agents = tmp_path / "agents"
    config = {"kind": "langgraph", "dsn": vector_dsn, "namespace": list(namespace)}
    connect(agents / "ana", {**config, "embed": "scripted-embed"})
    before = rows_of(vector_dsn, namespace)
    endpoint = LLMResource(base_url=scripted_llm.base_url, api_key="x")  # no chat model
    with dg.instance_for_test() as instance:
        result = cycle(agents, "ana", instance)  # no endpoint configured
        assert result.success and counts(result, "store_writeback")["waiting"] == 1
        assert "endpoint model scripted-embed cannot embed" in _waiting_reason(result)
        assert rows_of(vector_dsn, namespace) == before

        scripted_llm.embedding_fn = lambda text: [float(len(text)), 1.0, 0.0, 0.0]
        result = cycle(agents, "ana", instance, endpoint)
        assert result.success and counts(result, "store_writeback")["waiting"] == 1
        reason = _waiting_reason(result)
        assert "2-dimension vectors, endpoint model scripted-embed makes 4" in reason
        assert rows_of(vector_dsn, namespace) == before

        scripted_llm.embedding_fn = lambda text: [float(len(text)), 1.0]
        result = cycle(agents, "ana", instance, endpoint)
        assert result.success
        assert all(e.passed for e in result.get_asset_check_evaluations())
        writeback = counts(result, "store_writeback")
        assert writeback.get("waiting", 0) == 0
        assert writeback["written"] == 1 and writeback["removed"] == 2
    assert set(scripted_llm.embedding_models) == {"scripted-embed"}
    after = rows_of(vector_dsn, namespace)
    (key,) = set(after) - {"v1", "v2"}
    assert json.loads(after[key][0]) == {"content": ROLE}
    with PostgresStore.from_conn_string(vector_dsn, index=index) as store:  # type: ignore[arg-type]
        found = store.search(namespace, query="payments", limit=10, refresh_ttl=False)
    assert [item.key for item in found] == [key]  # it has a vector; the sources are gone
    assert sorted(rows_of(vector_dsn, ("dream-archive", *namespace))) == ["v1", "v2"]
