"""How the langgraph kind lists a namespace larger than one page, on the real PostgreSQL with
rows put by the real ``PostgresStore``: the agent updating or deleting rows between two page
reads shifts no other row out of the snapshot (a row missed there would be archived by the
mirror as "removed in store" and come back the next snapshot), rows sharing one ``updated_at``
(one ``batch``) are each read once, and no query returns more than a page."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from dream_assets.core.store.kinds.langgraph import LangGraphStore
from dream_assets.core.store.kinds.langgraph_db import opened
from dream_assets_tests.langgraph_stores import DRAFTS, OTHER, USER, write_rows

pytestmark = pytest.mark.postgres
PAGE = 3
# Ten rows of the agent's namespace, put one by one (each its own ``updated_at``), keys that
# sort differently by byte and by a collation; rows of a sub-namespace and another namespace.
KEYS = ["b", "A", "a", "a b", "a.b", "é", "Z-9", "z", "10", "9"]


def memory(key: str, text: str = "") -> dict[str, Any]:
    return {"content": text or f"Ana's memory {key}."}


@pytest.fixture
def paged_dsn(langgraph_dsn: str) -> str:
    """``langgraph_dsn`` with the agent's namespace replaced by ``KEYS`` (one put each)."""
    from langgraph.store.postgres import PostgresStore

    with PostgresStore.from_conn_string(langgraph_dsn) as store:
        for item in store.search(USER, limit=100, refresh_ttl=False):
            if tuple(item.namespace) == USER:
                store.delete(USER, item.key)
    write_rows(langgraph_dsn, {USER: {key: memory(key) for key in KEYS}})
    write_rows(langgraph_dsn, {DRAFTS: {"d2": memory("d2")}, OTHER: {"c": memory("c")}})
    return langgraph_dsn


def agent_change(dsn: str, change: str, read: set[str]) -> tuple[set[str], set[str]]:
    """The agent's puts and deletes on its own connection: ``delete`` a row already read (every
    row after it moves one place up an OFFSET order), ``update`` one not yet read (it moves to
    the front of ``updated_at DESC``), or ``all`` of both and a new row. Returns (the rows that
    existed throughout, the rows the snapshot may or may not hold)."""
    from langgraph.store.postgres import PostgresStore

    gone = sorted(read)[0] if change in ("delete", "all") else None
    unread = sorted(key for key in set(KEYS) - read if key.isascii())  # "é" is left alone
    updated = unread[-1] if change in ("update", "all") else None
    new = "new" if change == "all" else None
    with PostgresStore.from_conn_string(dsn) as store:
        if gone is not None:
            store.delete(USER, gone)
        if updated is not None:
            store.put(USER, updated, memory(updated, "Ana moved to Porto."))
        if new is not None:
            store.put(USER, new, memory(new))
    maybe = {key for key in (gone, new) if key is not None}
    return set(KEYS) - maybe, maybe


class Interfered(LangGraphStore):
    """The kind, with the agent writing between its first and second page read."""

    def __init__(self, dsn: str, change: Callable[[set[str]], Any], page: int) -> None:
        super().__init__(dsn, USER, page=page)
        self.change = change

    def pages(self, store: Any) -> Iterator[list[Any]]:
        pages = super().pages(store)
        first = next(pages)
        yield first
        self.change({row.key for row in first})
        yield from pages


@pytest.mark.parametrize("change", ["delete", "update", "all"])
def test_rows_changed_between_two_page_reads_shift_no_other_row_out(
    paged_dsn: str, change: str
) -> None:
    seen: list[tuple[set[str], set[str]]] = []
    store = Interfered(
        paged_dsn, lambda read: seen.append(agent_change(paged_dsn, change, read)), PAGE
    )
    read = store.read()
    # "é" cannot name an archive file: left alone (unreadable), yet part of the snapshot.
    refs = [item.ref for item in read.items] + [left.ref for left in read.unreadable]
    [(throughout, maybe)] = seen
    assert len(refs) == len(set(refs))
    missed = throughout - set(refs)
    assert not missed, f"rows that existed throughout the read are missing: {sorted(missed)}"
    assert set(refs) <= throughout | maybe
    if change != "delete":  # read after the agent's put: as it is now
        assert {item.text for item in read.items} >= {"Ana moved to Porto."}


def test_each_page_is_read_once_and_holds_at_most_a_page(paged_dsn: str) -> None:
    store = LangGraphStore(paged_dsn, USER, page=PAGE)
    with opened(paged_dsn) as db:
        pages = list(store.pages(db))
    assert [len(page) for page in pages] == [3, 3, 3, 1]
    keys = [row.key for page in pages for row in page]
    assert sorted(keys) == sorted(KEYS)  # each once; not the sub-namespace's, not another's
    assert {tuple(row.namespace) for page in pages for row in page} == {USER}


def test_a_namespace_of_whole_pages_ends_without_an_empty_page(paged_dsn: str) -> None:
    with opened(paged_dsn) as db:
        assert [len(p) for p in LangGraphStore(paged_dsn, USER, page=5).pages(db)] == [5, 5]
        assert list(LangGraphStore(paged_dsn, ("memories", "nobody"), page=5).pages(db)) == []


@pytest.mark.parametrize("page", [1, 2, 7, 50])
def test_rows_put_in_one_batch_share_updated_at_and_are_each_read_once(
    langgraph_dsn: str, page: int
) -> None:
    """A ``batch`` (a LangMem manager's, the dream's own merges) stamps all its rows with one
    ``updated_at``: an order on it alone is no order for them across pages."""
    from langgraph.store.base import PutOp
    from langgraph.store.postgres import PostgresStore

    namespace = ("memories", "batched")
    keys = [f"k{i:03d}" for i in range(120)]
    with PostgresStore.from_conn_string(langgraph_dsn) as db:
        db.batch([PutOp(namespace, key, memory(key)) for key in keys])
    read = LangGraphStore(langgraph_dsn, namespace, page=page).read()
    assert [item.ref for item in read.items] == keys


def test_a_page_below_one_is_refused(paged_dsn: str) -> None:
    with opened(paged_dsn) as db, pytest.raises(ValueError, match="page"):
        next(LangGraphStore(paged_dsn, USER, page=0).pages(db))
