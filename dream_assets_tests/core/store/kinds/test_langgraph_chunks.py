"""The langgraph kind's writeback in bounded chunks, on the real PostgreSQL with rows put by the
real ``PostgresStore``. The library sends a ``batch``'s puts as one INSERT of 4 query parameters
a row, and PostgreSQL takes at most 65 535 parameters in one query: a writeback of more than
16 383 merges or removals sent as one batch stopped with the same error on every retry. Sent
in chunks, it lands; a chunk that fails after others landed leaves what they wrote recorded in
the mirror, so the next writeback writes nothing twice and loses nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

from dream_assets.core.store.kinds.boundary import NewItem, Removal, WritePlan
from dream_assets.core.store.kinds.langgraph import LangGraphStore
from dream_assets.core.store.mirror import plan_writeback
from dream_assets.core.store.store_archive import read_snapshot, snapshot_fields
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.store_sync import run_store_writeback
from dream_assets_tests.builders import NOW
from dream_assets_tests.core.store.kinds.test_langgraph_robustness import (
    merge,
    raw_values,
    snapshot,
)
from dream_assets_tests.langgraph_stores import USER, rows_of

pytestmark = pytest.mark.postgres
BULK = ("memories", "bulk")
MANY = 17_000  # past 65 535 // 4 = 16 383 puts in one query
PAIRS = 6  # merges of two duplicates each, in the agent's namespace


def put_many(dsn: str, namespace: tuple[str, ...], count: int) -> None:
    """``count`` LangMem rows, put by the library a thousand at a time."""
    from langgraph.store.base import PutOp
    from langgraph.store.postgres import PostgresStore

    with PostgresStore.from_conn_string(dsn) as db:
        for start in range(0, count, 1000):
            db.batch(
                [
                    PutOp(namespace, f"k{i:05d}", {"content": f"Ana's memory number {i}."})
                    for i in range(start, min(start + 1000, count))
                ]
            )


def count_rows(dsn: str, namespace: tuple[str, ...]) -> int:
    import psycopg

    with psycopg.connect(dsn) as conn:
        found = conn.execute(
            "SELECT count(*) FROM store WHERE prefix = %s", (".".join(namespace),)
        ).fetchone()
    assert found is not None
    return int(found[0])


def test_more_merges_than_one_query_can_carry_are_all_written(langgraph_dsn: str) -> None:
    store = LangGraphStore(langgraph_dsn, BULK)
    new = [NewItem(f"m{i:05d}", f"Merged memory number {i}.", "c") for i in range(MANY)]
    outcome = store.apply(WritePlan(new=new), lambda items: None)
    assert outcome.failures == []
    assert len(outcome.written) == MANY
    assert count_rows(langgraph_dsn, BULK) == MANY
    assert len({ref for ref, _version in outcome.written.values()}) == MANY


def test_more_removals_than_one_query_can_carry_are_all_removed(langgraph_dsn: str) -> None:
    put_many(langgraph_dsn, BULK, MANY)
    store = LangGraphStore(langgraph_dsn, BULK)
    read = store.read()
    assert len(read.items) == MANY
    kept: list[str] = []
    removals = [Removal(i.ref, i.version, i.fields) for i in read.items]
    outcome = store.apply(
        WritePlan(removals=removals), lambda items: kept.extend(ref for ref, _ in items)
    )
    assert outcome.failures == []
    assert len(outcome.removed) == MANY and sorted(kept) == sorted(outcome.removed)
    assert count_rows(langgraph_dsn, BULK) == 0
    assert count_rows(langgraph_dsn, ("dream-archive", *BULK)) == MANY


@contextmanager
def refusing(dsn: str, when: str, what: str) -> Iterator[None]:
    """A trigger on the library's table that fails ``what`` (INSERT, DELETE) of the rows
    matching ``when``, as a database fault in the middle of a writeback would; dropped after."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(
            "CREATE FUNCTION dream_refuse() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'refused by the test''s trigger'; END $$"
        )
        conn.execute(
            f"CREATE TRIGGER dream_refuse BEFORE {what} ON store FOR EACH ROW "
            f"WHEN ({when}) EXECUTE FUNCTION dream_refuse()"
        )
    try:
        yield
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute("DROP TRIGGER dream_refuse ON store")
            conn.execute("DROP FUNCTION dream_refuse()")


