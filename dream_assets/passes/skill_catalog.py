"""Passes 2–4 — the skill catalog: gap detection, consolidation, optimization (seed 000).

In the seed's order, so skills created by gap detection are in the consolidation that follows:

- *Gap detection*: the conversation log by session plus the catalog; the recurring-topics signal
  (terms of the first user messages found in 2+ sessions). A new skill only for a request seen
  in 2+ sessions: with fewer sessions the model is not asked at all. Only new names are created.
- *Consolidation*: every skill with its usage count (30 days), ``[sparse-content]`` (< 200 chars,
  older than 7 days), the top 10 co-used pairs and the prefix clusters. Corpus-wide, so gated by
  the ledger on the catalog's text (never the drifting usage counts) with the max-skip floor.
  Safety guard: deletions with no replacement saved is a directive violation and the whole
  consolidation is skipped; beyond the seed, each deleted skill must be named in the
  ``sourceNames`` of a saved replacement, else that deletion alone is refused. Replacements are
  saved first and a skill is archived only when its replacement persisted. Merged skills keep
  the earliest created and the latest last-used time.
- *Optimization*: at-risk skills (used in a session with a Correction or a poor/fair
  SessionSummary) with their failure context, and sparse skills with the seed's review note.

Safety throughout: every skill name from the model is validated (no ``..``, no absolute path, no
escape from ``skills/``); a deleted skill goes to ``skills-archive/`` (restorable), never a hard
delete; every change is appended to ``skill-changes.jsonl`` with the run id, which the asset
checks re-read. With no model, each part reports its candidates and rewrites nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from dream_assets.core.atomic import append_line
from dream_assets.core.clock import format_time
from dream_assets.core.jsonl import read_jsonl
from dream_assets.core.ledger import PassLedger, corpus_fingerprint, stamp_pass
from dream_assets.core.llm_reply import (
    SkillReply,
    SkillSave,
    extract_json_object,
    parse_gap_reply,
    parse_skill_reply,
)
from dream_assets.core.models import Skill
from dream_assets.core.options import DreamOptions
from dream_assets.core.recurring_topics import (
    conversation_sessions,
    format_recurring_topics,
    recurring_topics,
)
from dream_assets.core.report import PassReport
from dream_assets.core.retention import trim_to_last_lines
from dream_assets.core.telemetry import (
    read_co_used_pairs,
    read_feedback_window,
    read_skill_sessions,
    read_skill_usage_counts,
)
from dream_assets.core.volume import AgentVolume, PathEscapeError
from dream_assets.llm import ChatModel, Outcome, ask
from dream_assets.prompts import load_directive
from dream_assets.prompts.skills import (
    OptimizationItem,
    consolidation_prompt,
    gap_prompt,
    optimization_prompt,
)

PASS = "skill_catalog"
GAP = "skill_gap"
CONSOLIDATION = "skill_consolidation"
OPTIMIZATION = "skill_optimization"

# Seed, Passes 3 and 4.
SPARSE_CHARS = 200
SPARSE_MIN_AGE = timedelta(days=7)
CO_USED_TOP = 10
AT_RISK_RATINGS = frozenset({"poor", "fair"})

CHANGES_FILE = "skill-changes.jsonl"
# The change log is for per-run verification and review, not an archive of its own.
CHANGES_MAX_LINES = 10_000


def changes_path(volume: AgentVolume) -> Path:
    return volume.root / CHANGES_FILE


def log_skill_change(
    volume: AgentVolume, run_id: str, now: datetime, action: str, skill: str, **details: Any
) -> None:
    """Append one change to the skill change log (what the asset checks re-verify)."""
    record = {"run_id": run_id, "ts": format_time(now), "action": action, "skill": skill}
    record.update(details)
    append_line(changes_path(volume), json.dumps(record, ensure_ascii=False))


T = TypeVar("T")


@dataclass
class _Cycle:
    volume: AgentVolume
    options: DreamOptions
    now: datetime
    model: ChatModel | None
    run_id: str
    report: PassReport
    ledger: PassLedger
    busy: str | None = None

    def log_change(self, action: str, skill: str, **details: Any) -> None:
        log_skill_change(self.volume, self.run_id, self.now, action, skill, **details)

    @property
    def max_skip(self) -> timedelta:
        return timedelta(days=self.options.max_skip_interval_days)


def run_skill_catalog(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    model: ChatModel | None,
    *,
    run_id: str | None = None,
) -> PassReport:
    report = PassReport(PASS)
    cycle = _Cycle(
        volume=volume,
        options=options,
        now=now,
        model=model,
        run_id=run_id or f"local-{format_time(now)}",
        report=report,
        ledger=PassLedger.load(volume.ledger_path),
    )
    if cycle.ledger.warning:
        report.warnings.append(cycle.ledger.warning)
    for key in (
        "sessions",
        "recurring_topics",
        "skills_created",
        "consolidation_candidates",
        "consolidation_gated",
        "skills_saved",
        "skills_archived",
        "see_also_redirected",
        "optimization_candidates",
        "optimization_gated",
        "skills_optimized",
        "refused",
        "failures",
    ):
        report.counts[key] = 0
    if changes_path(volume).exists():
        try:
            trim_to_last_lines(changes_path(volume), CHANGES_MAX_LINES)
        except OSError as exc:
            report.warnings.append(f"{changes_path(volume)}: not trimmed: {exc}")
    before = _live_skills(cycle)
    # The snapshot lets the checks find any skill that vanished in this run, whatever path
    # removed it, rather than trusting the pass's own account of what it archived.
    cycle.log_change("catalog-snapshot", "-", skills=sorted(before))

    _gap_detection(cycle)
    if cycle.busy is None:
        _consolidation(cycle)
    if cycle.busy is None:
        _optimization(cycle)
    if cycle.busy is not None:
        report.skipped = f"agent LLM busy: {cycle.busy}"
    report.counts["skills"] = len(_live_skills(cycle, warn=False))
    report.highlights = _highlights(report)
    return report


def _highlights(report: PassReport) -> str:
    """One short line of what the counts stand for (the CLI and UI show it beside them)."""
    topics = [
        f"{d.target} ({d.detail.split()[0]})"
        for d in report.decisions
        if d.action == "recurring-topic"
    ]
    kinds: dict[str, int] = {}
    for decision in report.decisions:
        if decision.action in {"sparse", "prefix-cluster", "co-used", "unused", "at-risk"}:
            kinds[decision.action] = kinds.get(decision.action, 0) + 1
    parts = []
    if topics:
        parts.append("recurring topics: " + ", ".join(topics[:6]))
    if kinds:
        parts.append("candidates: " + ", ".join(f"{k} {n}" for k, n in kinds.items()))
    return "; ".join(parts)


# ---------------------------------------------------------------------------------------------
# Pass 2 — gap detection


def _gap_detection(cycle: _Cycle) -> None:
    report = cycle.report
    if not cycle.options.skill_gap_enabled:
        report.decide("skipped", GAP, "disabled (skill_gap_enabled = false)")
        return
    read = cycle.volume.read_conversation()
    if read.malformed:
        report.warnings.append(
            f"conversation log: {read.malformed} malformed line(s) skipped ({read.first_problem})"
        )
    sessions = conversation_sessions(read.records)
    if not sessions:
        report.decide("skipped", GAP, "conversation log empty")
        return
    topics = recurring_topics(sessions)
    report.counts["sessions"] = len(sessions)
    report.counts["recurring_topics"] = len(topics)
    for topic in topics[:25]:
        report.decide("recurring-topic", topic.term, f"{topic.sessions} session(s)")
    if len(sessions) < 2:
        report.decide("skipped", GAP, "one session: no request can recur yet")
        return
    if cycle.model is None:
        report.decide("deterministic", GAP, "no model: recurring topics reported, nothing created")
        return

    live = _live_skills(cycle, warn=False)
    directive, _source = load_directive(cycle.volume, GAP)
    system, user = gap_prompt(
        directive, sorted(live.values(), key=_by_name), sessions, format_recurring_topics(topics)
    )
    parsed = _ask(cycle, GAP, system, user, _gap_and_invalid)
    if parsed is None:
        return
    saves, invalid = parsed
    _refuse_invalid(cycle, GAP, invalid)
    for save in saves:
        name = _safe_name(cycle, GAP, save.name)
        if name is None:
            continue
        if name in live:
            report.refuse("exists", name, "gap detection only creates new skills")
            continue
        skill = Skill(
            name=name,
            summary=save.summary,
            content=save.content,
            created_at=cycle.now,
            extra={"created_by": GAP},
        )
        if _save(cycle, GAP, skill):
            live[name] = skill
            report.count("skills_created")
            report.decide("created", name, save.summary)
            cycle.log_change("created", name, pass_name=GAP)
    stamp_pass(cycle.volume.ledger_path, GAP, cycle.now)


# ---------------------------------------------------------------------------------------------
# Pass 3 — consolidation


def is_sparse(skill: Skill, now: datetime) -> bool:
    """Seed: under 200 chars of content and created more than 7 days ago.

    A skill with no recorded creation time is not flagged: its age is unknown, and a skill
    written this morning should get the chance to grow before it is called sparse.
    """
    if len(skill.content.strip()) >= SPARSE_CHARS or skill.created_at is None:
        return False
    return now - skill.created_at > SPARSE_MIN_AGE


def prefix_clusters(names: list[str]) -> dict[str, list[str]]:
    """Skills grouped by their first name segment (``mcp/*``), clusters of two or more."""
    groups: dict[str, list[str]] = {}
    for name in sorted(names):
        if "/" in name:
            groups.setdefault(name.split("/", 1)[0], []).append(name)
    return {prefix: members for prefix, members in groups.items() if len(members) >= 2}


def catalog_fingerprint(skills: list[Skill]) -> str:
    """The catalog's text: names, summaries, see-also lists and bodies.

    Never the usage counts or co-use tallies (30-day rolling annotations that drift on their
    own) nor last-used times, or the gate would never find the catalog unchanged.
    """
    return corpus_fingerprint(
        f"{s.name}\n{s.summary}\n{','.join(s.see_also)}\n{s.content}"
        for s in sorted(skills, key=_by_name)
    )


def _consolidation(cycle: _Cycle) -> None:
    report = cycle.report
    live = _live_skills(cycle, warn=False)
    if len(live) < 2:
        report.decide("skipped", CONSOLIDATION, f"fewer than two skills ({len(live)})")
        return
    db = cycle.volume.duckdb_path
    if not db.exists():
        report.warnings.append(f"{db} missing: consolidation runs without usage counts")
    usage = read_skill_usage_counts(db)
    co_used = read_co_used_pairs(db, top=CO_USED_TOP)
    skills = sorted(live.values(), key=_by_name)
    sparse = {s.name for s in skills if is_sparse(s, cycle.now)}
    clusters = prefix_clusters(list(live))
    # With no usage recorded at all, "unused" would flag every skill and tell nothing.
    _report_consolidation_candidates(cycle, live, sparse, co_used, clusters, usage, bool(usage))
    if cycle.model is None:
        report.decide("deterministic", CONSOLIDATION, "no model: candidates reported, no rewrite")
        return

    directive, _source = load_directive(cycle.volume, CONSOLIDATION)
    # The question is part of what was answered: an edited skill-dream.md asks anew.
    fingerprint = corpus_fingerprint([directive, catalog_fingerprint(skills)])
    gate = cycle.ledger.change_gate(
        CONSOLIDATION,
        fingerprint,
        cycle.now,
        enabled=cycle.options.change_gate_enabled,
        max_skip=cycle.max_skip,
    )
    if not gate.run:
        report.count("consolidation_gated")
        report.decide("skipped", CONSOLIDATION, gate.reason)
        return
    report.decide("gate-open", CONSOLIDATION, gate.reason)
    system, user = consolidation_prompt(directive, skills, usage, sparse, co_used, clusters)
    reply = _ask(cycle, CONSOLIDATION, system, user, parse_skill_reply)
    if reply is None:
        return
    if _apply_consolidation(cycle, live, reply):
        stamp_pass(cycle.volume.ledger_path, CONSOLIDATION, cycle.now, fingerprint)


def _report_consolidation_candidates(
    cycle: _Cycle,
    live: dict[str, Skill],
    sparse: set[str],
    co_used: list[tuple[str, str, int]],
    clusters: dict[str, list[str]],
    usage: dict[str, int],
    have_usage: bool,
) -> None:
    report = cycle.report
    candidates = 0
    for name in sorted(sparse):
        candidates += 1
        report.decide("sparse", name, f"{len(live[name].content.strip())} chars, older than 7 days")
    for prefix, members in clusters.items():
        if f"{prefix}/guide" not in live:
            candidates += 1
            report.decide("prefix-cluster", f"{prefix}/*", ", ".join(members) + " (no guide)")
    for first, second, sessions in co_used:
        linked = (
            second in live.get(first, _EMPTY).see_also or first in live.get(second, _EMPTY).see_also
        )
        if not linked and first in live and second in live:
            candidates += 1
            report.decide("co-used", f"{first} + {second}", f"{sessions} session(s), no see_also")
    if have_usage:
        for name in sorted(live):
            if usage.get(name, 0) == 0:
                candidates += 1
                report.decide("unused", name, "no use in the usage window")
    report.counts["consolidation_candidates"] = candidates


_EMPTY = Skill(name="-", summary="", content="")


def _apply_consolidation(cycle: _Cycle, live: dict[str, Skill], reply: SkillReply) -> bool:
    """Apply a usable reply; False when it violates the directive and nothing was applied."""
    report = cycle.report
    _refuse_invalid(cycle, CONSOLIDATION, reply.invalid)
    saves: list[tuple[str, SkillSave]] = []
    for save in reply.to_save:
        name = _safe_name(cycle, CONSOLIDATION, save.name)
        if name is not None:
            saves.append((name, save))
    saved_names = {name for name, _ in saves}
    deletes: list[str] = []
    for raw in reply.to_delete:
        name = _safe_name(cycle, CONSOLIDATION, raw)
        if name is None:
            continue
        if name not in live:
            report.refuse("unknown-skill", name, "toDelete names no live skill")
        elif name in saved_names:
            report.refuse("delete-and-save", name, "rewritten by this reply, so not archived")
        else:
            deletes.append(name)
    if deletes and not saves:
        report.refuse(
            "directive-violation",
            CONSOLIDATION,
            f"toDelete {deletes} with no replacement saved: whole consolidation skipped",
        )
        return False

    replaced_by: dict[str, list[str]] = {}
    for name in deletes:
        replacements = [s for s, save in saves if name in save.source_names]
        if replacements:
            replaced_by[name] = replacements
        else:
            report.refuse("no-replacement", name, "kept: no saved skill lists it in sourceNames")

    # Replacement first, then retirement (seed, Pass 1 ordering, applied to skills).
    planned = (set(live) - set(replaced_by)) | saved_names
    persisted: set[str] = set()
    for name, save in saves:
        skill = _merged_skill(cycle, name, save, live, planned)
        if not _save(cycle, CONSOLIDATION, skill):
            continue
        persisted.add(name)
        report.count("skills_saved")
        merged = [n for n in save.source_names if n in live and n != name]
        report.decide("saved", name, f"from {', '.join(merged)}" if merged else save.summary)
        cycle.log_change(
            "saved", name, pass_name=CONSOLIDATION, sources=merged, see_also=list(skill.see_also)
        )
    archived: dict[str, list[str]] = {}
    for name, replacements in replaced_by.items():
        kept = [r for r in replacements if r in persisted]
        if not kept:
            report.refuse("replacement-not-saved", name, "kept: its replacement failed to save")
            continue
        try:
            cycle.volume.archive_skill(name)
        except (OSError, KeyError, PathEscapeError) as exc:
            report.fail(f"{CONSOLIDATION}: archiving {name} failed, kept: {exc}")
            continue
        archived[name] = kept
        report.count("skills_archived")
        report.decide("archived", name, f"replaced by {', '.join(kept)}")
        cycle.log_change("archived", name, pass_name=CONSOLIDATION, replaced_by=kept)
    _redirect_see_also(cycle, archived)
    return True


def _merged_skill(
    cycle: _Cycle, name: str, save: SkillSave, live: dict[str, Skill], planned: set[str]
) -> Skill:
    """Seed: a merged skill keeps the earliest created and the most recent last-used time."""
    existing = live.get(name)
    group = [live[n] for n in save.source_names if n in live]
    if existing is not None:
        group.append(existing)
    created = [s.created_at for s in group if s.created_at is not None]
    used = [s.last_used_at for s in group if s.last_used_at is not None]
    extra = dict(existing.extra) if existing is not None else {}
    merged = sorted({n for n in save.source_names if n in live and n != name})
    if merged:
        extra["merged_from"] = merged
        extra["merged_at"] = format_time(cycle.now)
    see_also = []
    for other in save.see_also:
        if other == name or other in see_also:
            continue
        if other in planned:
            see_also.append(other)
        else:
            cycle.report.decide("see-also-dropped", name, f"{other!r} is not a skill")
    return Skill(
        name=name,
        summary=save.summary,
        content=save.content,
        created_at=min(created) if created else cycle.now,
        last_used_at=max(used) if used else None,
        see_also=tuple(see_also),
        extra=extra,
    )


def _redirect_see_also(cycle: _Cycle, archived: dict[str, list[str]]) -> None:
    """Point every see_also at an archived skill to its replacement, so none dangles."""
    if not archived:
        return
    for skill in _live_skills(cycle, warn=False).values():
        if not any(name in archived for name in skill.see_also):
            continue
        updated: list[str] = []
        for name in skill.see_also:
            for target in archived.get(name, [name]):
                if target != skill.name and target not in updated:
                    updated.append(target)
        changed = Skill(**{**skill.__dict__, "see_also": tuple(updated)})
        if _save(cycle, CONSOLIDATION, changed):
            cycle.report.count("see_also_redirected")
            cycle.report.decide("see-also-redirected", skill.name, ", ".join(updated))
            cycle.log_change("see-also-redirected", skill.name, see_also=updated)


# ---------------------------------------------------------------------------------------------
# Pass 4 — optimization


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


def _optimization(cycle: _Cycle) -> None:
    report = cycle.report
    live = _live_skills(cycle, warn=False)
    db = cycle.volume.duckdb_path
    context = failure_context(read_feedback_window(db), read_skill_sessions(db), set(live))
    items: list[OptimizationItem] = []
    for name in sorted(live):
        skill = live[name]
        failures = context.get(name, [])
        # A skill already rewritten for exactly these failures is not sent again for them.
        if failures and skill.extra.get("optimized_for") == _failure_fingerprint(failures):
            failures = []
        sparse = is_sparse(skill, cycle.now)
        if failures or sparse:
            items.append(OptimizationItem(skill, tuple(failures), sparse))
            why = [f"{len(failures)} failure signal(s)"] if failures else []
            why += ["sparse"] if sparse else []
            report.decide("at-risk" if failures else "sparse-review", name, ", ".join(why))
    report.counts["optimization_candidates"] = len(items)
    if not items:
        report.decide("skipped", OPTIMIZATION, "no at-risk or sparse skills")
        return
    if cycle.model is None:
        report.decide("deterministic", OPTIMIZATION, "no model: candidates reported, no rewrite")
        return
    directive, _source = load_directive(cycle.volume, OPTIMIZATION)
    fingerprint = corpus_fingerprint(
        [
            directive,
            *(
                f"{i.skill.name}\n{i.skill.content}\n{_failure_fingerprint(list(i.failures))}"
                for i in items
            ),
        ]
    )
    gate = cycle.ledger.change_gate(
        OPTIMIZATION,
        fingerprint,
        cycle.now,
        enabled=cycle.options.change_gate_enabled,
        max_skip=cycle.max_skip,
    )
    if not gate.run:
        report.count("optimization_gated")
        report.decide("skipped", OPTIMIZATION, gate.reason)
        return
    system, user = optimization_prompt(directive, items)
    reply = _ask(cycle, OPTIMIZATION, system, user, parse_skill_reply)
    if reply is None:
        return
    _refuse_invalid(cycle, OPTIMIZATION, reply.invalid)
    for target in reply.to_delete:
        report.refuse("no-delete-in-optimization", target, "optimization improves, never deletes")
    by_name = {i.skill.name: i for i in items}
    for save in reply.to_save:
        safe = _safe_name(cycle, OPTIMIZATION, save.name)
        item = by_name.get(safe) if safe is not None else None
        if safe is not None and item is None:
            report.refuse("not-a-candidate", safe, "optimization keeps each skill's name")
        if item is None:
            continue
        _save_optimized(cycle, item, save, set(live))
    stamp_pass(cycle.volume.ledger_path, OPTIMIZATION, cycle.now, fingerprint)


def _save_optimized(cycle: _Cycle, item: OptimizationItem, save: SkillSave, live: set[str]) -> None:
    skill = item.skill
    extra = dict(skill.extra)
    extra["optimized_at"] = format_time(cycle.now)
    if item.failures:
        extra["optimized_for"] = _failure_fingerprint(list(item.failures))
    see_also = skill.see_also
    if save.see_also:
        see_also = tuple(n for n in dict.fromkeys(save.see_also) if n in live and n != skill.name)
    improved = Skill(
        name=skill.name,
        summary=save.summary,
        content=save.content,
        created_at=skill.created_at,
        last_used_at=skill.last_used_at,
        see_also=see_also,
        extra=extra,
    )
    if _save(cycle, OPTIMIZATION, improved):
        cycle.report.count("skills_optimized")
        why = "at-risk" if item.failures else "sparse"
        cycle.report.decide(
            "optimized", skill.name, f"{why}: {len(skill.content)} → {len(save.content)} chars"
        )
        cycle.log_change("optimized", skill.name, pass_name=OPTIMIZATION, reason=why)


# ---------------------------------------------------------------------------------------------
# Shared


def _by_name(skill: Skill) -> str:
    return skill.name


def _live_skills(cycle: _Cycle, *, warn: bool = True) -> dict[str, Skill]:
    scan = cycle.volume.scan_skills()
    if warn:
        for problem in scan.problems:
            cycle.report.warnings.append(
                f"unreadable skill left in place: {problem.path}: {problem.reason}"
            )
    return {s.name: s for s in scan.skills}


_SPACES = re.compile(r"\s+")


def _safe_name(cycle: _Cycle, pass_name: str, raw: str) -> str | None:
    """A model-supplied skill name, or None (refused and reported) when it could escape."""
    name = _SPACES.sub("-", raw.strip())
    try:
        cycle.volume.skill_path(name)
    except PathEscapeError as exc:
        cycle.report.refuse("unsafe-name", raw, f"{pass_name}: {exc}")
        return None
    return name


def _refuse_invalid(cycle: _Cycle, pass_name: str, invalid: tuple[str, ...]) -> None:
    for problem in invalid:
        unsafe = "not a safe skill name" in problem
        cycle.report.refuse("unsafe-name" if unsafe else "invalid-item", pass_name, problem)


def _save(cycle: _Cycle, pass_name: str, skill: Skill) -> bool:
    try:
        cycle.volume.save_skill(skill)
    except (OSError, PathEscapeError) as exc:
        cycle.report.fail(f"{pass_name}: saving {skill.name} failed: {exc}")
        return False
    return True


def _ask(
    cycle: _Cycle,
    pass_name: str,
    system: str,
    user: str,
    parse: Callable[[dict[str, Any]], T],
) -> T | None:
    """One model call; None (and nothing changed, no stamp) when it yields no usable reply."""
    assert cycle.model is not None
    call = ask(
        cycle.model,
        system,
        user,
        purpose=pass_name,
        parse=lambda text: parse(extract_json_object(text)),
        report=cycle.report,
    )
    if call.outcome is Outcome.BUSY:
        cycle.busy = call.reason
    return call.settle(cycle.report)


def _gap_and_invalid(raw: dict[str, Any]) -> tuple[Any, tuple[str, ...]]:
    return parse_gap_reply(raw), parse_skill_reply(raw).invalid


# ---------------------------------------------------------------------------------------------
# Re-verification from disk (the asset checks)


def _run_changes(volume: AgentVolume, run_id: str) -> list[dict[str, Any]]:
    return [r for r in read_jsonl(changes_path(volume)).records if r.get("run_id") == run_id]


def deletion_violations(volume: AgentVolume, run_id: str) -> list[str]:
    """Every skill gone since the run's snapshot is in the archive with a saved replacement."""
    changes = _run_changes(volume, run_id)
    snapshots = [r for r in changes if r.get("action") == "catalog-snapshot"]
    if not snapshots:
        return []
    before = set(snapshots[0].get("skills") or [])
    live = {s.name for s in volume.scan_skills().skills}
    saved = {r.get("skill") for r in changes if r.get("action") in {"saved", "created"}}
    archived = {r.get("skill"): r for r in changes if r.get("action") == "archived"}
    violations: list[str] = []
    for name in sorted(before - live):
        record = archived.get(name)
        if not volume.skill_path(name, archived=True).exists():
            violations.append(f"{name}: gone from skills/ and not in skills-archive/")
        if record is None:
            violations.append(f"{name}: removed without an archive record naming a replacement")
            continue
        replacements = record.get("replaced_by") or []
        if not replacements:
            violations.append(f"{name}: archived with no replacement")
        for replacement in replacements:
            if replacement not in saved or replacement not in live:
                violations.append(f"{name}: replacement {replacement} was not saved in this run")
    return violations


def see_also_violations(volume: AgentVolume, run_id: str) -> tuple[list[str], list[str]]:
    """(violations, pre-existing): every see_also this run wrote or broke must resolve.

    A dangling name in a skill this run never touched was there before the run (the agent
    wrote it); it is reported but does not fail the run.
    """
    changes = _run_changes(volume, run_id)
    touched = {r.get("skill") for r in changes if r.get("action") != "catalog-snapshot"}
    archived = {r.get("skill") for r in changes if r.get("action") == "archived"}
    skills = volume.scan_skills().skills
    live = {s.name for s in skills}
    violations: list[str] = []
    preexisting: list[str] = []
    for skill in skills:
        for name in skill.see_also:
            if name in live:
                continue
            problem = f"{skill.name}: see_also {name!r} does not resolve"
            if skill.name in touched or name in archived:
                violations.append(problem)
            else:
                preexisting.append(problem)
    return violations, preexisting
