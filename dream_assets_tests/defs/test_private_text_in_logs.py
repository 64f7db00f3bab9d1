"""Seed 003: private evidence is "not sent to public logs". Tried as an operator would: the
project's loggers routed into Dagster's (``python_logs: managed_python_loggers: [dream_assets]``),
a crash during a merge, then the run that recovers it; stdout, the event log and the compute
logs carry no private memory text (issue 25, item 4)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.core.memory.merge import MERGE_PENDING, build_merged_entry
from dream_assets_tests.builders import NOW, entry, make_volume
from dream_assets_tests.cycles import cycle, scripted_model
from dream_assets_tests.scripted_llm import ScriptedLLM

PRIVATE = re.compile(r"saffron|kumquat|Ilse", re.IGNORECASE)


def test_a_recovered_crash_logs_no_private_text_anywhere_dagster_captures(
    tmp_path: Path, scripted_llm: ScriptedLLM, capfd: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "agents"
    sources = [
        entry("m-1", "Ilse keeps the saffron tin behind the kumquat jar."),
        entry("m-2", "The saffron tin sits behind the kumquat jar, says Ilse."),
    ]
    volume = make_volume(root / "ada", sources)
    # The disk as a crash left it between the two writes of a merge: the merged entry saved
    # (``merge_pending``), its sources not yet archived.
    merged = build_merged_entry(
        sources,
        content="Ilse keeps the saffron tin behind the kumquat jar.",
        category="general",
        tags=(),
        now=NOW,
        run_id="crashed-run",
    )
    volume.save(merged)
    scripted_llm.reply(json.dumps({"toDelete": [], "toSave": []}))
    home = tmp_path / "dagster_home"
    home.mkdir()
    with dg.instance_for_test(
        overrides={
            "python_logs": {"managed_python_loggers": ["dream_assets"], "python_log_level": "INFO"}
        },
        temp_dir=str(home),
    ) as instance:
        result = cycle(root, "ada", instance, scripted_model(scripted_llm))
        assert result.success
        events = instance.all_logs(result.run_id)
        event_log = "\n".join(
            (e.user_message or "") + json.dumps(dg.serialize_value(e)) for e in events
        )
    captured = capfd.readouterr()

    # The recovery ran and its log lines reached Dagster (the routing works).
    assert volume.get("m-1").archived and volume.get("m-2").archived  # type: ignore[union-attr]
    assert MERGE_PENDING not in volume.get(merged.id).metadata  # type: ignore[union-attr]
    recovered = [e for e in events if "interrupted run" in (e.user_message or "")]
    assert {m for m in ("m-1", "m-2") if any(m in e.user_message for e in recovered)} == {
        "m-1",
        "m-2",
    }
    compute_logs = [p for p in home.rglob("*") if p.is_file() and p.suffix in (".out", ".err")]
    assert compute_logs, "the run's compute logs were captured"
    compute_text = "\n".join(p.read_text(errors="replace") for p in compute_logs)

    for where, text in (
        ("stdout", captured.out),
        ("stderr", captured.err),
        ("event log", event_log),
        ("compute logs", compute_text),
    ):
        found = PRIVATE.search(text)
        assert found is None, f"{where} quotes private memory text: {found and found.group(0)}"
    assert all("text withheld" in e.user_message for e in recovered)
