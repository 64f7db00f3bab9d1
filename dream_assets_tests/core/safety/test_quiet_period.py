"""The conversation quiet period holds for every run (seed 003: "Manual runs obey the quiet
period"): a session whose last turn is younger than the quiet period is neither read nor cleared
by a scheduled run; after the quiet period it is."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import dagster as dg

from dream_assets.core.clock import format_time
from dream_assets.core.store.volume import AgentVolume
from dream_assets.definitions import defs
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets.passes.preference_inference.run import CATEGORY
from dream_assets_tests.builders import NOW, make_volume
from dream_assets_tests.scripted_llm import ScriptedLLM

ACTIVE = "s-active"
DONE = "s-done"


def _turn(session: str, content: str, minutes_ago: float) -> dict[str, Any]:
    ts = format_time(NOW - timedelta(minutes=minutes_ago))
    return {"session_id": session, "role": "user", "content": content, "ts": ts}


def _volume(root: Path) -> AgentVolume:
    volume = make_volume(root / "ada")
    lines = [
        _turn(DONE, "Never use emojis in replies!!", 300),
        _turn(DONE, "Weather forecast for Oslo", 290),
        _turn(ACTIVE, "Always answer in French!!", 12),
        _turn(ACTIVE, "Weather forecast for Bergen", 10),
    ]
    volume.conversation_log.write_text("".join(json.dumps(x) + "\n" for x in lines))
    return volume


def _scheduled_run(agents_root: Path, minutes_later: float) -> dict[str, dict[str, Any]]:
    now = NOW + timedelta(minutes=minutes_later)
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ada"])
        result = defs.resolve_job_def("dream_cycle").execute_in_process(
            partition_key="ada",
            instance=instance,
            tags={"dream/trigger": "scheduled"},
            resources={
                "dream": DreamResource(agents_root=str(agents_root), now=now.isoformat()),
                "llm": LLMResource(),
            },
        )
    assert result.success
    found = {}
    for event in result.get_asset_materialization_events():
        materialization = event.step_materialization_data.materialization
        found[materialization.asset_key.to_user_string()] = (
            materialization.metadata["report"].value if "report" in materialization.metadata else {}
        )
    return found


def _preferences(volume: AgentVolume) -> str:
    """The inferred preferences on disk (the report withholds private text)."""
    return " ".join(e.content for e in volume.scan_entries().live if e.category == CATEGORY).lower()


def _sessions(volume: AgentVolume) -> list[str]:
    return [
        json.loads(line)["session_id"] for line in volume.conversation_log.read_text().splitlines()
    ]


def test_a_session_still_in_its_quiet_period_is_neither_read_nor_cleared(
    agents_root: Path,
) -> None:
    volume = _volume(agents_root)

    reports = _scheduled_run(agents_root, minutes_later=0)

    preferences = reports["inferred_preferences"]
    assert preferences["counts"]["sessions_active"] == 1
    assert preferences["counts"]["sessions"] == 1, "only the quiet session was read"
    written = _preferences(volume)
    assert "emoji" in written and "french" not in written
    assert reports["skill_catalog"]["counts"]["sessions_active"] == 1
    assert _sessions(volume) == [ACTIVE, ACTIVE], "the active session's turns are kept"

    # After the quiet period (60 minutes after the last turn), the next run reads and clears it.
    later = _scheduled_run(agents_root, minutes_later=55)
    assert later["inferred_preferences"]["counts"]["sessions_active"] == 0
    assert later["inferred_preferences"]["counts"]["sessions"] == 1
    assert "french" in _preferences(volume)
    assert volume.conversation_log.read_text() == ""


def _run_at(agents_root: Path, now: datetime, server: ScriptedLLM) -> dict[str, dict[str, Any]]:
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ada"])
        result = defs.resolve_job_def("dream_cycle").execute_in_process(
            partition_key="ada",
            instance=instance,
            tags={"dream/trigger": "manual"},
            resources={
                "dream": DreamResource(agents_root=str(agents_root), now=now.isoformat()),
                "llm": LLMResource(base_url=server.base_url, model="scripted", api_key="x"),
            },
        )
    assert result.success
    return {
        e.step_materialization_data.materialization.asset_key.to_user_string(): (
            e.step_materialization_data.materialization.metadata["report"].value
        )
        for e in result.get_asset_materialization_events()
        if "report" in e.step_materialization_data.materialization.metadata
    }


def test_a_session_without_ts_or_with_a_future_ts_is_dated_by_receipt_not_cleared(
    agents_root: Path, scripted_llm: ScriptedLLM
) -> None:
    """Seed 003: "Receipt order, not a connector's historical timestamp, controls checkpoints"
    (issue 25, item 5): a session the agent's clock cannot date is judged by when its lines
    reached the log, so one that just arrived is neither read nor cleared."""
    volume = make_volume(agents_root / "ada")
    received = datetime.now(UTC)
    lines = [
        {"session_id": "s-no-ts", "role": "user", "content": "Always answer in French!!"},
        {"session_id": "s-no-ts", "role": "user", "content": "Weather forecast for Bergen"},
        {
            "session_id": "s-future",
            "role": "user",
            "content": "Never use emojis in replies!!",
            "ts": format_time(received + timedelta(days=3)),
        },
    ]
    volume.conversation_log.write_text("".join(json.dumps(x) + "\n" for x in lines))

    # A cycle moments after the lines arrived: both sessions may still be going on.
    scripted_llm.respond_with(lambda _body: json.dumps({"toSave": [], "toDelete": []}))
    first = _run_at(agents_root, received + timedelta(minutes=2), scripted_llm)
    assert first["inferred_preferences"]["counts"]["sessions_active"] == 2
    assert first["inferred_preferences"]["counts"]["sessions"] == 0
    assert first["skill_catalog"]["counts"]["sessions_active"] == 2
    assert _sessions(volume) == ["s-no-ts", "s-no-ts", "s-future"], "nothing read is cleared"
    assert not any(re.search("French|emojis", p) for p in scripted_llm.prompts()), "no call saw it"

    # Past the quiet period since the log last grew, the next cycle reads and clears them.
    later = _run_at(agents_root, received + timedelta(minutes=65), scripted_llm)
    assert later["inferred_preferences"]["counts"]["sessions_active"] == 0
    assert later["inferred_preferences"]["counts"]["sessions"] == 2
    prompts = scripted_llm.prompts()
    assert any("French" in p for p in prompts) and any("emojis" in p for p in prompts)
    assert volume.conversation_log.read_text() == ""


def test_a_session_judged_by_receipt_keeps_its_date_until_its_lines_change() -> None:
    from dream_assets.core.safety.quiet import quiet_conversation
    from dream_assets.core.store.jsonl import JsonlRead

    hour = timedelta(hours=1)
    turn = {"session_id": "s", "role": "user", "content": "hi"}
    first = quiet_conversation(JsonlRead([turn]), NOW, hour, log_written_at=NOW - 3 * hour)
    assert first.active == set(), "the log was last written three hours ago"
    assert first.receipts["s"].received_at == NOW - 3 * hour

    # Unchanged at the next look (the file rewritten since, by a clear): the recorded date holds.
    later = NOW + hour
    again = quiet_conversation(
        JsonlRead([turn]), later, hour, receipts=first.receipts, log_written_at=later
    )
    assert again.active == set() and again.receipts == first.receipts
    # A line more: it may have arrived at the last write, so the session is going on.
    grown = quiet_conversation(
        JsonlRead([turn, turn]), later, hour, receipts=first.receipts, log_written_at=later
    )
    assert grown.active == {"s"} and grown.records == []
    # A ts in the future dates nothing; a past ts does not hide a recent receipt either.
    future = {**turn, "ts": format_time(NOW + 24 * hour)}
    past = {**turn, "ts": format_time(NOW - 5 * hour)}
    mixed = quiet_conversation(JsonlRead([past, future]), NOW, hour, log_written_at=NOW)
    assert mixed.active == {"s"}
