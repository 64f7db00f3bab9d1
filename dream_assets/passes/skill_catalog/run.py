"""The skill catalog: passes 2, 3 and 4 in order, over one shared run state (docs/passes.md).

Gap detection first (``skill_gap``), so the skills it creates are in the consolidation that
follows (``skill_consolidation``), then optimization (``skill_optimization``). A busy model
stops the passes that follow: the cycle backs off from the agent's LLM, it does not queue.

Safety throughout: every skill name from the model is validated (no ``..``, no absolute path, no
escape from ``skills/``); a deleted skill goes to ``skills-archive/`` (restorable), never a hard
delete; every change is appended to the skill change log (``core.skill_changes``) with the run
id, which the asset checks (``checks.skill_catalog``) re-read. With no model, each pass reports
its candidates and rewrites nothing.

Every save, archive and see_also redirect counts against the run's bounds (``core.bounds``): one
reply can rewrite at most what the per-run cap and the daily allowance leave, the rest waits for
the next cycle (unstamped, so the gate reopens), and a cancelled run writes nothing more.
"""

from __future__ import annotations

from dream_assets.core.report import PassReport
from dream_assets.core.safety.audience import WITHHELD
from dream_assets.core.skills.changes import trim_skill_changes
from dream_assets.core.store.ledger import PassLedger
from dream_assets.passes.call import PassCall
from dream_assets.passes.skill_catalog.consolidation import consolidation
from dream_assets.passes.skill_catalog.gap import gap_detection
from dream_assets.passes.skill_catalog.optimization import optimization
from dream_assets.passes.skill_catalog.state import SkillCatalogRun

PASS = "skill_catalog"


def run_skill_catalog(call: PassCall) -> PassReport:
    report = PassReport(PASS)
    run = SkillCatalogRun(call, report, PassLedger.load(call.volume.ledger_path))
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
    trim_warning = trim_skill_changes(call.volume)
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
        # Past a bound the passes that follow are not asked: nothing they propose could apply.
        if run.busy is None and run.stopped is None:
            catalog_pass(run)
    if run.busy is not None:
        report.skipped = f"agent LLM busy: {run.busy}"
    elif run.stopped is not None:
        report.skipped = f"{run.stopped}: remaining changes wait for the next cycle"
    report.counts["skills"] = len(run.live_skills())
    report.highlights = _highlights(report)
    return report


def _highlights(report: PassReport) -> str:
    """One short line of what the counts stand for (the CLI and UI show it beside them)."""
    recurring = [d for d in report.decisions if d.action == "recurring-topic"]
    # Words of private conversations are withheld in the decisions (gap.py): counted, not listed.
    topics = [f"{d.target} ({d.detail.split()[0]})" for d in recurring if WITHHELD not in d.target]
    withheld = len(recurring) - len(topics)
    kinds: dict[str, int] = {}
    for decision in report.decisions:
        if decision.action in {"sparse", "prefix-cluster", "co-used", "unused", "at-risk"}:
            kinds[decision.action] = kinds.get(decision.action, 0) + 1
    parts = []
    if topics:
        parts.append("recurring topics: " + ", ".join(topics[:6]))
    elif withheld:
        parts.append(f"recurring topics: {withheld} (words withheld: private conversations)")
    if kinds:
        parts.append("candidates: " + ", ".join(f"{k} {n}" for k, n in kinds.items()))
    return "; ".join(parts)
