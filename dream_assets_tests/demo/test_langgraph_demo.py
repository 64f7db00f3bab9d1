"""`dream demo --kind langgraph DSN --namespace ...` on the real PostgreSQL (rows put by the
library), connected and dreamed with no model, as the README shows."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dream_assets.core.store.kinds.langgraph import LangGraphStore
from dream_assets.demo.langgraph import RELEASES, ROLE, ROWS
from dream_assets_tests.cli.test_connect import dream, no_model  # noqa: F401
from dream_assets_tests.langgraph_stores import dsn_of, rows_of
from dream_assets_tests.services import fresh_postgres_database

pytestmark = pytest.mark.postgres
NAMESPACE = ("memories", "demo-user")


@pytest.fixture
def empty_dsn() -> Iterator[str]:
    pytest.importorskip("langgraph.store.postgres", reason="extra 'stores' not installed")
    with fresh_postgres_database(prefix="dream_lgdemo") as database:
        yield dsn_of(database)


def test_demo_namespace_reads_as_langmem_memories(empty_dsn: str) -> None:
    status, out, err = dream("demo", "--kind", "langgraph", empty_dsn)
    assert status == 0, err
    assert "dream connect langgraph" in out and "--namespace memories,demo-user" in out
    read = LangGraphStore(empty_dsn, NAMESPACE).read()
    texts = [item.text for item in read.items]
    assert len(texts) == 8 and texts.count(ROLE) == 2
    assert {item.fields["shape"] for item in read.items} == {"tools", "manager"}
    assert (
        sorted(u.reason for u in read.unreadable) == ["not a LangMem memory value: left alone"] * 2
    )
    status, _, err = dream("demo", "--kind", "langgraph", empty_dsn)
    assert status == 2 and "holds rows already" in err


@pytest.mark.usefixtures("no_model")
def test_readme_commands_dream_the_demo_namespace_without_a_model(
    tmp_path: Path, empty_dsn: str
) -> None:
    home = tmp_path / "agents" / "demo-user"
    assert dream("demo", "--kind", "langgraph", empty_dsn)[0] == 0
    connected = dream(
        "connect", "langgraph", empty_dsn, "--namespace", "memories,demo-user", "--agent", str(home)
    )
    assert connected[0] == 0, connected[2]
    before = rows_of(empty_dsn, NAMESPACE)
    status, out, err = dream("run", "--agent", str(home), "--json")
    assert status == 0, err
    (outcome,) = json.loads(out)
    writeback = outcome["passes"]["store_writeback"]
    # The role saved twice and the release note with its shorter copy merge; the freeze
    # paraphrase waits for a model; the profile and settings are left alone.
    assert (writeback["written"], writeback["removed"]) == (2, 4)
    after = rows_of(empty_dsn, NAMESPACE)
    values = [json.loads(value) for value, _at in after.values()]
    assert sum(v.get("content") == ROLE for v in values) == 1
    assert {"kind": "Memory", "content": {"content": RELEASES}} in values
    others = [v for _n, v in ROWS if "name" in v or "theme" in v]
    assert all(v in values for v in others)
    assert len(rows_of(empty_dsn, ("dream-archive", *NAMESPACE))) == 4
    assert len(after) == len(before) - 2
