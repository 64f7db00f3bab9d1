"""Writing inferred preferences: one entry per preference (ids hashed from its wording), its
audience, the permission flag for security, credentials and money, supersession by a correction
(docs/passes.md, Pass 5)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from dream_assets.core.llm_reply import (
    MemoryReply,
)
from dream_assets.core.memory.merge import ARCHIVED_BY_RUN
from dream_assets.core.memory.preference_statements import (
    PreferenceCandidate,
    Sentiment,
    sensitive_terms,
)
from dream_assets.core.memory.preferences import INFERRED_CATEGORY as CATEGORY
from dream_assets.core.memory.preferences import INFERRED_TAG as TAG
from dream_assets.core.memory.preferences import (
    PERMISSION,
    SUPERSEDED,
    SUPERSEDED_BY,
    SUPERSEDES,
    TENTATIVE,
    WRITTEN_BY_RUN,
    writes_preferred_name,
)
from dream_assets.core.models import MemoryEntry
from dream_assets.core.record_bounds import INT64_MAX
from dream_assets.core.report import PassReport
from dream_assets.core.safety.audience import (
    audience_metadata,
    entry_audience,
)
from dream_assets.core.safety.bounds import RunBounds
from dream_assets.core.store.volume import AgentVolume, PathEscapeError

PASS = "preference_inference"

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
    # The run's bounds (None: unbounded); ``stops`` records why they stopped a write, if they did.
    bounds: RunBounds | None = None
    stops: list[str] = field(default_factory=list)

    def may_write(self, target: str, *, finishing: bool = False) -> bool:
        """Before one preference write: past a bound (or cancelled) it waits for the next cycle.
        ``finishing`` (archiving what a correction just replaced) stops only on cancellation."""
        if self.bounds is None:
            return True
        reason = self.bounds.cancelled() if finishing else self.bounds.stop_reason()
        if reason is None:
            return True
        self.stops.append(reason)
        self.report.count("waiting_next_cycle")
        self.report.decide("waiting", target, reason)
        return False

    def spend(self, change: str, target: str) -> None:
        if self.bounds is not None:
            self.bounds.spend(change, target)


def _from_statement(candidate: PreferenceCandidate) -> dict[str, Any]:
    metadata = {
        "inferred_by": "explicit-statements",
        "sentiment": candidate.strongest.label,
        "occurrences": str(candidate.occurrences),
    }
    if candidate.occurrences < 2:
        # docs/safety.md: a single remark, however irritated, is not a permanent trait.
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
    if not target.may_write(old.id, finishing=True):
        return
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
    target.spend("preference superseded", old.id)
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
            reinforcement_count=min(current.reinforcement_count + 1, INT64_MAX),
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
    if not target.may_write(entry_id):
        return None
    try:
        volume.save(entry)
    except (OSError, PathEscapeError) as exc:
        report.fail(f"{entry_id}: save failed: {exc}")
        return None
    target.spend(f"preference {action}", entry_id)
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
