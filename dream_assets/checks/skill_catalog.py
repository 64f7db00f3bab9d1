"""The skill catalog's asset checks: what a run changed is re-verified from disk.

Both rules read the run's lines of the skill change log (``core.skill_changes``) and the
skills as they are now, rather than trusting the pass's own account of what it did.
"""

from __future__ import annotations

from dream_assets.core.skills.changes import run_changes
from dream_assets.core.store.volume import AgentVolume


def deletion_violations(volume: AgentVolume, run_id: str) -> list[str]:
    """Every skill gone since the run's snapshot is in the archive with a saved replacement."""
    changes = run_changes(volume, run_id)
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
    wrote it), and so was a name the run's snapshot already found dangling even when the run
    rewrote the skill that carries it; both are reported (a warning) but do not fail the run.
    """
    changes = run_changes(volume, run_id)
    snapshots = [r for r in changes if r.get("action") == "catalog-snapshot"]
    dangled_before = set(snapshots[0].get("dangling") or []) if snapshots else set()
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
            if name in archived or (skill.name in touched and name not in dangled_before):
                violations.append(problem)
            else:
                preexisting.append(problem)
    return violations, preexisting
