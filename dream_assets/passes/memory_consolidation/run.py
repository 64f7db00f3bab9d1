"""Pass 1 — memory consolidation: merge near-duplicates without ever losing a fact.

The rules (docs/passes.md, Pass 1) and where each is enforced:
- min interval between completed passes, from the ledger (``_gate``);
- skipped while the memory audit's pause file exists, except anti-pattern mining, which keeps
  running (seed 000: "Only consolidation stops");
- candidate gating in code: eligible = new or changed since review, or in an open near-duplicate
  cluster; every id the model returns is looked up in the *shown* set only, so an invented or
  remembered id resolves to nothing (``apply.apply_reply``);
- coverage check on every merge, one narrow repair call (capped per cycle), rejection stamps the
  sources (``merging._merge_one``);
- host-side merge arithmetic and provenance (core.merge);
- replacement first, then retirement; only sources of a merge that persisted are archived;
  exhaustive removal restricted to the shown set (``apply.apply_reply``);
- the high-value floor: merged yes, archived as ephemeral never (``apply.apply_reply``);
- beyond the rules above: a reply that would archive as ephemeral more than a fraction of what
  it was shown is refused whole (runaway-deletion breaker);
- the model is called only when something is eligible; the stamp only after usable replies.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from dream_assets.core.facts.coverage import load_vocabulary
from dream_assets.core.facts.merge_check import meaning_rules
from dream_assets.core.llm_reply import (
    MemoryReply,
    parse_memory_reply,
)
from dream_assets.core.memory.decay import DueDecay, write_due_decay
from dream_assets.core.memory.deterministic_merge import deterministic_reply
from dream_assets.core.memory.merge import (
    REVIEWED_HASH,
)
from dream_assets.core.models import (
    MemoryEntry,
    review_fingerprint,
)
from dream_assets.core.near_duplicates.cluster import Cluster
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.safety.audience import OWNER, entry_audience, split_by_audience
from dream_assets.core.safety.bounds import RunBounds
from dream_assets.core.safety.cancellation import is_cancellation
from dream_assets.core.safety.log_quoting import counts_only, project_logger
from dream_assets.core.store.atomic import ChangedMeanwhile
from dream_assets.core.store.ledger import PassLedger, stamp_pass
from dream_assets.core.store.volume import AgentVolume
from dream_assets.llm import ChatModel, ModelCall, Outcome, ask
from dream_assets.passes.call import PassCall
from dream_assets.passes.memory_consolidation.anti_patterns import mine_corrections
from dream_assets.passes.memory_consolidation.apply import apply_reply
from dream_assets.passes.memory_consolidation.host_fallback import host_fallback
from dream_assets.passes.memory_consolidation.recovery import finish_interrupted_merges
from dream_assets.passes.memory_consolidation.state import (
    BY_HOST,
    BY_MODEL,
    PASS,
    ConsolidationRun,
)
from dream_assets.prompts import PromptCuts, load_directive
from dream_assets.prompts.memory import consolidation_prompt

log = project_logger("dream_assets.consolidation")

# A model call that ended so falls back to the deterministic path for its batch; over budget
# does not: the run's budget is spent, its remaining work waits for the next cycle as a whole.
HOST_FALLBACK = frozenset({Outcome.FAILED, Outcome.UNUSABLE, Outcome.BUSY})

# Entries per model call: bounds the prompt whatever the corpus size; a cluster is never split.
BATCH_SIZE = 120


def run_memory_consolidation(
    call: PassCall,
    *,
    clusters: Sequence[Cluster] | None,
    feedback: Sequence[dict[str, Any]] = (),
    batch_size: int = BATCH_SIZE,
    decay: DueDecay | None = None,
) -> PassReport:
    """Run the pass. ``clusters`` is None when the near-duplicate scan failed. ``decay``: the
    decay this cycle's importance pass decided and left to this pass (``written_by``), written
    with each entry's review stamp or archive, and at the end for the entries this pass did not
    otherwise rewrite, whatever way the pass ends."""
    volume, options, now = call.volume, call.options, call.now
    report = PassReport(PASS)
    ledger = PassLedger.load(volume.ledger_path)
    if ledger.warning:
        report.warnings.append(ledger.warning)
    paused = volume.pause_flag.exists()
    if not paused and _gate(volume, options, now, ledger, report):
        return report
    model = None if paused else call.model
    cycle = _run_state(volume, options, now, model, call.run_id, report, call.bounds)
    if paused:
        # Seed 000: "Only consolidation stops; mining, extraction and the retention sweeps keep
        # running": the Correction feedback is still mined, by the host (no model call).
        report.skipped = f"paused by the memory audit ({volume.pause_flag} exists)"
        mine_corrections(cycle, feedback)
        return report
    cycle.decay = decay
    try:
        return _consolidate(cycle, ledger, clusters, feedback, batch_size)
    finally:
        if decay is not None:
            _write_remaining_decay(volume, decay, report)


def _consolidate(
    cycle: ConsolidationRun,
    ledger: PassLedger,
    clusters: Sequence[Cluster] | None,
    feedback: Sequence[dict[str, Any]],
    batch_size: int,
) -> PassReport:
    """The pass past its gate."""
    volume, options, now, report = cycle.volume, cycle.options, cycle.now, cycle.report
    model, decay, vocabulary = cycle.model, cycle.decay, cycle.vocabulary
    scan = volume.scan_entries()
    for problem in scan.problems:
        report.warnings.append(f"unreadable entry left in place: {problem.path}: {problem.reason}")
    if finish_interrupted_merges(
        volume, scan.entries, now, cycle.run_id, report, log_memory_text=options.log_memory_text
    ):
        scan = volume.scan_entries()
    # Decided on the importance the decay handed over leaves (the floor, a merge's importance).
    live = [decay.applied(e) for e in scan.live] if decay is not None else scan.live

    previous = ledger.last(PASS)
    since = previous.completed_at if previous else None
    report.counts.update(
        live=len(live),
        reviewed=0,
        created_since_last_run=sum(1 for e in live if since is None or e.created_at > since),
        merged=0,
        repaired=0,
        rejected=0,
        ephemeral=0,
        protected=0,
    )
    if len(live) < 2:
        report.skipped = f"fewer than two live memories ({len(live)})"
        return report

    eligible, open_clusters = _eligible(live, clusters, report)
    report.counts["eligible"] = len(eligible)
    report.counts["clusters_open"] = len(open_clusters)
    cycle.scanned = volume.entry_index.stats_of([e.id for e in live])
    if model is None:
        mine_corrections(cycle, feedback)
    if not eligible:
        stamp_pass(volume.ledger_path, PASS, now)
        report.decide("idle", "-", "nothing new, changed or clustered: no model call")
        return report

    all_usable = True
    # The first batch's bounds check, made before the batches are: a run already past its
    # bounds (a spent daily allowance) makes none, and every open cluster waits.
    stop = cycle.over_bounds()
    if stop is not None:
        report.count("waiting_next_cycle", len(open_clusters))
        report.skipped = f"{stop}: remaining proposals wait for the next cycle"
        all_usable = False
    batches = (
        [] if stop is not None else _batches(eligible, open_clusters, batch_size if model else 0)
    )
    for number, (batch, batch_clusters) in enumerate(batches):
        stop = cycle.over_bounds() if number else None
        if stop is not None:
            # A safe point between batches: nothing of the next one is started; its clusters
            # are the proposals that wait.
            waiting = sum(len(clusters) for _batch, clusters in batches[number:])
            report.count("waiting_next_cycle", waiting)
            report.skipped = f"{stop}: remaining proposals wait for the next cycle"
            all_usable = False
            break
        shown = {e.id: e for e in batch}
        cycle.by = BY_HOST if model is None else BY_MODEL
        if model is None:
            reply: MemoryReply | None = deterministic_reply(
                batch_clusters, shown, vocabulary, meaning_rules(options)
            )
        else:
            # Feedback signals are the owner's: only the owner's batch sees them (docs/safety.md).
            own = entry_audience(batch[0]) == OWNER
            call = _ask_model(cycle, batch, batch_clusters, feedback if own else ())
            reply = call.settle(report)
            if call.outcome is Outcome.CANCELLED:
                # A cancelled run writes nothing more: not even the host's fallback merges.
                return report
            if call.outcome in HOST_FALLBACK:
                host_fallback(cycle, shown, batch_clusters, call.outcome)
                if call.outcome is Outcome.BUSY:
                    return report
                all_usable = False
                continue
            if call.outcome is Outcome.OVER_BUDGET:
                # A call that does not fit is not made; what was already applied stays applied.
                if report.model_calls == 0:
                    return report
                all_usable = False
                break
        if reply is None or not apply_reply(cycle, shown, reply):
            all_usable = False
            continue
        if cycle.bounds_stop:
            report.skipped = f"{cycle.bounds_stop}: remaining proposals wait for the next cycle"
            all_usable = False
            if not is_cancellation(cycle.bounds_stop):
                # A cancelled run writes nothing more, review stamps included.
                _mark_reviewed(cycle, batch)
            break
        if cycle.busy:
            # The model went busy mid-batch (a repair): merges not yet applied are deferred
            # with their sources live and unreviewed, so the next cycle asks again.
            report.skipped = report.skipped or f"agent LLM busy: merges deferred ({cycle.busy})"
            return report
        _mark_reviewed(cycle, batch)
    if all_usable:
        stamp_pass(volume.ledger_path, PASS, now)
    log.info("DreamService: consolidation summary — %s", counts_only(report.summary_line()))
    return report


def _run_state(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    model: ChatModel | None,
    run_id: str | None,
    report: PassReport,
    bounds: RunBounds | None,
) -> ConsolidationRun:
    vocabulary, warning = load_vocabulary(volume.vocabulary_path)
    if warning:
        report.warnings.append(warning)
    return ConsolidationRun(
        volume=volume,
        options=options,
        now=now,
        model=model,
        vocabulary=vocabulary,
        run_id=run_id,
        report=report,
        repairs_left=options.merge_repair_max_per_cycle if options.merge_repair_enabled else 0,
        bounds=bounds,
    )


def _write_remaining_decay(volume: AgentVolume, decay: DueDecay, report: PassReport) -> None:
    """The decay handed to this pass, for the live entries it did not rewrite: one batch (the
    ones it rewrote carry theirs already, so nothing is due on them)."""
    writes = [w for e in volume.scan_entries().live if (w := decay.write_of(e)) is not None]
    done = write_due_decay(volume, writes)
    report.count("decay_written", len(done.written))
    for entry_id in sorted(done.changed_meanwhile):
        report.refuse("changed during the pass", entry_id, "decay left for the next write")
    for entry_id, error in sorted(done.failed.items()):
        report.fail(f"{entry_id}: could not write decayed importance: {error}")


def consolidation_blocked(
    volume: AgentVolume, options: DreamOptions, now: datetime, ledger: PassLedger | None = None
) -> str | None:
    """Why the pass would not get past its gate at ``now`` (the audit's pause file, the minimum
    interval since the last completed pass), or None when it would."""
    if volume.pause_flag.exists():
        return f"paused by the memory audit ({volume.pause_flag} exists)"
    ledger = ledger if ledger is not None else PassLedger.load(volume.ledger_path)
    block = ledger.min_interval_block(
        PASS, now, timedelta(hours=options.consolidation_min_interval_hours)
    )
    return f"memory consolidation {block}" if block else None


def _gate(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    ledger: PassLedger,
    report: PassReport,
) -> bool:
    blocked = consolidation_blocked(volume, options, now, ledger)
    if blocked:
        report.skipped = blocked
        return True
    return False


def _eligible(
    live: Sequence[MemoryEntry], clusters: Sequence[Cluster] | None, report: PassReport
) -> tuple[list[MemoryEntry], list[list[str]]]:
    """Unreviewed entries plus members of clusters that are not wholly reviewed-and-unchanged."""
    by_id = {e.id: e for e in live}
    reviewed = {e.id for e in live if e.metadata.get(REVIEWED_HASH) == review_fingerprint(e)}
    if clusters is None:
        report.warnings.append("near-duplicate scan failed: only unreviewed entries are eligible")
        clusters = []
    open_clusters: list[list[str]] = []
    for cluster in clusters:
        members = [m for m in cluster.member_ids if m in by_id]
        # Audiences never share a cluster (a scan that mixed them is split here too).
        for group in split_by_audience(members, {m: entry_audience(by_id[m]) for m in members}):
            # One new or edited member re-opens the whole cluster; an all-reviewed one was
            # already shown together on the cycle that stamped it.
            if len(group) >= 2 and not all(m in reviewed for m in group):
                open_clusters.append(group)
    report.counts["clusters_settled"] = len(clusters) - len(open_clusters)
    in_clusters = {m for c in open_clusters for m in c}
    eligible = [e for e in live if e.id not in reviewed or e.id in in_clusters]
    return eligible, open_clusters


def _batches(
    eligible: Sequence[MemoryEntry], clusters: Sequence[list[str]], size: int
) -> list[tuple[list[MemoryEntry], list[list[str]]]]:
    """Batches of at most ``size`` entries, each of one audience: one model call sees one
    audience (docs/safety.md), and a cluster is never split."""
    by_id = {e.id: e for e in eligible}
    audience = {e.id: entry_audience(e) for e in eligible}  # once per entry, not per comparison
    units: list[list[str]] = [list(c) for c in clusters]
    clustered = {m for c in clusters for m in c}
    units += [[e.id] for e in eligible if e.id not in clustered]
    order: dict[str, int] = {}
    for unit in units:
        order.setdefault(audience[unit[0]], len(order))
    units.sort(key=lambda unit: order[audience[unit[0]]])
    batches: list[tuple[list[MemoryEntry], list[list[str]]]] = []
    current: list[MemoryEntry] = []
    current_clusters: list[list[str]] = []
    for unit in units:
        new_audience = bool(current) and audience[current[0].id] != audience[unit[0]]
        if new_audience or (size > 0 and current and len(current) + len(unit) > size):
            batches.append((current, current_clusters))
            current, current_clusters = [], []
        current.extend(by_id[m] for m in unit)
        if len(unit) > 1:
            current_clusters.append(unit)
    if current:
        batches.append((current, current_clusters))
    return batches


def _ask_model(
    cycle: ConsolidationRun,
    batch: Sequence[MemoryEntry],
    clusters: Sequence[list[str]],
    feedback: Sequence[dict[str, Any]],
) -> ModelCall[MemoryReply]:
    assert cycle.model is not None
    directive, _source = load_directive(cycle.volume, PASS)
    cuts = PromptCuts()
    system, user = consolidation_prompt(directive, batch, clusters, feedback, cuts)
    cuts.report_to(cycle.report)
    cycle.shown_in_part.update(cuts.entry_ids)
    return ask(
        cycle.model,
        system,
        user,
        purpose=PASS,
        parse=parse_memory_reply,
        report=cycle.report,
    )


def _mark_reviewed(cycle: ConsolidationRun, batch: Sequence[MemoryEntry]) -> None:
    stamped: list[MemoryEntry] = []
    # The stat each file had when the scan read it: the batch leaves alone a file changed since.
    expect: dict[str, tuple[int, int, int, int] | None] = {}
    for entry in batch:
        if entry.id in cycle.touched or entry.id in cycle.deferred:
            continue
        fingerprint = review_fingerprint(entry)
        cycle.report.count("reviewed")
        if entry.metadata.get(REVIEWED_HASH) == fingerprint:
            continue
        # The entry as the scan read it (with the decay handed to this pass: one rewrite), not
        # a re-read of every file: under the entry's lock, right before the rename, its file must
        # still have the stat the scan saw, or the stamp is dropped (the agent wrote since).
        expect[entry.id] = cycle.scanned.get(entry.id)
        stamped.append(entry.with_changes(metadata={**entry.metadata, REVIEWED_HASH: fingerprint}))
    # Review stamps are bookkeeping of their own entries, ordered against no other write: one
    # batch with one sync (a first cycle stamps every entry of the corpus).
    errors = cycle.volume.save_many(stamped, expect=expect)
    for entry_id, error in errors.items():
        if isinstance(error, ChangedMeanwhile):
            cycle.report.refuse("changed during the pass", entry_id, "left as the agent wrote it")
        else:
            raise error
