"""Patterns in the wisp execution log (docs/passes.md, "Wisp insights").

Wisp runs of the last 14 days are grouped by description, so the same wisp run many times reads
as one recurring pattern rather than as many unrelated events:

- a *failure pattern* is a description that failed 3 or more times; it carries a classification
  of what went wrong (from the error text) and the steps it broke at, and becomes an annotation
  on the skills that produced the wisp, so the next definition avoids the same mistake;
- a *promotion candidate* is a description run 5 or more times with more than 80 % success:
  consistent enough to be stored as a wisp skill of its own.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

# Thresholds (docs/passes.md, "Wisp insights").
MIN_FAILURES = 3
MIN_PROMOTION_RUNS = 5
MIN_PROMOTION_SUCCESS = 0.80

# First match wins: a "429 Too Many Requests" is a rate limit before it is an HTTP error, and a
# timed-out connection is a timeout before it is a network problem.
_CLASSIFICATIONS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (label, re.compile(pattern, re.IGNORECASE))
    for label, pattern in (
        ("rate-limit", r"\b429\b|rate.?limit|too many requests|quota"),
        ("timeout", r"time[d ]?\s?out|timeout|deadline exceeded"),
        ("auth", r"\b40[13]\b|unauthori[sz]ed|forbidden|permission denied|auth|api key|credential"),
        (
            "not-found",
            r"\b404\b|not found|no such file|does not exist|missing file|no match|no results?\b",
        ),
        ("unknown-tool", r"unknown tool|no such tool|tool .*not (?:found|registered|available)"),
        (
            "invalid-definition",
            r"invalid wisp|invalid step|missing (?:step|parameter|argument|field)|undefined"
            r"|required (?:parameter|field|argument)|unknown (?:step|parameter|variable)",
        ),
        ("malformed-output", r"json|parse|schema|unexpected token|invalid format|validation"),
        (
            "missing-data",
            r"KeyError|IndexError|NoneType|missing (?:key|value|data)|\bno exif\b|\bnull\b",
        ),
        ("network", r"connection|network|dns|unreachable|socket|\b50[234]\b|ssl|tls"),
    )
)
UNCLASSIFIED = "other"


def classify_error(error: str | None) -> str:
    """A short label for what went wrong, from the error text of a failed run."""
    text = error or ""
    for label, pattern in _CLASSIFICATIONS:
        if pattern.search(text):
            return label
    return UNCLASSIFIED


def normalize_description(description: str) -> str:
    """Group key: the same wisp with different spacing or case is the same wisp."""
    return " ".join(description.lower().split())


@dataclass(frozen=True)
class WispRun:
    description: str
    ok: bool
    failed_step: str | None
    error: str | None
    skill: str | None
    session_id: str

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> WispRun | None:
        """A run from one wisp-window row, or None when the row lacks a description."""
        description = record.get("description")
        if not isinstance(description, str) or not description.strip():
            return None

        def text(key: str) -> str | None:
            value = record.get(key)
            return str(value).strip() or None if value is not None else None

        ok = record.get("ok")
        if isinstance(ok, str):
            ok = ok.strip().lower() in {"true", "1", "yes"}
        return cls(
            description=" ".join(description.split()),
            ok=bool(ok),
            failed_step=text("failed_step"),
            error=text("error"),
            skill=text("skill"),
            session_id=str(record.get("session_id", "")),
        )


@dataclass(frozen=True)
class FailurePattern:
    description: str
    runs: int
    failures: int
    classification: str
    classifications: tuple[tuple[str, int], ...]
    steps: tuple[tuple[str, int], ...]
    skills: tuple[str, ...]
    last_error: str | None

    @property
    def key(self) -> str:
        """Identity of the pattern, so one pattern is annotated once however often it recurs."""
        raw = f"{normalize_description(self.description)}\n{self.classification}"
        return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:12]

    def steps_text(self) -> str:
        if not self.steps:
            return "no step recorded"
        return ", ".join(f"{step} ×{count}" for step, count in self.steps)


@dataclass(frozen=True)
class PromotionCandidate:
    description: str
    runs: int
    successes: int
    skills: tuple[str, ...]

    @property
    def success_rate(self) -> float:
        return self.successes / self.runs


@dataclass(frozen=True)
class WispAnalysis:
    runs: int
    descriptions: int
    failure_patterns: tuple[FailurePattern, ...]
    promotion_candidates: tuple[PromotionCandidate, ...]


def group_by_description(runs: Iterable[WispRun]) -> dict[str, list[WispRun]]:
    groups: dict[str, list[WispRun]] = {}
    for run in runs:
        groups.setdefault(normalize_description(run.description), []).append(run)
    return groups


def analyze_wisps(records: Iterable[Mapping[str, Any]]) -> WispAnalysis:
    runs = [run for record in records if (run := WispRun.from_record(record)) is not None]
    groups = group_by_description(runs)
    failures: list[FailurePattern] = []
    promotions: list[PromotionCandidate] = []
    for group in groups.values():
        pattern = failure_pattern(group)
        if pattern is not None:
            failures.append(pattern)
        candidate = promotion_candidate(group)
        if candidate is not None:
            promotions.append(candidate)
    failures.sort(key=lambda p: (-p.failures, p.description))
    promotions.sort(key=lambda c: (-c.runs, c.description))
    return WispAnalysis(len(runs), len(groups), tuple(failures), tuple(promotions))


def failure_pattern(group: list[WispRun]) -> FailurePattern | None:
    failed = [run for run in group if not run.ok]
    if len(failed) < MIN_FAILURES:
        return None
    classes = Counter(classify_error(run.error) for run in failed)
    steps = Counter(run.failed_step for run in failed if run.failed_step)
    return FailurePattern(
        description=group[-1].description,
        runs=len(group),
        failures=len(failed),
        classification=_most_common(classes),
        classifications=_ranked(classes),
        steps=_ranked(steps),
        skills=tuple(dict.fromkeys(run.skill for run in failed if run.skill)),
        last_error=next((run.error for run in reversed(failed) if run.error), None),
    )


def promotion_candidate(group: list[WispRun]) -> PromotionCandidate | None:
    successes = sum(1 for run in group if run.ok)
    if len(group) < MIN_PROMOTION_RUNS or successes / len(group) <= MIN_PROMOTION_SUCCESS:
        return None
    return PromotionCandidate(
        description=group[-1].description,
        runs=len(group),
        successes=successes,
        skills=tuple(dict.fromkeys(run.skill for run in group if run.skill)),
    )


def _ranked(counter: Counter[str]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(counter.items(), key=lambda item: (-item[1], item[0])))


def _most_common(counter: Counter[str]) -> str:
    return _ranked(counter)[0][0]


# ---------------------------------------------------------------------------------------------
# Skill annotations

ANNOTATION_HEADING = "## Known wisp failures"

# A corrected pattern per classification: the annotation is a negative example plus what to do
# instead, which is what the analysis appends to the skill.
ADVICE = {
    "rate-limit": "Space out the calls of the failing step or add a backoff.",
    "timeout": "Give the failing step a timeout and a retry, or split its work.",
    "auth": "Check the credentials and permissions the step needs before running it.",
    "not-found": "Verify the resource or path exists before the step uses it.",
    "unknown-tool": "Use only tools that are registered for this agent.",
    "invalid-definition": "Declare every step and parameter the wisp refers to.",
    "malformed-output": "Validate the step's output format before parsing it.",
    "missing-data": "Check the input carries every field the step reads; handle a missing one.",
    "network": "Expect the endpoint to be unreachable at times; add a retry.",
    UNCLASSIFIED: "Review the failing step before generating a similar wisp.",
}


def annotation_marker(pattern: FailurePattern) -> str:
    return f"<!-- wisp-pattern:{pattern.key} -->"


def annotation_line(pattern: FailurePattern, note: str | None = None) -> str:
    """One bullet: the negative example (what failed, where, how) and the corrected pattern."""
    error = " ".join((pattern.last_error or "").split())
    if len(error) > 160:
        error = error[:159] + "…"
    advice = " ".join((note or ADVICE.get(pattern.classification, ADVICE[UNCLASSIFIED])).split())
    parts = [
        f'- {annotation_marker(pattern)} "{pattern.description}": {pattern.failures} of '
        f"{pattern.runs} runs failed ({pattern.classification}) at {pattern.steps_text()}."
    ]
    if error:
        parts.append(f'Last error: "{error}".')
    parts.append(advice)
    return " ".join(parts)


def annotate_content(content: str, pattern: FailurePattern, note: str | None = None) -> str | None:
    """The skill body with the pattern appended under the known-failures section.

    None when the pattern is already there: an annotation is appended once, however many
    cycles the same failures stay inside the window.
    """
    if annotation_marker(pattern) in content:
        return None
    line = annotation_line(pattern, note)
    lines = content.rstrip("\n").split("\n") if content.strip() else []
    try:
        start = next(i for i, text in enumerate(lines) if text.strip() == ANNOTATION_HEADING)
    except StopIteration:
        lines += ["", ANNOTATION_HEADING, "", line] if lines else [ANNOTATION_HEADING, "", line]
        return "\n".join(lines) + "\n"
    end = start + 1
    while end < len(lines) and not lines[end].startswith("#"):
        end += 1
    insert_at = end
    while insert_at > start + 1 and not lines[insert_at - 1].strip():
        insert_at -= 1
    lines.insert(insert_at, line)
    return "\n".join(lines) + "\n"
