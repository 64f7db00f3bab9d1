"""Reconciliation of a store into the mirror, and the writeback plan, on literal inputs
(dream_assets/core/store/mirror.py)."""

from __future__ import annotations

from dream_assets.core.memory.merge import MERGED_FROM, REVIEWED_HASH
from dream_assets.core.store.kinds.boundary import StoreItem, StoreRead, Unreadable
from dream_assets.core.store.mirror import (
    REMOVED_IN_STORE,
    STORE_ARCHIVED_TO,
    STORE_INDEX_LINE,
    STORE_REF,
    STORE_VERSION,
    entry_id_for,
    plan_writeback,
    reconcile,
)
from dream_assets_tests.builders import NOW, entry


def item(ref: str, text: str, version: str = "v1") -> StoreItem:
    return StoreItem(ref=ref, version=version, text=text, category="claude-code/note")


def held(entry_id: str, ref: str, version: str = "v1", **kwargs: object) -> object:
    metadata = {STORE_REF: ref, STORE_VERSION: version, **kwargs.pop("metadata", {})}  # type: ignore[dict-item]
    return entry(entry_id, "Old text.", metadata=metadata, **kwargs)  # type: ignore[arg-type]


def test_a_new_item_becomes_a_new_entry_with_its_ref_and_version() -> None:
    result = reconcile("claude-code", StoreRead(items=[item("a.md", "Fact A.")]), [], NOW)
    (new,) = result.new
    assert new.id == "cc-a.md" and new.content == "Fact A."
    assert new.metadata == {STORE_REF: "a.md", STORE_VERSION: "v1"}


def test_an_item_whose_bytes_changed_replaces_the_content_and_reopens_review() -> None:
    mirror = [held("cc-a.md", "a.md", metadata={REVIEWED_HASH: "h"})]
    read = StoreRead(items=[item("a.md", "Fact A, edited.", version="v2")])
    result = reconcile("claude-code", read, mirror, NOW)  # type: ignore[arg-type]
    (changed,) = result.changed
    assert changed.content == "Fact A, edited." and changed.metadata[STORE_VERSION] == "v2"
    assert REVIEWED_HASH not in changed.metadata


def test_a_live_entry_whose_item_is_gone_is_archived_removed_in_store() -> None:
    mirror = [held("cc-a.md", "a.md")]
    result = reconcile("claude-code", StoreRead(), mirror, NOW)  # type: ignore[arg-type]
    assert [e.id for e in result.gone] == ["cc-a.md"]


def test_an_unreadable_item_is_never_taken_for_gone() -> None:
    mirror = [held("cc-a.md", "a.md")]
    read = StoreRead(unreadable=[Unreadable("a.md", "not UTF-8")])
    result = reconcile("claude-code", read, mirror, NOW)  # type: ignore[arg-type]
    assert result.gone == [] and result.new == [] and result.changed == []


def test_an_item_back_in_the_store_revives_its_removed_in_store_entry() -> None:
    mirror = [held("cc-a.md", "a.md", archived_days=1, reason=REMOVED_IN_STORE)]
    result = reconcile("claude-code", StoreRead(items=[item("a.md", "Fact A.")]), mirror, NOW)  # type: ignore[arg-type]
    (revived,) = result.revived
    assert not revived.archived and revived.content == "Fact A."


def test_a_merged_source_still_in_the_store_waits_for_the_writeback() -> None:
    mirror = [held("cc-a.md", "a.md", archived_days=0, reason="merged")]
    result = reconcile("claude-code", StoreRead(items=[item("a.md", "Old text.")]), mirror, NOW)  # type: ignore[arg-type]
    assert result.unchanged == 1 and not result.revived


def test_entry_ids_are_readable_and_hashed_only_when_needed() -> None:
    assert entry_id_for("claude-code", "user_role.md", set()) == "cc-user_role.md"
    spaced = entry_id_for("claude-code", "my note.md", set())
    assert spaced.startswith("cc-my_note.md-") and len(spaced) == len("cc-my_note.md-") + 8
    assert entry_id_for("claude-code", "a.md", {"cc-a.md"}) != "cc-a.md"


def test_plan_writes_merged_entries_and_removes_only_their_archived_sources() -> None:
    sources = [
        held("cc-a.md", "a.md", archived_days=0, reason="merged"),
        held("cc-b.md", "b.md", "v7", archived_days=0, reason="merged"),
        held("cc-c.md", "c.md", archived_days=0, reason="ephemeral"),
    ]
    merged = entry("merged-1", "A and B.", metadata={MERGED_FROM: ["cc-a.md", "cc-b.md"]})  # type: ignore[dict-item]
    fields = {"a.md": {"name": "A", "index_line": "- [A](a.md)"}}
    plan = plan_writeback([*sources, merged], fields)  # type: ignore[list-item]
    (new,) = plan.new
    assert new.entry_id == "merged-1" and new.source_refs == ("a.md", "b.md")
    assert new.source_fields[0]["name"] == "A"
    removals = {r.ref: r for _, r in plan.removals}
    assert set(removals) == {"a.md", "b.md"}  # an ephemeral call never deletes from the store
    assert removals["b.md"].version == "v7"
    assert removals["a.md"].fields["index_line"] == "- [A](a.md)"


def test_plan_puts_back_a_restored_source_where_its_undone_merge_leaves() -> None:
    source = held(
        "cc-a.md",
        "a.md",
        metadata={STORE_ARCHIVED_TO: "store-archive/r1/a.md", STORE_INDEX_LINE: "- [A](a.md)"},
    )
    undone = entry(
        "merged-1",
        "A.",
        archived_days=0,
        reason="undone",
        metadata={MERGED_FROM: ["cc-a.md"], STORE_REF: "a-2.md", STORE_VERSION: "v9"},  # type: ignore[dict-item]
    )
    plan = plan_writeback([source, undone], {})  # type: ignore[list-item]
    (back,) = plan.put_back
    assert back.archived_to == "store-archive/r1/a.md" and back.in_place_of == "a-2.md"
    assert [r.ref for _, r in plan.removals] == ["a-2.md"]
    assert plan.new == []
