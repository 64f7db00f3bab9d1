"""Pass 5 — preference inference: durable user preferences from the conversation log.

docs/passes.md: the conversation log by session plus recent feedback (7 days); sentiment thresholds
(very irritated 1 occurrence, mildly frustrated 2, casual 3+); preferences are written as memory
entries with category ``user-preferences/inferred`` and tag ``inferred``; those touching
security, credentials or money carry ``requires_user_permission = "true"`` — decided here in
code from the text, so a model that forgets the flag cannot drop it. The conversation log is
cleared after the pass whatever the model did, to keep it from growing without bound; lines the
agent appended after the log was read survive the clear. Every preference write counts against the
run's bounds (``core.bounds``): past one, or once the run is cancelled, the rest waits and the log
is kept for the next cycle (Pass 0's line cap bounds it meanwhile).

Without a model the pass records the explicit, repeated statements ("I prefer…", "always…",
"never…", "don't…", "please stop…") that meet the same thresholds.

An entry's id is a hash of the normalized preference, so a rerun or a restatement reinforces the
entry already on file instead of adding a duplicate.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any

from dream_assets.checks.preferences import sensitive_flag_violations
from dream_assets.core.llm_reply import (
    MemoryReply,
    parse_memory_reply,
)
from dream_assets.core.memory.preference_statements import (
    collect_candidates,
    conversation_statements,
    feedback_statements,
)
from dream_assets.core.memory.preferences import (
    writes_preferred_name,
)
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.safety.audience import (
    OWNER,
    entry_audience,
    records_by_audience,
    shareable_text,
)
from dream_assets.core.safety.quiet import QuietConversation, read_quiet_conversation
from dream_assets.core.safety.redaction import contains_redaction_marker, needs_redaction
from dream_assets.core.safety.review_queue import ReviewQueue, make_item, spent_so_far
from dream_assets.core.skills.recurring_topics import conversation_sessions
from dream_assets.core.store.ledger import stamp_pass
from dream_assets.core.store.volume import AgentVolume
from dream_assets.core.telemetry.windows import read_feedback_window
from dream_assets.llm import Outcome, ask
from dream_assets.passes.call import PassCall
from dream_assets.passes.preference_inference.records import (
    CATEGORY,
    PASS,
    PERMISSION,
    TAG,
    _apply,
    _flag_sensitive,
    _from_statement,
    _record,
    _Target,
    preference_id,
)
from dream_assets.prompts import PromptCuts, load_directive
from dream_assets.prompts.preferences import preference_prompt

__all__ = [
    "CATEGORY",
    "PASS",
    "PERMISSION",
    "preference_id",
    "run_preference_inference",
    "sensitive_flag_violations",
]


def run_preference_inference(call: PassCall) -> PassReport:
    volume, now, bounds = call.volume, call.now, call.bounds
    report = PassReport(PASS)
    for key in ("sessions", "candidates", "qualifying", "written", "reinforced", "flagged"):
        report.counts[key] = 0
    # Measured before reading: a line appended after this point is not cleared, so the worst a
    # race can do is show a turn to the next cycle again, never lose it unread. A conversation log
    # that is not a regular file (a directory, FIFO, socket) is no log: never read nor cleared.
    log = volume.conversation_log
    seen_bytes = log.stat().st_size if log.is_file() else 0
    keep_log = False
    # Sessions still inside the quiet period are neither read nor cleared (core.quiet).
    conversation = read_quiet_conversation(volume, now, call.options.quiet_period)
    report.counts["sessions_active"] = len(conversation.active)
    try:
        keep_log = _infer(call, report, conversation)
        if bounds is None or bounds.cancelled() is None:
            # A safety fix, not a change of knowledge: never held back by the caps.
            _flag_sensitive(volume, report)
        written = [d.detail[:80] for d in report.decisions if d.action == "written"]
        report.highlights = ("written: " + " | ".join(written)) if written else ""
    finally:
        if not keep_log and seen_bytes:
            _clear(volume, report, seen_bytes, conversation.active)
    return report


def _clear(volume: AgentVolume, report: PassReport, upto: int, keep: set[str]) -> None:
    """Clear what was read; a lock held past the cycle's bound leaves the log for the next
    cycle (its turns are read again by the next one)."""
    try:
        cleared = volume.clear_conversation(upto_bytes=upto, keep_sessions=keep)
    except TimeoutError as exc:
        report.fail(f"conversation log: {exc}")
        return
    report.counts["conversation_bytes_cleared"] = cleared
    report.decide("cleared", "conversation-log", f"{cleared} bytes")


def _infer(call: PassCall, report: PassReport, read: QuietConversation) -> bool:
    """Run the inference; True only when the log must be kept for the next cycle."""
    if not call.options.preference_inference_enabled:
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
    feedback = read_feedback_window(call.volume.duckdb_path)
    usable = True
    for audience, records in groups.items():
        # docs/safety.md: one model call sees one audience, and a preference carries the audience of
        # the conversation it was learned in. Feedback signals are the owner's.
        outcome = _infer_audience(
            call, report, audience, records, feedback if audience == OWNER else []
        )
        if outcome in ("busy", "stopped"):
            # The model was never asked, or the run's bounds held writes back: the log is kept
            # for the next cycle to infer from.
            return True
        usable = usable and outcome == "ok"
    if usable:
        stamp_pass(call.volume.ledger_path, PASS, call.now)
    return False


def _infer_audience(
    call: PassCall,
    report: PassReport,
    audience: str,
    records: list[dict[str, Any]],
    feedback: Sequence[dict[str, Any]],
) -> str:
    """One audience's inference: "ok", "unusable" (no usable reply), "busy" or "stopped" (by the
    run's bounds or a cancellation)."""
    sessions = conversation_sessions(records)
    log_hash = hashlib.sha256(
        json.dumps(records, sort_keys=True, default=str).encode("utf-8")
    ).hexdigest()[:16]
    candidates = collect_candidates(
        conversation_statements(sessions) + feedback_statements(feedback)
    )
    report.count("candidates", len(candidates))
    report.count("qualifying", sum(1 for c in candidates if c.qualifies))
    volume, model = call.volume, call.model
    quote = _quoter(call.options, audience)
    for candidate in candidates:
        report.decide(
            "statement" if candidate.qualifies else "below-threshold",
            quote(candidate.statement),
            f"{candidate.occurrences}× in {len(candidate.sessions)} session(s), "
            f"strongest: {candidate.strongest.label}",
        )
    target = _Target(volume, report, call.now, log_hash, audience, quote, call.run_id, call.bounds)

    if model is None:
        for candidate in candidates:
            if candidate.qualifies:
                _record(target, **_from_statement(candidate))
        return _stopped(target) or "ok"

    existing = [
        e
        for e in volume.scan_entries().live
        if (e.category == CATEGORY or TAG in e.tags) and entry_audience(e) == audience
    ]
    directive, _source = load_directive(volume, PASS)
    cuts = PromptCuts()
    system, user = preference_prompt(directive, sessions, feedback, candidates, existing, cuts)
    cuts.report_to(report)
    asked = ask(
        model,
        system,
        user,
        purpose=PASS,
        parse=parse_memory_reply,
        report=report,
    )
    reply = asked.settle(report, unchanged="no preference written")
    if reply is None:
        # Busy: the model was never asked, so the log is kept for the next cycle to infer
        # from. Over budget, failed or unusable: cleared all the same, or a log too large for
        # the budget (or one that trips the model) would only grow.
        if asked.outcome is Outcome.CANCELLED:
            return "stopped"
        return "busy" if asked.outcome is Outcome.BUSY else "unusable"
    if needs_redaction(system) or needs_redaction(user):
        _to_review(target, reply)
    else:
        _apply(target, reply, {e.id: e for e in existing})
    return _stopped(target) or "ok"


def _stopped(target: _Target) -> str | None:
    """ "stopped" when the run's bounds held a write back (the report says which), else None."""
    if not target.stops:
        return None
    waiting = f"{target.stops[0]}: remaining preferences wait for the next cycle"
    target.report.skipped = target.report.skipped or waiting
    return "stopped"


def _to_review(target: _Target, reply: MemoryReply) -> None:
    """The model inferred from redacted text: each preference waits for an operator."""
    for save in reply.to_save:
        if not target.may_write(preference_id(save.content)):
            return
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
            tokens=spent_so_far(target.report),
        )
        ReviewQueue(target.volume.root).add(item)
        target.report.count("pending_review")
        target.report.decide("pending-review", preference_id(save.content), item.id)


def _quoter(options: DreamOptions, audience: str) -> Callable[[str], str]:
    return lambda text: shareable_text(text, audience, log_memory_text=options.log_memory_text)
