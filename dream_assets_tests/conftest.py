from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from dream_assets_tests.builders import NOW  # noqa: F401  (re-exported for tests)


@pytest.fixture
def postgres_db() -> Iterator[dict[str, object]]:
    """A fresh, empty database on the real PostgreSQL server, dropped afterwards.

    Skipped only when the server is unreachable and DREAM_REQUIRE_POSTGRES is unset; CI sets it,
    so there the test fails instead of skipping.
    """
    from dream_assets_tests.services import fresh_postgres_database

    with fresh_postgres_database(prefix="dream_test") as database:
        yield {
            "host": database.host,
            "port": database.port,
            "user": database.user,
            "password": database.password,
            "dbname": database.name,
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
def agents_root(tmp_path: Path) -> Path:
    root = tmp_path / "agents"
    root.mkdir()
    return root


from dream_assets_tests.scripted_llm import (  # noqa: E402, F401
    module_scripted_llm_fixture,
    scripted_llm_fixture,
)
