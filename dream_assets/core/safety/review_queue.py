"""The review queue: changes the cycle will not apply on its own say-so.

docs/safety.md: operator-authored or protected memories require review, changes to shared
entries require review, and a proposal that had redacted text always waits for review. A merge
or archive touching an entry marked pinned (``metadata.pinned == "true"``), operator-authored
(``metadata.authored_by == "operator"``) or shared (an audience other than the owner's: a
conversation, a group, the public), or whose sources needed redaction before the model saw them,
is queued here instead of applied.
Approval re-checks that every source is unchanged since the proposal (its review fingerprint).

The queue is the operators' data: a ``review-queue.json`` that is not a queue (not UTF-8, not
JSON, nested too deeply, not an object of items, a directory, a FIFO, too large) is refused with a
``QueueUnreadable`` naming the file and left as it is, never replaced; a FIFO is never waited on,
nor the queue's lock longer than ``LOCK_TIMEOUT_S``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from dream_assets.core.clock import format_time, parse_time
from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.safety.audience import OWNER, entry_audience
from dream_assets.core.store.atomic import (
    CYCLE_LOCK_TIMEOUT_S,
    append_line,
    atomic_write_text,
    file_lock,
)
from dream_assets.core.store.state_file import read_state_text

QUEUE_FILE = "review-queue.json"
# Far more than a queue purged by the archive retention holds; past it the file is not a queue.
MAX_QUEUE_BYTES = 1 << 28
# A holder of the queue's lock keeps it for one read and one write: longer is a stuck holder.
LOCK_TIMEOUT_S = CYCLE_LOCK_TIMEOUT_S
# Beside the entries' purge tombstones (memory-audit/), one line per review item purged.
REVIEW_TOMBSTONE_LOG = "review-queue-purged.jsonl"
# The shortest prefix that names an item ("rv-" and four characters of its hash).
MIN_PREFIX = 7


def protection_reason(entry: MemoryEntry) -> str | None:
    """Why a change to this entry needs an operator, or None."""
    if str(entry.metadata.get("pinned", "")).lower() == "true":
        return "pinned"
    if str(entry.metadata.get("authored_by", "")).lower() == "operator":
        return "operator-authored"
    audience = entry_audience(entry)
    if audience != OWNER:
        # Seed 003: "Changes to shared entries require review". An entry of a conversation,
        # a group or the public is read by others than the owner: never changed on the
        # cycle's own say-so, whoever (model or host) proposed it.
        return f"shared memory (audience {audience})"
    return None


@dataclass
class ReviewItem:
    id: str
    kind: str  # "merge" | "archive"
    reason: str
    created_at: str
    run_id: str | None
    source_ids: list[str]
    source_fingerprints: dict[str, str]
    content: str = ""
    category: str = ""
    tags: list[str] = field(default_factory=list)
    archive_reason: str = ""
    status: str = "pending"  # pending | approved | rejected
    decided_at: str | None = None
    note: str = ""
    # The merge verifier's verdict per source ({"id", "verdict", "note"}) when it sent the
    # merge here.
    verdicts: list[dict[str, str]] = field(default_factory=list)
    # Model tokens the proposing pass had spent in its run when it queued this item
    # ({"calls", "prompt", "completion"}); empty for a deterministic proposal.
    tokens: dict[str, int] = field(default_factory=dict)


def make_item(
    *,
    kind: str,
    reason: str,
    sources: Sequence[MemoryEntry],
    now: datetime,
    run_id: str | None,
    content: str = "",
    category: str = "",
    tags: Sequence[str] = (),
    archive_reason: str = "",
    verdicts: Sequence[dict[str, str]] = (),
    tokens: dict[str, int] | None = None,
) -> ReviewItem:
    ids = sorted(s.id for s in sources)
    # The same proposal from a later cycle is the same item, never a duplicate.
    key = hashlib.sha256(json.dumps([kind, ids, content, category]).encode()).hexdigest()[:12]
    return ReviewItem(
        id=f"rv-{key}",
        kind=kind,
        reason=reason,
        created_at=format_time(now),
        run_id=run_id,
        source_ids=[s.id for s in sources],
        source_fingerprints={s.id: review_fingerprint(s) for s in sources},
        content=content,
        category=category,
        tags=list(tags),
        archive_reason=archive_reason,
        verdicts=list(verdicts),
        tokens=dict(tokens or {}),
    )


def spent_so_far(report: Any) -> dict[str, int]:
    """The tokens a pass's report has counted so far (``PassReport.usage``); {} without calls."""
    usage = report.usage
    if not usage.calls:
        return {}
    return {
        "calls": usage.calls,
        "prompt": usage.prompt_tokens,
        "completion": usage.completion_tokens,
    }


