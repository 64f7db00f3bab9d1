"""Seed promises of memory consolidation, through Dagster with the scripted model server
(issue 25): exact duplicates still merge when the model fails, recorded ``by: host`` (item 8);
shared memories wait for review (item 7); an entry cut to fit a prompt is named in the report
and never merged on that partial view (item 6)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import dagster as dg

from dream_assets.core.clock import format_time
from dream_assets.core.memory.merge import REVIEWED_HASH
from dream_assets.core.models import MemoryEntry
from dream_assets.core.safety.review_queue import ReviewQueue
from dream_assets.core.store.volume import AgentVolume
from dream_assets_tests.builders import NOW, entry, make_volume
from dream_assets_tests.cycles import cycle, pass_reports, scripted_model
from dream_assets_tests.scripted_llm import ScriptedLLM

CAROLINE = "Caroline moved to Berlin in March 2021 for her job at SAP."


def _cycle(root: Path, server: ScriptedLLM) -> dict[str, dict[str, Any]]:
    """One cycle of agent ``ada`` through Dagster; each pass's report by asset key."""
    with dg.instance_for_test() as instance:
        result = cycle(root, "ada", instance, scripted_model(server))
        assert result.success
    return pass_reports(result)


def _merged(volume: AgentVolume) -> list[MemoryEntry]:
    return [e for e in volume.scan_entries().live if e.metadata.get("merged_from")]


