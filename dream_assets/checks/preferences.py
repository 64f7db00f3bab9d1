"""The ``sensitive_flagged`` check: every inferred preference touching security, credentials or
money carries the permission flag, re-read from disk."""

from __future__ import annotations

from dream_assets.core.memory.preference_statements import (
    sensitive_terms,
)
from dream_assets.core.memory.preferences import INFERRED_CATEGORY as CATEGORY
from dream_assets.core.memory.preferences import INFERRED_TAG as TAG
from dream_assets.core.memory.preferences import PERMISSION
from dream_assets.core.store.volume import AgentVolume


def sensitive_flag_violations(volume: AgentVolume) -> tuple[list[str], int]:
    """Re-read from disk: every inferred preference touching a sensitive domain is flagged."""
    violations: list[str] = []
    checked = 0
    for entry in volume.scan_entries().live:
        if entry.category != CATEGORY and TAG not in entry.tags:
            continue
        checked += 1
        terms = sensitive_terms(" ".join([entry.content, *entry.tags]))
        if terms and entry.metadata.get(PERMISSION) != "true":
            violations.append(
                f'{entry.id}: touches {", ".join(terms)} but lacks {PERMISSION} = "true"'
            )
    return violations, checked
