"""The mirror: an external store's items as memory entries in ``memory/entries/``, where every
pass works unchanged (DESIGN, "External memory stores").

Reconciliation (``store_snapshot``): a new item becomes a new entry; an item whose bytes changed
since the last snapshot replaces its entry's content, which re-opens review; a live entry whose
item is gone is archived ``removed in store`` (the agent removed it: the audit does not call it a
loss). An item that cannot be read is reported and its entry left as it is, never archived.

The writeback plan (``store_writeback``): each live merged entry not yet in the store becomes a
new item; each source the cycle archived (``merged``, or a merge taken back ``undone``) leaves
the store, only while its version is still the one the snapshot read; an entry the operator
restored after the cycle removed its item is put back, byte for byte. Rules only: no Dagster, no
kind, no file.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from dream_assets.core.memory.merge import REJECTED_AT, REJECTED_CLUSTER, REVIEWED_HASH, merged_from
from dream_assets.core.models import MemoryEntry
from dream_assets.core.store.kinds.boundary import NewItem, Removal, StoreItem, StoreRead

# Metadata of a mirror entry (docs/stores.md).
STORE_REF = "store_ref"  # the item's name in the store
STORE_VERSION = "store_version"  # sha256 of the item as last read or written
# Set by the writeback when it took the item out of the store: where its bytes are kept, which
# run removed it, and the index line it had. Cleared when the item is put back.
STORE_ARCHIVED_TO = "store_archived_to"
STORE_REMOVED_BY_RUN = "store_removed_by_run"
STORE_INDEX_LINE = "store_index_line"
REMOVED_IN_STORE = "removed in store"
# A merge source the agent removed from its store before the writeback came to it: the entry
# stays archived in the mirror, no longer tied to an item.
REMOVED_BY_AGENT = "agent"
STORE_GONE_AT = "store_gone_at"
# Archive reasons whose entries leave the store: merge sources, and merges an undo took back.
# An entry archived as ephemeral stays in the store: the cycle removes from a store it does not
# own only what another item now holds (DESIGN: nothing_lost).
LEAVES_STORE = frozenset({"merged", "undone"})
# Review stamps an item's new bytes re-open.
REVIEW_STAMPS = (REVIEWED_HASH, REJECTED_CLUSTER, REJECTED_AT)
ENTRY_ID_SAFE = re.compile(r"[^A-Za-z0-9._-]+")
MAX_ID_STEM = 80
DEFAULT_IMPORTANCE = 0.5


def entry_id_for(kind: str, ref: str, taken: set[str]) -> str:
    """A readable, stable entry id for a store item (``cc-user_role.md``), hashed when the name
    has other characters or the id is taken. A ref holding a lone surrogate (a file name that is
    not UTF-8, read through ``surrogateescape``) is hashed too, never an error."""
    prefix = "".join(word[0] for word in kind.split("-"))
    stem = ENTRY_ID_SAFE.sub("_", ref)[:MAX_ID_STEM]
    candidate = f"{prefix}-{stem}"
    if stem != ref or candidate in taken:
        digest = hashlib.sha256(ref.encode("utf-8", "surrogatepass")).hexdigest()
        candidate = f"{prefix}-{stem}-{digest[:8]}"
    return candidate


@dataclass
class Reconciliation:
    new: list[MemoryEntry] = field(default_factory=list)
    changed: list[MemoryEntry] = field(default_factory=list)  # content replaced, review reopened
    revived: list[MemoryEntry] = field(default_factory=list)  # archived entry back in the store
    gone: list[MemoryEntry] = field(default_factory=list)  # to archive as removed in store
    unchanged: int = 0


def by_store_ref(entries: Iterable[MemoryEntry]) -> dict[str, MemoryEntry]:
    """Mirror entries by the item they hold; a live one wins over an archived one."""
    found: dict[str, MemoryEntry] = {}
    for entry in entries:
        ref = entry.metadata.get(STORE_REF)
        if not isinstance(ref, str) or not ref:
            continue
        if ref not in found or (found[ref].archived and not entry.archived):
            found[ref] = entry
    return found


def _when(item: StoreItem, now: datetime) -> datetime:
    # The file's own time where it has one (decay keys on it); never later than the clock.
    return min(item.modified_at, now) if item.modified_at else now


def _holding(entry: MemoryEntry, item: StoreItem, now: datetime) -> MemoryEntry:
    """``entry`` live again, holding ``item``'s current text (review stamps dropped)."""
    metadata = {
        k: v
        for k, v in entry.metadata.items()
        if k not in REVIEW_STAMPS and k not in (STORE_ARCHIVED_TO, STORE_REMOVED_BY_RUN)
    }
    metadata[STORE_VERSION] = item.version
    seen = _when(item, now)
    return entry.with_changes(
        content=item.text,
        category=item.category,
        updated_at=now,
        last_seen_at=max(entry.last_seen_at, seen),
        metadata=metadata,
        archived_at=None,
        archive_reason=None,
    )


