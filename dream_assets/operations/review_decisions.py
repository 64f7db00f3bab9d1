"""Operator decisions on the review queue: approve (re-checked) or reject."""

from __future__ import annotations

import hashlib
from datetime import datetime

from dream_assets.core.facts.coverage import CoverageSource, load_vocabulary
from dream_assets.core.facts.merge_check import check_merge
from dream_assets.core.memory.lifecycle import EVENT_STATUS
from dream_assets.core.memory.merge import ARCHIVED_BY_RUN, build_merged_entry, settled
from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.options import DreamOptions
from dream_assets.core.safety.audience import mixed_audiences
from dream_assets.core.safety.redaction import contains_redaction_marker
from dream_assets.core.safety.review_queue import ReviewItem, ReviewQueue
from dream_assets.core.skills.versions import keep_version, record_after
from dream_assets.core.store.atomic import atomic_write_text
from dream_assets.core.store.volume import AgentVolume


class ReviewConflict(ValueError):
    """A source changed (or vanished) since the proposal: approval is refused."""


def _unchanged_sources(volume: AgentVolume, item: ReviewItem) -> list[MemoryEntry]:
    sources = []
    for source_id in item.source_ids:
        try:
            current = volume.get(source_id)
        except (OSError, ValueError) as exc:
            # A corrupt or unreadable entry file refuses the approval before anything is written.
            raise ReviewConflict(f"{item.id}: source {source_id} cannot be read ({exc})") from exc
        if current is None or current.archived:
            raise ReviewConflict(f"{item.id}: source {source_id} is no longer live")
        if review_fingerprint(current) != item.source_fingerprints.get(source_id):
            raise ReviewConflict(f"{item.id}: source {source_id} changed since the proposal")
        sources.append(current)
    return sources


def check_approval(
    volume: AgentVolume, item: ReviewItem, content: str | None = None
) -> tuple[list[MemoryEntry], str]:
    """What approving ``item`` would apply: its current sources and the text, after every check
    approval makes. Raises ``ReviewConflict`` with the reason it would be refused (the review
    card shows that reason before anyone presses the button)."""
    if item.status != "pending":
        raise ReviewConflict(f"{item.id} is already {item.status}")
    sources = _unchanged_sources(volume, item)
    text = (content if content is not None else item.content).strip()
    if item.kind == "merge":
        if mixed_audiences(sources):
            # docs/safety.md: audiences never mix, not even with an operator's approval; a
            # public entry with a private extension stays two entries.
            raise ReviewConflict(f"{item.id}: the sources belong to different audiences")
        if not text:
            raise ReviewConflict(f"{item.id}: the merged text is blank")
        if contains_redaction_marker(text):
            raise ReviewConflict(
                f"{item.id}: the merged text carries redacted secrets; approve with --content"
            )
        vocabulary, _warning = load_vocabulary(volume.vocabulary_path)
        result = check_merge(
            [CoverageSource(s.id, s.content, s.category) for s in sources],
            text,
            vocabulary=vocabulary,
        )
        if not result.ok:
            raise ReviewConflict(f"{item.id}: the merged text drops {list(result.missing)}")
    elif item.kind in ("skill", "preference") and contains_redaction_marker(item.content):
        raise ReviewConflict(f"{item.id}: the {item.kind} text carries redacted secrets")
    elif item.kind not in ("lifecycle", "archive", "skill", "preference"):
        raise ReviewConflict(f"{item.id}: unknown kind {item.kind!r}")
    return sources, text


