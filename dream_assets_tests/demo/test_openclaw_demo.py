"""`dream demo --kind openclaw DIR`, connected and dreamed with no model, as the README shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dream_assets.core.store.kinds.openclaw import OpenClawStore
from dream_assets.demo.openclaw import DAILY_NOTES, DREAMS, MEMORY, RELEASES, ROLE, WORKSPACE_FILES
from dream_assets_tests.cli.test_connect import dream, no_model  # noqa: F401
from dream_assets_tests.openclaw_workspaces import skeleton


def test_demo_workspace_reads_as_openclaw_memory(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    status, out, _ = dream("demo", "--kind", "openclaw", str(workspace))
    assert status == 0 and "dream connect openclaw" in out
    read = OpenClawStore(workspace).read()
    texts = [item.text for item in read.items]
    assert len(texts) == 9 and read.unreadable == []
    assert texts.count(ROLE) == 2
    assert {i.category for i in read.items} >= {
        "openclaw/long-term-memory/people/ana",
        "openclaw/long-term-memory/project/infra",
    }
    status, _, err = dream("demo", "--kind", "openclaw", str(workspace))
    assert status == 2 and "exists already" in err


@pytest.mark.usefixtures("no_model")
def test_readme_commands_dream_the_demo_workspace_without_a_model(tmp_path: Path) -> None:
    workspace, home = tmp_path / "workspace", tmp_path / "agents" / "claw"
    assert dream("demo", "--kind", "openclaw", str(workspace))[0] == 0
    assert dream("connect", "openclaw", str(workspace), "--agent", str(home))[0] == 0
    status, out, err = dream("run", "--agent", str(home), "--json")
    assert status == 0, err
    (outcome,) = json.loads(out)
    writeback = outcome["passes"]["store_writeback"]
    # The role promoted twice (word for word) and the release note with its shorter copy merge;
    # the freeze paraphrase waits for a model.
    assert (writeback["written"], writeback["removed"]) == (2, 4)
    memory = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert memory.count(ROLE) == 1 and memory.count(RELEASES) == 1
    assert "Non-critical merges freeze" in memory and "only critical merges land" in memory
    assert skeleton(memory) == skeleton(MEMORY)
    for name, text in {**WORKSPACE_FILES, **DAILY_NOTES, **DREAMS}.items():
        assert (workspace / name).read_text(encoding="utf-8") == text, name
