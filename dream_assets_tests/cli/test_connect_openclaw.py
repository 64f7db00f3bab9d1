"""`dream connect openclaw WORKSPACE --agent AGENT_DIR`, then `run`, `--preview`, `restore`,
`undo` and `audit` on the connected agent, as an OpenClaw user meets them."""

from __future__ import annotations

import json
from pathlib import Path

from dream_assets.core.store.kinds.memory_md import parse
from dream_assets.core.store.mirror import STORE_ARCHIVED_TO
from dream_assets.core.store.volume import AgentVolume
from dream_assets_tests.claude_code_dirs import tree_bytes
from dream_assets_tests.cli.test_connect import dream, no_model  # noqa: F401 (a fixture)
from dream_assets_tests.openclaw_workspaces import (
    DEPLOYS_SHORT,
    MEMORY,
    notes_bytes,
    skeleton,
    write_workspace,
)


def test_connect_openclaw_refuses_what_is_not_a_workspace_in_one_line(tmp_path: Path) -> None:
    status, _, err = dream("connect", "openclaw", str(tmp_path / "nope"), "--agent", "a")
    assert status == 2 and err.count("\n") == 1 and "is not a directory" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    status, _, err = dream("connect", "openclaw", str(empty), "--agent", str(tmp_path / "a"))
    assert status == 2 and err.count("\n") == 1 and "not an OpenClaw workspace" in err
    agent = tmp_path / "agent"
    (agent / "memory" / "entries").mkdir(parents=True)
    status, _, err = dream("connect", "openclaw", str(agent), "--agent", str(tmp_path / "b"))
    assert status == 2 and "is a dream agent directory" in err
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_connect_openclaw_accepts_the_layout_without_memory_md(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    (workspace / "memory").mkdir(parents=True)
    home = tmp_path / "agents" / "ana"
    status, out, err = dream("connect", "openclaw", str(workspace), "--agent", str(home))
    assert status == 0, err
    assert "0 items" in out
    assert json.loads((home / "dream-store.json").read_text()) == {
        "kind": "openclaw",
        "workspace": str(workspace),
    }


def test_preview_run_restore_and_undo_round_trip_on_an_openclaw_workspace(
    tmp_path: Path,
    no_model: None,  # noqa: F811
) -> None:
    workspace = write_workspace(tmp_path / "workspace")
    notes = notes_bytes(workspace)
    home = tmp_path / "agents" / "ana"
    status, out, err = dream("connect", "openclaw", str(workspace), "--agent", str(home))
    assert status == 0, err
    assert "8 items, 0 unreadable" in out
    original = tree_bytes(workspace)

    status, out, err = dream("run", "--agent", str(home), "--preview", "--json")
    assert status == 0, err
    (outcome,) = json.loads(out)
    assert outcome["passes"]["store_writeback"]["planned_removals"] == 6
    assert tree_bytes(workspace) == original

    status, out, err = dream("run", "--agent", str(home), "--json")
    assert status == 0, err
    (outcome,) = json.loads(out)
    run_id = outcome["run_id"]
    assert outcome["passes"]["store_writeback"]["removed"] == 6
    merged_text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert DEPLOYS_SHORT not in merged_text

    # restore: the item the cycle removed goes back into MEMORY.md, exactly as it was, beside
    # the merged item that still holds it.
    volume = AgentVolume(home)
    short = next(
        e
        for e in volume.scan_entries().entries
        if e.content == DEPLOYS_SHORT and e.metadata.get(STORE_ARCHIVED_TO)
    )
    status, out, err = dream("restore", short.id, "--agent", str(home))
    assert status == 0, err
    assert "1 put back" in out
    restored = parse((workspace / "MEMORY.md").read_text(encoding="utf-8"))
    texts = [i.text for i in restored.items]
    at = texts.index(DEPLOYS_SHORT)
    assert "then production" in texts[at - 1]
    assert f"- {DEPLOYS_SHORT}\n".encode() in [i.data for i in restored.items]

    # undo: the run's merged items leave MEMORY.md, every source is back, exactly as it was.
    status, out, err = dream("undo", run_id, "--agent", str(home))
    assert status == 0, err
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert sorted(i.data for i in parse(text).items) == sorted(i.data for i in parse(MEMORY).items)
    assert skeleton(text) == skeleton(MEMORY)
    assert notes_bytes(workspace) == notes

    # The audit on a connected agent: nothing vanished.
    status, out, err = dream("audit", "--agent", str(home), "--json")
    assert status == 0, err
    assert json.loads(out)["vanished"] == []
