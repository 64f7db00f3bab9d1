"""The memory audit (own daily schedule): is the corpus converging, was anything destroyed?

docs/audit.md. Walks ``memory/entries/*.json`` itself, records one trend
row per day, finds entries hard-deleted outside the retention purge and — when the operator opted
in with ``audit_pause_on_loss`` — pauses consolidation (only consolidation: retention, purge,
mining and every other pass go on), and reports clusters the coverage check keeps rejecting.
The rules live in ``core.audit``; this module reads the volume, writes the files, and reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from dream_assets.checks.consolidation import provenance_violations
from dream_assets.checks.store_writeback import store_copies_missing
from dream_assets.core.memory.archive_purge import tombstone_path
from dream_assets.core.memory.audit import (
    KNOWN_IDS_FILE,
    LOSSES_FILE,
    REJECTIONS_FILE,
    TREND_FILE,
    RejectedCluster,
    TrendRow,
    loss_line,
    pause_consolidation,
    purged_on,
    read_known_ids,
    read_rejection_history,
    read_trend,
    record_day,
    take_census,
    track_rejections,
    vanished_ids,
    write_known_ids,
    write_rejection_history,
    write_trend,
)
from dream_assets.core.memory.lifecycle import DueEvent, due_for_review
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.atomic import file_lock
from dream_assets.core.store.jsonl import read_jsonl
from dream_assets.core.store.state_file import append_own_line, move_aside_for_directory
from dream_assets.core.store.volume import AgentVolume

PASS = "memory_audit"
# How long an audit waits for another audit of the same agent (the schedule and `dream audit` may
# overlap): long enough for a large agent's whole audit, bounded so a stuck holder fails the
# waiting audit with the lock named instead of hanging it.
AUDIT_LOCK_TIMEOUT_S = 600.0


@dataclass
class AuditReport(PassReport):
    """The audit's report, plus what ``dream audit --json`` prints: today's trend row, the ids
    that vanished since the last audit, and the clusters the coverage check keeps rejecting."""

    trend_row: TrendRow | None = None
    vanished_ids: list[str] = field(default_factory=list)
    rejected_clusters: list[RejectedCluster] = field(default_factory=list)
    events_due: list[DueEvent] = field(default_factory=list)


def run_memory_audit(
    volume: AgentVolume, options: DreamOptions, now: datetime, *, run_id: str | None = None
) -> AuditReport:
    report = AuditReport(PASS)
    audit_dir = volume.audit_dir
    # A file standing at memory-audit/ is moved aside (never deleted), not failing every audit.
    move_aside_for_directory(audit_dir)
    audit_dir.mkdir(parents=True, exist_ok=True)
    trend_path = audit_dir / TREND_FILE
    today = now.date()
    # One audit at a time per agent (the schedule and `dream audit` may overlap): the snapshot
    # read and the snapshot write must bracket the same scan.
    with file_lock(
        trend_path,
        timeout=AUDIT_LOCK_TIMEOUT_S,
        what="another audit of this agent is still running; this audit is not taken",
    ):
        scan = volume.scan_entries()
        # Tombstones are read after the scan: the purge writes the tombstone before it deletes,
        # so every deletion this scan saw already has its tombstone on disk.
        stones = read_jsonl(tombstone_path(audit_dir))
        if stones.malformed:
            report.warnings.append(f"purge tombstones: {stones.malformed} malformed line(s)")
        for problem in scan.problems:
            report.warnings.append(
                f"unreadable entry left in place: {problem.path}: {problem.reason}"
            )
        census = take_census(scan.entries, (p.path for p in scan.problems))

        known_path = audit_dir / KNOWN_IDS_FILE
        previous, known_warning = read_known_ids(known_path)
        if known_warning:
            report.warnings.append(known_warning)
            # Kept aside byte for byte rather than overwritten, so it can still be inspected.
            known_path.replace(known_path.with_name(KNOWN_IDS_FILE + ".unreadable"))
        tombstoned = {str(s.get("id")) for s in stones.records}
        vanished = vanished_ids(previous, census.ids, tombstoned)

        history, history_warning = read_rejection_history(audit_dir / REJECTIONS_FILE)
        if history_warning:
            report.warnings.append(history_warning)
        rejected, history = track_rejections(scan.entries, history, today)

        # Record the loss before anything else: a crash later re-detects it (the snapshot is
        # written last), so a loss can be reported twice but never missed.
        last_audit = previous.audited_at if previous else None
        for entry_id in vanished:
            line = loss_line(entry_id, now=now, run_id=run_id, last_audit=last_audit)
            append_own_line(audit_dir / LOSSES_FILE, line)
            report.decide(
                "vanished", entry_id, "hard-deleted outside the retention purge (no tombstone)"
            )
        if vanished and options.audit_pause_on_loss:
            pause_consolidation(volume.pause_flag, now=now, vanished=vanished)
            report.decide("paused", "consolidation", f"{volume.pause_flag} written")
        elif vanished:
            report.warnings.append(
                f"{len(vanished)} entr{'y' if len(vanished) == 1 else 'ies'} vanished; "
                "consolidation not paused (audit_pause_on_loss is off)"
            )

        trend = read_trend(trend_path)
        if trend.unparsed:
            report.warnings.append(f"{trend_path}: {len(trend.unparsed)} unparsed line(s) kept")
        row, dropped = record_day(
            trend,
            today=today,
            census=census,
            purged=purged_on(stones.records, today),
            rejected_clusters=len(rejected),
            vanished_now=len(vanished),
        )
        write_trend(trend_path, trend)
        write_rejection_history(audit_dir / REJECTIONS_FILE, history)
        write_known_ids(known_path, census.ids, now)

    # Standing problems the cycle's checks only warn about are listed here, where they are
    # watched day after day (docs/safety.md): a merge whose sources no longer resolve.
    dangling, _checked = provenance_violations(volume, options, now)
    for violation in dangling:
        report.decide("dangling provenance", violation.split(":", 1)[0], violation)
    report.counts["dangling_provenance"] = len(dangling)
    # A connected agent (docs/stores.md): what the agent removed from its own store is explained
    # (archived "removed in store"); what the cycle removed must still be kept byte for byte.
    lost_copies, removed_in_store = store_copies_missing(volume)
    for missing in lost_copies:
        report.decide("store copy missing", missing.split(":", 1)[0], missing)
    report.counts["removed_in_store"] = removed_in_store
    report.counts["store_copies_missing"] = len(lost_copies)

    for cluster in rejected:
        report.decide(
            "rejected cluster",
            cluster.cluster_id,
            f"rejected {cluster.times_rejected}× since {cluster.first_seen}, last "
            f"{cluster.last_rejected_at}; {cluster.live_sources} of {len(cluster.source_ids)} "
            f"sources live: {', '.join(cluster.source_ids)}",
        )
    report.counts.update(
        live=census.live,
        archived=census.archived,
        merged=census.merged,
        purged_today=row.purged,
        vanished=len(vanished),
        rejected_clusters=len(rejected),
        recurring_rejections=sum(1 for c in rejected if c.times_rejected > 1),
        paused=1 if volume.pause_flag.exists() else 0,
        unreadable=census.unreadable,
        trend_rows=len(trend.rows),
        trend_rows_dropped=dropped,
    )
    # The daily lifecycle sweep (docs/safety.md): events due for review are reported, never changed
    # — the date passing does not prove a planned event happened.
    due = due_for_review(scan.live, now, options.event_grace_days)
    report.counts["events_due_for_review"] = len(due)
    for event in due[:50]:
        report.decide("event due for review", event.id, event.why)
    report.events_due = due
    report.trend_row = row
    report.rejected_clusters = list(rejected)
    report.vanished_ids = list(vanished)
    if previous is None and not known_warning:
        report.decide("baseline", "known ids", f"first audit: {len(census.ids)} ids recorded")
    return report


def unexplained_losses(volume: AgentVolume, run_id: str) -> list[str]:
    """Re-read from disk: the losses the audit of ``run_id`` recorded in losses.jsonl, and (on a
    connected agent) items removed from the store whose kept copy is gone."""
    read = read_jsonl(volume.audit_dir / LOSSES_FILE)
    return store_copies_missing(volume)[0] + [
        f"{line.get('id')} vanished (hard-deleted outside the retention purge), "
        f"detected {line.get('detected_at')}"
        for line in read.records
        if line.get("run_id") == run_id
    ]
