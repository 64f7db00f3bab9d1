"""Prompts of memory consolidation: the batch of entries, and the narrow merge repair."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from dream_assets.core.models import MemoryEntry
from dream_assets.prompts import one_line


def entry_line(entry: MemoryEntry) -> str:
    """``[<id>] (category) content — first=… last=… reinforced=N× subject=…``.

    Temporal context lets the model tell a durable fact observed twice from two distinct
    moments (seed, Pass 1 input).
    """
    parts = [
        f"first={entry.created_at:%Y-%m-%d}",
        f"last={entry.last_seen_at:%Y-%m-%d}",
        f"reinforced={entry.reinforcement_count}×",
    ]
    subject = [
        str(entry.metadata[k])
        for k in ("subject_start", "subject_end", "subject_point")
        if entry.metadata.get(k)
    ]
    if subject:
        parts.append("subject=" + "..".join(subject))
    return f"[{entry.id}] ({entry.category}) {one_line(entry.content)} — {' '.join(parts)}"


def feedback_line(signal: dict[str, Any]) -> str:
    skills = ",".join(str(s) for s in signal.get("skills") or [])
    rating = signal.get("rating") or "-"
    text = one_line(str(signal.get("text") or ""), 400)
    return f"- {signal.get('kind')} rating={rating} skills={skills}: {text}"


def consolidation_prompt(
    directive: str,
    entries: Sequence[MemoryEntry],
    clusters: Sequence[Sequence[str]],
    feedback: Sequence[dict[str, Any]],
) -> tuple[str, str]:
    lines = ["## Memory entries", *(entry_line(e) for e in entries)]
    if clusters:
        lines += ["", "## Near-duplicate clusters (ids that look alike)"]
        lines += ["- " + ", ".join(cluster) for cluster in clusters]
    if feedback:
        lines += ["", "## Recent feedback signals", *(feedback_line(f) for f in feedback)]
    return directive, "\n".join(lines)


REPAIR_SYSTEM = (
    "You repair a proposed merge of memory entries. The merged text dropped or changed details "
    "that its sources contain. Each listed item is either a string to put back exactly as "
    "written, or a finding 'kind: source id — note' saying what the merge changed (a lost "
    "negation, a changed quantity, who did what, a plan turned into a fact, a dropped detail); "
    "fix every one, changing as little else as possible. Answer with one JSON object and "
    'nothing else: {"content": "..."}'
)


def repair_prompt(merged: str, sources: Sequence[MemoryEntry], missing: Sequence[str]) -> str:
    return "\n".join(
        [
            "## Merged text",
            one_line(merged),
            "",
            "## Sources",
            *(entry_line(s) for s in sources),
            "",
            "## Strings you dropped — put every one of them back",
            json.dumps(list(missing), ensure_ascii=False),
        ]
    )
