"""Prompts of memory consolidation: the batch of entries, and the narrow merge repair."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from dream_assets.core.facts.meaning import MEANING_KINDS
from dream_assets.core.models import MemoryEntry
from dream_assets.prompts import PromptCuts, one_line


def entry_line(entry: MemoryEntry, cuts: PromptCuts | None = None) -> str:
    """``[<id>] (category) content — first=… last=… reinforced=N× subject=…``.

    Temporal context lets the model tell a durable fact observed twice from two distinct
    moments (docs/passes.md, Pass 1).
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
    text = cuts.entry_text(entry.id, entry.content) if cuts else one_line(entry.content)
    return f"[{entry.id}] ({entry.category}) {text} — {' '.join(parts)}"


# The longest feedback text a prompt shows.
FEEDBACK_CHARS = 400


def feedback_line(signal: dict[str, Any], cuts: PromptCuts | None = None) -> str:
    skills = ",".join(str(s) for s in signal.get("skills") or [])
    rating = signal.get("rating") or "-"
    raw = str(signal.get("text") or "")
    session = f"session {signal.get('session_id') or '?'}"
    text = (
        cuts.clip(raw, FEEDBACK_CHARS, "feedback signals", session)
        if cuts
        else one_line(raw, FEEDBACK_CHARS)
    )
    return f"- {signal.get('kind')} rating={rating} skills={skills}: {text}"


def consolidation_prompt(
    directive: str,
    entries: Sequence[MemoryEntry],
    clusters: Sequence[Sequence[str]],
    feedback: Sequence[dict[str, Any]],
    cuts: PromptCuts | None = None,
) -> tuple[str, str]:
    lines = ["## Memory entries", *(entry_line(e, cuts) for e in entries)]
    if clusters:
        lines += ["", "## Near-duplicate clusters (ids that look alike)"]
        lines += ["- " + ", ".join(cluster) for cluster in clusters]
    if feedback:
        lines += ["", "## Recent feedback signals", *(feedback_line(f, cuts) for f in feedback)]
    return directive, "\n".join(lines)


REPAIR_SYSTEM = (
    "You repair a proposed merge of memory entries. The merged text dropped or changed details "
    "that its sources contain. Each string listed as dropped goes back exactly as written. Each "
    "line listed as changed is a finding 'kind: ...' saying what the merge changed (a lost "
    "negation, a changed quantity, who did what, a plan turned into a fact, a dropped detail or "
    "source): say it again as the sources do, without copying the finding into the text. Fix "
    "every one, changing as little else as possible. Answer with one JSON object and nothing "
    'else: {"content": "..."}'
)

# Findings of the meaning checks and the verifier ("negation: not eat meat", "dropped: m-2 —
# note") describe a change; everything else in ``missing`` is a specific to restore verbatim.
_FINDING_KINDS = (*MEANING_KINDS, "dropped")


def _is_finding(item: str) -> bool:
    return any(item.startswith(kind + ": ") for kind in _FINDING_KINDS)


def repair_prompt(
    merged: str,
    sources: Sequence[MemoryEntry],
    missing: Sequence[str],
    cuts: PromptCuts | None = None,
) -> str:
    """The merge, its sources, and what the merge checks found missing.

    Specifics (names, numbers, dates) are strings to restore verbatim; the findings of the meaning
    checks and the verifier ("negation: not eat meat") describe a change and must not be pasted
    into the text, so they are listed apart.
    """
    specifics = [item for item in missing if not _is_finding(item)]
    changes = [item for item in missing if _is_finding(item)]
    lines = [
        "## Merged text",
        cuts.entry_text("merged text", merged) if cuts else one_line(merged),
        "",
        "## Sources",
        *(entry_line(s, cuts) for s in sources),
        "",
        "## Strings you dropped — put every one of them back",
        json.dumps(specifics, ensure_ascii=False),
    ]
    if changes:
        lines += [
            "",
            "## What the merged text changed — say it as the sources do (do not copy these labels)",
            *(f"- {change}" for change in changes),
        ]
    return "\n".join(lines)