class QueueUnreadable(ValueError):
    """The review-queue file is not a queue: the message names it; it is left as it is."""


class ReviewQueue:
    def __init__(self, volume_root: Path) -> None:
        self.path = volume_root / QUEUE_FILE

    def _lock(self, what: str) -> AbstractContextManager[None]:
        return file_lock(self.path, timeout=LOCK_TIMEOUT_S, what=what)

    def _read(self) -> list[ReviewItem]:
        """The queue's items; none when there is no queue. ``QueueUnreadable`` naming the file
        when what is there is not a queue (never replaced, so no operator's item is lost); text
        that is not JSON stays a ``JSONDecodeError`` (what the review sensor reports), its
        message naming the file too."""
        try:
            raw = json.loads(read_state_text(self.path, MAX_QUEUE_BYTES))
        except FileNotFoundError:
            return []
        except json.JSONDecodeError as exc:
            message = f"{self.path}: cannot be read (not valid JSON: {exc.msg}); left as it is"
            raise json.JSONDecodeError(message, exc.doc, exc.pos) from None
        except RecursionError:
            raise self._unreadable("nested too deeply to read") from None
        except (OSError, ValueError) as exc:
            raise self._unreadable(str(exc)) from exc
        items = raw.get("items", []) if isinstance(raw, dict) else None
        if not isinstance(items, list):
            raise self._unreadable('expected {"items": [...]}')
        known = {f.name for f in fields(ReviewItem)}
        read = []
        for number, item in enumerate(items, start=1):
            if not isinstance(item, dict):
                raise self._unreadable(f"item {number} is not an object")
            try:
                # A field a newer version added is kept out of the constructor, not a crash.
                read.append(ReviewItem(**{k: v for k, v in item.items() if k in known}))
            except TypeError as exc:
                raise self._unreadable(f"item {number}: {exc}") from exc
        return read

    def _unreadable(self, why: str) -> QueueUnreadable:
        return QueueUnreadable(f"{self.path}: cannot be read ({why}); left as it is")

    def _write(self, items: list[ReviewItem]) -> None:
        payload = {"version": 1, "items": [asdict(item) for item in items]}
        atomic_write_text(self.path, json.dumps(payload, indent=2, ensure_ascii=False) + "\n")

    def items(self, status: str | None = None) -> list[ReviewItem]:
        return [i for i in self._read() if status is None or i.status == status]

    def add(self, item: ReviewItem) -> bool:
        """Queue an item; False when the same proposal is already queued or decided.

        A pending item proposed again is refreshed to the sources' current fingerprints: the
        newer proposal was made about what is on disk now.
        """
        with self._lock("the review item was not queued"):
            items = self._read()
            for existing in items:
                if existing.id == item.id:
                    if existing.status == "pending" and (
                        existing.source_fingerprints != item.source_fingerprints
                    ):
                        existing.source_fingerprints = item.source_fingerprints
                        existing.run_id, existing.created_at = item.run_id, item.created_at
                        self._write(items)
                    return False
            items.append(item)
            self._write(items)
            return True

    def purge_older_than(
        self, cutoff: datetime, *, now: datetime, tombstones: Path, run_id: str | None
    ) -> int:
        """Remove the items last touched (decided, else proposed) before ``cutoff``.

        The queue quotes memory text, so it keeps it no longer than the archive keeps an
        archived entry (docs/safety.md). Each removed item leaves a tombstone without its text
        (id, kind, status, source ids, a hash of its content), written before the queue shrinks:
        a crash between the two leaves a tombstone for an item the next purge removes again."""
        with self._lock("no review item was purged"):
            items = self._read()
            old = [i for i in items if parse_time(i.decided_at or i.created_at) < cutoff]
            if not old:
                return 0
            for item in old:
                append_line(tombstones, _tombstone(item, format_time(now), run_id))
            self._write([i for i in items if i not in old])
            return len(old)

    def get(self, item_id: str) -> ReviewItem:
        """The item ``item_id`` names: its whole id, or a prefix of at least ``MIN_PREFIX``
        characters ("rv-" and four of the hash, as git takes four) that names one item; an empty
        or shorter prefix names none (it would name every item of a queue of one)."""
        items = self._read()
        matches = [i for i in items if i.id == item_id]
        if not matches and len(item_id) >= MIN_PREFIX:
            matches = [i for i in items if i.id.startswith(item_id)]
        if len(matches) != 1:
            raise KeyError(
                f"no review item {item_id!r}" if not matches else f"{item_id!r} is ambiguous"
            )
        return matches[0]

    def decide(self, item_id: str, status: str, now: datetime, note: str = "") -> ReviewItem:
        with self._lock("the decision was not recorded"):
            items = self._read()
            for item in items:
                if item.id == item_id:
                    item.status, item.decided_at, item.note = status, format_time(now), note
                    self._write(items)
                    return item
        raise KeyError(f"no review item {item_id!r}")


