"""Prompt of wisp failure analysis (docs/passes.md, "Wisp insights").

The analysis itself is deterministic (core.wisp_patterns); with a model configured, the model
only words the corrected pattern appended to each skill. Each pattern is shown on its own line
starting with ``[<pattern key>]`` so an annotation can name the pattern it is about.
"""

from __future__ import annotations

from collections.abc import Sequence

from dream_assets.core.telemetry.wisp_patterns import FailurePattern, PromotionCandidate
from dream_assets.prompts import PromptCuts, one_line

# The longest wisp description or error a prompt shows.
WISP_CHARS = 300


def pattern_line(pattern: FailurePattern, cuts: PromptCuts | None = None) -> str:
    classes = ", ".join(f"{label} ×{n}" for label, n in pattern.classifications)
    of = f"pattern {pattern.key}"
    clip = cuts.clip if cuts else (lambda text, limit, _what, _of: one_line(text, limit))
    error = clip(pattern.last_error or "-", WISP_CHARS, "texts", of)
    skills = ", ".join(pattern.skills) or "-"
    description = clip(pattern.description, WISP_CHARS, "texts", of)
    return (
        f'[{pattern.key}] skill(s)={skills} "{description}" — '
        f"{pattern.failures}/{pattern.runs} runs failed; classification: {classes}; "
        f"steps: {pattern.steps_text()}; last error: {error}"
    )


def promotion_line(candidate: PromotionCandidate) -> str:
    return (
        f'- "{one_line(candidate.description, 300)}" — {candidate.successes}/{candidate.runs} '
        f"runs succeeded ({candidate.success_rate:.0%})"
    )


def wisp_prompt(
    directive: str,
    patterns: Sequence[FailurePattern],
    promotions: Sequence[PromotionCandidate],
    cuts: PromptCuts | None = None,
) -> tuple[str, str]:
    lines = ["## Recurring failure patterns (3+ failures in the window)"]
    lines += [pattern_line(p, cuts) for p in patterns]
    if promotions:
        lines += ["", "## Consistent successes (5+ runs, over 80% success)"]
        lines += [promotion_line(c) for c in promotions]
    lines += [
        "",
        'Give each annotation the "pattern" key it is about, e.g. '
        '{"skill": "...", "pattern": "<key>", "note": "..."}.',
    ]
    return directive, "\n".join(lines)
