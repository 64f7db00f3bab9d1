"""`dream demo --kind claude-code DIR`, connected and dreamed with no model, as the README shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dream_assets.core.store.kinds.claude_code import ClaudeCodeStore
from dream_assets.core.store.kinds.memory_index import linked_file
from dream_assets.demo.claude_code import INDEX, TOPICS
from dream_assets_tests.cli.test_connect import dream, no_model  # noqa: F401


def test_demo_directory_reads_as_claude_code_memory(tmp_path: Path) -> None:
    memory = tmp_path / "memory"
    status, out, _ = dream("demo", "--kind", "claude-code", str(memory))
    assert status == 0 and "dream connect claude-code" in out
    read = ClaudeCodeStore(memory).read()
    assert len(read.items) == len(TOPICS) - 1
    assert [u.ref for u in read.unreadable] == ["scratch.md"]
    assert sum(1 for i in read.items if "index_line" not in i.fields) == 1  # oncall.md
    status, _, err = dream("demo", "--kind", "claude-code", str(memory))
    assert status == 2 and "exists already" in err


@pytest.mark.usefixtures("no_model")
def test_readme_commands_dream_the_demo_without_a_model(tmp_path: Path) -> None:
    memory, home = tmp_path / "memory", tmp_path / "agents" / "payments"
    assert dream("demo", "--kind", "claude-code", str(memory))[0] == 0
    assert dream("connect", "claude-code", str(memory), "--agent", str(home))[0] == 0
    status, out, err = dream("run", "--agent", str(home), "--json")
    assert status == 0, err
    (outcome,) = json.loads(out)
    writeback = outcome["passes"]["store_writeback"]
    # Exact (the role, twice) and contained (tests rule, deploy note) duplicates merged; the
    # freeze paraphrase waits for a model.
    assert writeback["written"] == 3 and writeback["removed"] == 6
    assert (memory / "freeze_note.md").exists() and (memory / "project_freeze.md").exists()
    assert (memory / "scratch.md").read_text(encoding="utf-8") == TOPICS["scratch.md"]
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert [x for x in index.splitlines() if not linked_file(x)] == [
        x for x in INDEX.splitlines() if not linked_file(x)
    ]
    for line in index.splitlines():
        target = linked_file(line)
        assert target is None or (memory / target).is_file(), line
