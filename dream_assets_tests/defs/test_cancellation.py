"""Issue 25, item 3: cooperative cancellation (seed 003: "Agent disablement ... or changes to
settings invalidate in-flight jobs before the next call and before committing"; "lost lease
prevents a stale commit"; "A two-second ownership watch cancels inference already in flight").

Whole dream cycles through the real Dagster machinery against the scripted model server.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import dagster as dg

from dream_assets.core.clock import SystemClock
from dream_assets.core.safety.cancellation import CANCELLED_DISABLED, CANCELLED_LEASE
from dream_assets.core.safety.safety_report import load_safety_report
from dream_assets.core.store.entry_index import INDEX_FILE
from dream_assets.core.store.lease import LeaseHeld, acquire, read_lease
from dream_assets.core.store.volume import AgentVolume
from dream_assets.definitions import defs
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets_tests.builders import NOW, entry, make_volume
from dream_assets_tests.scripted_llm import ScriptedLLM

MERGE = json.dumps(
    {
        "toDelete": [],
        "toSave": [
            {
                "content": "Caroline met Tomasz in Berlin in 2021.",
                "category": "general",
                "tags": [],
                "sourceIds": ["m-1", "m-2"],
            }
        ],
    }
)


def _agent(agents_root: Path, **options: Any) -> AgentVolume:
    return make_volume(
        agents_root / "ada",
        [
            entry("m-1", "Caroline met Tomasz in Berlin."),
            entry("m-2", "Caroline met Tomasz in Berlin in 2021."),
        ],
        **{"dream-options.json": json.dumps({"similarity_threshold": 0.5, **options})},
    )


def _files(volume: AgentVolume) -> dict[str, str]:
    """Every file of the volume by path, with the sha256 of its bytes, but the entry index: a
    cache that any reader of the volume refreshes (a scan re-hashes the rows written less than
    two seconds before the last one, core/store/entry_index.py), so whether a later scan (a
    check's, this test's) rewrites it depends only on the machine's speed."""
    return {
        str(path.relative_to(volume.root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(volume.root.rglob("*"))
        if path.is_file() and path.name != INDEX_FILE
    }


def _changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}


def _cycle(agents_root: Path, llm: ScriptedLLM) -> dg.ExecuteInProcessResult:
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ada"])
        return defs.resolve_job_def("dream_cycle").execute_in_process(
            partition_key="ada",
            instance=instance,
            raise_on_error=False,
            resources={
                "dream": DreamResource(agents_root=str(agents_root), now=NOW.isoformat()),
                # The client would wait two minutes for a reply: only the watch ends it sooner.
                "llm": LLMResource(
                    base_url=llm.base_url, model="scripted", api_key="x", timeout_s=120
                ),
            },
        )


def _reports(result: dg.ExecuteInProcessResult) -> dict[str, dict[str, Any]]:
    found = {}
    for event in result.get_asset_materialization_events():
        metadata = event.step_materialization_data.materialization.metadata
        if "report" in metadata and isinstance(metadata["report"].value, dict):
            found[event.asset_key.to_user_string()] = metadata["report"].value
    return found


def test_enabled_false_written_while_the_model_answers_stops_the_run_there(
    agents_root: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = _agent(agents_root)
    at_disable: dict[str, dict[str, str]] = {}

    def disable_then_answer(body: dict[str, Any]) -> str:
        # The operator turns the agent off while the model is working on the merge.
        volume.options_path.write_text(json.dumps({"similarity_threshold": 0.5, "enabled": False}))
        at_disable["files"] = _files(volume)
        return MERGE

    scripted_llm.respond_with(disable_then_answer)
    result = _cycle(agents_root, scripted_llm)

    assert result.success
    # The server's log: the one call that was answering, nothing after it (no verification of
    # the merge, no skill or preference call).
    assert len(scripted_llm.requests) == 1 and scripted_llm.verifications == []
    live = {e.id for e in volume.scan_entries().live}
    assert live == {"m-1", "m-2"}, "the merge the reply proposed was not applied"
    # No further write: what changed since is only the report saying why, its DuckDB row, the
    # token accounting of the call that was answering, and the lease given back.
    changed = _changed(at_disable["files"], _files(volume))
    assert changed == {
        f"dream-reports/{result.run_id}.json",
        "dream-telemetry.duckdb",
        "dream-token-usage.jsonl",
        "dream-token-usage.jsonl.lock",
        "dream.lease",
        "dream.lease.lock",
    }, changed
    reports = _reports(result)
    assert reports["consolidated_memory"]["cancelled"] == CANCELLED_DISABLED
    for later in ("skill_catalog", "inferred_preferences", "wisp_insights"):
        assert reports[later]["skipped"] == CANCELLED_DISABLED, later
    safety = load_safety_report(volume.root, result.run_id)
    assert safety is not None
    assert safety["outcome"] == "cancelled" and safety["cancelled"] == CANCELLED_DISABLED
    assert read_lease(volume.root) is None


def _take_over(volume: AgentVolume) -> None:
    """Another writer takes the agent's lease as soon as the run's has expired. The run renews
    its lease when each step starts, so a model call made within the lease's 60 ms of that
    renewal finds it still held: taking it then would fail the model's answer, and the client
    would retry the call (a second request), which is not what this test is about."""
    deadline = time.monotonic() + 10
    while True:
        try:
            acquire(
                volume.root,
                owner="dream review",
                run_id="operator-review",
                clock=SystemClock(),
                ttl=timedelta(minutes=30),
            )
            return
        except LeaseHeld:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def test_a_lease_taken_over_mid_call_abandons_the_call_and_commits_nothing_after(
    agents_root: Path, scripted_llm: ScriptedLLM
) -> None:
    # A lease that expires at once: another writer may take it over while the model thinks.
    volume = _agent(agents_root, lease_ttl_minutes=0.001)
    release_reply = threading.Event()
    seen: dict[str, Any] = {}

    def take_over_then_stall(body: dict[str, Any]) -> str:
        _take_over(volume)
        seen["files"] = _files(volume)
        # A slow model: the reply would come only after a minute, or when the test ends.
        release_reply.wait(60)
        seen["answered"] = True
        return MERGE

    scripted_llm.respond_with(take_over_then_stall)
    try:
        result = _cycle(agents_root, scripted_llm)
        # The run ended while the model was still thinking: the call was abandoned, not waited for.
        assert "answered" not in seen
    finally:
        release_reply.set()

    assert result.success
    assert len(scripted_llm.requests) == 1 and scripted_llm.verifications == []
    # No commit after the takeover: every file of the volume is as the new holder found it.
    assert _changed(seen["files"], _files(volume)) == set()
    lease = read_lease(volume.root)
    assert lease is not None and lease.run_id == "operator-review", "the new holder keeps it"
    reports = _reports(result)
    assert reports["consolidated_memory"]["cancelled"] == CANCELLED_LEASE
    for later in ("skill_catalog", "inferred_preferences", "wisp_insights"):
        assert reports[later]["skipped"] == CANCELLED_LEASE, later
    assert load_safety_report(volume.root, result.run_id) is None
    cycle = result.asset_materializations_for_node("cycle_report")[0].metadata
    assert CANCELLED_LEASE in cycle["report"].value
