"""``dream demo --kind openclaw DIR``: a realistic OpenClaw workspace to connect and dream
(docs/stores.md).

Written as OpenClaw leaves one after a few weeks: the workspace files (``AGENTS.md``, ``SOUL.md``,
``USER.md``), a curated ``MEMORY.md`` with headings at three levels, prose between lists, a nested
item, the same fact promoted twice (word for word under two headings, and once as a shorter
note), a paraphrase only a model merges; daily notes in ``memory/YYYY-MM-DD*.md`` and OpenClaw's
own dreaming state in ``memory/.dreams/`` — which the cycle reads nothing from and never writes.
"""

from __future__ import annotations

import json
from pathlib import Path

from dream_assets.demo.writer import write_new_tree

ROLE = "Ana is a senior data engineer on the payments team and prefers terse answers."
RELEASES = (
    "Releases of the payments service go out through GitHub Actions on every tag: staging "
    "first, production after a manual approval in #deploys."
)
MEMORY = f"""# Long-term memory

Curated from the daily notes. Keep each item to one fact.

## People

### Ana

- {ROLE}
- Ana lives in Lisbon
  and cycles to the office.
* Ana's manager is Rui.
  - He runs the Thursday sync.

Ana asked to keep this paragraph about how she likes to work: short, written, asynchronous.

## Project

- {RELEASES}
- Releases of the payments service go out through GitHub Actions on every tag: staging first,
  production after a manual approval.
- Non-critical merges freeze from 2026-03-05 while mobile cuts the 4.2 release branch.
- From 2026-03-05 only critical merges land, because mobile is cutting release 4.2.

### Infra

- grafana.internal/d/api-latency is the board on-call watches for the payments API.
- {ROLE}

Older context lives in the team wiki.
"""
WORKSPACE_FILES = {
    "AGENTS.md": "# Agents\n\nBe brief. Ask before running anything destructive.\n",
    "SOUL.md": "# Soul\n\nCalm, exact, a little dry.\n",
    "USER.md": "# User\n\nAna, payments team, Lisbon.\n",
}
DAILY_NOTES = {
    "memory/2026-11-29.md": "# 2026-11-29\n\n- Ana is a senior data engineer (said again).\n",
    "memory/2026-11-30-standup.md": "- standup: release 4.2 branch cut on Thursday\n",
}
DREAMS = {
    "memory/.dreams/state.json": json.dumps({"last": "2026-11-30T03:00:00Z"}) + "\n",
    "memory/.dreams/candidates.md": "- promote: Ana lives in Lisbon\n",
}


def write_openclaw_demo(workspace: Path) -> str:
    """Write the demo workspace (refuses a directory that exists already); what it holds."""
    write_new_tree(workspace, {"MEMORY.md": MEMORY, **WORKSPACE_FILES, **DAILY_NOTES, **DREAMS})
    items = sum(1 for line in MEMORY.splitlines() if line.startswith(("- ", "* ")))
    return f"MEMORY.md ({items} items), {len(DAILY_NOTES)} daily notes, memory/.dreams/"
