"""Seed 003: "Durable preferences do not expire." A correction replaces an older preference with
provenance; a single irritated remark is tentative; "Dreaming never chooses or replaces preferred
names, which require a live, explicit answer." """

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from dream_assets.core.llm_reply import MemoryReply, SaveItem
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.atomic import append_line
from dream_assets.core.store.volume import AgentVolume
from dream_assets.llm import ChatModel, LLMSettings
from dream_assets.passes.archive_purge import run_archive_purge
from dream_assets.passes.call import PassCall
from dream_assets.passes.importance_decay import run_importance_decay
from dream_assets.passes.memory_consolidation.apply import apply_reply
from dream_assets.passes.memory_consolidation.run import run_memory_consolidation
from dream_assets.passes.preference_inference.run import CATEGORY, run_preference_inference
from dream_assets_tests.builders import EARLIER_TURN, NOW, entry, make_volume
from dream_assets_tests.core.safety.test_audiences import _run
from dream_assets_tests.scripted_llm import ScriptedLLM

STATED = entry(
    "pref-stated",
    "User preference (stated explicitly): never schedule calls before 10am.",
    category="user-preferences/stated",
    importance=0.7,
    age_days=0,
)


def _say(volume: AgentVolume, session: str, text: str) -> None:
    line = {"session_id": session, "role": "user", "content": text, "ts": EARLIER_TURN}
    append_line(volume.conversation_log, json.dumps(line))


def _model(server: ScriptedLLM) -> ChatModel:
    return ChatModel(LLMSettings(base_url=server.base_url, model="scripted", api_key="x"))


def test_stated_preference_survives_200_days_of_cycles_at_its_importance(tmp_path: Path) -> None:
    ordinary = entry("m-1", "The office plant is a fern.", importance=0.7, age_days=0)
    volume = make_volume(tmp_path / "agent", [STATED, ordinary])
    options = DreamOptions()
    for day in range(1, 201):
        now = NOW + timedelta(days=day)
        run_importance_decay(volume, options, now)
        run_archive_purge(volume, options, now)
        run_memory_consolidation(PassCall(volume, options, now, model=None), clusters=[])
    kept = volume.get("pref-stated")
    assert kept is not None and kept.archived_at is None
    assert kept.importance == 0.7
    assert volume.get("m-1").importance < 0.2  # type: ignore[union-attr]  # decay did run


def test_preference_is_never_archived_as_ephemeral(tmp_path: Path) -> None:
    cycle = _run(tmp_path, [STATED, entry("m-1", "Noise.")], DreamOptions())
    shown = {e.id: e for e in cycle.volume.scan_entries().live}
    assert apply_reply(cycle, shown, MemoryReply(to_delete=("pref-stated",), to_save=()))
    assert cycle.volume.get("pref-stated").archived_at is None  # type: ignore[union-attr]
    assert [r.action for r in cycle.report.refusals] == ["durable preference"]


def test_superseded_preference_is_never_purged(tmp_path: Path) -> None:
    old = entry(
        "pref-old",
        "User prefers long answers.",
        category=CATEGORY,
        archived_days=400,
        reason="superseded",
    )
    volume = make_volume(tmp_path / "agent", [old])
    run_archive_purge(volume, DreamOptions(), NOW)
    assert volume.get("pref-old") is not None


def test_correction_supersedes_with_provenance(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    old = entry("pref-old", "User prefers long, detailed answers.", category=CATEGORY)
    volume = make_volume(tmp_path / "agent", [old])
    _say(volume, "s1", "Actually, I prefer short answers now, not long ones.")
    save = {
        "content": "User prefers short answers.",
        "category": CATEGORY,
        "sourceIds": ["pref-old"],
    }
    scripted_llm.reply(json.dumps({"toSave": [save], "toDelete": []}))

    report = run_preference_inference(PassCall(volume, DreamOptions(), NOW, _model(scripted_llm)))

    archived = volume.get("pref-old")
    assert archived is not None and archived.archive_reason == "superseded"
    new_id = archived.metadata["superseded_by"]
    new = volume.get(new_id)
    assert new is not None and new.archived_at is None
    assert new.metadata["supersedes"] == "pref-old"
    assert "tentative" not in new.metadata
    assert report.counts["superseded"] == 1


def test_single_irritated_remark_is_tentative(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "agent")
    _say(volume, "s1", "I TOLD YOU, never use emojis!")
    run_preference_inference(PassCall(volume, DreamOptions(), NOW, None))
    prefs = [e for e in volume.scan_entries().live if e.category == CATEGORY]
    assert prefs and all(p.metadata.get("tentative") == "true" for p in prefs)


def test_preferred_name_in_a_reply_is_refused(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    volume = make_volume(tmp_path / "agent")
    _say(volume, "s1", "ugh, whatever, Robert is fine I guess")
    save = {"content": "User prefers to be called Bob.", "category": CATEGORY}
    scripted_llm.reply(json.dumps({"toSave": [save], "toDelete": []}))

    report = run_preference_inference(PassCall(volume, DreamOptions(), NOW, _model(scripted_llm)))

    assert not [e for e in volume.scan_entries().live if e.category == CATEGORY]
    assert [r.action for r in report.refusals] == ["preferred name"]


def test_merge_never_writes_or_replaces_a_preferred_name(tmp_path: Path) -> None:
    name = entry("n-1", "The user's preferred name is Sam.", category="people/user")
    other = entry("n-2", "The user's preferred name is Sam, not Samuel.", category="people/user")
    cycle = _run(tmp_path, [name, other], DreamOptions())
    item = SaveItem("Call the user Sammy.", "people/user", (), ("n-1", "n-2"))
    assert apply_reply(
        cycle, {"n-1": name, "n-2": other}, MemoryReply(to_delete=(), to_save=(item,))
    )
    assert {e.id for e in cycle.volume.scan_entries().live} == {"n-1", "n-2"}
    assert [r.action for r in cycle.report.refusals] == ["preferred name"]
    assert isinstance(cycle.report, PassReport)
