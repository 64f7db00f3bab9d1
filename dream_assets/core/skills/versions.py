"""Earlier versions of skills a run rewrote, so ``dream undo RUN`` can put them back byte for byte.

Before a run first changes a skill (rewrite, optimization, archive), the file as it was goes to
``skill-versions/<run>/<name>/SKILL.md`` (or an ``ABSENT`` marker when the run created it); after
each write, the text the run left goes beside it as ``AFTER.md``. Undo restores the earlier bytes
only while the skill is still what the run left (docs/safety.md: undo never lands on a later
change), and archives (never deletes) a skill the run created.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from dream_assets.core.models import validate_skill_name
from dream_assets.core.store.atomic import atomic_write_bytes, atomic_write_text
from dream_assets.core.store.volume import AgentVolume

VERSIONS_DIR = "skill-versions"
BEFORE = "SKILL.md"
AFTER = "AFTER.md"
ABSENT = "ABSENT"
UNDONE = "UNDONE"


def _run_dir(volume: AgentVolume, run_id: str) -> Path:
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", run_id)[:128] or "_"
    return volume.root / VERSIONS_DIR / safe


def _version_dir(volume: AgentVolume, run_id: str, name: str) -> Path:
    validate_skill_name(name)
    return _run_dir(volume, run_id).joinpath(*name.split("/"))


def keep_version(volume: AgentVolume, run_id: str, name: str) -> None:
    """Keep the skill as it was before this run's first change to it (once per run)."""
    target = _version_dir(volume, run_id, name)
    if (target / BEFORE).exists() or (target / ABSENT).exists():
        return
    current = volume.skill_path(name)
    if current.exists():
        atomic_write_bytes(target / BEFORE, current.read_bytes())
    else:
        atomic_write_text(target / ABSENT, "")


def record_after(volume: AgentVolume, run_id: str, name: str) -> None:
    """Keep what the run left (undo refuses a skill changed since)."""
    current = volume.skill_path(name)
    data = current.read_bytes() if current.exists() else b""
    atomic_write_bytes(_version_dir(volume, run_id, name) / AFTER, data)


@dataclass
class SkillUndo:
    restored: list[str] = field(default_factory=list)
    archived: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)


def has_versions(volume: AgentVolume, run_id: str) -> bool:
    return _run_dir(volume, run_id).is_dir()


def skills_undoable(volume: AgentVolume, run_id: str) -> bool:
    """The run kept versions of skills it changed and they were not undone yet."""
    run_dir = _run_dir(volume, run_id)
    return run_dir.is_dir() and not (run_dir / UNDONE).exists()


def undo_skills(volume: AgentVolume, run_id: str) -> SkillUndo:
    """Put back every skill the run changed; idempotent (a second undo finds the mark)."""
    result = SkillUndo()
    run_dir = _run_dir(volume, run_id)
    if not run_dir.is_dir() or (run_dir / UNDONE).exists():
        return result
    for marker in sorted(run_dir.rglob("*")):
        if marker.name not in (BEFORE, ABSENT):
            continue
        name = "/".join(marker.parent.relative_to(run_dir).parts)
        live = volume.skill_path(name)
        after = marker.parent / AFTER
        current = live.read_bytes() if live.exists() else b""
        if after.exists() and current != after.read_bytes():
            result.skipped.append((name, "changed since the run: undo that first"))
            continue
        if marker.name == BEFORE:
            atomic_write_bytes(live, marker.read_bytes())
            result.restored.append(name)
        elif live.exists():
            volume.archive_skill(name)
            result.archived.append(name)
    atomic_write_text(run_dir / UNDONE, "")
    return result
