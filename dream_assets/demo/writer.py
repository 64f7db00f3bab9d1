"""Writes the demo volume through the volume's own writers and pins every mtime.

Entries and skills go through ``AgentVolume.save`` / ``save_skill`` (so through the models'
serialisers), logs through the atomic writer with lines encoded by ``core.store.jsonl.encode_line``.
Each file's mtime is then set to a moment derived from ``now``, so equal ``(seed, now)`` give
identical files with identical mtimes.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

from dream_assets.core.models import MemoryEntry, Skill
from dream_assets.core.store.atomic import atomic_write_text
from dream_assets.core.store.volume import AgentVolume

# The marker says "this directory is a demo volume, safe to regenerate" and records what was
# planted (duplicate groups, malformed lines) so tests and benchmarks can score the cycle against
# it. The cycle itself never reads it.
DEMO_MARKER = ".dream-demo.json"


def write_new_tree(directory: Path, files: dict[str, str]) -> None:
    """A store demo: ``files`` (relative path: text) written into a new ``directory``; refuses
    a directory that exists already."""
    directory = Path(directory)
    if directory.exists():
        raise ValueError(f"{directory} exists already: give a new directory")
    directory.mkdir(parents=True)
    for name, text in files.items():
        (directory / name).parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(directory / name, text)


def prepare_root(root: Path) -> None:
    """Create ``root``, or empty it when it already holds a demo volume; refuse anything else."""
    if root.exists() and not root.is_dir():
        raise ValueError(f"{root}: exists and is not a directory")
    if root.is_dir() and any(root.iterdir()):
        if not (root / DEMO_MARKER).is_file():
            raise ValueError(
                f"{root}: directory is not empty and is not a demo volume "
                f"(no {DEMO_MARKER}); refusing to write into it"
            )
        # A demo volume a cycle has run on is regenerated from scratch, so equal (seed, now)
        # give equal bytes whatever the cycle left behind.
        for child in sorted(root.iterdir()):
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
    root.mkdir(parents=True, exist_ok=True)


class DemoWriter:
    def __init__(self, root: Path, now: datetime) -> None:
        self.volume = AgentVolume(root)
        self.now = now

    def entry(self, entry: MemoryEntry) -> None:
        self.volume.save(entry)
        _touch(self.volume.entry_path(entry.id), entry.updated_at)

    def skill(self, skill: Skill, edited: datetime) -> None:
        self.volume.save_skill(skill)
        _touch(self.volume.skill_path(skill.name), edited)

    def log(self, path: Path, lines: Iterable[str], last: datetime) -> int:
        """Write a whole log at once; returns its line count.

        No log lock: nothing appends to a volume that is still being written, and taking it
        would leave a ``.lock`` sidecar beside every log of a fresh volume.
        """
        text = "".join(line + "\n" for line in lines)
        atomic_write_text(path, text)
        _touch(path, last)
        return text.count("\n")

    def copy(self, path: Path, text: str, mtime: datetime) -> None:
        atomic_write_text(path, text)
        _touch(path, mtime)

    def marker(self, record: dict[str, Any]) -> None:
        path = self.volume.root / DEMO_MARKER
        atomic_write_text(path, json.dumps(record, indent=2, sort_keys=True) + "\n")
        _touch(path, self.now)

    def settle_directories(self) -> None:
        # Creating files moved the directories' mtimes to the wall clock; pin them to ``now``.
        for directory, _subdirs, _files in os.walk(self.volume.root):
            _touch(Path(directory), self.now)


def _touch(path: Path, mtime: datetime) -> None:
    stamp = mtime.timestamp()
    os.utime(path, (stamp, stamp))
