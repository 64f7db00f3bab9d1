from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from dream_assets_tests.builders import NOW  # noqa: F401  (re-exported for tests)

PG = {
    "host": os.environ.get("DREAM_PG_HOST", "127.0.0.1"),
    "port": int(os.environ.get("DREAM_PG_PORT", "5432")),
    "user": os.environ.get("DREAM_PG_USER", "postgres"),
    "password": os.environ.get("DREAM_PG_PASSWORD", ""),
    "dbname": os.environ.get("DREAM_PG_DB", "test"),
}


def _postgres_reachable() -> str | None:
    try:
        import psycopg2

        psycopg2.connect(connect_timeout=3, **PG).close()
    except Exception as exc:
        return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return None


@pytest.fixture
def postgres_db() -> Iterator[dict[str, object]]:
    """A fresh, empty database on the real PostgreSQL server, dropped afterwards.

    Skipped only when the server is unreachable and DREAM_REQUIRE_POSTGRES is unset; CI sets it,
    so there the test fails instead of skipping.
    """
    problem = _postgres_reachable()
    if problem:
        if os.environ.get("DREAM_REQUIRE_POSTGRES"):
            pytest.fail(f"PostgreSQL required but unreachable: {problem}")
        pytest.skip(f"PostgreSQL unreachable: {problem}")
    import psycopg2

    name = f"dream_test_{uuid.uuid4().hex[:10]}"
    admin = psycopg2.connect(**PG)
    admin.autocommit = True
    with admin.cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{name}"')
    try:
        yield {**PG, "dbname": name}
    finally:
        with admin.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.close()


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
def agents_root(tmp_path: Path) -> Path:
    root = tmp_path / "agents"
    root.mkdir()
    return root


from dream_assets_tests.scripted_llm import scripted_llm_fixture  # noqa: E402, F401
