"""Pass 3 — skill consolidation: merge overlapping skills, archive the ones they replace.

Every skill with its usage count (30 days), ``[sparse-content]`` (< 200 chars, older than 7
days), the top 10 co-used pairs and the prefix clusters. Corpus-wide, so gated by the ledger on
the catalog's text (never the drifting usage counts) with the max-skip floor.

Safety guard: deletions with no replacement saved is a directive violation and the whole
consolidation is skipped; beyond that, each deleted skill must be named in the
``sourceNames`` of a saved replacement, else that deletion alone is refused. Replacements are
saved first and a skill is archived only when its replacement persisted. Merged skills keep the
earliest created and the latest last-used time.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from dream_assets.core.clock import format_time
from dream_assets.core.facts.coverage import CoverageSource
from dream_assets.core.facts.merge_check import check_merge, meaning_rules
from dream_assets.core.llm_reply import SkillReply, SkillSave, parse_skill_reply
from dream_assets.core.models import Skill
from dream_assets.core.store.duckdb_store import one_connection
from dream_assets.core.store.ledger import corpus_fingerprint, stamp_pass
from dream_assets.core.store.volume import PathEscapeError
from dream_assets.core.telemetry.windows import read_co_used_pairs, read_skill_usage_counts
from dream_assets.passes.skill_catalog.state import SkillCatalogRun
from dream_assets.prompts import PromptCuts, load_directive
from dream_assets.prompts.skills import consolidation_prompt

CONSOLIDATION = "skill_consolidation"

# docs/passes.md, Pass 3 (optimization reviews the same sparse skills).
SPARSE_CHARS = 200
SPARSE_MIN_AGE = timedelta(days=7)
CO_USED_TOP = 10


def is_sparse(skill: Skill, now: datetime) -> bool:
    """under 200 chars of content and created more than 7 days ago.

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
        for s in sorted(skills, key=lambda s: s.name)
    )


def consolidation(run: SkillCatalogRun) -> None:
    report = run.report
    live = run.live_skills()
    if len(live) < 2:
        report.decide("skipped", CONSOLIDATION, f"fewer than two skills ({len(live)})")
        return
    db = run.call.volume.duckdb_path
    if not db.exists():
        report.warnings.append(f"{db} missing: consolidation runs without usage counts")
    with one_connection(db):
        usage = read_skill_usage_counts(db)
        co_used = read_co_used_pairs(db, top=CO_USED_TOP)
    skills = [live[n] for n in sorted(live)]
    sparse = {s.name for s in skills if is_sparse(s, run.call.now)}
    clusters = prefix_clusters(list(live))
    # With no usage recorded at all, "unused" would flag every skill and tell nothing.
    _report_candidates(run, live, sparse, co_used, clusters, usage, bool(usage))
    if run.call.model is None:
        report.decide("deterministic", CONSOLIDATION, "no model: candidates reported, no rewrite")
        return

    directive, _source = load_directive(run.call.volume, CONSOLIDATION)
    # The question is part of what was answered: an edited skill-dream.md asks anew.
    fingerprint = corpus_fingerprint([directive, catalog_fingerprint(skills)])
    gate_reason = run.gate(CONSOLIDATION, fingerprint, gated="consolidation_gated")
    if gate_reason is None:
        return
    report.decide("gate-open", CONSOLIDATION, gate_reason)
    cuts = PromptCuts()
    system, user = consolidation_prompt(directive, skills, usage, sparse, co_used, clusters, cuts)
    cuts.report_to(report)
    reply = run.ask(CONSOLIDATION, system, user, parse_skill_reply)
    if reply is None:
        return
    if _apply(run, live, reply) and run.stopped is None:
        stamp_pass(run.call.volume.ledger_path, CONSOLIDATION, run.call.now, fingerprint)


def _report_candidates(
    run: SkillCatalogRun,
    live: dict[str, Skill],
    sparse: set[str],
    co_used: list[tuple[str, str, int]],
    clusters: dict[str, list[str]],
    usage: dict[str, int],
    have_usage: bool,
) -> None:
    report = run.report
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


