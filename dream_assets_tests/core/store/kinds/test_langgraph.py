"""The langgraph kind on the real PostgreSQL, with rows written by the real ``PostgresStore``:
what it reads, how it writes merges and removals (the archive namespace first), and what it
leaves alone (other shapes, other namespaces, rows the agent updated)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from pathlib import Path

import pytest

from dream_assets.core.store.kinds.boundary import (
    NewItem,
    PutBack,
    Removal,
    StoreConfigError,
    WritePlan,
)
from dream_assets.core.store.kinds.langgraph import LangGraphStore, canonical
from dream_assets.core.store.kinds.langgraph_db import mask_dsn
from dream_assets.core.store.prefix_agents import agent_name
from dream_assets_tests.langgraph_stores import (
    DEPLOYS,
    DRAFTS,
    OTHER,
    ROLE,
    ROWS,
    USER,
    rows_of,
    write_rows,
)
from dream_assets_tests.services import free_port

pytestmark = pytest.mark.postgres
SOURCE = Path("/agents/ana/dream-store.json")


def kind(dsn: str, namespace: tuple[str, ...] = USER, **extra: object) -> LangGraphStore:
    return LangGraphStore.from_config(
        {"kind": "langgraph", "dsn": dsn, "namespace": list(namespace), **extra}, SOURCE
    )


def test_reads_both_langmem_shapes_of_exactly_its_namespace(langgraph_dsn: str) -> None:
    read = kind(langgraph_dsn).read()
    by_ref = {item.ref: item for item in read.items}
    assert sorted(by_ref) == ["deploys", "deploys-short", "lisbon", "role-1", "role-2"]
    assert by_ref["role-1"].text == ROLE and by_ref["deploys"].text == DEPLOYS
    assert by_ref["deploys"].fields["shape"] == "manager"
    assert by_ref["deploys"].fields["kind"] == "Memory"
    assert by_ref["role-1"].fields["shape"] == "tools"
    assert {item.category for item in read.items} == {"langgraph/memories/user-42"}
    value = ROWS[USER]["lisbon"]
    assert by_ref["lisbon"].version == hashlib.sha256(canonical(value)).hexdigest()
    assert json.loads(canonical(value)) == value
    # Another shape: left alone, counted; the sub-namespace's row is not this agent's.
    assert [(u.ref, "LangMem" in u.reason) for u in read.unreadable] == [("profile", True)]
    assert by_ref["role-1"].fields["updated_at"]


def test_merge_is_a_new_key_and_a_removal_goes_to_the_archive_namespace_first(
    langgraph_dsn: str,
) -> None:
    store = kind(langgraph_dsn)
    read = {item.ref: item for item in store.read().items}
    before_other = rows_of(langgraph_dsn, OTHER)
    kept: list[tuple[str, bytes]] = []
    plan = WritePlan(
        new=[
            NewItem(
                "m1",
                DEPLOYS,
                "langgraph/memories/user-42",
                ("deploys", "deploys-short"),
                (dict(read["deploys"].fields), dict(read["deploys-short"].fields)),
            ),
        ],
        removals=[
            Removal(r, read[r].version, dict(read[r].fields)) for r in ("deploys", "deploys-short")
        ],
    )
    outcome = store.apply(plan, kept.extend)
    key, version = outcome.written["m1"]
    assert key not in ROWS[USER] and len(key) == 36  # a uuid4
    after = rows_of(langgraph_dsn, USER)
    # In the sources' shape (the managers'), read back with PostgresStore.search.
    assert json.loads(after[key][0]) == {"kind": "Memory", "content": {"content": DEPLOYS}}
    assert version == hashlib.sha256(canonical(json.loads(after[key][0]))).hexdigest()
    assert sorted(outcome.removed) == ["deploys", "deploys-short"]
    assert "deploys" not in after and "deploys-short" not in after
    archive = rows_of(langgraph_dsn, ("dream-archive", *USER))
    for ref in ("deploys", "deploys-short"):
        assert json.loads(archive[ref][0]) == ROWS[USER][ref]
    assert dict(kept) == {r: canonical(ROWS[USER][r]) for r in ("deploys", "deploys-short")}
    # Everything else is untouched: other rows, other shapes, other namespaces.
    assert {k for k in after if k != key} == {"role-1", "role-2", "lisbon", "profile"}
    assert rows_of(langgraph_dsn, OTHER) == before_other
    assert set(rows_of(langgraph_dsn, DRAFTS)) == {"d"}

    # Put back (restore / undo): same key, same value, from the kept bytes.
    back = store.apply(
        WritePlan(put_back=[PutBack("e1", "deploys", canonical(ROWS[USER]["deploys"]))]),
        kept.extend,
    )
    assert back.put_back["e1"][0] == "deploys"
    assert json.loads(rows_of(langgraph_dsn, USER)["deploys"][0]) == ROWS[USER]["deploys"]


def test_a_row_the_agent_updated_since_the_snapshot_is_neither_removed_nor_archived(
    langgraph_dsn: str,
) -> None:
    store = kind(langgraph_dsn)
    read = {item.ref: item for item in store.read().items}
    # The agent saves a new text under one key, and the same value again under another (only
    # its updated_at moves).
    write_rows(langgraph_dsn, {USER: {"role-1": {"content": ROLE + " Since 2024."}}})
    write_rows(langgraph_dsn, {USER: {"role-2": ROWS[USER]["role-2"]}})
    kept: list[tuple[str, bytes]] = []
    outcome = store.apply(
        WritePlan(
            removals=[
                Removal(r, read[r].version, dict(read[r].fields)) for r in ("role-1", "role-2")
            ]
        ),
        kept.extend,
    )
    assert sorted(ref for ref, _ in outcome.changed) == ["role-1", "role-2"]
    assert outcome.removed == {} and kept == []
    after = rows_of(langgraph_dsn, USER)
    assert json.loads(after["role-1"][0]) == {"content": ROLE + " Since 2024."}
    assert "role-2" in after
    assert rows_of(langgraph_dsn, ("dream-archive", *USER)) == {}


def test_a_missing_package_fails_in_one_line_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "langgraph.store.postgres", None)
    with pytest.raises(StoreConfigError) as raised:
        kind("postgresql://x@127.0.0.1/db")
    assert "pip install 'dream-assets[stores]'" in str(raised.value)
    assert "\n" not in str(raised.value)


def test_a_dsn_is_never_shown_with_its_password(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("langgraph.store.postgres")
    dsn = f"postgresql://dream:s3cret@127.0.0.1:{free_port()}/agents"
    assert "s3cret" not in mask_dsn(dsn) and "dream:***@" in mask_dsn(dsn)
    assert mask_dsn("host=db password='a b' user=x") == "host=db password=*** user=x"
    monkeypatch.setenv("DREAM_LANGGRAPH_DSN", dsn)
    store = kind({"env": "DREAM_LANGGRAPH_DSN"})  # type: ignore[arg-type]
    assert "s3cret" not in store.describe()
    with pytest.raises(StoreConfigError) as raised:
        store.check_target()
    assert "s3cret" not in str(raised.value) and "***" in str(raised.value)
    monkeypatch.delenv("DREAM_LANGGRAPH_DSN")
    with pytest.raises(StoreConfigError, match="DREAM_LANGGRAPH_DSN is unset"):
        kind({"env": "DREAM_LANGGRAPH_DSN"})  # type: ignore[arg-type]


def test_bad_namespaces_are_refused_in_one_line() -> None:
    pytest.importorskip("langgraph.store.postgres")
    for bad in ([], ["a.b"], ["dream-archive", "x"], [""]):
        with pytest.raises(StoreConfigError):
            kind("postgresql://x@h/db", tuple(bad))


def test_agent_names_are_safe_and_stable() -> None:
    prefix = ("memories",)
    assert agent_name(("memories", "user-42"), prefix) == "user-42"
    assert agent_name(("memories", "org", "u1"), prefix) == "org.u1"
    for hostile in (
        ("memories", "../etc"),
        ("memories", "a/b"),
        ("memories", "-x"),
        ("memories", ".."),
    ):
        name = agent_name(hostile, prefix)
        assert "/" not in name and not name.startswith((".", "-")) and name != ".."
        assert name == agent_name(hostile, prefix)
    assert agent_name(("memories", "a/b"), prefix) != agent_name(("memories", "a_b"), prefix)


def test_a_namespace_with_vectors_and_no_embedder_waits(vector_dsn: str) -> None:
    """Vectors written by the library's own index path (a fixed-dimension embedding function),
    on a PostgreSQL with pgvector."""
    from langgraph.store.postgres import PostgresStore

    def embed(texts: list[str]) -> list[list[float]]:
        return [[float(len(t)), 1.0, 0.5] for t in texts]

    namespace = ("memories", "vectors")
    with PostgresStore.from_conn_string(
        vector_dsn, index={"dims": 3, "embed": embed, "fields": ["content"]}
    ) as store:
        store.setup()
        store.put(namespace, "v1", {"content": ROLE})
        store.put(namespace, "v2", {"content": ROLE})
    lg = kind(vector_dsn, namespace)
    read = {item.ref: item for item in lg.read().items}
    before = rows_of(vector_dsn, namespace)
    outcome = lg.apply(
        WritePlan(
            new=[NewItem("m", ROLE, "c", ("v1", "v2"))],
            removals=[Removal("v2", read["v2"].version, dict(read["v2"].fields))],
        ),
        lambda items: None,
    )
    assert outcome.waiting and "vector index (3 dimensions)" in outcome.waiting
    assert outcome.written == {} and outcome.removed == {}
    assert rows_of(vector_dsn, namespace) == before


@pytest.mark.semantic
def test_a_namespace_with_vectors_is_written_with_a_matching_embedder(
    vector_dsn: str, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``embed: "local"`` (384 dimensions, the extra semantic) on a 384-dimension index: the
    merged row gets its vector through the library's own put, so a vector search finds it."""
    from langgraph.store.postgres import PostgresStore

    if importlib.util.find_spec("sentence_transformers") is None:
        if os.environ.get("CI"):
            pytest.fail("extra 'semantic' not installed: CI installs it (make install)")
        pytest.skip("extra 'semantic' not installed")
    monkeypatch.setenv("DREAM_MODEL_CACHE", str(tmp_path_factory.mktemp("minilm")))

    def embed(texts: list[str]) -> list[list[float]]:
        return [[1.0 if i == len(t) % 384 else 0.0 for i in range(384)] for t in texts]

    namespace = ("memories", "indexed")
    index = {"dims": 384, "embed": embed, "fields": ["content"]}
    with PostgresStore.from_conn_string(vector_dsn, index=index) as store:  # type: ignore[arg-type]
        store.setup()
        store.put(namespace, "v1", {"content": ROLE})
        store.put(namespace, "v2", {"content": ROLE})
    lg = kind(vector_dsn, namespace, embed="local", index_fields=["content"])
    read = {item.ref: item for item in lg.read().items}
    outcome = lg.apply(
        WritePlan(
            new=[NewItem("m", ROLE, "c", ("v1", "v2"), (dict(read["v1"].fields),))],
            removals=[Removal(r, read[r].version, dict(read[r].fields)) for r in ("v1", "v2")],
        ),
        lambda items: None,
    )
    assert outcome.waiting is None and sorted(outcome.removed) == ["v1", "v2"]
    key = outcome.written["m"][0]
    with PostgresStore.from_conn_string(vector_dsn, index=index) as store:  # type: ignore[arg-type]
        found = store.search(namespace, query="payments", limit=10, refresh_ttl=False)
    assert [item.key for item in found] == [key]  # it has a vector; the sources are gone


