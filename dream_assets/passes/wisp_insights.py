"""Wisp failure analysis: learn from the wisps that keep failing (docs/passes.md).

The analysis is deterministic (core.wisp_patterns): executions of the last 14 days grouped by
description; a description failing 3+ times is a failure pattern (classification, affected
steps) and is appended once to each skill that produced it, under ``## Known wisp failures``;
a description run 5+ times with over 80 % success is reported as a promotion candidate.

With a model configured, the model words the corrected pattern of each new annotation (the
volume's ``wisp-failure-dream.md`` replaces the built-in directive). It is asked only about
patterns not yet annotated, so an unchanged window costs no call; it can name only skills that
produced a pattern, and a bad reply changes nothing and leaves the ledger unstamped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dream_assets.core.llm_reply import (
    WispReply,
    parse_wisp_reply,
)
from dream_assets.core.models import Skill, validate_skill_name
from dream_assets.core.report import PassReport
from dream_assets.core.safety.redaction import contains_redaction_marker, needs_redaction
from dream_assets.core.skills.changes import log_skill_change
from dream_assets.core.store.ledger import stamp_pass
from dream_assets.core.store.volume import AgentVolume, PathEscapeError
from dream_assets.core.telemetry.windows import read_wisp_window
from dream_assets.core.telemetry.wisp_patterns import (
    FailurePattern,
    PromotionCandidate,
    analyze_wisps,
    annotate_content,
    annotation_marker,
)
from dream_assets.llm import ChatModel, ask
from dream_assets.passes.call import PassCall
from dream_assets.prompts import PromptCuts, load_directive
from dream_assets.prompts.wisp import wisp_prompt

PASS = "wisp_insights"
DIRECTIVE = "wisp_failure"
NOTE_CHARS = 600


@dataclass(frozen=True)
class _Pending:
    pattern: FailurePattern
    skill: str


def run_wisp_insights(call: PassCall) -> PassReport:
    volume, now, model, bounds = call.volume, call.now, call.model, call.bounds
    report = PassReport(PASS)
    run_id = call.run
    for key in ("wisp_runs", "failure_patterns", "promotion_candidates", "annotated"):
        report.counts[key] = 0
    if not call.options.wisp_failure_analysis_enabled:
        report.skipped = "disabled (wisp_failure_analysis_enabled = false)"
        return report
    if not volume.duckdb_path.exists():
        report.warnings.append(f"{volume.duckdb_path} missing: no wisp window to analyze")
    analysis = analyze_wisps(read_wisp_window(volume.duckdb_path))
    report.counts.update(
        wisp_runs=analysis.runs,
        descriptions=analysis.descriptions,
        failure_patterns=len(analysis.failure_patterns),
        promotion_candidates=len(analysis.promotion_candidates),
    )
    if not analysis.runs:
        report.skipped = "no wisp executions in the window"
        return report
    for candidate in analysis.promotion_candidates:
        report.decide(
            "promotion-candidate",
            candidate.description,
            f"{candidate.successes}/{candidate.runs} runs ok ({candidate.success_rate:.0%})",
        )
    skills = {s.name: s for s in volume.scan_skills().skills}
    pending = _pending(analysis.failure_patterns, skills, report)
    notes: dict[tuple[str, str], str] = {}
    if model is not None and pending:
        asked = _ask_model(volume, model, pending, analysis.promotion_candidates, report)
        if asked is None:
            return report
        notes = asked
    stopped: str | None = None
    for item in pending:
        # Each annotation counts against the run's bounds (core.bounds); past one, the rest
        # waits for the next cycle (the ledger is not stamped, the patterns stay pending).
        stopped = stopped or (bounds.stop_reason() if bounds is not None else None)
        if stopped is not None:
            report.count("waiting_next_cycle")
            report.decide("waiting", item.skill, stopped)
            continue
        skill = skills[item.skill]
        content = annotate_content(
            skill.content, item.pattern, notes.get((item.skill, item.pattern.key))
        )
        if content is None:
            continue
        updated = Skill(**{**skill.__dict__, "content": content})
        try:
            volume.save_skill(updated)
        except (OSError, PathEscapeError) as exc:
            report.fail(f"annotating {item.skill} failed: {exc}")
            continue
        skills[item.skill] = updated
        report.count("annotated")
        report.decide(
            "annotated",
            item.skill,
            f'"{item.pattern.description}": {item.pattern.classification}, '
            f"{item.pattern.failures}/{item.pattern.runs} failed",
        )
        log_skill_change(
            volume, run_id, now, "annotated", item.skill, pattern=item.pattern.key, pass_name=PASS
        )
        if bounds is not None:
            bounds.spend("wisp annotation", item.skill)
    if stopped is not None:
        report.skipped = f"{stopped}: remaining annotations wait for the next cycle"
    else:
        stamp_pass(volume.ledger_path, PASS, now)
    report.highlights = "; ".join(
        f'"{p.description}" {p.classification} {p.failures}/{p.runs}'
        for p in analysis.failure_patterns[:3]
    )
    return report


def _pending(
    patterns: Sequence[FailurePattern], skills: dict[str, Skill], report: PassReport
) -> list[_Pending]:
    """Pattern/skill pairs still to annotate; the rest are reported, not retried."""
    pending: list[_Pending] = []
    for pattern in patterns:
        detail = (
            f"{pattern.failures}/{pattern.runs} failed ({pattern.classification}) "
            f"at {pattern.steps_text()}"
        )
        report.decide("failure-pattern", pattern.description, detail)
        if not pattern.skills:
            report.count("unattributed")
            report.decide("unattributed", pattern.description, "no skill named in its runs")
        for name in pattern.skills:
            skill = skills.get(name)
            if skill is None:
                report.count("skill_missing")
                report.decide("skill-missing", name, f'"{pattern.description}"')
            elif annotation_marker(pattern) in skill.content:
                report.count("already_annotated")
            else:
                pending.append(_Pending(pattern, name))
    return pending


def _ask_model(
    volume: AgentVolume,
    model: ChatModel,
    pending: Sequence[_Pending],
    promotions: Sequence[PromotionCandidate],
    report: PassReport,
) -> dict[tuple[str, str], str] | None:
    """The model's notes per (skill, pattern); None when nothing may change this cycle."""
    patterns = list({p.pattern.key: p.pattern for p in pending}.values())
    directive, _source = load_directive(volume, DIRECTIVE)
    cuts = PromptCuts()
    system, user = wisp_prompt(directive, patterns, promotions, cuts)
    cuts.report_to(report)
    if needs_redaction(system) or needs_redaction(user):
        # Model text written from redacted input is never saved unreviewed: the notes are the
        # deterministic ones, built from the telemetry itself (docs/safety.md).
        report.count("redacted_input")
        report.decide("deterministic", PASS, "the wisp errors needed secret redaction")
        return {}
    call = ask(
        model,
        system,
        user,
        purpose=PASS,
        parse=parse_wisp_reply,
        report=report,
    )
    reply = call.settle(report)
    if reply is None:
        return None
    notes = match_wisp_notes(reply, pending, report)
    for key, note in list(notes.items()):
        if contains_redaction_marker(note):
            report.refuse("redaction marker", key[0], "model note dropped")
            del notes[key]
    return notes


def match_wisp_notes(
    reply: WispReply, pending: Sequence[_Pending], report: PassReport
) -> dict[tuple[str, str], str]:
    """A note may only land on a skill that produced a pending pattern (and on that pattern)."""
    for problem in reply.invalid:
        report.refuse("invalid-item", "annotations", problem)
    by_skill: dict[str, list[str]] = {}
    for item in pending:
        by_skill.setdefault(item.skill, []).append(item.pattern.key)
    notes: dict[tuple[str, str], str] = {}
    for annotation in reply.annotations:
        try:
            validate_skill_name(annotation.skill)
        except ValueError as exc:
            report.refuse("unsafe-name", annotation.skill, str(exc))
            continue
        keys = by_skill.get(annotation.skill)
        if keys is None:
            report.refuse(
                "not-a-pattern-skill", annotation.skill, "no pending wisp failure names this skill"
            )
            continue
        if annotation.pattern in keys:
            chosen = annotation.pattern
        elif len(keys) == 1:
            chosen = keys[0]
        else:
            report.refuse("ambiguous", annotation.skill, "several patterns; the note names none")
            continue
        notes[(annotation.skill, chosen)] = annotation.note[:NOTE_CHARS]
    return notes
