"""``dream-store.json``: absent, the directory is the store; present, it is read and refused in
one line when it is wrong (dream_assets/core/store/connection.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dream_assets.core.store.connection import connect, open_store
from dream_assets.core.store.kinds.boundary import StoreConfigError
from dream_assets_tests.claude_code_dirs import write_claude_memory


def test_without_dream_store_json_the_directory_is_the_store(tmp_path: Path) -> None:
    assert open_store(tmp_path) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"kind": "mem0"}', "unknown kind 'mem0'"),
        ('{"kind": "claude-code"}', 'claude-code needs "path"'),
    ],
)
def test_a_bad_dream_store_json_is_refused_in_one_line_naming_it(
    tmp_path: Path, text: str, message: str
) -> None:
    (tmp_path / "dream-store.json").write_text(text, encoding="utf-8")
    with pytest.raises(StoreConfigError) as raised:
        open_store(tmp_path)
    assert message in str(raised.value) and "dream-store.json" in str(raised.value)
    assert "\n" not in str(raised.value)


def test_a_store_overlapping_the_agent_directory_is_refused(tmp_path: Path) -> None:
    memory = write_claude_memory(tmp_path / "memory")
    with pytest.raises(StoreConfigError, match="overlap"):
        connect(memory / "agent", {"kind": "claude-code", "path": str(memory)})
    with pytest.raises(StoreConfigError, match="overlap"):
        connect(tmp_path, {"kind": "claude-code", "path": str(memory)})
    assert not (tmp_path / "dream-store.json").exists()


def test_connect_refuses_an_agent_volume_with_its_own_memory(tmp_path: Path) -> None:
    memory = write_claude_memory(tmp_path / "memory")
    home = tmp_path / "agent"
    (home / "memory" / "entries").mkdir(parents=True)
    (home / "memory" / "entries" / "m-1.json").write_text("{}", encoding="utf-8")
    with pytest.raises(StoreConfigError, match="agent volume with its own memory"):
        connect(home, {"kind": "claude-code", "path": str(memory)})