def test_embed_is_null_local_or_an_endpoint_model_name() -> None:
    pytest.importorskip("langgraph.store.postgres")
    assert kind("postgresql://x@h/db").embed is None
    assert kind("postgresql://x@h/db", embed="local").embed == "local"
    assert kind("postgresql://x@h/db", embed=" text-embedding-3-small ").embed == (
        "text-embedding-3-small"
    )
    for bad in ("", "  ", 3, ["local"]):
        with pytest.raises(StoreConfigError, match='"embed" must be null, "local"'):
            kind("postgresql://x@h/db", embed=bad)


def test_a_pgvector_data_dir_left_by_a_killed_session_is_swept_and_a_live_one_kept(
    tmp_path: Path,
) -> None:
    """The vector tests' own server (``pgvector_server``): a second session on the machine
    never reuses, nor trips over, what a killed one left; a running session's is kept."""
    pytest.importorskip("psutil")
    from dream_assets_tests.langgraph_stores import OWNER, PGVECTOR_DIRS, sweep_leftover_servers

    dead, live = tmp_path / f"{PGVECTOR_DIRS}dead", tmp_path / f"{PGVECTOR_DIRS}live"
    # 2**22 is above Linux's largest pid_max: no process has that pid.
    for data, owner in ((dead, 2**22 + 12345), (live, os.getpid())):
        (data / "pgdata").mkdir(parents=True)
        (data / OWNER).write_text(f"{owner}\n")
    (tmp_path / "unrelated").mkdir()
    assert sweep_leftover_servers(tmp_path) == [dead]
    assert not dead.exists() and live.is_dir() and (tmp_path / "unrelated").is_dir()