def test_a_failing_model_still_merges_exact_duplicates_by_host(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    root = tmp_path / "agents"
    volume = make_volume(
        root / "ada",
        [
            entry("m-1", CAROLINE),
            entry("m-2", CAROLINE),
            entry("m-3", "Tea is served at four in the Lisbon office."),
        ],
    )
    for _ in range(30):  # every chat request of the cycle fails, retries included
        scripted_llm.fail(500, "model overloaded")

    report = _cycle(root, scripted_llm)["consolidated_memory"]

    assert scripted_llm.requests, "the pass asked the model, which failed"
    assert any("model call failed" in f for f in report["failures"])
    merged = _merged(volume)
    assert [sorted(e.metadata["merged_from"]) for e in merged] == [["m-1", "m-2"]]
    assert volume.get("m-1").archive_reason == "merged"  # type: ignore[union-attr]
    assert volume.get("m-3").archived_at is None  # type: ignore[union-attr]
    changes = [d for d in report["decisions"] if d["action"] in ("merged", "archived (merged)")]
    assert len(changes) == 3 and all(d["detail"].startswith("by: host;") for d in changes)
    assert report["counts"]["host_fallback_batches"] == 1
    # Not stamped reviewed: the next cycle asks the model about the rest again.
    assert REVIEWED_HASH not in volume.get("m-3").metadata  # type: ignore[union-attr]


def test_every_merge_and_archive_decision_says_who_decided(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    root = tmp_path / "agents"
    make_volume(
        root / "ada",
        [entry("m-1", CAROLINE), entry("m-2", "In March 2021 Caroline moved to Berlin for SAP.")],
    )

    def answer(body: dict[str, Any]) -> str:
        if "[m-1]" in str(body["messages"][1]["content"]):
            save = {"content": CAROLINE, "category": "general", "sourceIds": ["m-1", "m-2"]}
            return json.dumps({"toDelete": [], "toSave": [save]})
        return json.dumps({"toDelete": [], "toSave": []})

    scripted_llm.respond_with(answer)

    report = _cycle(root, scripted_llm)["consolidated_memory"]

    changes = [d for d in report["decisions"] if d["action"] in ("merged", "archived (merged)")]
    assert len(changes) == 3 and all(d["detail"].startswith("by: model;") for d in changes)


def test_a_merge_of_group_audience_entries_waits_in_the_review_queue(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    root = tmp_path / "agents"
    group = {"audience": "group:coworkers"}
    volume = make_volume(
        root / "ada",
        [
            entry("g-1", "The team offsite is in Porto on 12 May.", metadata=group),
            entry("g-2", "The team offsite is in Porto on 12 May.", metadata=group),
            entry("g-3", "Standup moved to 9:30 on Mondays.", metadata=group),
        ],
    )

    def answer(body: dict[str, Any]) -> str:
        if "[g-1]" in str(body["messages"][1]["content"]):
            save = {
                "content": "The team offsite is in Porto on 12 May.",
                "category": "general",
                "sourceIds": ["g-1", "g-2"],
            }
            return json.dumps({"toDelete": ["g-3"], "toSave": [save]})
        return json.dumps({"toDelete": [], "toSave": []})

    scripted_llm.respond_with(answer)

    report = _cycle(root, scripted_llm)["consolidated_memory"]

    assert _merged(volume) == []
    assert all(volume.get(i).archived_at is None for i in ("g-1", "g-2", "g-3"))  # type: ignore[union-attr]
    pending = ReviewQueue(volume.root).items("pending")
    assert sorted((i.kind, tuple(sorted(i.source_ids))) for i in pending) == [
        ("archive", ("g-3",)),
        ("merge", ("g-1", "g-2")),
    ]
    assert all(i.reason == "shared memory (audience group:coworkers)" for i in pending)
    assert report["counts"]["pending_review"] == 2
    assert report["counts"]["merged"] == 0 and report["counts"]["ephemeral"] == 0


def test_the_pause_file_stops_consolidation_not_anti_pattern_mining(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    """Seed 000: "Only consolidation stops; mining, extraction and the retention sweeps keep
    running" (issue 25, item 10)."""
    from datetime import timedelta

    root = tmp_path / "agents"
    volume = make_volume(root / "ada", [entry("m-1", CAROLINE), entry("m-2", CAROLINE)])
    volume.pause_flag.parent.mkdir(parents=True, exist_ok=True)
    volume.pause_flag.write_text('{"reason": "entries vanished"}', encoding="utf-8")
    correction = {
        "ts": format_time(NOW - timedelta(hours=3)),
        "session_id": "s1",
        "kind": "Correction",
        "rating": "poor",
        "skills": ["weather/fetch"],
        "text": "Give temperatures in Celsius, not Fahrenheit.",
    }
    feedback = volume.root / "logs" / "feedback" / "s1.jsonl"
    feedback.parent.mkdir(parents=True, exist_ok=True)
    feedback.write_text(json.dumps(correction) + "\n", encoding="utf-8")

    report = _cycle(root, scripted_llm)["consolidated_memory"]

    assert report["skipped"] and "paused" in report["skipped"]
    assert scripted_llm.requests == [], "consolidation asked no model while paused"
    assert _merged(volume) == []
    mined = [e for e in volume.scan_entries().live if e.category.startswith("anti-patterns/")]
    assert [e.category for e in mined] == ["anti-patterns/weather"]
    assert "Celsius" in mined[0].content
    assert report["counts"]["anti_patterns"] == 1


def test_a_truncated_prompt_is_reported_and_nothing_is_merged_on_the_partial_view(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    """Seed 003: "An oversized single message fails visibly instead of silently truncating
    evidence" (issue 25, item 6)."""
    from datetime import timedelta

    from dream_assets.prompts import ENTRY_CHARS

    root = tmp_path / "agents"
    notes = "Project Atlas notes: " + " ".join(
        f"milestone {n} ships in week {n} with owner Dana{n}." for n in range(60)
    )
    assert len(notes) > ENTRY_CHARS
    volume = make_volume(
        root / "ada",
        [entry("m-1", notes), entry("m-2", notes), entry("m-3", "Tea is served at four.")],
    )
    said = format_time(NOW - timedelta(hours=2))
    turns = [
        {"session_id": "s7", "role": "user", "content": f"Question {n} about Atlas?", "ts": said}
        for n in range(43)
    ]
    volume.conversation_log.write_text("".join(json.dumps(t) + "\n" for t in turns))

    def answer(body: dict[str, Any]) -> str:
        if "[m-1]" in str(body["messages"][1]["content"]):
            save = {"content": notes, "category": "general", "sourceIds": ["m-1", "m-2"]}
            return json.dumps({"toDelete": ["m-1"], "toSave": [save]})
        return json.dumps({"toDelete": [], "toSave": []})

    scripted_llm.respond_with(answer)

    reports = _cycle(root, scripted_llm)

    consolidation = reports["consolidated_memory"]
    assert "truncated: 1 entry text of entry m-1" in consolidation["warnings"]
    assert "truncated: 1 entry text of entry m-2" in consolidation["warnings"]
    assert consolidation["counts"]["truncated_entry_texts"] == 2
    refused = [r for r in consolidation["refusals"] if r["action"] == "shown in part"]
    assert {r["target"] for r in refused} == {"m-1,m-2", "m-1"}
    assert _merged(volume) == []
    assert all(volume.get(i).archived_at is None for i in ("m-1", "m-2"))  # type: ignore[union-attr]
    # 43 turns, the prompt shows the last 40: the 3 left out are named.
    preferences = reports["inferred_preferences"]
    assert "truncated: 3 turns of session s7" in preferences["warnings"]
    assert preferences["counts"]["truncated_turns"] == 3
