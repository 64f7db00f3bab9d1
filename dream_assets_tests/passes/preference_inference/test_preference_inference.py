"""Seed 000, Pass 5: preference inference, the permission flag, and clearing the log."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

from dream_assets.core.clock import FixedClock
from dream_assets.core.options import DreamOptions
from dream_assets.core.safety.bounds import RunBounds
from dream_assets.core.store.atomic import append_line
from dream_assets.core.store.ledger import PassLedger
from dream_assets.core.store.volume import AgentVolume
from dream_assets.llm import ChatModel, LLMSettings
from dream_assets.passes.call import PassCall
from dream_assets.passes.preference_inference.run import (
    CATEGORY,
    PASS,
    PERMISSION,
    preference_id,
    run_preference_inference,
    sensitive_flag_violations,
)
from dream_assets_tests.builders import EARLIER_TURN, NOW, entry, make_volume
from dream_assets_tests.scripted_llm import ScriptedLLM, busy_model, over_budget_model

OPTIONS = DreamOptions()


def chat_model(server: ScriptedLLM) -> ChatModel:
    return ChatModel(LLMSettings(base_url=server.base_url, model="scripted", api_key="x"))


def user_turns(volume: AgentVolume, *turns: tuple[str, str]) -> None:
    for session, text in turns:
        line = {"session_id": session, "role": "user", "content": text, "ts": EARLIER_TURN}
        append_line(volume.conversation_log, json.dumps(line))


def agent(tmp_path: Path) -> AgentVolume:
    volume = make_volume(tmp_path / "agent")
    user_turns(
        volume,
        ("s1", "Please stop using emojis!"),
        ("s2", "Stop adding emojis, please!"),
        ("s2", "I prefer short answers."),
    )
    return volume


def preferences(volume: AgentVolume) -> list[Any]:
    return [e for e in volume.scan_entries().live if e.category == CATEGORY]


def log_text(volume: AgentVolume) -> str:
    path = volume.conversation_log
    return path.read_text() if path.exists() else ""


def stamped(volume: AgentVolume) -> bool:
    return PassLedger.load(volume.ledger_path).last(PASS) is not None


def saves(*items: dict[str, Any]) -> str:
    return json.dumps({"toDelete": [], "toSave": list(items)})


def test_without_model_repeated_explicit_statements_become_preferences(tmp_path: Path) -> None:
    volume = agent(tmp_path)
    report = run_preference_inference(PassCall(volume, OPTIONS, NOW, None))
    (written,) = preferences(volume)
    # Two gentle pushbacks meet the mildly-frustrated threshold; one casual statement does not.
    assert "emojis" in written.content
    assert "inferred" in written.tags
    assert written.reinforcement_count == 2
    assert report.counts["candidates"] == 2
    assert report.counts["qualifying"] == 1
    assert log_text(volume) == ""
    assert stamped(volume)


def test_rerun_on_the_same_conversation_adds_no_duplicate(tmp_path: Path) -> None:
    volume = agent(tmp_path)
    original = log_text(volume)
    run_preference_inference(PassCall(volume, OPTIONS, NOW, None))
    volume.conversation_log.write_text(original)
    report = run_preference_inference(PassCall(volume, OPTIONS, NOW + timedelta(minutes=5), None))
    (kept,) = preferences(volume)
    assert kept.reinforcement_count == 2
    assert report.counts["written"] == 0
    assert ("unchanged", kept.id) in [(d.action, d.target) for d in report.decisions]


def test_restating_a_preference_later_reinforces_it(tmp_path: Path) -> None:
    volume = agent(tmp_path)
    run_preference_inference(PassCall(volume, OPTIONS, NOW, None))
    user_turns(volume, ("s3", "Please stop using emojis!"), ("s4", "Stop using emojis!"))
    later = NOW + timedelta(days=1)
    run_preference_inference(PassCall(volume, OPTIONS, later, None))
    (kept,) = preferences(volume)
    assert kept.reinforcement_count == 3
    assert kept.last_seen_at == later


def test_good_model_reply_writes_inferred_preferences(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = agent(tmp_path)
    volume.save(entry("pref-old", "User likes dark mode.", category=CATEGORY, tags=("inferred",)))
    scripted_llm.reply(
        "<think>two pushbacks on emojis</think>"
        + json.dumps(
            {
                "toDelete": ["pref-old"],
                "toSave": [
                    {
                        "content": "The user does not want emojis in replies.",
                        "category": "user-preferences/style",
                        "tags": ["style"],
                        "sourceIds": [],
                    }
                ],
            }
        )
    )
    report = run_preference_inference(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm)))
    prompt = scripted_llm.prompts()[0]
    assert "\n[pref-old] (user-preferences/inferred) User likes dark mode." in prompt
    assert "Please stop using emojis!" in prompt
    assert "strongest: mildly frustrated, threshold met" in prompt
    written = volume.get(preference_id("The user does not want emojis in replies."))
    assert written is not None
    assert written.category == CATEGORY
    assert written.tags == ("inferred", "style")
    assert written.metadata["model_category"] == "user-preferences/style"
    # Preference inference only adds: the old preference stays live.
    assert volume.get("pref-old") is not None and not volume.get("pref-old").archived
    assert ("no-delete", "pref-old") in [(r.action, r.target) for r in report.refusals]
    assert report.model_calls == 1
    assert stamped(volume)
    assert log_text(volume) == ""


def test_sensitive_preference_is_flagged_even_when_the_model_forgets(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = agent(tmp_path)
    scripted_llm.reply(
        saves({"content": "Never approve payments from the bank account without asking."})
    )
    run_preference_inference(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm)))
    (written,) = preferences(volume)
    assert written.metadata[PERMISSION] == "true"
    assert set(written.metadata["sensitive_terms"].split(",")) >= {"payments", "bank"}
    assert sensitive_flag_violations(volume) == ([], 1)


def test_sensitive_explicit_statement_is_flagged_without_model(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "agent")
    user_turns(volume, ("s1", "I TOLD YOU: never paste my passwords into chat."))
    run_preference_inference(PassCall(volume, OPTIONS, NOW, None))
    (written,) = preferences(volume)
    assert written.metadata[PERMISSION] == "true"


def test_check_finds_an_unflagged_sensitive_preference(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "agent")
    volume.save(entry("p1", "Use the corporate credit card.", category=CATEGORY))
    violations, checked = sensitive_flag_violations(volume)
    assert checked == 1
    assert violations[0].startswith("p1: touches payments")


def test_pass_restores_a_flag_a_merge_dropped(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "agent")
    volume.save(entry("p1", "Use the corporate credit card.", category=CATEGORY))
    report = run_preference_inference(PassCall(volume, OPTIONS, NOW, None))
    assert report.counts["reflagged"] == 1
    assert sensitive_flag_violations(volume) == ([], 1)


def test_log_is_cleared_after_a_failed_model_call(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = agent(tmp_path)
    scripted_llm.fail(500, "model crashed")
    report = run_preference_inference(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm)))
    assert "model crashed" in report.failures[0]
    assert preferences(volume) == []
    assert log_text(volume) == ""
    assert not stamped(volume)


def test_malformed_reply_writes_nothing_is_not_stamped_and_clears_the_log(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = agent(tmp_path)
    scripted_llm.reply('{"toSave": [{"content": "no emojis"')
    report = run_preference_inference(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm)))
    assert report.counts["failures"] == 1
    assert preferences(volume) == []
    assert not stamped(volume)
    assert log_text(volume) == ""


def test_turn_appended_while_the_model_thinks_survives_the_clear(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = agent(tmp_path)
    late = {"session_id": "s9", "role": "user", "content": "A turn that lands mid-cycle."}

    def answer_after_the_agent_writes(_request: dict[str, Any]) -> str:
        append_line(volume.conversation_log, json.dumps(late))
        return saves()

    scripted_llm.respond_with(answer_after_the_agent_writes)
    run_preference_inference(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm)))
    assert [json.loads(line) for line in log_text(volume).splitlines()] == [late]


def test_busy_model_keeps_the_log_for_the_next_cycle(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = agent(tmp_path)
    before = log_text(volume)
    model = busy_model(scripted_llm, volume, max_wait_s=1)
    report = run_preference_inference(PassCall(volume, OPTIONS, NOW, model))
    assert report.skipped is not None and "busy" in report.skipped
    assert report.failures == []
    assert log_text(volume) == before


def test_disabled_pass_still_clears_the_log(tmp_path: Path) -> None:
    volume = agent(tmp_path)
    options = DreamOptions(preference_inference_enabled=False)
    report = run_preference_inference(PassCall(volume, options, NOW, None))
    assert report.skipped is not None
    assert preferences(volume) == []
    assert log_text(volume) == ""


def test_empty_log_is_skipped_without_a_model_call(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = make_volume(tmp_path / "agent")
    report = run_preference_inference(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm)))
    assert report.skipped == "conversation log empty"
    assert scripted_llm.requests == []


def test_volume_directive_replaces_the_builtin(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    volume = agent(tmp_path)
    (volume.root / "pref-dream.md").write_text("Record formatting preferences only.")
    run_preference_inference(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm)))
    assert scripted_llm.requests[0]["messages"][0]["content"] == (
        "Record formatting preferences only."
    )


def test_over_budget_call_is_skipped_and_the_log_still_cleared(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = agent(tmp_path)
    model = over_budget_model(scripted_llm, tmp_path / "usage.jsonl")
    report = run_preference_inference(PassCall(volume, OPTIONS, NOW, model))
    assert scripted_llm.requests == []
    assert report.failures == []
    assert report.skipped is not None and "token budget" in report.skipped
    assert log_text(volume) == ""


def test_same_preference_in_different_words_across_three_sessions_is_one_entry(
    tmp_path: Path,
) -> None:
    volume = make_volume(tmp_path / "agent")
    user_turns(
        volume,
        ("s1", "I prefer short answers in every reply."),
        ("s2", "Remember, I prefer short answers."),
        ("s3", "As always I prefer short answers please."),
    )
    report = run_preference_inference(PassCall(volume, OPTIONS, NOW, None))
    (written,) = preferences(volume)
    assert "short answers" in written.content
    assert written.reinforcement_count == 3
    assert report.counts["candidates"] == 1 and report.counts["qualifying"] == 1


def test_preference_writes_count_against_the_run_cap_and_keep_the_log(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    """Issue 25, item 2: each preference written is a change of the run's bounds."""
    volume = agent(tmp_path)
    original = log_text(volume)
    scripted_llm.reply(
        saves(
            *(
                {"content": text, "category": CATEGORY, "tags": [], "sourceIds": []}
                for text in ("No emojis in replies.", "Short answers.", "Metric units.")
            )
        )
    )
    bounds = RunBounds(clock=FixedClock(NOW), run_cap=1)

    report = run_preference_inference(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r", bounds=bounds)
    )

    assert len(preferences(volume)) == 1 and report.counts["written"] == 1
    assert report.counts["waiting_next_cycle"] == 2
    assert "per-run cap of 1 changes reached" in (report.skipped or "")
    # What waits is inferred again next cycle: the log is kept and the pass not stamped.
    assert log_text(volume) == original
    assert not stamped(volume)
