"""Prompt of preference inference (docs/passes.md, Pass 5).

The directive (built-in or the volume's ``pref-dream.md``) is the system message. The user
message carries the conversation by session, the recent feedback, the explicit statements the
host already counted (so the model applies the sentiment thresholds to real counts) and the
preferences already on file, each on its own ``[<id>]`` line (docs/passes.md, "Reply contracts").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dream_assets.core.memory.preference_statements import PreferenceCandidate
from dream_assets.core.models import MemoryEntry
from dream_assets.prompts import PromptCuts, one_line
from dream_assets.prompts.memory import entry_line, feedback_line
from dream_assets.prompts.skills import conversation_block


def candidate_line(candidate: PreferenceCandidate, cuts: PromptCuts | None = None) -> str:
    met = "threshold met" if candidate.qualifies else "below threshold"
    statement = (
        cuts.clip(candidate.statement, 300, "statements", "the host's count")
        if cuts
        else one_line(candidate.statement, 300)
    )
    return (
        f'- "{statement}" — {candidate.occurrences} occurrence(s) in '
        f"{len(candidate.sessions)} session(s), strongest: {candidate.strongest.label}, {met}"
    )


def preference_prompt(
    directive: str,
    sessions: Mapping[str, Sequence[Mapping[str, Any]]],
    feedback: Sequence[dict[str, Any]],
    candidates: Sequence[PreferenceCandidate],
    existing: Sequence[MemoryEntry],
    cuts: PromptCuts | None = None,
) -> tuple[str, str]:
    lines = [f"## Recent conversations ({len(sessions)} session(s))"]
    lines += conversation_block(sessions, cuts)
    if feedback:
        lines += ["", "## Recent feedback signals (last 7 days)"]
        lines += [feedback_line(signal, cuts) for signal in feedback]
    if candidates:
        lines += ["", "## Explicit preference statements counted by the host"]
        lines += [candidate_line(c, cuts) for c in candidates]
    if existing:
        lines += ["", "## Preferences already on file (restate one in the same words to keep it)"]
        lines += [entry_line(entry, cuts) for entry in existing]
    return directive, "\n".join(lines)