def _tombstone(item: ReviewItem, purged_at: str, run_id: str | None) -> str:
    return json.dumps(
        {
            "purged_at": purged_at,
            "run_id": run_id,
            "review_item": item.id,
            "kind": item.kind,
            "status": item.status,
            "created_at": item.created_at,
            "decided_at": item.decided_at,
            "source_ids": item.source_ids,
            "content_sha256": hashlib.sha256(item.content.encode("utf-8")).hexdigest(),
        },
        separators=(",", ":"),
    )


def as_dict(item: ReviewItem) -> dict[str, Any]:
    return asdict(item)


# Age buckets of open items (the observation plots one line per bucket), in days.
AGE_BUCKETS: tuple[tuple[str, float], ...] = (("under_1d", 1.0), ("1d_to_7d", 7.0))
OLDEST_BUCKET = "over_7d"


@dataclass(frozen=True)
class QueueSummary:
    """The open (pending) items of one agent's queue by reason and by age, for the UI."""

    open_items: int
    by_reason: dict[str, int]
    by_age: dict[str, int]
    oldest_days: float
    stale_ids: tuple[str, ...]  # waiting longer than review_stale_days


def reason_key(reason: str) -> str:
    """A stable metadata key for a reason: "redacted text in m-3" groups with every other
    "redacted text ..." item, so the plotted series do not multiply with entry ids."""
    head = reason.split(" in ", 1)[0] if reason.startswith("redacted text") else reason
    slug = "".join(c if c.isalnum() else "_" for c in head.lower()).strip("_")
    return "_".join(part for part in slug.split("_") if part) or "unknown"


def item_age(item: ReviewItem, now: datetime) -> timedelta:
    return max(timedelta(0), now - parse_time(item.created_at))


def summarize(items: Sequence[ReviewItem], now: datetime, stale_days: float) -> QueueSummary:
    """Open items by reason and age; ``stale_days`` <= 0 disables the staleness warning."""
    pending = [i for i in items if i.status == "pending"]
    by_reason: dict[str, int] = {}
    by_age = dict.fromkeys([*(name for name, _ in AGE_BUCKETS), OLDEST_BUCKET], 0)
    oldest = 0.0
    stale: list[str] = []
    for item in pending:
        key = reason_key(item.reason)
        by_reason[key] = by_reason.get(key, 0) + 1
        days = item_age(item, now).total_seconds() / 86400
        oldest = max(oldest, days)
        bucket = next((name for name, limit in AGE_BUCKETS if days < limit), OLDEST_BUCKET)
        by_age[bucket] += 1
        if stale_days > 0 and days > stale_days:
            stale.append(item.id)
    return QueueSummary(len(pending), dict(sorted(by_reason.items())), by_age, oldest, tuple(stale))
