"""Seed 000, Passes 2–4: skill gap detection, consolidation and optimization.

The model is the real scripted OpenAI-compatible server on loopback.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from dream_assets.checks.skill_catalog import deletion_violations, see_also_violations
from dream_assets.core.models import Skill
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.skills.changes import changes_path
from dream_assets.core.store.ledger import PassLedger
from dream_assets.core.store.volume import AgentVolume
from dream_assets.core.telemetry.windows import build_windows
from dream_assets.llm import ChatModel, LLMSettings
from dream_assets.passes.call import PassCall
from dream_assets.passes.skill_catalog.consolidation import CONSOLIDATION
from dream_assets.passes.skill_catalog.gap import GAP
from dream_assets.passes.skill_catalog.optimization import OPTIMIZATION
from dream_assets.passes.skill_catalog.run import run_skill_catalog
from dream_assets.prompts.skills import REVIEW_NOTE
from dream_assets_tests.builders import EARLIER_TURN, NOW, make_volume, write_jsonl
from dream_assets_tests.scripted_llm import ScriptedLLM, busy_model, over_budget_model

OPTIONS = DreamOptions()
LONG = "Steps: open the tool, run the query, check the output, report back. " * 4


def chat_model(server: ScriptedLLM) -> ChatModel:
    return ChatModel(LLMSettings(base_url=server.base_url, model="scripted", api_key="x"))


def skill(
    name: str,
    content: str = LONG,
    *,
    created_days: float = 1,
    used_days: float | None = None,
    see_also: tuple[str, ...] = (),
) -> Skill:
    return Skill(
        name=name,
        summary=f"how to {name}",
        content=content,
        created_at=NOW - timedelta(days=created_days),
        last_used_at=NOW - timedelta(days=used_days) if used_days is not None else None,
        see_also=see_also,
    )


def volume_with(tmp_path: Path, *skills: Skill) -> AgentVolume:
    volume = make_volume(tmp_path / "agent")
    for item in skills:
        volume.save_skill(item)
    return volume


def converse(volume: AgentVolume, *first_messages: str) -> None:
    records = []
    for index, text in enumerate(first_messages):
        said = {"session_id": f"s{index}", "ts": EARLIER_TURN}
        records.append({**said, "role": "user", "content": text})
        records.append({**said, "role": "assistant", "content": "Done."})
    write_jsonl(volume.conversation_log, records)


def live_names(volume: AgentVolume) -> set[str]:
    return {s.name for s in volume.scan_skills().skills}


def stamped(volume: AgentVolume, pass_name: str) -> bool:
    return PassLedger.load(volume.ledger_path).last(pass_name) is not None


def reply(obj: dict[str, Any]) -> str:
    return "<think>plan</think>\n" + json.dumps(obj)


# ---------------------------------------------------------------------------------------------
# Gap detection


def test_gap_detection_without_model_reports_recurring_topics_and_creates_nothing(
    tmp_path: Path,
) -> None:
    volume = volume_with(tmp_path)
    converse(volume, "Summarize my emails", "Summarize the email from Bob", "Weather in Oslo?")
    options = replace(OPTIONS, log_memory_text=True)  # the operator's opt-in: words quoted
    report = run_skill_catalog(PassCall(volume, options, NOW, None, run_id="r1"))
    assert report.counts["recurring_topics"] == 2
    topics = {d.target: d.detail for d in report.decisions if d.action == "recurring-topic"}
    assert topics == {"email": "2 session(s)", "summarize": "2 session(s)"}
    assert live_names(volume) == set()
    assert not stamped(volume, GAP)


def test_recurring_topics_of_private_conversations_are_not_quoted(tmp_path: Path) -> None:
    # The owner's conversations are private: a topic is one of their words (a fuzzing pass found
    # "chemotherapy", "oncologist" in the CLI's line, the report and Dagster's storage).
    volume = volume_with(tmp_path)
    converse(volume, "My chemotherapy session went badly", "The chemotherapy made me tired")
    report = run_skill_catalog(PassCall(volume, OPTIONS, NOW, None, run_id="r1"))
    assert report.counts["recurring_topics"] >= 1
    topics = [d for d in report.decisions if d.action == "recurring-topic"]
    assert topics and all("text withheld" in d.target for d in topics)
    assert "chemotherapy" not in json.dumps([d.__dict__ for d in report.decisions], default=str)
    assert "chemotherapy" not in report.highlights
    assert "words withheld" in report.highlights


def test_gap_detection_creates_a_new_skill_from_a_good_reply(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(tmp_path, skill("weather"))
    converse(volume, "Summarize my emails", "Summarize the email from Bob")
    new = {"name": "summarize-emails", "summary": "Digest an inbox", "content": "1. Read. 2. Sum."}
    scripted_llm.reply(reply({"toSave": [new]}))
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert report.counts["skills_created"] == 1
    created = {s.name: s for s in volume.scan_skills().skills}["summarize-emails"]
    assert created.content.strip() == "1. Read. 2. Sum."
    assert created.created_at == NOW
    prompt = scripted_llm.prompts()[0]
    assert 'Recurring topics across sessions (term frequency ≥ 2 sessions):\n- "email": 2' in prompt
    assert "- weather: how to weather" in prompt
    assert stamped(volume, GAP)


def test_gap_detection_asks_nothing_with_a_single_session(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(tmp_path)
    converse(volume, "Summarize my emails")
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    assert scripted_llm.requests == []


def test_gap_detection_refuses_a_traversal_name(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    volume = volume_with(tmp_path)
    converse(volume, "Summarize my emails", "Summarize the email")
    evil = {"name": "../../escape", "summary": "x", "content": "pwned"}
    scripted_llm.reply(reply({"toSave": [evil]}))
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert [r.action for r in report.refusals] == ["unsafe-name"]
    assert "../../escape" in report.refusals[0].detail
    assert not (tmp_path / "escape").exists()
    assert live_names(volume) == set()


def test_gap_detection_never_overwrites_an_existing_skill(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(tmp_path, skill("summarize"))
    converse(volume, "Summarize my emails", "Summarize the email")
    scripted_llm.reply(reply({"toSave": [{"name": "summarize", "summary": "s", "content": "c"}]}))
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert [r.action for r in report.refusals] == ["exists"]
    assert volume.scan_skills().skills[0].content == LONG + "\n"


def test_gap_detection_malformed_reply_changes_nothing_and_is_not_stamped(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(tmp_path)
    converse(volume, "Summarize my emails", "Summarize the email")
    scripted_llm.reply('{"toSave": [{"name": "x", ')
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert report.counts["failures"] == 1
    assert live_names(volume) == set()
    assert not stamped(volume, GAP)


# ---------------------------------------------------------------------------------------------
# Consolidation


def merge_reply(**overrides: Any) -> str:
    body = {
        "toDelete": ["email/send", "email/compose"],
        "toSave": [
            {
                "name": "email/write",
                "summary": "Compose and send an email",
                "content": "Write it, then send it. " * 10,
                "sourceNames": ["email/send", "email/compose"],
                "seeAlso": ["calendar", "nonexistent"],
            }
        ],
    }
    body.update(overrides)
    return reply(body)


def email_catalog(tmp_path: Path) -> AgentVolume:
    return volume_with(
        tmp_path,
        skill("email/send", created_days=20, used_days=1),
        skill("email/compose", created_days=40, used_days=5),
        skill("calendar", see_also=("email/send",)),
    )


def test_consolidation_merges_and_archives_sources_restorably(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    scripted_llm.reply(merge_reply())
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert live_names(volume) == {"email/write", "calendar"}
    assert {s.name for s in volume.scan_archived_skills().skills} == {"email/send", "email/compose"}
    merged = {s.name: s for s in volume.scan_skills().skills}["email/write"]
    # Earliest created, latest last used (seed: metadata preservation).
    assert merged.created_at == NOW - timedelta(days=40)
    assert merged.last_used_at == NOW - timedelta(days=1)
    assert merged.see_also == ("calendar",)
    assert merged.extra["merged_from"] == ["email/compose", "email/send"]
    # The untouched skill that pointed at a retired name now points at its replacement.
    calendar = {s.name: s for s in volume.scan_skills().skills}["calendar"]
    assert calendar.see_also == ("email/write",)
    assert report.counts["skills_archived"] == 2
    assert deletion_violations(volume, "r1") == []
    assert see_also_violations(volume, "r1") == ([], [])
    assert stamped(volume, CONSOLIDATION)
    volume.restore_skill("email/send")
    assert "email/send" in live_names(volume)


def test_skill_merge_that_drops_a_negation_is_refused_and_sources_kept(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(
        tmp_path,
        skill("email/send", "Never send an email without the user's confirmation. " * 3),
        skill("email/compose", "Draft the email in the user's tone, then show the draft. " * 3),
    )
    before = {p: p.read_text() for p in volume.skills_dir.rglob("SKILL.md")}
    scripted_llm.reply(
        merge_reply(
            toSave=[
                {
                    "name": "email/write",
                    "summary": "Compose and send an email",
                    "content": "Draft the email in the user's tone, show the draft, then send "
                    "the email with the user's confirmation.",
                    "sourceNames": ["email/send", "email/compose"],
                }
            ]
        )
    )
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    [refusal] = [r for r in report.refusals if r.action == "coverage rejected"]
    assert refusal.target == "email/write" and "negation" in refusal.detail
    assert {p: p.read_text() for p in volume.skills_dir.rglob("SKILL.md")} == before
    assert not volume.skills_archive_dir.exists()


def test_deletions_without_replacements_skip_the_whole_consolidation(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    before = {p: p.read_text() for p in volume.skills_dir.rglob("SKILL.md")}
    scripted_llm.reply(reply({"toDelete": ["email/send", "calendar"], "toSave": []}))
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert [r.action for r in report.refusals] == ["directive-violation"]
    assert {p: p.read_text() for p in volume.skills_dir.rglob("SKILL.md")} == before
    assert not volume.skills_archive_dir.exists()
    assert not stamped(volume, CONSOLIDATION)


def test_deletion_not_named_by_any_replacement_is_refused(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    scripted_llm.reply(merge_reply(toDelete=["email/send", "email/compose", "calendar"]))
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert ("no-replacement", "calendar") in [(r.action, r.target) for r in report.refusals]
    assert "calendar" in live_names(volume)
    assert deletion_violations(volume, "r1") == []


def test_consolidation_refuses_traversal_names_and_keeps_their_sources(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    evil = {
        "name": "../outside",
        "summary": "x",
        "content": "y",
        "sourceNames": ["email/send"],
    }
    scripted_llm.reply(reply({"toDelete": ["email/send", "/etc/passwd"], "toSave": [evil]}))
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert "unsafe-name" in [r.action for r in report.refusals]
    assert report.counts["refused"] == 3
    assert live_names(volume) == {"email/send", "email/compose", "calendar"}
    assert not (volume.root.parent / "outside").exists()


def test_consolidation_malformed_reply_changes_nothing_and_is_not_stamped(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    scripted_llm.reply("Sure! Here is my answer: {toDelete: [email/send]}")
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert report.counts["failures"] == 1
    assert live_names(volume) == {"email/send", "email/compose", "calendar"}
    assert not stamped(volume, CONSOLIDATION)


def _run_again(
    volume: AgentVolume, scripted_llm: ScriptedLLM, later: timedelta, run_id: str
) -> PassReport:
    """The pass once more, ``later`` than the first run at NOW."""
    return run_skill_catalog(
        PassCall(volume, OPTIONS, NOW + later, chat_model(scripted_llm), run_id=run_id)
    )


def test_unchanged_catalog_is_not_sent_again(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    volume = email_catalog(tmp_path)
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    assert len(scripted_llm.requests) == 1
    report = _run_again(volume, scripted_llm, timedelta(hours=4), "r2")
    assert len(scripted_llm.requests) == 1
    assert report.counts["consolidation_gated"] == 1


def test_usage_drift_does_not_reopen_the_gate(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    volume = email_catalog(tmp_path)
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    usage = [{"ts": NOW.isoformat(), "session_id": "s1", "skill": "calendar"}] * 3
    write_jsonl(volume.session_log_dir("skill-usage") / "s1.jsonl", usage)
    build_windows(volume, OPTIONS, NOW + timedelta(hours=1))
    _run_again(volume, scripted_llm, timedelta(hours=4), "r2")
    assert len(scripted_llm.requests) == 1


def test_a_changed_skill_reopens_the_gate(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    volume = email_catalog(tmp_path)
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    volume.save_skill(skill("calendar", LONG + " Also invite the team."))
    _run_again(volume, scripted_llm, timedelta(hours=4), "r2")
    assert len(scripted_llm.requests) == 2


def test_max_skip_floor_forces_a_run_after_seven_days(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    _run_again(volume, scripted_llm, timedelta(days=6, hours=23), "r2")
    assert len(scripted_llm.requests) == 1
    _run_again(volume, scripted_llm, timedelta(days=7), "r3")
    assert len(scripted_llm.requests) == 2


def test_consolidation_prompt_carries_usage_sparse_pairs_and_prefix_clusters(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(
        tmp_path,
        skill("mcp/email"),
        skill("mcp/calendar"),
        skill("notes", "Write it down.", created_days=10),
    )
    usage = [
        {"ts": NOW.isoformat(), "session_id": "s1", "skill": "mcp/email"},
        {"ts": NOW.isoformat(), "session_id": "s1", "skill": "mcp/calendar"},
    ]
    write_jsonl(volume.session_log_dir("skill-usage") / "s1.jsonl", usage)
    build_windows(volume, OPTIONS, NOW)
    scripted_llm.reply(reply({"toDelete": [], "toSave": []}))
    scripted_llm.reply(reply({"toDelete": [], "toSave": []}))
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    prompt = scripted_llm.prompts()[0]
    assert "### notes (used 0× in the last 30 days) [sparse-content]" in prompt
    assert "### mcp/email (used 1× in the last 30 days)\n" in prompt
    assert "- mcp/calendar + mcp/email: 1 session(s)" in prompt
    assert "- mcp/*: mcp/calendar, mcp/email" in prompt


def test_consolidation_without_model_reports_candidates_and_rewrites_nothing(
    tmp_path: Path,
) -> None:
    volume = volume_with(
        tmp_path, skill("mcp/email"), skill("mcp/calendar"), skill("notes", "Tiny.", created_days=9)
    )
    before = {p: p.read_text() for p in volume.skills_dir.rglob("SKILL.md")}
    report = run_skill_catalog(PassCall(volume, OPTIONS, NOW, None, run_id="r1"))
    rows = {(d.action, d.target) for d in report.decisions}
    assert ("sparse", "notes") in rows
    assert ("prefix-cluster", "mcp/*") in rows
    assert report.counts["consolidation_candidates"] == 2
    assert {p: p.read_text() for p in volume.skills_dir.rglob("SKILL.md")} == before
    assert not stamped(volume, CONSOLIDATION)


# ---------------------------------------------------------------------------------------------
# Optimization


def failing_session(volume: AgentVolume) -> None:
    usage = [{"ts": NOW.isoformat(), "session_id": "s7", "skill": "deploy"}]
    write_jsonl(volume.session_log_dir("skill-usage") / "s7.jsonl", usage)
    feedback = [
        {
            "ts": NOW.isoformat(),
            "session_id": "s7",
            "kind": "Correction",
            "text": "You forgot to run the migrations first.",
        },
        {"ts": NOW.isoformat(), "session_id": "s7", "kind": "SessionSummary", "rating": "good"},
    ]
    write_jsonl(volume.session_log_dir("feedback") / "s7.jsonl", feedback)
    build_windows(volume, OPTIONS, NOW)


def test_at_risk_skill_is_sent_with_its_failure_context_and_improved(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(tmp_path, skill("deploy", created_days=30, used_days=2))
    failing_session(volume)
    improved = {
        "name": "deploy",
        "summary": "Deploy safely",
        "content": "1. Run the migrations. 2. Deploy.",
    }
    scripted_llm.reply(reply({"toDelete": ["deploy"], "toSave": [improved]}))
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    prompt = scripted_llm.prompts()[0]
    assert "You forgot to run the migrations first." in prompt
    saved = volume.scan_skills().skills[0]
    assert saved.content.strip() == "1. Run the migrations. 2. Deploy."
    assert saved.created_at == NOW - timedelta(days=30)
    assert saved.last_used_at == NOW - timedelta(days=2)
    assert ("no-delete-in-optimization", "deploy") in [
        (r.action, r.target) for r in report.refusals
    ]
    assert stamped(volume, OPTIMIZATION)


def test_skill_rewritten_for_its_failures_is_not_sent_again(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(tmp_path, skill("deploy"))
    failing_session(volume)
    improved = {"name": "deploy", "summary": "Deploy safely", "content": LONG + " Migrate first."}
    scripted_llm.reply(reply({"toDelete": [], "toSave": [improved]}))
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    report = _run_again(volume, scripted_llm, timedelta(hours=4), "r2")
    assert len(scripted_llm.requests) == 1
    assert report.counts["optimization_candidates"] == 0


def test_sparse_skill_is_sent_with_the_seeds_review_note(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(tmp_path, skill("notes", "Write it down.", created_days=8))
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    (prompt,) = scripted_llm.prompts()
    assert (
        "### Review note: This skill has minimal content.\n"
        "Expand it with concrete steps, examples, and edge cases."
    ) in prompt
    assert REVIEW_NOTE in prompt


def test_optimization_only_rewrites_the_skills_it_was_shown(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(tmp_path, skill("notes", "Write it down.", created_days=8))
    other = {"name": "brand-new", "summary": "s", "content": "c"}
    scripted_llm.reply(reply({"toDelete": [], "toSave": [other]}))
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    assert ("not-a-candidate", "brand-new") in [(r.action, r.target) for r in report.refusals]
    assert live_names(volume) == {"notes"}


def test_optimization_is_skipped_without_at_risk_or_sparse_skills(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(tmp_path, skill("deploy"), skill("notes", "Short.", created_days=2))
    report = run_skill_catalog(
        PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1")
    )
    # The only call is consolidation's; a skill under a week old is not yet sparse.
    assert len(scripted_llm.requests) == 1
    assert ("skipped", OPTIMIZATION) in [(d.action, d.target) for d in report.decisions]


# ---------------------------------------------------------------------------------------------
# Busy model, change log, checks


def test_busy_model_skips_the_pass_without_failing(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    model = busy_model(scripted_llm, volume, max_wait_s=2)
    report = run_skill_catalog(PassCall(volume, OPTIONS, NOW, model, run_id="r1"))
    assert report.skipped is not None and "busy" in report.skipped
    assert report.failures == []
    assert scripted_llm.requests == []


def test_every_change_is_logged_with_the_run_and_skill_name(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    scripted_llm.reply(merge_reply())
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    lines = [json.loads(line) for line in changes_path(volume).read_text().splitlines()]
    assert {(r["action"], r["skill"]) for r in lines if r["run_id"] == "r1"} == {
        ("catalog-snapshot", "-"),
        ("saved", "email/write"),
        ("archived", "email/send"),
        ("archived", "email/compose"),
        ("see-also-redirected", "calendar"),
    }


def test_check_finds_a_skill_that_vanished_without_archive(tmp_path: Path) -> None:
    volume = email_catalog(tmp_path)
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, None, run_id="r1"))
    volume.skill_path("calendar").unlink()
    violations = deletion_violations(volume, "r1")
    assert any(v.startswith("calendar: gone from skills/") for v in violations)


def test_check_blames_dangling_see_also_only_on_skills_the_run_touched(tmp_path: Path) -> None:
    volume = volume_with(tmp_path, skill("calendar", see_also=("agent-typo",)))
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, None, run_id="r1"))
    assert see_also_violations(volume, "r1") == (
        [],
        ["calendar: see_also 'agent-typo' does not resolve"],
    )


def system_messages(server: ScriptedLLM) -> list[str]:
    return [body["messages"][0]["content"] for body in server.requests]


def test_volume_directive_replaces_the_builtin_and_reopens_the_gate(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    (volume.root / "skill-dream.md").write_text("Only add seeAlso links. Answer in JSON.")
    _run_again(volume, scripted_llm, timedelta(hours=4), "r2")
    first, second = system_messages(scripted_llm)
    assert "skill-consolidation step" in first
    assert second == "Only add seeAlso links. Answer in JSON."


def test_volume_gap_directive_replaces_the_builtin(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(tmp_path)
    (volume.root / "skill-gap.md").write_text("Create skills for travel requests only.")
    converse(volume, "Summarize my emails", "Summarize the email")
    run_skill_catalog(PassCall(volume, OPTIONS, NOW, chat_model(scripted_llm), run_id="r1"))
    assert system_messages(scripted_llm) == ["Create skills for travel requests only."]


def test_call_over_the_token_budget_is_skipped_not_failed(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    model = over_budget_model(scripted_llm, tmp_path / "usage.jsonl")
    report = run_skill_catalog(PassCall(volume, OPTIONS, NOW, model, run_id="r1"))
    assert scripted_llm.requests == []
    assert report.failures == []
    assert report.counts["over_budget"] == 1
    assert not stamped(volume, CONSOLIDATION)
