"""Pass 5 — preference inference: durable user preferences from the conversation log.

Seed 000: the conversation log by session plus recent feedback (7 days); sentiment thresholds
(very irritated 1 occurrence, mildly frustrated 2, casual 3+); preferences are written as memory
entries with category ``user-preferences/inferred`` and tag ``inferred``; those touching
security, credentials or money carry ``requires_user_permission = "true"`` — decided here in
code from the text, so a model that forgets the flag cannot drop it. The conversation log is
cleared after the pass whatever the model did, to keep it from growing without bound; lines the
agent appended after the log was read survive the clear.

Without a model the pass records the explicit, repeated statements ("I prefer…", "always…",
"never…", "don't…", "please stop…") that meet the same thresholds.

An entry's id is a hash of the normalized preference, so a rerun or a restatement reinforces the
entry already on file instead of adding a duplicate.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from dream_assets.core.audience import (
    OWNER,
    audience_metadata,
    entry_audience,
    records_by_audience,
    shareable_text,
)
from dream_assets.core.ledger import stamp_pass
from dream_assets.core.llm_reply import (
    MemoryReply,
    parse_memory_reply,
)
from dream_assets.core.merge import ARCHIVED_BY_RUN
from dream_assets.core.models import MemoryEntry
from dream_assets.core.options import DreamOptions
from dream_assets.core.preference_statements import (
    PreferenceCandidate,
    Sentiment,
    collect_candidates,
    conversation_statements,
    feedback_statements,
    sensitive_terms,
)
from dream_assets.core.preferences import (
    SUPERSEDED,
    SUPERSEDED_BY,
    SUPERSEDES,
    TENTATIVE,
    WRITTEN_BY_RUN,
    writes_preferred_name,
)
from dream_assets.core.quiet import QuietConversation, quiet_conversation
from dream_assets.core.recurring_topics import conversation_sessions
from dream_assets.core.redaction import contains_redaction_marker, needs_redaction
from dream_assets.core.report import PassReport
from dream_assets.core.review import ReviewQueue, make_item
from dream_assets.core.telemetry import read_feedback_window
from dream_assets.core.volume import AgentVolume, PathEscapeError
from dream_assets.llm import ChatModel, Outcome, ask
from dream_assets.prompts import load_directive
from dream_assets.prompts.preferences import preference_prompt

PASS = "preference_inference"
CATEGORY = "user-preferences/inferred"
TAG = "inferred"
PERMISSION = "requires_user_permission"
# Which conversation slice last wrote or reinforced the entry: replaying the same slice (a retried
# run) must not reinforce it twice.
SOURCE_LOG = "inferred_from_log"


# Inferred, not stated as a fact: below the high-value floor (0.80), so an inference never
# outlives archive retention merely because of the score it was born with.
IMPORTANCE = {
    Sentiment.CASUAL: 0.55,
    Sentiment.MILDLY_FRUSTRATED: 0.65,
    Sentiment.VERY_IRRITATED: 0.75,
}
MODEL_IMPORTANCE = 0.6


def preference_id(preference: str) -> str:
    """Same preference, same id: the hash of its normalized wording."""
    normalized = " ".join(preference.lower().split()).strip(" .!?;:")
    return "pref-" + hashlib.sha256(normalized.encode("utf-8")).hexdigest()[:16]


def run_preference_inference(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    model: ChatModel | None,
    *,
    run_id: str | None = None,
) -> PassReport:
    report = PassReport(PASS)
    for key in ("sessions", "candidates", "qualifying", "written", "reinforced", "flagged"):
        report.counts[key] = 0
    # Measured before reading: a line appended after this point is not cleared, so the worst a
    # race can do is show a turn to the next cycle again, never lose it unread.
    seen_bytes = volume.conversation_log.stat().st_size if volume.conversation_log.exists() else 0
    keep_log = False
    # Sessions still inside the quiet period are neither read nor cleared (core.quiet).
    conversation = quiet_conversation(volume.read_conversation(), now, options.quiet_period)
    report.counts["sessions_active"] = len(conversation.active)
    try:
        keep_log = _infer(volume, options, now, model, report, conversation, run_id)
        _flag_sensitive(volume, report)
        written = [d.detail[:80] for d in report.decisions if d.action == "written"]
        report.highlights = ("written: " + " | ".join(written)) if written else ""
    finally:
        if not keep_log and seen_bytes:
            cleared = volume.clear_conversation(
                upto_bytes=seen_bytes, keep_sessions=conversation.active
            )
            report.counts["conversation_bytes_cleared"] = cleared
            report.decide("cleared", "conversation-log", f"{cleared} bytes")
    return report


def _infer(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    model: ChatModel | None,
    report: PassReport,
    read: QuietConversation,
    run_id: str | None = None,
) -> bool:
    """Run the inference; True only when the log must be kept for the next cycle."""
    if not options.preference_inference_enabled:
        report.skipped = "disabled (preference_inference_enabled = false)"
        return False
    if read.malformed:
        report.warnings.append(
            f"conversation log: {read.malformed} malformed line(s) skipped ({read.first_problem})"
        )
    groups = records_by_audience(read.records)
    report.counts["sessions"] = sum(len(conversation_sessions(r)) for r in groups.values())
    if not report.counts["sessions"]:
        report.skipped = "conversation log empty"
        return False
    feedback = read_feedback_window(volume.duckdb_path)
    usable = True
    for audience, records in groups.items():
        # Seed 003: one model call sees one audience, and a preference carries the audience of
        # the conversation it was learned in. Feedback signals are the owner's.
        outcome = _infer_audience(
            volume,
            options,
            now,
            model,
            report,
            audience,
            records,
            feedback if audience == OWNER else [],
            run_id,
        )
        if outcome == "busy":
            return True
        usable = usable and outcome == "ok"
    if usable:
        stamp_pass(volume.ledger_path, PASS, now)
    return False


def _infer_audience(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    model: ChatModel | None,
    report: PassReport,
    audience: str,
    records: list[dict[str, Any]],
    feedback: Sequence[dict[str, Any]],
    run_id: str | None,
) -> str:
    """One audience's inference: "ok", "unusable" (no usable reply) or "busy"."""
    sessions = conversation_sessions(records)
    log_hash = hashlib.sha256(
        json.dumps(records, sort_keys=True, default=str).encode("utf-8")
    ).hexdigest()[:16]
    candidates = collect_candidates(
        conversation_statements(sessions) + feedback_statements(feedback)
    )
    report.count("candidates", len(candidates))
    report.count("qualifying", sum(1 for c in candidates if c.qualifies))
    quote = _quoter(options, audience)
    for candidate in candidates:
        report.decide(
            "statement" if candidate.qualifies else "below-threshold",
            quote(candidate.statement),
            f"{candidate.occurrences}× in {len(candidate.sessions)} session(s), "
            f"strongest: {candidate.strongest.label}",
        )
    target = _Target(volume, report, now, log_hash, audience, quote, run_id)

    if model is None:
        for candidate in candidates:
            if candidate.qualifies:
                _record(target, **_from_statement(candidate))
        return "ok"

    existing = [
        e
        for e in volume.scan_entries().live
        if (e.category == CATEGORY or TAG in e.tags) and entry_audience(e) == audience
    ]
    directive, _source = load_directive(volume, PASS)
    system, user = preference_prompt(directive, sessions, feedback, candidates, existing)
    call = ask(
        model,
        system,
        user,
        purpose=PASS,
        parse=parse_memory_reply,
        report=report,
    )
    reply = call.settle(report, unchanged="no preference written")
    if reply is None:
        # Busy: the model was never asked, so the log is kept for the next cycle to infer
        # from. Over budget, failed or unusable: cleared all the same, or a log too large for
        # the budget (or one that trips the model) would only grow.
        return "busy" if call.outcome is Outcome.BUSY else "unusable"
    if needs_redaction(system) or needs_redaction(user):
        _to_review(target, reply)
    else:
        _apply(target, reply, {e.id: e for e in existing})
    return "ok"


