"""The knowledge assets through the real Dagster machinery (no model configured)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import dagster as dg
import pytest

from dream_assets.defs.assets import housekeeping, knowledge
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets_tests.builders import (
    FORECAST_STEPS,
    NOW,
    make_volume,
    weather_skills_and_chat,
    write_jsonl,
)


def small_agent(agents_root: Path) -> Path:
    volume = make_volume(agents_root / "ada")
    weather_skills_and_chat(
        volume,
        NOW,
        steps=FORECAST_STEPS * 4,
        more_weather_skills=[("weather/alerts", "Weather alerts")],
        chat=[
            {"session_id": "s1", "role": "user", "content": "Never use emojis!!"},
            {"session_id": "s2", "role": "user", "content": "Weather forecast for Bergen"},
        ],
    )
    failure = {
        "session_id": "s1",
        "description": "Fetch the Oslo forecast",
        "ok": False,
        "failed_step": "fetch",
        "error": "read timed out",
        "skill": "weather/fetch",
    }
    write_jsonl(
        volume.single_log("wisp-executions"),
        [{**failure, "ts": (NOW - timedelta(hours=h)).isoformat()} for h in (1, 2, 3)],
    )
    return volume.root


def materialized(result: dg.ExecuteInProcessResult) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for event in result.get_asset_materialization_events():
        materialization = event.step_materialization_data.materialization
        found[materialization.asset_key.to_user_string()] = {
            key: value.value for key, value in materialization.metadata.items()
        }
    return found


@pytest.fixture
def outcome(
    agents_root: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[dg.ExecuteInProcessResult, Path]]:
    for name in ("DREAM_LLM_BASE_URL", "DREAM_LLM_MODEL", "DREAM_LLM_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    agent = small_agent(agents_root)
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ada"])
        result = dg.materialize(
            [
                housekeeping.retained_logs,
                housekeeping.telemetry_windows,
                *knowledge.ASSETS,
                *knowledge.CHECKS,
            ],
            instance=instance,
            partition_key="ada",
            resources={
                "dream": DreamResource(agents_root=str(agents_root), now=NOW.isoformat()),
                "llm": LLMResource(),
            },
        )
        yield result, agent


def test_knowledge_assets_materialize_and_their_checks_pass(
    outcome: tuple[dg.ExecuteInProcessResult, Path],
) -> None:
    result, agent = outcome
    assert result.success
    checks = {e.check_name: e.passed for e in result.get_asset_check_evaluations()}
    assert checks == {
        "no_deletion_without_replacement": True,
        "see_also_resolves": True,
        "see_also_standing": True,
        "sensitive_flagged": True,
    }
    meta = materialized(result)
    catalog = meta["skill_catalog"]
    assert catalog["recurring_topics"] == 2.0  # "weather", "forecast"
    assert catalog["consolidation_candidates"] == 2.0  # notes is sparse, weather/* has no guide
    assert catalog["optimization_candidates"] == 1.0
    assert catalog["model_calls"] == 0
    prefs = meta["inferred_preferences"]
    assert prefs["written"] == 1.0
    assert prefs["qualifying"] == 1.0
    wisp = meta["wisp_insights"]
    assert wisp["failure_patterns"] == 1.0
    assert wisp["annotated"] == 1.0
    assert "## Known wisp failures" in (agent / "skills/weather/fetch/SKILL.md").read_text()


def test_conversation_log_is_cleared_only_after_gap_detection_read_it(
    outcome: tuple[dg.ExecuteInProcessResult, Path],
) -> None:
    result, agent = outcome
    order = [
        e.asset_key.to_user_string()
        for e in result.get_asset_materialization_events()
        if e.asset_key is not None
    ]
    assert order.index("skill_catalog") < order.index("inferred_preferences")
    assert materialized(result)["skill_catalog"]["sessions"] == 2.0
    assert (agent / "conversation-log.jsonl").read_text() == ""


def test_the_clear_waits_for_every_reader_in_the_asset_graph() -> None:
    upstream = knowledge.inferred_preferences.asset_deps[knowledge.inferred_preferences.key]
    assert {
        knowledge.skill_catalog.key,
        dg.AssetKey("consolidated_memory"),
        dg.AssetKey("telemetry_windows"),
    } <= upstream
