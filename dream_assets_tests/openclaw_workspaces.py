"""Builders of OpenClaw workspaces for the tests: ``MEMORY.md`` with headings at several levels,
nested items, an item repeated under two headings, prose between lists and fenced code; daily
notes in ``memory/YYYY-MM-DD*.md``; OpenClaw's own dreaming state in ``memory/.dreams/``."""

from __future__ import annotations

import json
from pathlib import Path

from dream_assets.core.store.kinds.memory_md import parse

ROLE = "Ana is a senior data engineer on the payments team and prefers terse answers."
DEPLOYS = (
    "Releases of the payments service go out through GitHub Actions on every tag, "
    "staging first, then production."
)
DEPLOYS_SHORT = (
    "Releases of the payments service go out through GitHub Actions on every tag, staging first."
)
MEMORY = f"""# Long-term memory

Curated by the agent; daily notes live in memory/.

## People

### Ana

- {ROLE}
- Ana lives in Lisbon
  and cycles to the office.
- {ROLE}

Prose between two lists: Ana asked to keep this paragraph.

* Ana's manager is Rui.
  - He runs the Thursday sync.
  - He prefers written updates.

## Project

- {DEPLOYS}
- The on-call rota changes on Mondays.

```
- not an item: inside fenced code
```

### Infra

- {DEPLOYS_SHORT}
- Ana lives in Lisbon
  and cycles to the office.

* * *

Trailing prose, no newline at the end"""
DAILY = {
    "memory/2026-11-30.md": b"# 2026-11-30\n\n- Ana is a senior data engineer (again).\n",
    "memory/2026-12-01-standup.md": b"- standup: releases staging first\n",
}
DREAMS = {
    "memory/.dreams/state.json": json.dumps({"last": "2026-11-30T03:00:00Z"}).encode(),
    "memory/.dreams/candidates.md": b"- promote: Ana lives in Lisbon\n",
}


def write_workspace(root: Path, memory: str = MEMORY) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "MEMORY.md").write_bytes(memory.encode("utf-8"))
    (root / "AGENTS.md").write_text("# Agents\n\nBe brief.\n", encoding="utf-8")
    for name, data in {**DAILY, **DREAMS}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def connect_workspace(agent_dir: Path, workspace: Path) -> Path:
    agent_dir.mkdir(parents=True, exist_ok=True)
    (agent_dir / "dream-store.json").write_text(
        json.dumps({"kind": "openclaw", "workspace": str(workspace)}), encoding="utf-8"
    )
    return agent_dir


def skeleton(text: str) -> list[str]:
    """Every line of MEMORY.md that is not in a list item (headings, prose, blanks, code)."""
    parsed = parse(text)
    in_items = {n for item in parsed.items for n in range(item.start, item.end)}
    return [line for n, line in enumerate(parsed.lines) if n not in in_items]


def notes_bytes(root: Path) -> dict[str, bytes]:
    """The daily notes and ``.dreams/`` as they are on disk."""
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted((root / "memory").rglob("*"))
        if p.is_file()
    }