def _to_review(target: _Target, reply: MemoryReply) -> None:
    """The model inferred from redacted text: each preference waits for an operator."""
    for save in reply.to_save:
        if contains_redaction_marker(save.content) or writes_preferred_name(save.content):
            target.report.refuse("refused", preference_id(save.content), "marker or name")
            continue
        if target.audience != OWNER:
            # The review queue records no audience: nothing of another audience goes there.
            target.report.refuse("redacted input", preference_id(save.content), target.audience)
            continue
        item = make_item(
            kind="preference",
            reason="preference inference: its input needed secret redaction",
            sources=[],
            now=target.now,
            run_id=target.run_id,
            content=save.content,
            category=CATEGORY,
            tags=tuple(dict.fromkeys((TAG, *save.tags))),
        )
        ReviewQueue(target.volume.root).add(item)
        target.report.count("pending_review")
        target.report.decide("pending-review", preference_id(save.content), item.id)


def _quoter(options: DreamOptions, audience: str) -> Callable[[str], str]:
    return lambda text: shareable_text(text, audience, log_memory_text=options.log_memory_text)


@dataclass(frozen=True)
class _Target:
    """Where and for whom one audience's preferences are written."""

    volume: AgentVolume
    report: PassReport
    now: datetime
    log_hash: str
    audience: str
    quote: Callable[[str], str]
    run_id: str | None = None