def merged_pairs(tmp_path: Path, dsn: str, monkeypatch: pytest.MonkeyPatch) -> AgentVolume:
    """The agent's namespace with ``PAIRS`` pairs of duplicates more, snapshotted, each pair
    merged in the mirror; the kind writes in chunks of two."""
    from langgraph.store.postgres import PostgresStore

    with PostgresStore.from_conn_string(dsn) as db:
        for n in range(PAIRS):
            for side in "ab":
                db.put(USER, f"pair-{n}-{side}", {"content": f"Ana's fact number {n}."})
    volume = snapshot(tmp_path, dsn)
    for n in range(PAIRS):
        merge(volume, (f"pair-{n}-a", f"pair-{n}-b"), f"Ana's fact number {n}, merged.")
    monkeypatch.setattr(LangGraphStore, "chunk", 2, raising=False)
    return volume


def planned(volume: AgentVolume) -> tuple[list[str], list[str]]:
    """The texts to write and the refs to remove, in the order the writeback sends them."""
    plan = plan_writeback(
        volume.scan_entries().entries, snapshot_fields(read_snapshot(volume.root))
    )
    return [item.text for item in plan.new], [removal.ref for _, removal in plan.removals]


def merged_texts(dsn: str) -> list[str]:
    texts = [json.loads(value).get("content") for value, _at in rows_of(dsn, USER).values()]
    return sorted(t for t in texts if isinstance(t, str) and t.endswith(", merged."))


