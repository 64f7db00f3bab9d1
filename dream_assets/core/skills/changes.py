"""The skill change log: ``skill-changes.jsonl``, one line per change a pass made to a skill.

Every pass that writes a skill (gap detection, consolidation, optimization, wisp insights)
appends what it did with the run id, and the asset checks re-read a run's lines to verify on
disk that no skill vanished without an archived copy and a saved replacement.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from dream_assets.core.clock import format_time
from dream_assets.core.store.jsonl import read_jsonl
from dream_assets.core.store.state_file import append_own_line
from dream_assets.core.store.volume import AgentVolume
from dream_assets.core.telemetry.retention import trim_to_last_lines

CHANGES_FILE = "skill-changes.jsonl"
# The change log is for per-run verification and review, not an archive of its own.
CHANGES_MAX_LINES = 10_000


def changes_path(volume: AgentVolume) -> Path:
    return volume.root / CHANGES_FILE


def log_skill_change(
    volume: AgentVolume, run_id: str, now: datetime, action: str, skill: str, **details: Any
) -> None:
    """Append one change to the skill change log (what the asset checks re-verify)."""
    record = {"run_id": run_id, "ts": format_time(now), "action": action, "skill": skill}
    record.update(details)
    append_own_line(changes_path(volume), json.dumps(record, ensure_ascii=False))


def trim_skill_changes(volume: AgentVolume) -> str | None:
    """Keep the log's last ``CHANGES_MAX_LINES`` lines; a warning when it could not be trimmed."""
    path = changes_path(volume)
    if not path.exists():
        return None
    try:
        trim_to_last_lines(path, CHANGES_MAX_LINES)
    except OSError as exc:
        return f"{path}: not trimmed: {exc}"
    return None


def run_changes(volume: AgentVolume, run_id: str) -> list[dict[str, Any]]:
    """The changes one run logged, in the order it made them."""
    return [r for r in read_jsonl(changes_path(volume)).records if r.get("run_id") == run_id]
