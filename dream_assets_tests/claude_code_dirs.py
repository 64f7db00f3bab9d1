"""Realistic Claude Code auto-memory directories for tests (literal files, built per test)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path

from dream_assets.core.store.kinds.claude_code import ClaudeCodeStore

INDEX = """\
# Memory index

Claude keeps these notes about the payments project. Keep this file short.

## About Ana
- [User role](user_role.md) — senior data engineer, terse answers
- [Role (again)](user_role_copy.md) — same note, written twice

## Project
- [Deploys](deploys.md) — how a release reaches production
- [Deploys, short](deploys_short.md) — the first half of that note
- [Broken note](broken.md) — its front matter does not parse
Prose between the links stays where it is.

## Elsewhere
- [Style guide](https://example.com/style.md) — an outside link, not a topic file
"""

TOPICS: dict[str, bytes] = {
    "user_role.md": (
        b"---\nname: User role\ndescription: senior data engineer, terse answers\ntype: user\n"
        b"---\n\nAna is a senior data engineer on the payments team and prefers terse answers.\n"
    ),
    # An exact duplicate, with a front-matter key the cycle does not know.
    "user_role_copy.md": (
        b"---\nname: Role (again)\ndescription: same note, written twice\ntype: user\n"
        b"priority: high\n---\n\n"
        b"Ana is a senior data engineer on the payments team and prefers terse answers.\n"
    ),
    # No front matter at all; the second file says part of what the first says.
    "deploys.md": (
        b"Releases of the payments service go out through GitHub Actions on every tag, "
        b"staging first, then production.\n"
    ),
    "deploys_short.md": (
        b"Releases of the payments service go out through GitHub Actions on every tag, "
        b"staging first.\n"
    ),
    # Not in the index.
    "oncall.md": b"---\nname: On-call\ntype: project\n---\nThe on-call rota changes on Mondays.\n",
    "broken.md": b"---\nname: [unclosed\ntype: project\n---\nBody of a broken note.\n",
    "latin1.md": "Caf\u00e9 notes in Latin-1.\n".encode("latin-1"),
}


def write_claude_memory(directory: Path, outside: Path | None = None) -> Path:
    """The memory directory: duplicates, files without front matter, an unknown key, an index
    with prose and headings, a file missing from the index, a malformed file, a non-UTF-8 file
    and (with ``outside``) a symlink leaving the directory."""
    directory.mkdir(parents=True)
    (directory / "MEMORY.md").write_text(INDEX, encoding="utf-8")
    for name, data in TOPICS.items():
        (directory / name).write_bytes(data)
    if outside is not None:
        outside.mkdir(parents=True, exist_ok=True)
        (outside / "secret.md").write_text("Outside the memory directory.\n", encoding="utf-8")
        os.symlink(outside / "secret.md", directory / "escape.md")
    return directory


def connect_agent(agent_dir: Path, memory: Path) -> Path:
    agent_dir.mkdir(parents=True, exist_ok=True)
    (agent_dir / "dream-store.json").write_text(
        json.dumps({"kind": "claude-code", "path": str(memory)}), encoding="utf-8"
    )
    return agent_dir


def tree_bytes(directory: Path) -> dict[str, bytes | str]:
    """Every name in ``directory`` with its bytes (a symlink: its target), to compare trees."""
    found: dict[str, bytes | str] = {}
    for path in sorted(directory.rglob("*")):
        name = str(path.relative_to(directory))
        if path.is_symlink():
            found[name] = f"-> {os.readlink(path)}"
        elif path.is_file():
            found[name] = path.read_bytes()
    return found


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Kept(dict[str, bytes]):
    """A ``KeepRemoved`` that remembers what the writeback kept, by ref."""

    def __call__(self, items: Sequence[tuple[str, bytes]]) -> None:
        self.update(items)


def claude(tmp_path: Path, files: dict[str, bytes]) -> ClaudeCodeStore:
    """A claude-code store over ``tmp_path/memory`` holding ``files`` (name -> bytes)."""
    memory = tmp_path / "memory"
    memory.mkdir()
    for name, data in files.items():
        (memory / name).write_bytes(data)
    return ClaudeCodeStore.from_config({"path": str(memory)}, tmp_path / "c.json")
