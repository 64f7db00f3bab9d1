"""Seed 000, "Wisp failure analysis": patterns, annotations, promotion candidates."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from dream_assets.core.clock import FixedClock
from dream_assets.core.models import Skill
from dream_assets.core.options import DreamOptions
from dream_assets.core.safety.bounds import RunBounds
from dream_assets.core.store.ledger import PassLedger
from dream_assets.core.store.volume import AgentVolume
from dream_assets.core.telemetry.windows import build_windows
from dream_assets.core.telemetry.wisp_patterns import (
    ANNOTATION_HEADING,
    analyze_wisps,
    annotate_content,
    classify_error,
)
from dream_assets.llm import ChatModel, LLMSettings
from dream_assets.passes.call import PassCall
from dream_assets.passes.wisp_insights import PASS, run_wisp_insights
from dream_assets_tests.builders import NOW, make_volume, write_jsonl
from dream_assets_tests.scripted_llm import ScriptedLLM

OPTIONS = DreamOptions()


def run(
    description: str,
    ok: bool,
    *,
    step: str | None = None,
    error: str | None = None,
    skill: str | None = "weather/fetch",
    days_ago: float = 1,
) -> dict[str, Any]:
    return {
        "ts": (NOW - timedelta(days=days_ago)).isoformat(),
        "session_id": "s1",
        "description": description,
        "ok": ok,
        "failed_step": step,
        "error": error,
        "skill": skill,
    }


def timeouts(n: int, description: str = "Fetch the Oslo forecast") -> list[dict[str, Any]]:
    return [run(description, False, step="fetch", error="read timed out") for _ in range(n)]


def chat_model(server: ScriptedLLM) -> ChatModel:
    return ChatModel(LLMSettings(base_url=server.base_url, model="scripted", api_key="x"))


def agent(tmp_path: Path, records: list[dict[str, Any]]) -> AgentVolume:
    volume = make_volume(tmp_path / "agent")
    volume.save_skill(
        Skill("weather/fetch", "Fetch weather", "# Fetch weather\n\n1. Call the API.\n")
    )
    write_jsonl(volume.single_log("wisp-executions"), records)
    build_windows(volume, OPTIONS, NOW)
    return volume


def skill_text(volume: AgentVolume) -> str:
    return volume.skill_path("weather/fetch").read_text()


# ---------------------------------------------------------------------------------------------
# Patterns (core)


@pytest.mark.parametrize(
    ("error", "label"),
    [
        ("HTTP 429 Too Many Requests", "rate-limit"),
        ("read timed out after 30s", "timeout"),
        ("401 Unauthorized", "auth"),
        ("404 Not Found: /v1/forecast", "not-found"),
        ("unknown tool 'weather_v2'", "unknown-tool"),
        ("missing parameter 'city' in step fetch", "invalid-definition"),
        ("could not parse JSON output", "malformed-output"),
        ("KeyError: 'total'", "missing-data"),
        ("geocoder returned no match", "not-found"),
        ("connection refused", "network"),
        ("something odd", "other"),
    ],
)
def test_failure_is_classified_from_its_error_text(error: str, label: str) -> None:
    assert classify_error(error) == label


def test_three_failures_of_one_description_are_a_pattern() -> None:
    assert analyze_wisps(timeouts(2)).failure_patterns == ()
    (pattern,) = analyze_wisps(timeouts(3)).failure_patterns
    assert (pattern.failures, pattern.classification) == (3, "timeout")
    assert pattern.steps == (("fetch", 3),)
    assert pattern.skills == ("weather/fetch",)


def test_runs_are_grouped_by_description_ignoring_case_and_spacing() -> None:
    records = timeouts(2) + timeouts(1, "fetch  the OSLO forecast")
    analysis = analyze_wisps(records)
    assert analysis.descriptions == 1
    assert len(analysis.failure_patterns) == 1


def test_promotion_needs_five_runs_and_more_than_eighty_percent_success() -> None:
    four_of_five = [run("Daily digest", True) for _ in range(4)] + [run("Daily digest", False)]
    assert analyze_wisps(four_of_five).promotion_candidates == ()
    five_of_five = [run("Daily digest", True) for _ in range(5)]
    (candidate,) = analyze_wisps(five_of_five).promotion_candidates
    assert candidate.success_rate == 1.0
    assert analyze_wisps([run("Daily digest", True) for _ in range(4)]).promotion_candidates == ()


def test_annotation_joins_an_existing_known_failures_section() -> None:
    (first, second) = analyze_wisps(
        timeouts(3) + [run("Send digest", False, error="401") for _ in range(3)]
    ).failure_patterns
    once = annotate_content("# Skill\n\nSteps.\n\n## Notes\nkeep\n", first)
    assert once is not None
    twice = annotate_content(once, second)
    assert twice is not None
    assert twice.count(ANNOTATION_HEADING) == 1
    section = twice.split(ANNOTATION_HEADING)[1]
    assert section.count("\n- <!-- wisp-pattern:") == 2
    assert annotate_content(twice, first) is None


# ---------------------------------------------------------------------------------------------
# The pass


def test_failure_pattern_is_appended_to_the_skill_that_produced_it(tmp_path: Path) -> None:
    volume = agent(tmp_path, [*timeouts(3), run("Fetch the Oslo forecast", True)])
    report = run_wisp_insights(PassCall(volume, OPTIONS, NOW, None, run_id="r1"))
    text = skill_text(volume)
    assert ANNOTATION_HEADING in text
    assert '"Fetch the Oslo forecast": 3 of 4 runs failed (timeout) at fetch ×3.' in text
    assert 'Last error: "read timed out".' in text
    assert report.counts["annotated"] == 1
    assert PassLedger.load(volume.ledger_path).last(PASS) is not None


def test_the_same_pattern_is_not_appended_twice(tmp_path: Path) -> None:
    volume = agent(tmp_path, timeouts(4))
    run_wisp_insights(PassCall(volume, OPTIONS, NOW, None, run_id="r1"))
    once = skill_text(volume)
    report = run_wisp_insights(
        PassCall(volume, OPTIONS, NOW + timedelta(hours=4), None, run_id="r2")
    )
    assert skill_text(volume) == once
    assert report.counts["annotated"] == 0
    assert report.counts["already_annotated"] == 1


def test_consistent_success_is_reported_as_a_promotion_candidate(tmp_path: Path) -> None:
    volume = agent(tmp_path, [run("Daily digest", True) for _ in range(6)])
    report = run_wisp_insights(PassCall(volume, OPTIONS, NOW, None, run_id="r1"))
    assert report.counts["promotion_candidates"] == 1
    assert ("promotion-candidate", "Daily digest", "6/6 runs ok (100%)") in [
        (d.action, d.target, d.detail) for d in report.decisions
    ]
    assert ANNOTATION_HEADING not in skill_text(volume)


def test_runs_older_than_the_window_are_not_analyzed(tmp_path: Path) -> None:
    old = [run("Fetch the Oslo forecast", False, error="timeout", days_ago=15) for _ in range(3)]
    volume = agent(tmp_path, old)
    report = run_wisp_insights(PassCall(volume, OPTIONS, NOW, None, run_id="r1"))
    assert report.skipped == "no wisp executions in the window"


def test_model_words_the_corrected_pattern(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    volume = agent(tmp_path, timeouts(3))
    note = "Set a 10 s timeout on fetch and retry twice."
    scripted_llm.reply(json.dumps({"annotations": [{"skill": "weather/fetch", "note": note}]}))
    report = run_wisp_insights(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert note in skill_text(volume)
    (prompt,) = scripted_llm.prompts()
    assert '] skill(s)=weather/fetch "Fetch the Oslo forecast" — 3/3 runs failed' in prompt
    assert report.model_calls == 1


def test_no_model_call_once_every_pattern_is_annotated(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = agent(tmp_path, timeouts(3))
    run_wisp_insights(PassCall(volume, OPTIONS, NOW, None, run_id="r1"))
    run_wisp_insights(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r2"))
    assert scripted_llm.requests == []


def test_model_note_for_a_traversal_name_is_refused(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = agent(tmp_path, timeouts(3))
    scripted_llm.reply(json.dumps({"annotations": [{"skill": "../../etc", "note": "pwned"}]}))
    report = run_wisp_insights(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert [r.action for r in report.refusals] == ["unsafe-name"]
    assert "pwned" not in skill_text(volume)
    assert not (tmp_path / "etc").exists()


def test_malformed_model_reply_changes_nothing_and_is_not_stamped(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = agent(tmp_path, timeouts(3))
    before = skill_text(volume)
    scripted_llm.reply('{"annotations": [{"skill": "weather/fetch", ')
    report = run_wisp_insights(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert report.counts["failures"] == 1
    assert skill_text(volume) == before
    assert PassLedger.load(volume.ledger_path).last(PASS) is None


def test_disabled_analysis_is_skipped(tmp_path: Path) -> None:
    volume = agent(tmp_path, timeouts(3))
    options = DreamOptions(wisp_failure_analysis_enabled=False)
    report = run_wisp_insights(PassCall(volume, options, NOW, None, run_id="r1"))
    assert report.skipped is not None
    assert ANNOTATION_HEADING not in skill_text(volume)


def test_volume_directive_replaces_the_builtin(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    volume = agent(tmp_path, timeouts(3))
    (volume.root / "wisp-failure-dream.md").write_text("Suggest retries only.")
    scripted_llm.reply(json.dumps({"annotations": [], "promotions": []}))
    run_wisp_insights(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    assert scripted_llm.requests[0]["messages"][0]["content"] == "Suggest retries only."


def test_annotations_count_against_the_run_cap_and_the_rest_waits(tmp_path: Path) -> None:
    """Issue 25, item 2: each wisp annotation is a change of the run's bounds."""
    volume = agent(
        tmp_path,
        [*timeouts(3), *timeouts(3, "Fetch the Bergen forecast")],
    )
    clock = FixedClock(NOW)

    first = run_wisp_insights(
        PassCall(volume, OPTIONS, NOW, None, run_id="r1", bounds=RunBounds(clock=clock, run_cap=1))
    )

    assert first.counts["annotated"] == 1 and first.counts["waiting_next_cycle"] == 1
    assert "per-run cap of 1 changes reached" in (first.skipped or "")
    assert PassLedger.load(volume.ledger_path).last(PASS) is None, "not stamped: work waits"
    second = run_wisp_insights(
        PassCall(volume, OPTIONS, NOW, None, run_id="r2", bounds=RunBounds(clock=clock, run_cap=1))
    )
    assert second.counts["annotated"] == 1 and "waiting_next_cycle" not in second.counts
    assert skill_text(volume).count("Fetch the") == 2
    assert PassLedger.load(volume.ledger_path).last(PASS) is not None