def _apply(run: SkillCatalogRun, live: dict[str, Skill], reply: SkillReply) -> bool:
    """Apply a usable reply; False when it violates the directive and nothing was applied."""
    report = run.report
    run.refuse_invalid(CONSOLIDATION, reply.invalid)
    saves: list[tuple[str, SkillSave]] = []
    for save in reply.to_save:
        name = run.safe_name(CONSOLIDATION, save.name)
        if name is not None and _keeps_every_fact(run, name, save, live):
            saves.append((name, save))
    saved_names = {name for name, _ in saves}
    deletes: list[str] = []
    for raw in reply.to_delete:
        name = run.safe_name(CONSOLIDATION, raw)
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

    # Replacement first, then retirement (docs/passes.md, Pass 1).
    planned = (set(live) - set(replaced_by)) | saved_names
    persisted: set[str] = set()
    for name, save in saves:
        skill = _merged_skill(run, name, save, live, planned)
        if not run.save(CONSOLIDATION, skill):
            continue
        persisted.add(name)
        report.count("skills_saved")
        merged = [n for n in save.source_names if n in live and n != name]
        report.decide("saved", name, f"from {', '.join(merged)}" if merged else save.summary)
        run.log_change(
            "saved", name, pass_name=CONSOLIDATION, sources=merged, see_also=list(skill.see_also)
        )
    archived: dict[str, list[str]] = {}
    for name, replacements in replaced_by.items():
        kept = [r for r in replacements if r in persisted]
        if not kept and run.stopped is not None:
            report.decide("waiting", name, f"{CONSOLIDATION}: kept with its replacement unsaved")
            continue
        if not kept:
            report.refuse("replacement-not-saved", name, "kept: its replacement failed to save")
            continue
        if not run.may_change(CONSOLIDATION, name):
            continue
        try:
            run.archive(name)
        except (OSError, KeyError, PathEscapeError) as exc:
            report.fail(f"{CONSOLIDATION}: archiving {name} failed, kept: {exc}")
            continue
        run.spend(f"{CONSOLIDATION} archive", name)
        archived[name] = kept
        report.count("skills_archived")
        report.decide("archived", name, f"replaced by {', '.join(kept)}")
        run.log_change("archived", name, pass_name=CONSOLIDATION, replaced_by=kept)
    _redirect_see_also(run, archived)
    return True


def _keeps_every_fact(
    run: SkillCatalogRun, name: str, save: SkillSave, live: dict[str, Skill]
) -> bool:
    """A merged skill must pass the same coverage and meaning checks as a memory merge: it may
    not drop a name, number, negation or step condition that one of its sources states."""
    sources = [live[n] for n in dict.fromkeys(save.source_names) if n in live and n != name]
    if not sources:
        return True
    result = check_merge(
        [CoverageSource(s.name, s.content) for s in sources],
        save.content,
        rules=meaning_rules(run.call.options),
        hints_bind=True,  # no verification call reads a skill merge's hints
    )
    if result.ok:
        return True
    run.report.count("merges_rejected")
    run.report.refuse(
        "coverage rejected",
        name,
        f"merge of {[s.name for s in sources]} dropped {list(result.missing)}",
    )
    return False


def _merged_skill(
    run: SkillCatalogRun, name: str, save: SkillSave, live: dict[str, Skill], planned: set[str]
) -> Skill:
    """a merged skill keeps the earliest created and the most recent last-used time."""
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
        extra["merged_at"] = format_time(run.call.now)
    see_also = []
    for other in save.see_also:
        if other == name or other in see_also:
            continue
        if other in planned:
            see_also.append(other)
        else:
            run.report.decide("see-also-dropped", name, f"{other!r} is not a skill")
    return Skill(
        name=name,
        summary=save.summary,
        content=save.content,
        created_at=min(created) if created else run.call.now,
        last_used_at=max(used) if used else None,
        see_also=tuple(see_also),
        extra=extra,
    )


def _redirect_see_also(run: SkillCatalogRun, archived: dict[str, list[str]]) -> None:
    """Point every see_also at an archived skill to its replacement, so none dangles."""
    if not archived:
        return
    for skill in run.live_skills().values():
        if not any(name in archived for name in skill.see_also):
            continue
        updated: list[str] = []
        for name in skill.see_also:
            for target in archived.get(name, [name]):
                if target != skill.name and target not in updated:
                    updated.append(target)
        changed = Skill(**{**skill.__dict__, "see_also": tuple(updated)})
        # Completes an archive already made (no dangling see_also): only cancellation stops it.
        if run.save(CONSOLIDATION, changed, finishing=True):
            run.report.count("see_also_redirected")
            run.report.decide("see-also-redirected", skill.name, ", ".join(updated))
            run.log_change("see-also-redirected", skill.name, see_also=updated)