def reconcile(
    kind: str, read: StoreRead, entries: Sequence[MemoryEntry], now: datetime
) -> Reconciliation:
    result = Reconciliation()
    held = by_store_ref(entries)
    taken = {e.id for e in entries}
    for item in read.items:
        entry = held.get(item.ref)
        if entry is None:
            entry_id = entry_id_for(kind, item.ref, taken)
            taken.add(entry_id)
            when = _when(item, now)
            result.new.append(
                MemoryEntry(
                    id=entry_id,
                    content=item.text,
                    category=item.category,
                    tags=(),
                    importance=DEFAULT_IMPORTANCE,
                    reinforcement_count=1,
                    created_at=when,
                    updated_at=now,
                    last_seen_at=when,
                    metadata={STORE_REF: item.ref, STORE_VERSION: item.version},
                )
            )
        elif entry.metadata.get(STORE_VERSION) == item.version and (
            not entry.archived or entry.archive_reason != REMOVED_IN_STORE
        ):
            # Unchanged; an entry the cycle archived whose item is still there waits for the
            # writeback (its removal is still to come, or was refused and is retried).
            result.unchanged += 1
        elif entry.archived:
            # Back in the store (re-created by the agent, or edited after the cycle archived it).
            result.revived.append(_holding(entry, item, now))
        else:
            result.changed.append(_holding(entry, item, now))
    present = {item.ref for item in read.items} | {u.ref for u in read.unreadable}
    for ref, entry in held.items():
        if entry.archived or ref in present or entry.metadata.get(STORE_ARCHIVED_TO):
            # An entry whose item the cycle removed and the operator restored is put back by
            # the writeback; it is not the agent's removal.
            continue
        result.gone.append(entry)
    return result


@dataclass(frozen=True)
class PutBackPlan:
    entry_id: str
    ref: str
    archived_to: str
    index_line: str
    in_place_of: str | None
    near: str | None = None


@dataclass
class WritebackPlan:
    new: list[NewItem] = field(default_factory=list)
    removals: list[tuple[str, Removal]] = field(default_factory=list)  # (entry id, removal)
    put_back: list[PutBackPlan] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.new or self.removals or self.put_back)


def plan_writeback(
    entries: Sequence[MemoryEntry], snapshot_fields: Mapping[str, Mapping[str, str]]
) -> WritebackPlan:
    """What the store should receive and lose for the mirror as it is now.

    ``snapshot_fields``: the kind's fields of each item the last snapshot read, by ref (where a
    removed item's index line was, what a merged item's sources are called).
    """
    plan = WritebackPlan()
    by_id = {e.id: e for e in entries}
    for entry in sorted(entries, key=lambda e: e.id):
        sources = merged_from(entry)
        if entry.archived or not sources or entry.metadata.get(STORE_REF):
            continue
        refs = [
            str(by_id[s].metadata[STORE_REF])
            for s in sources
            if s in by_id and by_id[s].metadata.get(STORE_REF)
        ]
        plan.new.append(
            NewItem(
                entry_id=entry.id,
                text=entry.content,
                category=entry.category,
                source_refs=tuple(refs),
                source_fields=tuple(dict(snapshot_fields.get(r, {})) for r in refs),
            )
        )
    leaving: dict[str, str] = {}  # entry id -> ref, of merged entries taken back (undo)
    for entry in sorted(entries, key=lambda e: e.id):
        ref = entry.metadata.get(STORE_REF)
        version = entry.metadata.get(STORE_VERSION)
        if not entry.archived or not isinstance(ref, str) or not isinstance(version, str):
            continue
        if entry.archive_reason not in LEAVES_STORE or entry.metadata.get(STORE_ARCHIVED_TO):
            continue
        fields = dict(snapshot_fields.get(ref, {}))
        if not fields and entry.metadata.get(STORE_INDEX_LINE):
            fields["index_line"] = str(entry.metadata[STORE_INDEX_LINE])
        plan.removals.append((entry.id, Removal(ref=ref, version=version, fields=fields)))
        leaving[entry.id] = ref
    for entry in sorted(entries, key=lambda e: e.id):
        archived_to = entry.metadata.get(STORE_ARCHIVED_TO)
        ref = entry.metadata.get(STORE_REF)
        if entry.archived or not isinstance(archived_to, str) or not isinstance(ref, str):
            continue
        # Put back where the merged entry that held it leaves in the same plan (an undo), else
        # beside the merged entry that still holds it (a restore).
        holder = next(
            (leaving[e.id] for e in entries if e.id in leaving and entry.id in merged_from(e)),
            None,
        )
        near = next(
            (
                str(e.metadata[STORE_REF])
                for e in entries
                if not e.archived and e.metadata.get(STORE_REF) and entry.id in merged_from(e)
            ),
            None,
        )
        plan.put_back.append(
            PutBackPlan(
                entry_id=entry.id,
                ref=ref,
                archived_to=archived_to,
                index_line=str(entry.metadata.get(STORE_INDEX_LINE) or ""),
                in_place_of=holder,
                near=None if holder else near,
            )
        )
    return plan
