"""One merge, from proposal to disk: refusals in code, the deterministic checks with one narrow
repair, the independent verification, then the merged entry saved (its sources are retired by
``apply``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from dream_assets.core.clock import format_time
from dream_assets.core.facts.coverage import CoverageResult, CoverageSource
from dream_assets.core.facts.merge_check import check_merge, meaning_rules
from dream_assets.core.llm_reply import (
    SaveItem,
)
from dream_assets.core.memory.lifecycle import STATUSES
from dream_assets.core.memory.lifecycle import blocked as lifecycle_blocked
from dream_assets.core.memory.lifecycle import status as lifecycle_status
from dream_assets.core.memory.merge import (
    REJECTED_AT,
    REJECTED_CLUSTER,
    build_merged_entry,
    rejected_cluster_id,
)
from dream_assets.core.memory.preferences import writes_preferred_name
from dream_assets.core.models import (
    MemoryEntry,
)
from dream_assets.core.safety.audience import (
    PUBLIC,
    entry_audience,
    mixed_audiences,
    shareable_text,
)
from dream_assets.core.safety.log_quoting import project_logger
from dream_assets.llm import Outcome, ask
from dream_assets.passes.memory_consolidation.anti_patterns import save_anti_pattern
from dream_assets.passes.memory_consolidation.queue_for_review import queue_for_review
from dream_assets.passes.memory_consolidation.state import REPAIR, ConsolidationRun
from dream_assets.passes.memory_consolidation.verify import verify_merge
from dream_assets.passes.memory_consolidation.writes import (
    stamp_if_unchanged,
)
from dream_assets.prompts import PromptCuts
from dream_assets.prompts.memory import REPAIR_SYSTEM, repair_prompt

log = project_logger("dream_assets.consolidation")


def _merge_one(
    cycle: ConsolidationRun, item: SaveItem, sources: list[MemoryEntry]
) -> MemoryEntry | None:
    report = cycle.report
    if not sources:
        return save_anti_pattern(cycle, item.content, item.category, item.tags)
    if (
        len(sources) == 1
        and item.content.strip() == sources[0].content.strip()
        and (item.category or sources[0].category) == sources[0].category
    ):
        return None  # a no-op rewrite of one entry
    if _merge_refused(cycle, item, sources):
        return None
    if queue_for_review(cycle, sources, "merge", item=item):
        return None
    if cycle.over_bounds() is not None:
        # Checked before the merge starts, so a merge is applied whole or not at all.
        cycle.wait_for_next_cycle([s.id for s in sources], "merge")
        return None
    content = _checked(cycle, sources, item.content.strip())
    if content is not None and cycle.model_decides and cycle.options.merge_verification_enabled:
        content = _verified(cycle, item, sources, content)
    if content is None:
        return None
    ids = [s.id for s in sources]
    merged = build_merged_entry(
        sources,
        content=content,
        category=item.category,
        tags=item.tags,
        now=cycle.now,
        run_id=cycle.run_id,
    )
    try:
        cycle.volume.save(merged)
    except OSError as exc:
        report.fail(f"could not save merge of {ids}; sources kept: {exc}")
        return None
    cycle.touched.add(merged.id)
    cycle.spend("merge", merged.id)
    report.count("merged")
    shown = shareable_text(
        content, entry_audience(merged), log_memory_text=cycle.options.log_memory_text
    )
    report.decide("merged", merged.id, f"by: {cycle.by}; {ids} → {shown}")
    return merged


def _findings(
    cycle: ConsolidationRun, sources: Sequence[MemoryEntry], findings: Sequence[str]
) -> str:
    """Checker findings quote words of the sources: shown only where their text may be."""
    audience = entry_audience(sources[0]) if sources else "unknown"
    text = "; ".join(findings)
    if cycle.options.log_memory_text or audience == PUBLIC:
        return f"[{text}]"
    return f"{len(findings)} finding(s), audience {audience}: text withheld"


def _quote(cycle: ConsolidationRun, item: SaveItem) -> str:
    # Model text of unknown audience: quoted only with the operator's opt-in.
    return shareable_text(item.content, "unknown", log_memory_text=cycle.options.log_memory_text)


def refusal_reason(
    sources: Sequence[MemoryEntry],
    content: str,
    category: str,
    *,
    now: datetime,
    grace_days: float,
) -> str | None:
    """Why a merge is refused in code whatever the model replied (docs/safety.md): sources of
    different audiences (a public entry with a private extension stays two entries), a source
    whose event lifecycle keeps its detail, or a text that writes or rewrites a preferred name
    (only a live, explicit answer may choose one)."""
    audiences = mixed_audiences(sources)
    if audiences:
        return f"mixed audiences ({len(audiences)}): sources kept apart"
    held = lifecycle_blocked(sources, now, grace_days)
    if held:
        return "event lifecycle: " + "; ".join(f"{i}: {why}" for i, why in held)
    if writes_preferred_name(content, category) or any(
        writes_preferred_name(s.content, s.category) for s in sources
    ):
        return "preferred name: only a live, explicit answer may write or replace one"
    return None


def _propose_status(cycle: ConsolidationRun, item: SaveItem, sources: list[MemoryEntry]) -> None:
    """A status the model proposes for an event is evidence for an operator, never applied:
    the date passing does not prove a planned event happened (docs/safety.md). Only a known status
    for events among the sources it cites (its evidence) is queued; the rest is refused."""
    events = [s for s in sources if lifecycle_status(s.metadata) is not None]
    target = ",".join(s.id for s in sources) or "-"
    if item.event_status not in STATUSES or not events:
        why = "unknown status" if item.event_status not in STATUSES else "no event among sources"
        cycle.report.refuse("status change", target, why)
        return
    changed = [s for s in events if lifecycle_status(s.metadata) != item.event_status]
    if changed:
        queue_for_review(
            cycle,
            changed,
            "lifecycle",
            item=SaveItem(item.event_status, "", (), tuple(s.id for s in changed)),
            reason=f"the model proposed event status {item.event_status!r}",
        )


def _merge_refused(cycle: ConsolidationRun, item: SaveItem, sources: list[MemoryEntry]) -> bool:
    reason = refusal_reason(
        sources,
        item.content,
        item.category,
        now=cycle.now,
        grace_days=cycle.options.event_grace_days,
    )
    if reason is None:
        return False
    cycle.report.count("refused_scope")
    kind = reason.split(":")[0].split(" (")[0]
    cycle.report.refuse(kind, ",".join(s.id for s in sources), reason)
    return True


def _checked(cycle: ConsolidationRun, sources: list[MemoryEntry], content: str) -> str | None:
    """The merged text if it passes the deterministic checks (after at most one repair)."""
    report = cycle.report
    ids = [s.id for s in sources]
    result = merge_findings(cycle, sources, content)
    if not result.ok and _may_repair(cycle):
        revised = _repair(cycle, content, sources, result.missing)
        if cycle.busy:
            _defer(cycle, sources, "agent LLM busy during the repair")
            return None
        if revised is not None:
            second = merge_findings(cycle, sources, revised)
            if second.ok:
                log.info("repaired merge of %s — restored %d specific(s)", ids, len(result.missing))
                report.count("repaired")
                report.decide(
                    "repaired",
                    ",".join(ids),
                    f"restored {_findings(cycle, sources, result.missing)}",
                )
                content, result = revised, second
    if not result.ok:
        report.count("rejected")
        report.refuse(
            "coverage rejected",
            ",".join(ids),
            f"dropped {_findings(cycle, sources, result.missing)}",
        )
        _stamp_rejected(cycle, sources)
        return None
    return content


def _verified(
    cycle: ConsolidationRun, item: SaveItem, sources: list[MemoryEntry], content: str
) -> str | None:
    """The merged text if the independent verifier finds it supported by every source.

    A loss gets the one narrow repair, whose text is checked and verified again; "ambiguous"
    goes to the review queue; a verifier that did not answer leaves the merge for the next
    cycle with nothing archived and the sources not stamped reviewed.
    """
    report = cycle.report
    ids = ",".join(s.id for s in sources)
    verification = verify_merge(
        cycle, sources, content, merge_findings(cycle, sources, content).hints
    )
    if verification.losses and _may_repair(cycle):
        revised = _repair(cycle, content, sources, verification.losses)
        recheck = merge_findings(cycle, sources, revised) if revised is not None else None
        if revised is not None and recheck is not None and not cycle.busy and recheck.ok:
            second = verify_merge(cycle, sources, revised, recheck.hints)
            if second.supported:
                report.count("repaired")
                report.decide(
                    "repaired", ids, f"verifier: {_findings(cycle, sources, verification.losses)}"
                )
            content, verification = revised, second
    if verification.partial:
        report.count("refused_partial_view")
        report.refuse("shown in part", ids, f"too long to verify whole: {verification.why}")
        return None
    if cycle.busy or verification.unanswered:
        _defer(cycle, sources, f"not verified, left for the next cycle: {verification.why}")
        return None
    if verification.losses:
        report.count("verification_rejected")
        report.refuse("verification rejected", ids, _findings(cycle, sources, verification.losses))
        _stamp_rejected(cycle, sources)
        return None
    if not verification.supported:
        queue_for_review(
            cycle,
            sources,
            "merge",
            item=SaveItem(content, item.category, item.tags, item.source_ids),
            reason="the merge verifier was unsure",
            verdicts=verification.verdicts,
        )
        return None
    report.count("verified")
    return content


def _may_repair(cycle: ConsolidationRun) -> bool:
    if not cycle.model_decides or cycle.repairs_left <= 0:
        return False
    cycle.repairs_left -= 1
    cycle.report.count("repair_attempts")
    return True


def _defer(cycle: ConsolidationRun, sources: list[MemoryEntry], why: str) -> None:
    """Leave this merge for the next cycle: nothing archived, the sources stay eligible."""
    cycle.deferred.update(s.id for s in sources)
    cycle.report.count("deferred")
    cycle.report.decide("deferred", ",".join(s.id for s in sources), why)


def _stamp_rejected(cycle: ConsolidationRun, sources: list[MemoryEntry]) -> None:
    """Rejection is observable on disk, so a cluster rejected every cycle shows in the audit."""
    cluster = rejected_cluster_id([s.id for s in sources])
    for source in sources:
        stamp_if_unchanged(
            cycle, source, {REJECTED_CLUSTER: cluster, REJECTED_AT: format_time(cycle.now)}
        )


def _repair(
    cycle: ConsolidationRun, merged: str, sources: Sequence[MemoryEntry], missing: Sequence[str]
) -> str | None:
    assert cycle.model is not None
    cuts = PromptCuts()
    prompt = repair_prompt(merged, sources, missing, cuts)
    cuts.report_to(cycle.report)
    call = ask(
        cycle.model,
        REPAIR_SYSTEM,
        prompt,
        purpose=REPAIR,
        parse=lambda reply: reply.get("content"),
        report=cycle.report,
    )
    if call.outcome is Outcome.BUSY:
        cycle.busy = call.reason
        return None
    content = call.settle(cycle.report, unchanged="the merge stays rejected")
    return content.strip() if isinstance(content, str) and content.strip() else None


def merge_findings(
    cycle: ConsolidationRun, sources: Sequence[MemoryEntry], merged: str
) -> CoverageResult:
    """The deterministic checks a merged text must pass before anything else looks at it.

    Hints bind unless the verification call will read them (docs/merge-checks.md)."""
    verified = cycle.model_decides and cycle.options.merge_verification_enabled
    return check_merge(
        [CoverageSource(s.id, s.content, s.category) for s in sources],
        merged,
        vocabulary=cycle.vocabulary,
        rules=meaning_rules(cycle.options),
        hints_bind=not verified,
    )