def approve(
    volume: AgentVolume, item_id: str, now: datetime, content: str | None = None
) -> list[str]:
    """Apply a pending item after re-checking its sources. Returns the ids written.

    ``content`` replaces the proposed merged text (the operator's edit). Either way the merged
    text must pass the coverage and meaning checks (``check_merge``), and text still
    carrying a redaction marker is refused: redacted text never replaces an original.
    """
    queue = ReviewQueue(volume.root)
    item = queue.get(item_id)
    sources, text = check_approval(volume, item, content)
    if item.kind == "merge":
        item.content = text
    stamp = {ARCHIVED_BY_RUN: f"review:{item.id}"}
    written: list[str] = []
    if item.kind == "merge":
        merged = build_merged_entry(
            sources,
            content=item.content,
            category=item.category,
            tags=item.tags,
            now=now,
            run_id=f"review:{item.id}",
        )
        volume.save(merged)  # replacement first, then retirement
        for source in sources:
            volume.archive(source.id, reason="merged", now=now, stamp=stamp)
        volume.save(merged.with_changes(metadata=settled(merged.metadata)))
        written = [merged.id, *(s.id for s in sources)]
    elif item.kind == "skill":
        # A skill the model wrote from redacted input: the operator approves the text as
        # proposed (never with a marker in it); the earlier version is kept for undo.
        run = f"review:{item.id}"
        keep_version(volume, run, item.category)
        atomic_write_text(volume.skill_path(item.category), item.content)
        record_after(volume, run, item.category)
        written = [item.category]
    elif item.kind == "lifecycle":
        # Lifecycle-only: the status changes, the text does not (docs/safety.md).
        for source in sources:
            volume.save(
                source.with_changes(
                    updated_at=now,
                    metadata={
                        **source.metadata,
                        EVENT_STATUS: item.content,
                        "status_by_review": item.id,
                    },
                )
            )
        written = [s.id for s in sources]
    elif item.kind == "preference":
        preference = MemoryEntry(
            id="pref-" + hashlib.sha256(item.content.encode("utf-8")).hexdigest()[:16],
            content=item.content,
            category=item.category,
            tags=tuple(item.tags),
            importance=0.6,
            reinforcement_count=1,
            created_at=now,
            updated_at=now,
            last_seen_at=now,
            metadata={"inferred_by": "model", "approved_by_review": item.id},
        )
        volume.save(preference)
        written = [preference.id]
    elif item.kind == "archive":
        for source in sources:
            volume.archive(
                source.id, reason=item.archive_reason or "ephemeral", now=now, stamp=stamp
            )
        written = [s.id for s in sources]
    else:
        raise ReviewConflict(f"{item.id}: unknown kind {item.kind!r}")
    queue.decide(item.id, "approved", now)
    return written


def reject(volume: AgentVolume, item_id: str, now: datetime, note: str = "") -> ReviewItem:
    queue = ReviewQueue(volume.root)
    item = queue.get(item_id)
    if item.status != "pending":
        raise ReviewConflict(f"{item.id} is already {item.status}")
    return queue.decide(item.id, "rejected", now, note)


def decide(
    volume: AgentVolume,
    action: str,
    item_id: str,
    now: datetime,
    *,
    owner: str,
    options: DreamOptions,
    note: str = "",
    content: str | None = None,
) -> str:
    """The one path of an operator's decision (``dream review approve|reject`` and the review
    page): under the agent's lease, approve (re-checked) or reject. Returns the outcome line;
    raises ``ReviewConflict``, ``KeyError`` (no such item) or ``LeaseHeld``. ``options`` are the
    deployment's (the lease's expiry)."""
    from dream_assets.operations.operator_lease import operator_lease

    if action not in ("approve", "reject"):
        raise ReviewConflict(f"unknown decision {action!r}: approve or reject")
    with operator_lease(volume.root, owner, options) as run_id:
        if action == "approve":
            written = approve(volume, item_id, now, content=content)
            outcome = f"approved {item_id}: wrote {', '.join(written)}"
            # A connected agent (docs/stores.md): the approved merge goes into its store too.
            from dream_assets.operations.store_sync import store_line, write_back_after

            store = write_back_after(volume, run_id, now)
            return outcome if store is None else f"{outcome}; {store_line(store, run_id)}"
        reject(volume, item_id, now, note=note)
        return f"rejected {item_id}: nothing changed"
