"""The skill catalog: passes 2, 3 and 4 in order, over one shared run state (docs/passes.md).

Gap detection first (``skill_gap``), so the skills it creates are in the consolidation that
follows (``skill_consolidation``), then optimization (``skill_optimization``). A busy model
stops the passes that follow: the cycle backs off from the agent's LLM, it does not queue.

Safety throughout: every skill name from the model is validated (no ``..``, no absolute path, no
escape from ``skills/``); a deleted skill goes to ``skills-archive/`` (restorable), never a hard
delete; every change is appended to the skill change log (``core.skill_changes``) with the run
id, which the asset checks (``checks.skill_catalog``) re-read. With no model, each pass reports
its candidates and rewrites nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar

from dream_assets.core.clock import format_time
from dream_assets.core.models import Skill
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.safety.redaction import contains_redaction_marker, needs_redaction
from dream_assets.core.safety.review_queue import ReviewQueue, make_item, spent_so_far
from dream_assets.core.skills.changes import log_skill_change, trim_skill_changes
from dream_assets.core.skills.versions import keep_version, record_after
from dream_assets.core.store.ledger import PassLedger
from dream_assets.core.store.volume import AgentVolume, PathEscapeError
from dream_assets.llm import ChatModel, Outcome, ask
from dream_assets.passes.skill_catalog.consolidation import consolidation
from dream_assets.passes.skill_catalog.gap import gap_detection
from dream_assets.passes.skill_catalog.optimization import optimization

PASS = "skill_catalog"

T = TypeVar("T")

_SPACES = re.compile(r"\s+")


@dataclass
class SkillCatalogRun:
    """What passes 2–4 share in one run: the agent, the clock, the model, the report, the ledger.

    ``busy`` is set when the agent's LLM stayed busy: the passes after it do not ask again.
    """

    volume: AgentVolume
    options: DreamOptions
    now: datetime
    model: ChatModel | None
    run_id: str
    report: PassReport
    ledger: PassLedger
    busy: str | None = None
    # Passes whose prompt needed secret redaction: what the model wrote from it waits for
    # review instead of being saved (docs/safety.md).
    redacted: set[str] = field(default_factory=set)

    def log_change(self, action: str, skill: str, **details: Any) -> None:
        log_skill_change(self.volume, self.run_id, self.now, action, skill, **details)

    def live_skills(self, *, warn: bool = False) -> dict[str, Skill]:
        scan = self.volume.scan_skills()
        if warn:
            for problem in scan.problems:
                self.report.warnings.append(
                    f"unreadable skill left in place: {problem.path}: {problem.reason}"
                )
        return {s.name: s for s in scan.skills}

    def gate(self, pass_name: str, fingerprint: str, gated: str) -> str | None:
        """Why the ledger's change gate lets a corpus-wide pass run, or None when it is closed
        (then counted as ``gated`` and reported)."""
        gate = self.ledger.change_gate(
            pass_name,
            fingerprint,
            self.now,
            enabled=self.options.change_gate_enabled,
            max_skip=timedelta(days=self.options.max_skip_interval_days),
        )
        if not gate.run:
            self.report.count(gated)
            self.report.decide("skipped", pass_name, gate.reason)
            return None
        return gate.reason

    def safe_name(self, pass_name: str, raw: str) -> str | None:
        """A model-supplied skill name, or None (refused and reported) when it could escape."""
        name = _SPACES.sub("-", raw.strip())
        try:
            self.volume.skill_path(name)
        except PathEscapeError as exc:
            self.report.refuse("unsafe-name", raw, f"{pass_name}: {exc}")
            return None
        return name

    def refuse_invalid(self, pass_name: str, invalid: tuple[str, ...]) -> None:
        for problem in invalid:
            unsafe = "not a safe skill name" in problem
            self.report.refuse("unsafe-name" if unsafe else "invalid-item", pass_name, problem)

    def save(self, pass_name: str, skill: Skill) -> bool:
        """Save a skill the model wrote, keeping the earlier version for undo; a skill with a
        redaction marker is refused, one written from redacted input goes to review."""
        text = skill.to_markdown()
        if contains_redaction_marker(text):
            self.report.refuse("redaction marker", skill.name, f"{pass_name}: never written")
            return False
        if pass_name in self.redacted:
            item = make_item(
                kind="skill",
                reason=f"{pass_name}: its input needed secret redaction",
                sources=[],
                now=self.now,
                run_id=self.run_id,
                content=text,
                category=skill.name,
                tokens=spent_so_far(self.report),
            )
            ReviewQueue(self.volume.root).add(item)
            self.report.count("pending_review")
            self.report.decide(
                "pending-review", skill.name, f"{pass_name}: redacted input ({item.id})"
            )
            return False
        try:
            keep_version(self.volume, self.run_id, skill.name)
            self.volume.save_skill(skill)
            record_after(self.volume, self.run_id, skill.name)
        except (OSError, PathEscapeError, ValueError) as exc:
            self.report.fail(f"{pass_name}: saving {skill.name} failed: {exc}")
            return False
        return True

    def archive(self, name: str) -> None:
        """Move a skill to skills-archive/, keeping the version undo puts back."""
        keep_version(self.volume, self.run_id, name)
        self.volume.archive_skill(name)
        record_after(self.volume, self.run_id, name)

    def ask(
        self, pass_name: str, system: str, user: str, parse: Callable[[dict[str, Any]], T]
    ) -> T | None:
        """One model call; None (and nothing changed, no stamp) when it yields no usable reply."""
        assert self.model is not None
        call = ask(
            self.model,
            system,
            user,
            purpose=pass_name,
            parse=parse,
            report=self.report,
        )
        if call.outcome is Outcome.BUSY:
            self.busy = call.reason
        if needs_redaction(system) or needs_redaction(user):
            self.redacted.add(pass_name)
        return call.settle(self.report)


def run_skill_catalog(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    model: ChatModel | None,
    *,
    run_id: str | None = None,
) -> PassReport:
    report = PassReport(PASS)
    run = SkillCatalogRun(
        volume=volume,
        options=options,
        now=now,
        model=model,
        run_id=run_id or f"local-{format_time(now)}",
        report=report,
        ledger=PassLedger.load(volume.ledger_path),
    )
    if run.ledger.warning:
        report.warnings.append(run.ledger.warning)
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
    trim_warning = trim_skill_changes(volume)
    if trim_warning:
        report.warnings.append(trim_warning)
    before = run.live_skills(warn=True)
    # The snapshot lets the checks find any skill that vanished in this run, whatever path
    # removed it, rather than trusting the pass's own account of what it archived.
    # It also names the see_also targets that already dangled: a standing problem of the agent's
    # catalog, not something this run may be blamed (and blocked) for.
    dangling = {n for skill in before.values() for n in skill.see_also if n not in before}
    run.log_change("catalog-snapshot", "-", skills=sorted(before), dangling=sorted(dangling))

    for catalog_pass in (gap_detection, consolidation, optimization):
        if run.busy is None:
            catalog_pass(run)
    if run.busy is not None:
        report.skipped = f"agent LLM busy: {run.busy}"
    report.counts["skills"] = len(run.live_skills())
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
