"""A whole cycle through Dagster with a model: the real scripted OpenAI-compatible server on
loopback answers every pass; the run's safety report matches the server's log and the disk."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import dagster as dg

from dream_assets.core.safety.safety_report import load_safety_report
from dream_assets_tests.builders import entry, make_volume
from dream_assets_tests.cycles import cycle, scripted_model
from dream_assets_tests.scripted_llm import ScriptedLLM

SECRET = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


def _answer(body: dict[str, Any]) -> str:
    system = str(body["messages"][0]["content"])
    user = str(body["messages"][1]["content"])
    if "memory-consolidation" in system and "[m-1]" in user:
        save = {
            "content": "Caroline moved to Berlin in March 2021 for her job at SAP.",
            "category": "people/caroline",
            "tags": ["move"],
            "sourceIds": ["m-1", "m-2"],
        }
        return "<think>m-1 and m-2 say the same</think>" + json.dumps(
            {"toDelete": [], "toSave": [save]}
        )
    return json.dumps({"toDelete": [], "toSave": []})


def test_scripted_cycle_report_matches_the_server_and_the_disk(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    root = tmp_path / "agents"
    volume = make_volume(
        root / "ada",
        [
            entry("m-1", "Caroline moved to Berlin in March 2021 for her job at SAP."),
            entry("m-2", "In March 2021 Caroline moved to Berlin for her SAP job."),
            entry("m-3", f"The deploy bot token is {SECRET}."),
            entry("m-4", "Tea is served at four in the Lisbon office."),
        ],
        **{
            "conversation-log.jsonl": json.dumps(
                {"session_id": "s1", "role": "user", "content": "I prefer bullet points."}
            )
            + "\n"
        },
    )
    scripted_llm.respond_with(_answer)
    with dg.instance_for_test() as instance:
        result = cycle(root, "ada", instance, scripted_model(scripted_llm))
        assert result.success
        assert all(e.passed for e in result.get_asset_check_evaluations())

    assert scripted_llm.requests, "the passes asked the model"
    assert scripted_llm.verifications, "the model merge was verified"
    served = scripted_llm.requests + scripted_llm.verifications
    assert SECRET not in json.dumps(served)
    report = load_safety_report(volume.root, result.run_id)
    assert report is not None
    assert report["model"]["calls"] == len(served)
    served_prompt = sum(len(str(m["content"]).split()) for r in served for m in r["messages"])
    assert report["model"]["prompt_tokens"] == served_prompt
    assert report["redactions"].get("github-token", 0) >= 1
    assert report["outcomes"]["merged"] == 1
    live = {e.id: e for e in volume.scan_entries().live}
    merged = [e for e in live.values() if e.metadata.get("merged_from") == ["m-1", "m-2"]]
    assert len(merged) == 1 and "m-1" not in live and "m-2" not in live
    assert volume.get("m-1").archive_reason == "merged"  # type: ignore[union-attr]
    assert "m-3" in live  # the secret-bearing entry is untouched