def test_a_put_chunk_failing_after_others_landed_leaves_them_recorded(
    tmp_path: Path, langgraph_dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    volume = merged_pairs(tmp_path, langgraph_dsn, monkeypatch)
    texts, refs = planned(volume)
    assert len(texts) == PAIRS and len(refs) == 2 * PAIRS
    last = json.dumps(texts[-1]).replace("'", "''")  # the third chunk of two: two land first
    with refusing(langgraph_dsn, f"NEW.value->'content' = '{last}'::jsonb", "INSERT"):
        first = run_store_writeback(volume, NOW, run_id="run-2")
    assert first.counts["written"] == PAIRS - 2 and first.counts["removed"] == 0
    assert len(first.failures) == 1 and "stopped part way" in first.failures[0]
    assert merged_texts(langgraph_dsn) == sorted(texts[:-2])
    second = run_store_writeback(volume, NOW, run_id="run-3")
    assert second.failures == []
    assert second.counts["written"] == 2 and second.counts["removed"] == 2 * PAIRS
    assert merged_texts(langgraph_dsn) == sorted(texts)  # each once, none lost
    assert not set(refs) & set(raw_values(langgraph_dsn))
    third = run_store_writeback(volume, NOW, run_id="run-4")
    assert third.counts["written"] == 0 and third.counts["removed"] == 0


def test_a_delete_chunk_failing_after_others_landed_leaves_them_recorded(
    tmp_path: Path, langgraph_dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    volume = merged_pairs(tmp_path, langgraph_dsn, monkeypatch)
    texts, refs = planned(volume)
    when = f"OLD.prefix = '{'.'.join(USER)}' AND OLD.key = '{refs[-1]}'"
    with refusing(langgraph_dsn, when, "DELETE"):
        first = run_store_writeback(volume, NOW, run_id="run-2")
    assert first.counts["written"] == PAIRS
    assert first.counts["removed"] == 2 * PAIRS - 2  # the last chunk of two is refused
    assert len(first.failures) == 1 and "stopped part way" in first.failures[0]
    assert set(raw_values(langgraph_dsn)) & set(refs) == set(refs[-2:])
    second = run_store_writeback(volume, NOW, run_id="run-3")
    assert second.failures == []
    assert second.counts["written"] == 0 and second.counts["removed"] == 2
    assert second.counts["already_gone"] == 0
    assert merged_texts(langgraph_dsn) == sorted(texts)
    assert not set(refs) & set(raw_values(langgraph_dsn))
    archived = raw_values(langgraph_dsn, ("dream-archive", *USER))
    assert sorted(archived) == sorted(refs)  # every removed row kept, each once


@pytest.mark.parametrize("error", ["EmbeddingsUnavailable", "RuntimeError"])
def test_an_embedder_failing_after_a_chunk_landed_leaves_it_recorded(
    vector_dsn: str, error: str
) -> None:
    """A namespace with vectors: each chunk's texts are embedded as it is put; the endpoint
    failing on a later chunk stops the writeback with what the chunks before wrote recorded.
    Any error (a local model's RuntimeError too): one that escaped lost the record, and the next
    writeback wrote the chunks before again."""
    from langgraph.store.postgres import PostgresStore

    from dream_assets.core.near_duplicates.embeddings import EmbeddingsUnavailable

    failing = {"EmbeddingsUnavailable": EmbeddingsUnavailable, "RuntimeError": RuntimeError}[error]

    def embed(texts: list[str]) -> list[list[float]]:
        return [[float(len(t)), 1.0] for t in texts]

    namespace = ("memories", "indexed")
    with PostgresStore.from_conn_string(vector_dsn, index={"dims": 2, "embed": embed}) as db:  # type: ignore[arg-type]
        db.setup()
        db.put(namespace, "v1", {"content": "Ana lives in Lisbon."})
    calls: list[int] = []

    def endpoint(texts: Sequence[str]) -> list[list[float]]:
        calls.append(len(texts))  # the dimension probe, then one call per chunk
        if len(calls) > 2:
            raise failing("the endpoint answered 503")
        return embed(list(texts))

    store = LangGraphStore(vector_dsn, namespace, embed="model", chunk=2)
    store.use_endpoint_embedding(lambda name: endpoint)
    new = [NewItem(f"m{i}", f"Merged memory number {i}.", "c") for i in range(5)]
    outcome = store.apply(WritePlan(new=new), lambda items: None)
    assert sorted(outcome.written) == ["m0", "m1"]
    (failure,) = outcome.failures
    assert error in failure and "stopped part way" in failure
    assert set(rows_of(vector_dsn, namespace)) == {"v1", *(r for r, _ in outcome.written.values())}


def test_a_put_chunk_committed_before_the_connection_dropped_is_not_written_twice(
    tmp_path: Path, langgraph_dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second chunk of puts lands (committed) and the connection drops before the writeback
    learns it: nothing records it, so the next writeback sends it again. Each merged row's key is
    its merge's own (the namespace and the entry id), so the second put overwrites the first
    instead of adding a copy: every merged text is in the store once."""
    import psycopg

    volume = merged_pairs(tmp_path, langgraph_dsn, monkeypatch)
    texts, _refs = planned(volume)
    real_writer = LangGraphStore._writer
    sent: list[int] = []

    class DropsAfterTheSecondCommit:
        def __init__(self, inner: object) -> None:
            self.inner = inner

        def batch(self, ops: Sequence[object]) -> object:
            result = self.inner.batch(ops)  # type: ignore[attr-defined]
            sent.append(len(ops))
            if len(sent) == 2:
                raise psycopg.OperationalError("server closed the connection unexpectedly")
            return result

        def __getattr__(self, name: str) -> object:
            return getattr(self.inner, name)

    def dropping_writer(self: LangGraphStore, store: object, embed: object) -> object:
        return DropsAfterTheSecondCommit(real_writer(self, store, embed))  # type: ignore[arg-type]

    monkeypatch.setattr(LangGraphStore, "_writer", dropping_writer)
    first = run_store_writeback(volume, NOW, run_id="run-2")
    assert first.counts["written"] == 2 and len(first.failures) == 1  # the first chunk recorded
    assert len(merged_texts(langgraph_dsn)) == 4  # two chunks landed, one unrecorded
    monkeypatch.setattr(LangGraphStore, "_writer", real_writer)
    second = run_store_writeback(volume, NOW, run_id="run-3")
    assert second.failures == []
    assert merged_texts(langgraph_dsn) == sorted(texts)  # each once: the re-sent chunk overwrote
