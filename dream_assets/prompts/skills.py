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
from dream_assets.prompts import PromptCuts, is_cut, one_line
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


# The longest skill summary a prompt shows.
SUMMARY_CHARS = 300


def _summary(skill: Skill, cuts: PromptCuts | None) -> str:
    if cuts:
        return cuts.clip(skill.summary, SUMMARY_CHARS, "summaries", f"skill {skill.name}")
    return one_line(skill.summary, SUMMARY_CHARS)


def catalog_line(skill: Skill, cuts: PromptCuts | None = None) -> str:
    summary = _summary(skill, cuts) if skill.summary else "(no summary)"
    return f"- {skill.name}: {summary}"


def conversation_block(
    sessions: Mapping[str, Sequence[Mapping[str, Any]]], cuts: PromptCuts | None = None
) -> list[str]:
    """Each session under its own heading, one turn per line (``role: text``); a turn left out
    or shortened is counted as truncated (``truncated: 3 turns of session s7``)."""
    lines: list[str] = []
    for session, turns in sessions.items():
        lines += ["", f"### Session {session}"]
        shown = list(turns)[-SESSION_TURNS:]
        omitted = len(turns) - len(shown)
        if omitted:
            lines.append(f"({omitted} earlier turn(s) omitted)")
        shortened = 0
        for turn in shown:
            role = str(turn.get("role", "?"))
            content = str(turn.get("content", ""))
            shortened += is_cut(content, TURN_CHARS)
            lines.append(f"{role}: {one_line(content, TURN_CHARS)}")
        if cuts is not None:
            cuts.add("turns", f"session {session}", omitted + shortened)
    return lines


def gap_prompt(
    directive: str,
    catalog: Sequence[Skill],
    sessions: Mapping[str, Sequence[Mapping[str, Any]]],
    recurring_topics_block: str,
    cuts: PromptCuts | None = None,
) -> tuple[str, str]:
    lines = ["## Existing skills"]
    lines += [catalog_line(s, cuts) for s in catalog] or ["(none)"]
    if recurring_topics_block:
        lines += ["", recurring_topics_block]
    lines += ["", f"## Recent conversations ({len(sessions)} session(s))"]
    lines += conversation_block(sessions, cuts)
    return directive, "\n".join(lines)


def skill_block(
    skill: Skill, annotations: Sequence[str], cuts: PromptCuts | None = None
) -> list[str]:
    header = f"### {skill.name}"
    if annotations:
        header += " " + " ".join(annotations)
    lines = [header, f"summary: {_summary(skill, cuts) or '(none)'}"]
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
    cuts: PromptCuts | None = None,
) -> tuple[str, str]:
    lines = [f"## Skills ({len(skills)})", ""]
    for skill in skills:
        annotations = [f"(used {usage.get(skill.name, 0)}× in the last 30 days)"]
        if skill.name in sparse:
            annotations.append(SPARSE_ANNOTATION)
        lines += skill_block(skill, annotations, cuts)
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


def optimization_prompt(
    directive: str, items: Sequence[OptimizationItem], cuts: PromptCuts | None = None
) -> tuple[str, str]:
    lines = [f"## Skills to improve ({len(items)})", ""]
    for item in items:
        reasons = []
        if item.failures:
            reasons.append("at-risk")
        if item.sparse:
            reasons.append(SPARSE_ANNOTATION)
        lines += skill_block(item.skill, reasons, cuts)
        if item.failures:
            lines.append("#### Failure context (sessions where this skill was used)")
            lines += [feedback_line(signal, cuts) for signal in item.failures]
            lines.append("")
        if item.sparse:
            lines += [REVIEW_NOTE, ""]
    return directive, "\n".join(lines).rstrip() + "\n"
