"""Nothing unreviewed from redacted text, and everything undoable: a skill the model wrote from
redacted input waits for review; `dream undo RUN` puts back a run's skills byte for byte and
removes the preferences it wrote."""

from __future__ import annotations

import json
from pathlib import Path

from dream_assets.core.options import DreamOptions
from dream_assets.core.safety.review_queue import ReviewQueue
from dream_assets.core.store.atomic import append_line
from dream_assets.core.store.volume import AgentVolume
from dream_assets.operations.review_decisions import approve
from dream_assets.operations.undo import undo_run
from dream_assets.passes.call import PassCall
from dream_assets.passes.preference_inference.run import CATEGORY, run_preference_inference
from dream_assets.passes.skill_catalog.run import run_skill_catalog
from dream_assets_tests.builders import EARLIER_TURN, NOW
from dream_assets_tests.passes.skill_catalog.test_skill_catalog import (
    LONG,
    chat_model,
    email_catalog,
    merge_reply,
    skill,
    volume_with,
)
from dream_assets_tests.scripted_llm import ScriptedLLM

SECRET = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


def _skill_files(volume: AgentVolume) -> dict[str, bytes]:
    return {
        str(p.relative_to(volume.skills_dir)): p.read_bytes()
        for p in sorted(volume.skills_dir.rglob("SKILL.md"))
    }


def test_redacted_skill_proposal_lands_in_review_skill_file_unchanged(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(
        tmp_path,
        skill("email/send", created_days=20),
        skill("email/compose", created_days=40),
        skill("calendar", LONG + f"Use the token {SECRET} to log in."),
    )
    before = _skill_files(volume)
    scripted_llm.reply(merge_reply())

    report = run_skill_catalog(
        PassCall(volume, DreamOptions(), NOW, chat_model(scripted_llm), run_id="r1")
    )

    assert SECRET not in json.dumps(scripted_llm.requests)
    assert _skill_files(volume) == before
    pending = ReviewQueue(volume.root).items("pending")
    assert [(i.kind, i.category) for i in pending] == [("skill", "email/write")]
    assert report.counts["pending_review"] == 1
    assert "[REDACTED" not in pending[0].content

    approve(volume, pending[0].id, NOW)
    assert "email/write" in {s.name for s in volume.scan_skills().skills}


def test_skill_with_a_redaction_marker_is_never_written(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    before = _skill_files(volume)
    body = json.loads(merge_reply().split("\n", 1)[1])
    body["toSave"][0]["content"] += " Log in with [REDACTED:github-token]."
    scripted_llm.reply(json.dumps(body))

    report = run_skill_catalog(
        PassCall(volume, DreamOptions(), NOW, chat_model(scripted_llm), run_id="r1")
    )

    assert _skill_files(volume) == before
    assert "redaction marker" in {r.action for r in report.refusals}


def test_undo_restores_rewritten_skills_byte_for_byte_and_removes_preferences(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = email_catalog(tmp_path)
    before = _skill_files(volume)
    scripted_llm.reply(merge_reply())
    run_skill_catalog(PassCall(volume, DreamOptions(), NOW, chat_model(scripted_llm), run_id="r1"))
    for session in ("s1", "s2", "s3"):
        line = {"session_id": session, "role": "user", "content": "I prefer short answers."}
        line["ts"] = EARLIER_TURN
        append_line(volume.conversation_log, json.dumps(line))
    run_preference_inference(PassCall(volume, DreamOptions(), NOW, None, run_id="r1"))
    assert _skill_files(volume) != before
    written = [e.id for e in volume.scan_entries().live if e.category == CATEGORY]
    assert written

    result = undo_run(volume, "r1", NOW)

    assert _skill_files(volume) == before
    assert not [e for e in volume.scan_entries().live if e.category == CATEGORY]
    assert set(written) <= set(result.archived)
    again = undo_run(volume, "r1", NOW)
    assert not again.changed


def test_preference_inferred_from_redacted_text_waits_for_review(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = volume_with(tmp_path)
    line = {"session_id": "s1", "role": "user", "content": f"Never paste {SECRET} in chat!"}
    line["ts"] = EARLIER_TURN
    append_line(volume.conversation_log, json.dumps(line))
    save = {"content": "User wants credentials kept out of chat.", "category": CATEGORY}
    scripted_llm.reply(json.dumps({"toSave": [save], "toDelete": []}))

    run_preference_inference(
        PassCall(volume, DreamOptions(), NOW, chat_model(scripted_llm), run_id="r1")
    )

    assert not [e for e in volume.scan_entries().live if e.category == CATEGORY]
    pending = ReviewQueue(volume.root).items("pending")
    assert [(i.kind, i.content) for i in pending] == [("preference", save["content"])]
    approve(volume, pending[0].id, NOW)
    assert [e.content for e in volume.scan_entries().live] == [save["content"]]
