"""Issue 25, item 1: the conversation log never grows without bound (seed 000, Pass 5).

A cycle whose blocking check fails upstream never reaches preference inference, the pass that
clears the log; Pass 0's line cap still bounds it (oldest turns dropped first, counted), and the
turns it kept are read — and cleared — by the next cycle. Real Dagster runs of the whole job.
"""

from __future__ import annotations

import json
import uuid
from datetime import timedelta
from pathlib import Path

import dagster as dg

from dream_assets.core.clock import format_time
from dream_assets.core.memory.archive_purge import tombstone_path
from dream_assets.core.store.atomic import append_line
from dream_assets.definitions import defs
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets.passes.preference_inference.run import CATEGORY
from dream_assets_tests.builders import NOW, make_volume

CAP = 6
OLD_TURNS = 30


def _turn(session: str, text: str, minutes_ago: int) -> str:
    when = format_time(NOW - timedelta(minutes=minutes_ago))
    return json.dumps({"session_id": session, "role": "user", "content": text, "ts": when})


def _pass_report(result: dg.ExecuteInProcessResult, asset: str) -> dict:
    (event,) = [
        e for e in result.get_asset_materialization_events() if e.asset_key == dg.AssetKey(asset)
    ]
    return event.step_materialization_data.materialization.metadata["report"].value


def test_a_failed_blocking_check_leaves_the_log_capped_and_its_turns_for_the_next_cycle(
    agents_root: Path,
) -> None:
    volume = make_volume(
        agents_root / "ada",
        **{"dream-options.json": json.dumps({"log_retention_max_lines_per_file": CAP})},
    )
    # Thirty old chatty turns, then the newest six: the same preference stated three times.
    for n in range(OLD_TURNS):
        append_line(volume.conversation_log, _turn(f"old-{n}", f"chat number {n}", 600 - n))
    for n in range(CAP):
        text = "Please stop using emojis!" if n % 2 == 0 else "ok"
        append_line(volume.conversation_log, _turn(f"new-{n}", text, 300 - n))
    newest = volume.conversation_log.read_text().splitlines()[-CAP:]

    # A purge of an entry above the high-value floor, recorded under this run's id: the blocking
    # check purged_archive/pruning_floor fails and stops everything downstream of the purge.
    failing_run = str(uuid.uuid4())
    stone = {"id": "m-9", "run_id": failing_run, "importance": 0.95, "reinforcement_count": 9}
    append_line(tombstone_path(volume.audit_dir), json.dumps(stone))
    resources = {
        "dream": DreamResource(agents_root=str(agents_root), now=NOW.isoformat()),
        "llm": LLMResource(),
    }
    job = defs.resolve_job_def("dream_cycle")
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ada"])
        failed = job.execute_in_process(
            partition_key="ada",
            instance=instance,
            run_id=failing_run,
            raise_on_error=False,
            resources=resources,
        )
        assert not failed.success
        materialized = {e.asset_key.path[-1] for e in failed.get_asset_materialization_events()}
        assert "retained_logs" in materialized and "inferred_preferences" not in materialized

        # Bounded whatever failed: the newest turns kept, the oldest counted as dropped.
        assert volume.conversation_log.read_text().splitlines() == newest
        retention = _pass_report(failed, "retained_logs")
        assert retention["counts"]["conversation_turns_dropped"] == OLD_TURNS

        # The next cycle reads the kept turns (the preference is learned) and clears them.
        tombstone_path(volume.audit_dir).unlink()
        second = job.execute_in_process(
            partition_key="ada", instance=instance, raise_on_error=False, resources=resources
        )
        assert second.success
        inferred = _pass_report(second, "inferred_preferences")

    assert inferred["counts"]["sessions"] == CAP
    preferences = [e for e in volume.scan_entries().live if e.category == CATEGORY]
    assert [p.reinforcement_count for p in preferences] == [3]
    assert "emojis" in preferences[0].content
    assert volume.conversation_log.read_text() == ""
