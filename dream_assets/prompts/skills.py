"""Prompts of the skill passes: gap detection, consolidation and optimization (docs/passes.md,
Passes 2–4).

The directive (built-in or the volume's ``skill-gap.md`` / ``skill-dream.md`` /
``skill-optimize.md``) is the system message; the user message carries the data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dream_assets.core.models import Skill
from dream_assets.prompts import one_line
from dream_assets.prompts.memory import feedback_line

# docs/passes.md, Pass 4: the structural review note sparse skills are sent with, verbatim.
REVIEW_NOTE = (
    "### Review note: This skill has minimal content.\n"
    "Expand it with concrete steps, examples, and edge cases."
)
SPARSE_ANNOTATION = "[sparse-content]"

# Bounds per conversation turn and per session: the log is cleared every cycle, but one
# pasted document must not crowd every other session out of the prompt.
TURN_CHARS = 800
SESSION_TURNS = 40


def catalog_line(skill: Skill) -> str:
    summary = one_line(skill.summary, 300) if skill.summary else "(no summary)"
    return f"- {skill.name}: {summary}"


def conversation_block(sessions: Mapping[str, Sequence[Mapping[str, Any]]]) -> list[str]:
    """Each session under its own heading, one turn per line (``role: text``)."""
    lines: list[str] = []
    for session, turns in sessions.items():
        lines += ["", f"### Session {session}"]
        shown = list(turns)[-SESSION_TURNS:]
        if len(turns) > len(shown):
            lines.append(f"({len(turns) - len(shown)} earlier turn(s) omitted)")
        for turn in shown:
            role = str(turn.get("role", "?"))
            lines.append(f"{role}: {one_line(str(turn.get('content', '')), TURN_CHARS)}")
    return lines


def gap_prompt(
    directive: str,
    catalog: Sequence[Skill],
    sessions: Mapping[str, Sequence[Mapping[str, Any]]],
    recurring_topics_block: str,
) -> tuple[str, str]:
    lines = ["## Existing skills"]
    lines += [catalog_line(s) for s in catalog] or ["(none)"]
    if recurring_topics_block:
        lines += ["", recurring_topics_block]
    lines += ["", f"## Recent conversations ({len(sessions)} session(s))"]
    lines += conversation_block(sessions)
    return directive, "\n".join(lines)


def skill_block(skill: Skill, annotations: Sequence[str]) -> list[str]:
    header = f"### {skill.name}"
    if annotations:
        header += " " + " ".join(annotations)
    lines = [header, f"summary: {one_line(skill.summary, 300) or '(none)'}"]
    if skill.see_also:
        lines.append("seeAlso: " + ", ".join(skill.see_also))
    lines += [skill.content.rstrip(), ""]
    return lines


def consolidation_prompt(
    directive: str,
    skills: Sequence[Skill],
    usage: Mapping[str, int],
    sparse: set[str],
    co_used: Sequence[tuple[str, str, int]],
    prefix_clusters: Mapping[str, Sequence[str]],
) -> tuple[str, str]:
    lines = [f"## Skills ({len(skills)})", ""]
    for skill in skills:
        annotations = [f"(used {usage.get(skill.name, 0)}× in the last 30 days)"]
        if skill.name in sparse:
            annotations.append(SPARSE_ANNOTATION)
        lines += skill_block(skill, annotations)
    if co_used:
        lines += ["## Top co-used skill pairs (same session)"]
        lines += [f"- {a} + {b}: {n} session(s)" for a, b, n in co_used]
        lines.append("")
    if prefix_clusters:
        lines += ["## Prefix clusters"]
        lines += [f"- {prefix}/*: {', '.join(names)}" for prefix, names in prefix_clusters.items()]
    return directive, "\n".join(lines).rstrip() + "\n"


@dataclass(frozen=True)
class OptimizationItem:
    """One skill sent for optimization, with why it was picked."""

    skill: Skill
    failures: tuple[dict[str, Any], ...]
    sparse: bool


def optimization_prompt(directive: str, items: Sequence[OptimizationItem]) -> tuple[str, str]:
    lines = [f"## Skills to improve ({len(items)})", ""]
    for item in items:
        reasons = []
        if item.failures:
            reasons.append("at-risk")
        if item.sparse:
            reasons.append(SPARSE_ANNOTATION)
        lines += skill_block(item.skill, reasons)
        if item.failures:
            lines.append("#### Failure context (sessions where this skill was used)")
            lines += [feedback_line(signal) for signal in item.failures]
            lines.append("")
        if item.sparse:
            lines += [REVIEW_NOTE, ""]
    return directive, "\n".join(lines).rstrip() + "\n"