def _from_statement(candidate: PreferenceCandidate) -> dict[str, Any]:
    metadata = {
        "inferred_by": "explicit-statements",
        "sentiment": candidate.strongest.label,
        "occurrences": str(candidate.occurrences),
    }
    if candidate.occurrences < 2:
        # Seed 003: a single remark, however irritated, is not a permanent trait.
        metadata[TENTATIVE] = "true"
    return {
        "key": candidate.key,
        "content": f'User preference (stated explicitly): "{candidate.statement}"',
        "tags": (TAG, "explicit"),
        "importance": IMPORTANCE[candidate.strongest],
        "occurrences": candidate.occurrences,
        "metadata": metadata,
    }


def _apply(target: _Target, reply: MemoryReply, shown: dict[str, MemoryEntry]) -> None:
    report = target.report
    for problem in reply.invalid:
        report.refuse("invalid-item", PASS, problem)
    for entry_id in reply.to_delete:
        report.refuse("no-delete", entry_id, "preference inference only adds preferences")
    for save in reply.to_save:
        if writes_preferred_name(save.content, save.category):
            report.refuse(
                "preferred name",
                preference_id(save.content),
                "only a live, explicit answer may choose what to call someone",
            )
            continue
        # A correction names the preference it replaces (its sourceIds): only one on file for
        # this audience, shown to the model, may be superseded.
        replaced = [shown[i] for i in save.source_ids if i in shown]
        for bad in (i for i in save.source_ids if i not in shown):
            report.refuse("unknown id", bad, "not a preference shown for this audience")
        tags = tuple(dict.fromkeys((TAG, *save.tags)))
        metadata = {"inferred_by": "model", TENTATIVE: "true"}
        if replaced:
            # An explicit correction is favoured over what it corrects: not tentative.
            metadata = {"inferred_by": "model", SUPERSEDES: ",".join(e.id for e in replaced)}
        if save.category and save.category != CATEGORY:
            metadata["model_category"] = save.category
        written = _record(
            target,
            key=save.content,
            content=save.content,
            tags=tags,
            importance=max([MODEL_IMPORTANCE, *(e.importance for e in replaced)]),
            occurrences=1,
            metadata=metadata,
        )
        if written is not None:
            for old in replaced:
                if old.id != written:
                    _supersede(target, old, written)


def _by_run(key: str, run_id: str | None) -> dict[str, str]:
    return {key: run_id} if run_id else {}


def _supersede(target: _Target, old: MemoryEntry, new_id: str) -> None:
    """The corrected preference is archived as superseded, pointing at its replacement; the
    purge never deletes a preference, so the provenance stays readable."""
    try:
        target.volume.archive(
            old.id,
            reason=SUPERSEDED,
            now=target.now,
            stamp={SUPERSEDED_BY: new_id, **_by_run(ARCHIVED_BY_RUN, target.run_id)},
        )
    except (OSError, KeyError, PathEscapeError) as exc:
        target.report.fail(f"{old.id}: could not archive as superseded: {exc}")
        return
    target.report.count("superseded")
    target.report.decide("superseded", old.id, f"by {new_id}")


