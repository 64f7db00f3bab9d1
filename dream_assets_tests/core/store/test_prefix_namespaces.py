"""How ``prefix_agents`` lists the namespaces under a prefix (one namespace = one agent), on the
real PostgreSQL with rows put by the real ``PostgresStore``: a namespace the agents create or
delete while it lists them shifts no other one out. Listed by OFFSET in pages of 1 000, a
namespace deleted between two pages moved the next page's first one into the page already
read: that agent was missed for the sensor's tick (no directory, no cycle)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from dream_assets.core.store import prefix_agents
from dream_assets_tests.langgraph_stores import DRAFTS, OTHER, USER

pytestmark = pytest.mark.postgres
USERS = 1005  # past one page of 1 000
PREFIX = ("memories",)


def user(n: int) -> tuple[str, ...]:
    return ("memories", f"u{n:04d}")


def put_namespaces(dsn: str) -> None:
    from langgraph.store.base import PutOp
    from langgraph.store.postgres import PostgresStore

    with PostgresStore.from_conn_string(dsn) as db:
        db.batch([PutOp(user(n), "k", {"content": f"User {n} lives here."}) for n in range(USERS)])


def agents_change(dsn: str) -> tuple[set[tuple[str, ...]], set[tuple[str, ...]]]:
    """A user deleted (its one row) that sorts before every other, and a new user that sorts
    after them put. Returns (those two: there or not, every other namespace: there
    throughout)."""
    from langgraph.store.postgres import PostgresStore

    gone, new = user(0), ("memories", "zz-new-user")
    with PostgresStore.from_conn_string(dsn) as db:
        db.delete(gone, "k")
        db.put(new, "k", {"content": "A new user."})
    return {gone, new}, {USER, OTHER, DRAFTS, *(user(n) for n in range(1, USERS))}


def interfered(dsn: str, change: Any) -> Any:
    """``prefix_agents.opened`` with the agents changing their namespaces right after the
    first ``list_namespaces`` call of the listing (a subclass of the library's store)."""
    from langgraph.store.postgres import PostgresStore

    class Interfering(PostgresStore):
        calls = 0

        def list_namespaces(self, **kwargs: Any) -> list[tuple[str, ...]]:
            found = super().list_namespaces(**kwargs)
            Interfering.calls += 1
            if Interfering.calls == 1:
                change()
            return found

    @contextmanager
    def opened(given: str) -> Iterator[Any]:
        assert given == dsn
        with Interfering.from_conn_string(dsn) as store:
            yield store

    return opened


def test_a_namespace_deleted_while_listing_hides_no_other(
    langgraph_dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    put_namespaces(langgraph_dsn)
    seen: list[tuple[set[tuple[str, ...]], set[tuple[str, ...]]]] = []
    opener = interfered(langgraph_dsn, lambda: seen.append(agents_change(langgraph_dsn)))
    monkeypatch.setattr(prefix_agents, "opened", opener)
    found = prefix_agents.list_namespaces(langgraph_dsn, PREFIX)
    [(maybe, throughout)] = seen
    assert len(found) == len(set(found))
    missed = throughout - set(found)
    assert not missed, f"namespaces there throughout the listing are missing: {sorted(missed)}"
    assert set(found) <= throughout | maybe
    assert found == sorted(found)


def test_every_namespace_under_the_prefix_and_only_those(langgraph_dsn: str) -> None:
    """Sub-namespaces are namespaces of their own; another prefix and the dream's archive are
    not listed."""
    from langgraph.store.postgres import PostgresStore

    put_namespaces(langgraph_dsn)
    with PostgresStore.from_conn_string(langgraph_dsn) as db:
        db.put(("memoriesx", "u1"), "k", {"content": "Another prefix."})
        db.put(("dream-archive", "memories", "u0001"), "k", {"content": "Archived."})
    found = prefix_agents.list_namespaces(langgraph_dsn, PREFIX)
    assert len(found) == USERS + 3  # USER, OTHER, DRAFTS
    assert ("memories", "user-42", "drafts") in found and ("memoriesx", "u1") not in found
    assert all(ns[0] == "memories" for ns in found)
