from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from dream_assets_tests.builders import NOW  # noqa: F401  (re-exported for tests)
from dream_assets_tests.langgraph_stores import (  # noqa: F401  (fixtures)
    langgraph_dsn,
    pgvector_server,
    vector_dsn,
)
from dream_assets_tests.services import Database, fresh_postgres_database, shipped_dagster_home


@pytest.fixture
def postgres_database() -> Iterator[Database]:
    """A fresh, empty database on the real PostgreSQL server, dropped afterwards.

    Skipped only when the server is unreachable and DREAM_REQUIRE_POSTGRES is unset; CI sets it,
    so there the test fails instead of skipping.
    """
    with fresh_postgres_database(prefix="dream_test") as database:
        yield database


@pytest.fixture
def postgres_db(postgres_database: Database) -> dict[str, object]:
    """``postgres_database`` as psycopg2's connection settings."""
    return {
        "host": postgres_database.host,
        "port": postgres_database.port,
        "user": postgres_database.user,
        "password": postgres_database.password,
        "dbname": postgres_database.name,
    }


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo agent, written once per session; tests copy it before changing anything."""
    from datetime import UTC, datetime

    from dream_assets.demo import write_demo

    target = tmp_path_factory.mktemp("demo-template") / "demo"
    write_demo(target, seed=7, now=datetime(2026, 11, 29, 12, 0, tzinfo=UTC))
    return target


@pytest.fixture
def demo_agent(demo_template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of the demo agent under ``tmp_path/agents``, with its own DAGSTER_HOME."""
    import shutil

    agent = tmp_path / "agents" / "demo"
    shutil.copytree(demo_template, agent)
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    return agent


@pytest.fixture
def postgres_demo_agent(
    demo_agent: Path, postgres_database: Database, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """``demo_agent`` whose DAGSTER_HOME holds the shipped deploy/dagster.yaml, storing in
    ``postgres_database`` (DREAM_PG_* set)."""
    shipped_dagster_home(Path(os.environ["DAGSTER_HOME"]))
    for name, value in postgres_database.env().items():
        monkeypatch.setenv(name, value)
    return demo_agent


@pytest.fixture
def agents_root(tmp_path: Path) -> Path:
    root = tmp_path / "agents"
    root.mkdir()
    return root


from dream_assets_tests.scripted_llm import (  # noqa: E402, F401
    module_scripted_llm_fixture,
    scripted_llm_fixture,
)
