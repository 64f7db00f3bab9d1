"""Pass 4 — skill optimization: rewrite the skills that failed the user, review the sparse ones.

At-risk skills (used in a session with a Correction or a poor/fair SessionSummary) go to the
model with their failure context, and sparse skills with a structural review note. Optimization
improves a skill under its own name; it never creates or deletes one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dream_assets.core.clock import format_time
from dream_assets.core.llm_reply import SkillSave, parse_skill_reply
from dream_assets.core.store.duckdb_store import one_connection
from dream_assets.core.store.ledger import corpus_fingerprint, stamp_pass
from dream_assets.core.telemetry.windows import read_feedback_window, read_skill_sessions
from dream_assets.passes.skill_catalog.consolidation import is_sparse
from dream_assets.passes.skill_catalog.state import SkillCatalogRun
from dream_assets.prompts import PromptCuts, load_directive
from dream_assets.prompts.skills import OptimizationItem, optimization_prompt

OPTIMIZATION = "skill_optimization"

# docs/passes.md, Pass 4.
AT_RISK_RATINGS = frozenset({"poor", "fair"})


def failure_context(
    feedback: list[dict[str, Any]], skill_sessions: dict[str, set[str]], live: set[str]
) -> dict[str, list[dict[str, Any]]]:
    """At-risk skills and the failure signals that put them at risk.

    A skill is at risk when it was used in a session with a Correction or a SessionSummary
    rated poor or fair, or when such a signal names it.
    """
    failing = [
        f
        for f in feedback
        if f.get("kind") == "Correction"
        or (f.get("kind") == "SessionSummary" and f.get("rating") in AT_RISK_RATINGS)
    ]
    by_session: dict[str, set[str]] = {}
    for skill, sessions in skill_sessions.items():
        for session in sessions:
            by_session.setdefault(session, set()).add(skill)
    context: dict[str, list[dict[str, Any]]] = {}
    for signal in failing:
        named = {str(s) for s in signal.get("skills") or []}
        for skill in sorted((named | by_session.get(str(signal.get("session_id")), set())) & live):
            context.setdefault(skill, []).append(signal)
    return context


def _failure_fingerprint(signals: list[dict[str, Any]]) -> str:
    return corpus_fingerprint(
        f"{s.get('ts')}|{s.get('session_id')}|{s.get('kind')}|{s.get('rating')}|{s.get('text')}"
        for s in signals
    )[:16]


def optimization(run: SkillCatalogRun) -> None:
    report = run.report
    live = run.live_skills()
    db = run.call.volume.duckdb_path
    with one_connection(db):
        context = failure_context(read_feedback_window(db), read_skill_sessions(db), set(live))
    items: list[OptimizationItem] = []
    for name in sorted(live):
        skill = live[name]
        failures = context.get(name, [])
        # A skill already rewritten for exactly these failures is not sent again for them.
        if failures and skill.extra.get("optimized_for") == _failure_fingerprint(failures):
            failures = []
        sparse = is_sparse(skill, run.call.now)
        if failures or sparse:
            items.append(OptimizationItem(skill, tuple(failures), sparse))
            why = [f"{len(failures)} failure signal(s)"] if failures else []
            why += ["sparse"] if sparse else []
            report.decide("at-risk" if failures else "sparse-review", name, ", ".join(why))
    report.counts["optimization_candidates"] = len(items)
    if not items:
        report.decide("skipped", OPTIMIZATION, "no at-risk or sparse skills")
        return
    if run.call.model is None:
        report.decide("deterministic", OPTIMIZATION, "no model: candidates reported, no rewrite")
        return
    directive, _source = load_directive(run.call.volume, OPTIMIZATION)
    fingerprint = corpus_fingerprint(
        [
            directive,
            *(
                f"{i.skill.name}\n{i.skill.content}\n{_failure_fingerprint(list(i.failures))}"
                for i in items
            ),
        ]
    )
    if run.gate(OPTIMIZATION, fingerprint, gated="optimization_gated") is None:
        return
    cuts = PromptCuts()
    system, user = optimization_prompt(directive, items, cuts)
    cuts.report_to(report)
    reply = run.ask(OPTIMIZATION, system, user, parse_skill_reply)
    if reply is None:
        return
    run.refuse_invalid(OPTIMIZATION, reply.invalid)
    for target in reply.to_delete:
        report.refuse("no-delete-in-optimization", target, "optimization improves, never deletes")
    by_name = {i.skill.name: i for i in items}
    for save in reply.to_save:
        safe = run.safe_name(OPTIMIZATION, save.name)
        item = by_name.get(safe) if safe is not None else None
        if safe is not None and item is None:
            report.refuse("not-a-candidate", safe, "optimization keeps each skill's name")
        if item is None:
            continue
        _save_optimized(run, item, save, set(live))
    if run.stopped is None:
        stamp_pass(run.call.volume.ledger_path, OPTIMIZATION, run.call.now, fingerprint)


def _save_optimized(
    run: SkillCatalogRun, item: OptimizationItem, save: SkillSave, live: set[str]
) -> None:
    skill = item.skill
    extra = dict(skill.extra)
    extra["optimized_at"] = format_time(run.call.now)
    if item.failures:
        extra["optimized_for"] = _failure_fingerprint(list(item.failures))
    see_also = skill.see_also
    if save.see_also:
        see_also = tuple(n for n in dict.fromkeys(save.see_also) if n in live and n != skill.name)
    improved = replace(
        skill, summary=save.summary, content=save.content, see_also=see_also, extra=extra
    )
    if run.save(OPTIMIZATION, improved):
        run.report.count("skills_optimized")
        why = "at-risk" if item.failures else "sparse"
        run.report.decide(
            "optimized", skill.name, f"{why}: {len(skill.content)} → {len(save.content)} chars"
        )
        run.log_change("optimized", skill.name, pass_name=OPTIMIZATION, reason=why)
