"""A whole cycle through Dagster on an agent connected to a Claude Code memory directory
(dream-store.json): the merges land in the store, nothing the snapshot read is lost, and what the
cycle cannot read or does not own stays byte for byte."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import dagster as dg

from dream_assets.core.store.kinds.memory_index import linked_file
from dream_assets.core.store.volume import AgentVolume
from dream_assets_tests.builders import entry, make_volume
from dream_assets_tests.claude_code_dirs import (
    INDEX,
    TOPICS,
    connect_agent,
    tree_bytes,
    write_claude_memory,
)
from dream_assets_tests.cycles import counts, cycle, scripted_model
from dream_assets_tests.scripted_llm import ScriptedLLM

MERGED_SOURCES = ("user_role.md", "user_role_copy.md", "deploys.md", "deploys_short.md")
UNTOUCHED = ("oncall.md", "broken.md", "latin1.md")


def non_link_lines(text: str) -> list[str]:
    return [line for line in text.splitlines(keepends=True) if linked_file(line) is None]


def assert_index_resolves(memory: Path) -> None:
    for line in (memory / "MEMORY.md").read_text(encoding="utf-8").splitlines():
        target = linked_file(line)
        if target is not None:
            assert (memory / target).is_file(), line


def test_deterministic_cycle_merges_exact_and_contained_duplicate_files(tmp_path: Path) -> None:
    memory = write_claude_memory(tmp_path / "memory", outside=tmp_path / "outside")
    agents = tmp_path / "agents"
    connect_agent(agents / "ana", memory)
    with dg.instance_for_test() as instance:
        result = cycle(agents, "ana", instance)
        assert result.success
        assert all(e.passed for e in result.get_asset_check_evaluations())
        run_id = result.run_id
        snapshot, writeback = counts(result, "store_snapshot"), counts(result, "store_writeback")
        assert snapshot["items_read"] == 5 and snapshot["new"] == 5
        assert snapshot["unreadable"] == 3  # broken.md, latin1.md, escape.md
        assert writeback["written"] == 2 and writeback["removed"] == 4
        assert writeback["left_changed"] == 0

        # Every source is out of the store and kept byte for byte under store-archive/<run>/.
        archive = agents / "ana" / "store-archive" / run_id
        for name in MERGED_SOURCES:
            assert not (memory / name).exists(), name
            assert (archive / name).read_bytes() == TOPICS[name], name
        assert (archive / "MEMORY.md").read_text(encoding="utf-8") == INDEX
        # The merged files: the exact duplicate and the longer deploy note, with front matter.
        new = sorted(
            {p.name for p in memory.glob("*.md")} - set(TOPICS) - {"MEMORY.md", "escape.md"}
        )
        assert len(new) == 2, new
        texts = {name: (memory / name).read_text(encoding="utf-8") for name in new}
        role = next(t for t in texts.values() if "senior data engineer" in t)
        assert role.startswith("---\nname: User role\n") and "\ntype: user\n" in role
        deploys = next(t for t in texts.values() if "GitHub Actions" in t)
        assert "staging first, then production." in deploys and "type:" not in deploys
        # The index: the sources' lines became one line each, everything else byte-identical.
        index = (memory / "MEMORY.md").read_text(encoding="utf-8")
        assert non_link_lines(index) == non_link_lines(INDEX)
        assert_index_resolves(memory)
        assert sum(1 for line in index.splitlines() if linked_file(line)) == 3
        # Each merged line sits where its first source's line was, in that source's section.
        role_file = next(n for n, t in texts.items() if t is role)
        deploys_file = next(n for n, t in texts.items() if t is deploys)
        assert (
            index.index("## About Ana") < index.index(f"({role_file})") < index.index("## Project")
        )
        assert (
            index.index("## Project")
            < index.index(f"({deploys_file})")
            < index.index("(broken.md)")
        )
        # What the cycle could not read, or did not merge, is untouched.
        for name in UNTOUCHED:
            assert (memory / name).read_bytes() == TOPICS[name], name
        assert (memory / "escape.md").is_symlink()
        assert (tmp_path / "outside" / "secret.md").read_text() == "Outside the memory directory.\n"

        # A second cycle finds the store as the first one left it and changes nothing.
        before = tree_bytes(memory)
        again = cycle(agents, "ana", instance)
        assert again.success
        assert counts(again, "store_snapshot")["new"] == 0
        assert counts(again, "store_snapshot")["changed"] == 0
        assert counts(again, "store_writeback")["written"] == 0
        assert tree_bytes(memory) == before


def test_an_item_the_agent_deleted_is_archived_removed_in_store(tmp_path: Path) -> None:
    memory = write_claude_memory(tmp_path / "memory")
    agents = tmp_path / "agents"
    connect_agent(agents / "ana", memory)
    with dg.instance_for_test() as instance:
        assert cycle(agents, "ana", instance).success
        (memory / "oncall.md").unlink()
        (memory / "new_fact.md").write_text("The team moved standup to 9:30.\n", encoding="utf-8")
        result = cycle(agents, "ana", instance)
        assert result.success
        assert all(e.passed for e in result.get_asset_check_evaluations())
    snapshot = counts(result, "store_snapshot")
    assert snapshot["removed_in_store"] == 1 and snapshot["new"] == 1
    volume = AgentVolume(agents / "ana")
    gone = volume.get("cc-oncall.md")
    assert gone is not None and gone.archive_reason == "removed in store"
    assert gone.content == "The on-call rota changes on Mondays."
    fresh = volume.get("cc-new_fact.md")
    assert fresh is not None and not fresh.archived


def test_volume_agent_without_dream_store_json_has_both_store_steps_as_no_ops(
    tmp_path: Path,
) -> None:
    agents = tmp_path / "agents"
    volume = make_volume(
        agents / "ada", [entry("m-1", "Tea at four."), entry("m-2", "Tea at four.")]
    )
    with dg.instance_for_test() as instance:
        result = cycle(agents, "ada", instance)
    assert result.success
    materialized = [
        e.step_materialization_data.materialization
        for e in result.get_asset_materialization_events()
    ]
    reports = {m.asset_key.to_user_string(): m.metadata["report"].value for m in materialized}
    for asset in ("store_snapshot", "store_writeback"):
        assert reports[asset]["skipped"].startswith("no external store"), asset
    assert not (volume.root / "store-archive").exists()
    assert not (volume.root / "store-snapshot.json").exists()
    assert counts(result, "consolidated_memory")["merged"] == 1


def _model_with_agent_edit(memory: Path) -> Any:
    """Merges the two role notes (a paraphrase the deterministic path would leave) and, while
    the cycle runs, the agent edits one of them in its store."""

    def answer(body: dict[str, Any]) -> str:
        system, user = str(body["messages"][0]["content"]), str(body["messages"][1]["content"])
        if "memory-consolidation" not in system or "[cc-user_role.md]" not in user:
            return json.dumps({"toDelete": [], "toSave": []})
        (memory / "user_role_copy.md").write_text(
            "---\nname: Role (again)\ntype: user\n---\n\nAna leads the payments data team.\n",
            encoding="utf-8",
        )
        save = {
            "content": "Ana is a senior data engineer on the payments team; she prefers terse "
            "answers.",
            "category": "claude-code/user",
            "tags": [],
            "sourceIds": ["cc-user_role.md", "cc-user_role_paraphrase.md", "cc-user_role_copy.md"],
        }
        return json.dumps({"toDelete": [], "toSave": [save]})

    return answer


def test_model_cycle_merges_in_the_store_and_leaves_a_file_edited_meanwhile(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    memory = write_claude_memory(tmp_path / "memory")
    (memory / "user_role_paraphrase.md").write_text(
        "---\nname: Role\ntype: user\n---\n\nAna works as a senior data engineer (payments) "
        "and likes terse answers.\n",
        encoding="utf-8",
    )
    agents = tmp_path / "agents"
    connect_agent(agents / "ana", memory)
    scripted_llm.respond_with(_model_with_agent_edit(memory))
    llm = scripted_model(scripted_llm)
    with dg.instance_for_test() as instance:
        result = cycle(agents, "ana", instance, llm)
        assert result.success
        assert all(e.passed for e in result.get_asset_check_evaluations())
    assert scripted_llm.verifications, "the model merge was verified"
    writeback = counts(result, "store_writeback")
    assert writeback["left_changed"] == 1
    # The file the agent edited during the cycle is left as edited; the merge still landed.
    assert "leads the payments data team" in (memory / "user_role_copy.md").read_text()
    assert not (memory / "user_role.md").exists()
    assert not (memory / "user_role_paraphrase.md").exists()
    merged = [
        p
        for p in memory.glob("*.md")
        if "she prefers terse answers" in p.read_bytes().decode("utf-8", "replace")
    ]
    assert len(merged) == 1
    archive = agents / "ana" / "store-archive" / result.run_id
    assert (archive / "user_role.md").read_bytes() == TOPICS["user_role.md"]
    assert (
        not (archive / "user_role_copy.md").exists()
        or (archive / "user_role_copy.md").read_bytes() == TOPICS["user_role_copy.md"]
    )
    assert_index_resolves(memory)
    # The edited file's index line stays; the next snapshot re-opens its entry with the edit.
    assert "(user_role_copy.md)" in (memory / "MEMORY.md").read_text(encoding="utf-8")


def test_preview_leaves_the_store_and_the_agent_directory_byte_identical(tmp_path: Path) -> None:
    memory = write_claude_memory(tmp_path / "memory", outside=tmp_path / "outside")
    agents = tmp_path / "agents"
    connect_agent(agents / "ana", memory)
    store_before, home_before = tree_bytes(memory), tree_bytes(agents / "ana")
    with dg.instance_for_test() as instance:
        result = cycle(agents, "ana", instance, preview=True)
    assert result.success
    writeback = counts(result, "store_writeback")
    assert writeback["planned_new"] == 2 and writeback["planned_removals"] == 4
    assert writeback["written"] == 0 and writeback["removed"] == 0
    assert tree_bytes(memory) == store_before
    assert tree_bytes(agents / "ana") == home_before
