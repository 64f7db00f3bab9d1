"""A whole cycle through Dagster on an agent connected to an OpenClaw workspace: merges land in
``MEMORY.md`` in place, every removed item is kept exactly as it was, and the skeleton of
``MEMORY.md``, the daily notes and ``memory/.dreams/`` stay byte for byte."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import dagster as dg

from dream_assets.core.store.kinds.memory_md import parse
from dream_assets.core.store.mirror import entry_id_for
from dream_assets_tests.claude_code_dirs import tree_bytes
from dream_assets_tests.cycles import counts, cycle, scripted_model
from dream_assets_tests.openclaw_workspaces import (
    DEPLOYS,
    MEMORY,
    ROLE,
    connect_workspace,
    notes_bytes,
    skeleton,
    write_workspace,
)
from dream_assets_tests.scripted_llm import ScriptedLLM


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def test_deterministic_cycle_merges_duplicate_items_in_place(tmp_path: Path) -> None:
    workspace = write_workspace(tmp_path / "workspace")
    notes, agents_md = notes_bytes(workspace), (workspace / "AGENTS.md").read_bytes()
    agents = tmp_path / "agents"
    connect_workspace(agents / "ana", workspace)
    before = parse(MEMORY)
    with dg.instance_for_test() as instance:
        result = cycle(agents, "ana", instance)
        assert result.success
        assert all(e.passed for e in result.get_asset_check_evaluations())
        snapshot, writeback = counts(result, "store_snapshot"), counts(result, "store_writeback")
        assert snapshot["items_read"] == 8 and snapshot["new"] == 8
        # The exact duplicate role, the contained deploy note, Lisbon under two headings.
        assert writeback["written"] == 3 and writeback["removed"] == 6
        assert writeback["left_changed"] == 0
        text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
        after = parse(text)

        # Headings, prose, blank lines, code: byte for byte; notes and .dreams untouched.
        assert skeleton(text) == skeleton(MEMORY)
        assert notes_bytes(workspace) == notes
        assert (workspace / "AGENTS.md").read_bytes() == agents_md

        # Every removed item is kept exactly as it was, and its text is in some item.
        archive = agents / "ana" / "store-archive" / result.run_id
        assert (archive / "MEMORY.md").read_text(encoding="utf-8") == MEMORY
        kept = {p.name: p.read_bytes() for p in archive.iterdir() if p.name != "MEMORY.md"}
        assert len(kept) == 6
        original = before.by_ref()
        for ref, data in kept.items():
            assert original[ref].data == data, ref
            assert any(words(original[ref].text) <= words(i.text) for i in after.items), ref
        # Every item the cycle did not remove is still there, byte for byte.
        for ref, item in original.items():
            if ref not in kept:
                assert after.by_ref()[ref].data == item.data, ref

        # In place: each merge sits where its first source was, under that source's heading.
        lines = text.splitlines()
        assert [i.text for i in after.items if i.headings[-1] == "Ana"][:2] == [
            ROLE,
            "Ana lives in Lisbon\nand cycles to the office.",
        ]
        project = [i.text for i in after.items if i.headings[-1] == "Project"]
        assert project == [DEPLOYS, "The on-call rota changes on Mondays."]
        assert not [i for i in after.items if i.headings[-1] == "Infra"]
        assert lines.index("### Ana") < lines.index(f"- {ROLE}") < lines.index("## Project")

        # A second cycle finds MEMORY.md as the first one left it and changes nothing.
        again_before = tree_bytes(workspace)
        again = cycle(agents, "ana", instance)
        assert again.success
        assert counts(again, "store_snapshot")["new"] == 0
        assert counts(again, "store_snapshot")["changed"] == 0
        assert counts(again, "store_writeback")["written"] == 0
        assert tree_bytes(workspace) == again_before


def _ids() -> dict[str, str]:
    """Mirror entry id of each item of MEMORY, by its text and heading."""
    taken: set[str] = set()
    found = {}
    for item in parse(MEMORY).items:
        entry_id = entry_id_for("openclaw", item.ref, taken)
        taken.add(entry_id)
        found.setdefault(f"{item.headings[-1]}:{item.text}", entry_id)
    return found


EDITED = "- Ana's manager is Rui (since March).\n  - He runs the Thursday sync.\n"


def _model_with_agent_edit(workspace: Path) -> Any:
    """Merges the manager note into a paraphrase (which the deterministic path would leave)
    and, while the cycle runs, the agent edits the manager note in MEMORY.md."""
    ids = _ids()
    manager = next(v for k, v in ids.items() if k.startswith("Ana:Ana's manager"))
    oncall = ids["Project:The on-call rota changes on Mondays."]

    def answer(body: dict[str, Any]) -> str:
        system, user = str(body["messages"][0]["content"]), str(body["messages"][1]["content"])
        if "memory-consolidation" not in system or f"[{manager}]" not in user:
            return json.dumps({"toDelete": [], "toSave": []})
        path = workspace / "MEMORY.md"
        text = path.read_text(encoding="utf-8")
        start = text.index("* Ana's manager")
        end = text.index("  - He prefers written updates.\n") + len(
            "  - He prefers written updates.\n"
        )
        path.write_text(text[:start] + EDITED + text[end:], encoding="utf-8")
        save = {
            "content": "Ana's manager is Rui; he runs the Thursday sync and prefers written "
            "updates. The on-call rota changes on Mondays.",
            "category": "openclaw/long-term-memory/people/ana",
            "tags": [],
            "sourceIds": [manager, oncall],
        }
        return json.dumps({"toDelete": [], "toSave": [save]})

    return answer


def test_model_cycle_leaves_an_item_edited_meanwhile_and_lands_the_merge(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    workspace = write_workspace(tmp_path / "workspace")
    agents = tmp_path / "agents"
    connect_workspace(agents / "ana", workspace)
    scripted_llm.respond_with(_model_with_agent_edit(workspace))
    llm = scripted_model(scripted_llm)
    with dg.instance_for_test() as instance:
        result = cycle(agents, "ana", instance, llm)
        assert result.success
        assert all(e.passed for e in result.get_asset_check_evaluations())
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    # The agent's edit is left as it made it; the merge landed; the other source left.
    assert EDITED in text
    assert "he runs the Thursday sync and prefers written updates" in text
    assert "- The on-call rota changes on Mondays.\n" not in text
    archive = agents / "ana" / "store-archive" / result.run_id
    kept = [p.read_bytes() for p in archive.iterdir() if p.name != "MEMORY.md"]
    assert b"- The on-call rota changes on Mondays.\n" in kept
    assert not any(b"Ana's manager" in data for data in kept)
    assert skeleton(text) == skeleton(MEMORY)


def test_preview_leaves_the_workspace_and_the_agent_directory_byte_identical(
    tmp_path: Path,
) -> None:
    workspace = write_workspace(tmp_path / "workspace")
    agents = tmp_path / "agents"
    connect_workspace(agents / "ana", workspace)
    store_before, home_before = tree_bytes(workspace), tree_bytes(agents / "ana")
    with dg.instance_for_test() as instance:
        result = cycle(agents, "ana", instance, preview=True)
    assert result.success
    writeback = counts(result, "store_writeback")
    assert writeback["planned_new"] == 3 and writeback["planned_removals"] == 6
    assert writeback["written"] == 0 and writeback["removed"] == 0
    assert tree_bytes(workspace) == store_before
    assert tree_bytes(agents / "ana") == home_before