def _record(
    target: _Target,
    *,
    key: str,
    content: str,
    tags: Sequence[str],
    importance: float,
    occurrences: int,
    metadata: dict[str, str],
) -> str | None:
    """Write or reinforce one preference; its id, or None when nothing was written."""
    volume, report, now, log_hash = target.volume, target.report, target.now, target.log_hash
    entry_id = preference_id(key)
    terms = sensitive_terms(" ".join([content, *tags]))
    try:
        current = volume.get(entry_id)
    except (OSError, ValueError, PathEscapeError) as exc:
        report.fail(f"{entry_id}: unreadable, left in place: {exc}")
        return None
    if current is not None and current.archived:
        report.decide("kept-archived", entry_id, "archived earlier by consolidation; not revived")
        return None
    if current is not None and entry_audience(current) != target.audience:
        report.refuse("audience", entry_id, "the same words are on file for another audience")
        return None
    if current is not None:
        if current.metadata.get(SOURCE_LOG) == log_hash:
            report.decide("unchanged", entry_id, "already recorded from this conversation log")
            return None
        meta = {**current.metadata, SOURCE_LOG: log_hash}
        # Seen again: no longer a single remark.
        meta.pop(TENTATIVE, None)
        entry = current.with_changes(
            tags=tuple(dict.fromkeys((*current.tags, *tags))),
            reinforcement_count=current.reinforcement_count + 1,
            last_seen_at=now,
            updated_at=now,
            metadata=meta,
        )
        action = "reinforced"
    else:
        entry = MemoryEntry(
            id=entry_id,
            content=content,
            category=CATEGORY,
            tags=tuple(dict.fromkeys(tags)),
            importance=importance,
            reinforcement_count=max(1, occurrences),
            created_at=now,
            updated_at=now,
            last_seen_at=now,
            metadata={
                **metadata,
                **audience_metadata(target.audience),
                **_by_run(WRITTEN_BY_RUN, target.run_id),
                SOURCE_LOG: log_hash,
            },
        )
        action = "written"
    if terms:
        entry = _with_permission_flag(entry, terms)
    try:
        volume.save(entry)
    except (OSError, PathEscapeError) as exc:
        report.fail(f"{entry_id}: save failed: {exc}")
        return None
    report.count(action)
    if terms:
        report.count("flagged")
    if entry.metadata.get(TENTATIVE) == "true":
        report.count("tentative")
    flag = f" [{PERMISSION}: {', '.join(terms)}]" if terms else ""
    report.decide(action, entry_id, target.quote(content) + flag)
    return entry_id


def _with_permission_flag(entry: MemoryEntry, terms: Sequence[str]) -> MemoryEntry:
    """Preferences touching security, credentials or money need the user's permission."""
    return entry.with_changes(
        metadata={**entry.metadata, PERMISSION: "true", "sensitive_terms": ",".join(terms)}
    )


def _flag_sensitive(volume: AgentVolume, report: PassReport) -> None:
    """Restore the permission flag on any inferred preference that lost it.

    A memory merge keeps only subject-time metadata, so a preference merged by consolidation
    comes back without its flag; the flag is a property of the text and is put back here.
    """
    for entry in volume.scan_entries().live:
        if entry.category != CATEGORY and TAG not in entry.tags:
            continue
        terms = sensitive_terms(" ".join([entry.content, *entry.tags]))
        if not terms or entry.metadata.get(PERMISSION) == "true":
            continue
        try:
            # The flag is a property of the text: recomputed on the entry as it is now, under
            # its lock, so an edit the agent wrote since the scan is kept.
            flagged = volume.update_entry(entry.id, _flag_if_sensitive)
        except (OSError, ValueError, PathEscapeError) as exc:
            report.fail(f"{entry.id}: could not set {PERMISSION}: {exc}")
            continue
        if flagged is None:
            continue
        terms = sensitive_terms(" ".join([flagged.content, *flagged.tags]))
        report.count("reflagged")
        report.decide("reflagged", entry.id, f"{PERMISSION}: {', '.join(terms)}")


def _flag_if_sensitive(current: MemoryEntry) -> MemoryEntry | None:
    if current.archived or current.metadata.get(PERMISSION) == "true":
        return None
    terms = sensitive_terms(" ".join([current.content, *current.tags]))
    return _with_permission_flag(current, terms) if terms else None


def sensitive_flag_violations(volume: AgentVolume) -> tuple[list[str], int]:
    """Re-read from disk: every inferred preference touching a sensitive domain is flagged."""
    violations: list[str] = []
    checked = 0
    for entry in volume.scan_entries().live:
        if entry.category != CATEGORY and TAG not in entry.tags:
            continue
        checked += 1
        terms = sensitive_terms(" ".join([entry.content, *entry.tags]))
        if terms and entry.metadata.get(PERMISSION) != "true":
            violations.append(
                f'{entry.id}: touches {", ".join(terms)} but lacks {PERMISSION} = "true"'
            )
    return violations, checked
