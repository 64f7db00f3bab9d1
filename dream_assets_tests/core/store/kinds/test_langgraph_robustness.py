"""The langgraph kind under bad input and faults, on the real PostgreSQL, through its real entry
points (``store_snapshot`` into the mirror, ``store_writeback`` of merges): a value the library
cannot decode, a number a float cannot hold, a key too long for a file name, a text jsonb cannot
hold, a row changed between snapshot and writeback, a writeback stopping half way, a namespace
label with spaces, a database that is not UTF8. Nothing is lost, the item is named, no memory
text reaches a message."""

from __future__ import annotations

import json
import os
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from dream_assets.core.memory.merge import build_merged_entry
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.kinds.boundary import NewItem, StoreConfigError, WritePlan
from dream_assets.core.store.kinds.langgraph import LangGraphStore
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.store_sync import run_store_snapshot, run_store_writeback
from dream_assets_tests.builders import NOW
from dream_assets_tests.langgraph_stores import (
    ROLE,
    USER,
    connect_namespace,
    dsn_of,
    rows_of,
    write_rows,
)
from dream_assets_tests.services import Database

pytestmark = pytest.mark.postgres
SECRET = "Ana's door code is 4711"


def deep(levels: int) -> Any:
    value: Any = "bottom"
    for _ in range(levels):
        value = [value]
    return value


def put_deep(dsn: str, key: str, levels: int) -> None:
    """A value nested ``levels`` deep, put by the library (an agent with a higher recursion
    limit, or another client, can write one)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, levels * 3))
    try:
        write_rows(dsn, {USER: {key: {"content": SECRET, "meta": deep(levels)}}})
    finally:
        sys.setrecursionlimit(limit)


def insert_raw(dsn: str, key: str, value_json: str) -> None:
    """A row as another client (not this library) may leave it in the library's table."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO store (prefix, key, value) VALUES (%s, %s, %s::jsonb)",
            (".".join(USER), key, value_json),
        )


def raw_values(dsn: str, namespace: tuple[str, ...] = USER) -> dict[str, str]:
    """key -> value as PostgreSQL prints it, of exactly ``namespace`` (rows the library's own
    decoding would fail on)."""
    import psycopg

    with psycopg.connect(dsn) as conn:
        rows = conn.execute(
            "SELECT key, value::text FROM store WHERE prefix = %s", (".".join(namespace),)
        ).fetchall()
    return dict(rows)


def snapshot(tmp_path: Path, dsn: str, namespace: tuple[str, ...] = USER) -> AgentVolume:
    home = tmp_path / "ana"
    connect_namespace(home, dsn, namespace)
    volume = AgentVolume(home)
    run_store_snapshot(volume, DreamOptions(), NOW, run_id="run-1")
    return volume


def merge(volume: AgentVolume, refs: tuple[str, ...], content: str) -> str:
    """A merge of the entries holding ``refs`` recorded in the mirror, as a pass does."""
    by_ref = {e.metadata.get("store_ref"): e for e in volume.scan_entries().entries}
    sources = [by_ref[r] for r in refs]
    merged = build_merged_entry(
        sources, content=content, category=sources[0].category, tags=(), now=NOW, run_id="run-1"
    )
    volume.save(merged)
    for source in sources:
        volume.archive(source.id, reason="merged", now=NOW)
    return merged.id


def said(report: PassReport) -> str:
    """Everything a report says (what reaches the logs and the run's metadata)."""
    return json.dumps(report.to_dict(), ensure_ascii=False)


def unreadable(dsn: str) -> dict[str, str]:
    read = LangGraphStore.from_config(
        {"kind": "langgraph", "dsn": dsn, "namespace": list(USER)}, Path("/a/dream-store.json")
    ).read()
    return {u.ref: u.reason for u in read.unreadable}


def test_a_value_nested_too_deep_to_decode_is_named_and_the_rest_is_read(
    tmp_path: Path, langgraph_dsn: str
) -> None:
    put_deep(langgraph_dsn, "deep", 3000)  # past the interpreter's recursion limit
    put_deep(langgraph_dsn, "deepish", 150)  # decodable, but past the bound a record may nest
    volume = snapshot(tmp_path, langgraph_dsn)
    refs = {e.metadata.get("store_ref") for e in volume.scan_entries().entries}
    assert refs == {"role-1", "role-2", "deploys", "deploys-short", "lisbon"}
    reasons = unreadable(langgraph_dsn)
    assert "nested deeper than" in reasons["deep"] and "nested deeper than" in reasons["deepish"]
    assert SECRET in raw_values(langgraph_dsn)["deep"]  # left as it was


CONTENT = json.dumps(SECRET)


@pytest.mark.parametrize(
    ("key", "value", "reason"),
    [
        ("scalar", "5", "not a JSON object"),
        ("text", CONTENT, "not a JSON object"),
        ("huge-int", f'{{"content": {CONTENT}, "n": 1e5000}}', "cannot read exactly"),
        # Read as 0.1: removing it would keep only a rounded copy (a lost digit).
        (
            "precise",
            f'{{"content": {CONTENT}, "n": 0.1000000000000000000001}}',
            "cannot read exactly",
        ),
    ],
)
def test_a_value_the_library_cannot_read_exactly_is_named_and_left_alone(
    tmp_path: Path, langgraph_dsn: str, key: str, value: str, reason: str
) -> None:
    """Another client's rows: not a JSON object, a number past Python's digit limit, a number
    a float would round."""
    insert_raw(langgraph_dsn, key, value)
    volume = snapshot(tmp_path, langgraph_dsn)
    assert key not in {e.metadata.get("store_ref") for e in volume.scan_entries().entries}
    reasons = unreadable(langgraph_dsn)
    assert reason in reasons[key] and SECRET not in reasons[key]
    assert raw_values(langgraph_dsn)[key] == raw_values_of(langgraph_dsn, value)


def raw_values_of(dsn: str, value: str) -> str:
    """``value`` as PostgreSQL prints it once stored as jsonb."""
    import psycopg

    with psycopg.connect(dsn) as conn:
        return conn.execute("SELECT %s::jsonb::text", (value,)).fetchone()[0]  # type: ignore[index]


def test_a_key_too_long_to_name_its_archive_file_is_left_alone(
    tmp_path: Path, langgraph_dsn: str
) -> None:
    long_ascii, long_utf8 = "k" * 250, "a" + "é" * 120  # 250 and 241 bytes
    write_rows(langgraph_dsn, {USER: {long_ascii: {"content": ROLE}, long_utf8: {"content": ROLE}}})
    volume = snapshot(tmp_path, langgraph_dsn)
    reasons = unreadable(langgraph_dsn)
    assert reasons[long_ascii] == reasons[long_utf8] == "a key that cannot name a file"
    refs = {e.metadata.get("store_ref") for e in volume.scan_entries().entries}
    assert long_ascii not in refs and long_utf8 not in refs


def test_a_merged_text_jsonb_cannot_hold_is_named_and_its_sources_stay(
    tmp_path: Path, langgraph_dsn: str
) -> None:
    volume = snapshot(tmp_path, langgraph_dsn)
    bad = merge(volume, ("role-1", "role-2"), f"{SECRET}\x00")
    good = merge(volume, ("deploys", "deploys-short"), "Releases go out on every tag.")
    report = run_store_writeback(volume, NOW, run_id="run-2")
    assert report.counts["written"] == 1 and report.counts["removed"] == 2
    (failure,) = report.failures
    assert failure.startswith(f"{bad}: ") and "NUL" in failure
    assert SECRET not in said(report) and "4711" not in said(report)
    after = rows_of(langgraph_dsn, USER)
    assert {"role-1", "role-2"} <= set(after)  # the sources of the unwritten merge stay
    assert "deploys" not in after and volume.get(good).metadata.get("store_ref") in after  # type: ignore[union-attr]


def test_a_lone_surrogate_in_a_merged_text_is_named_not_a_crash(langgraph_dsn: str) -> None:
    """The mirror refuses such a text; the kind does not rely on it."""
    store = LangGraphStore.from_config(
        {"kind": "langgraph", "dsn": langgraph_dsn, "namespace": list(USER)},
        Path("/a/dream-store.json"),
    )
    outcome = store.apply(
        WritePlan(new=[NewItem("m1", f"{SECRET} \udc80", "c", ("role-1",))]), lambda items: None
    )
    assert outcome.written == {} and outcome.failures[0].startswith("m1: ")
    assert SECRET not in " ".join(outcome.failures)


def test_a_row_made_undecodable_after_the_snapshot_stays_and_the_rest_goes_on(
    tmp_path: Path, langgraph_dsn: str
) -> None:
    volume = snapshot(tmp_path, langgraph_dsn)
    merged = merge(volume, ("role-1", "role-2"), ROLE)
    put_deep(langgraph_dsn, "role-2", 3000)  # the agent rewrites it meanwhile
    report = run_store_writeback(volume, NOW, run_id="run-2")
    assert report.counts["written"] == 1 and report.counts["removed"] == 1
    assert report.counts["left_changed"] == 1 and report.failures == []
    after = raw_values(langgraph_dsn)
    assert "role-1" not in after and "role-2" in after
    assert volume.get(merged).metadata.get("store_ref") in after  # type: ignore[union-attr]


def test_a_writeback_stopping_half_way_records_what_it_wrote(
    tmp_path: Path, langgraph_dsn: str
) -> None:
    """The merged row is written, then keeping the sources fails (the archive directory cannot
    be made): the merged row is recorded, so the next writeback does not write it twice."""
    volume = snapshot(tmp_path, langgraph_dsn)
    merged = merge(volume, ("role-1", "role-2"), ROLE)
    (volume.root / "store-archive").write_text("not a directory\n")
    first = run_store_writeback(volume, NOW, run_id="run-2")
    assert first.counts["written"] == 1 and first.counts["removed"] == 0
    assert first.failures and "role-1" in rows_of(langgraph_dsn, USER)
    (volume.root / "store-archive").unlink()
    second = run_store_writeback(volume, NOW, run_id="run-3")
    assert second.counts["written"] == 0 and second.counts["removed"] == 2
    after = rows_of(langgraph_dsn, USER)
    holding_role = [
        k for k, (value, _at) in after.items() if json.loads(value) == {"content": ROLE}
    ]
    assert holding_role == [volume.get(merged).metadata["store_ref"]]  # type: ignore[union-attr]


def test_namespace_labels_are_taken_as_the_store_has_them(
    tmp_path: Path, langgraph_dsn: str
) -> None:
    """A label with a space is another namespace (another user): never read as the trimmed one."""
    from dream_assets.core.store.prefix_agents import register_prefix

    spaced = ("memories", "user-42 ")
    write_rows(langgraph_dsn, {spaced: {"only": {"content": "Bo lives in Oslo."}}})
    root = tmp_path / "agents"
    added = register_prefix(
        root, {"kind": "langgraph", "dsn": langgraph_dsn, "namespace_prefix": ["memories"]}
    ).added
    (home,) = [root / name for name in added if name.startswith("user-42_")]
    volume = AgentVolume(home)
    run_store_snapshot(volume, DreamOptions(), NOW, run_id="run-1")
    assert [e.content for e in volume.scan_entries().entries] == ["Bo lives in Oslo."]
    # The command line's comma-separated form still trims.
    source = Path("/a/dream-store.json")
    config = {"kind": "langgraph", "dsn": langgraph_dsn, "namespace": "memories, user-42"}
    assert LangGraphStore.from_config(config, source).namespace == USER


@contextmanager
def sql_ascii_database() -> Iterator[str]:
    import psycopg

    admin_dsn = dsn_of(
        Database(
            os.environ.get("DREAM_PG_HOST", "127.0.0.1"),
            int(os.environ.get("DREAM_PG_PORT", "5432")),
            os.environ.get("DREAM_PG_USER", "postgres"),
            os.environ.get("DREAM_PG_PASSWORD", ""),
            os.environ.get("DREAM_PG_DB", "test"),
        ),
        os.environ.get("DREAM_PG_PASSWORD", ""),
    )
    name = f"dream_lga_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin_dsn, autocommit=True) as admin:
        admin.execute(
            f"CREATE DATABASE \"{name}\" ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' "
            "TEMPLATE template0"
        )
        try:
            yield admin_dsn.rsplit("/", 1)[0] + "/" + name
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_database_that_is_not_utf8_is_refused_in_one_line(langgraph_dsn: str) -> None:
    """The library reads a SQL_ASCII database wrongly (keys as bytes, namespaces cut): a
    snapshot of it would see an empty namespace; the kind refuses it instead."""
    del langgraph_dsn  # the server is there (skipped otherwise)
    with sql_ascii_database() as dsn:
        write_rows(dsn, {USER: {"k": {"content": ROLE}}})
        store = LangGraphStore.from_config(
            {"kind": "langgraph", "dsn": dsn, "namespace": list(USER)}, Path("/a/s.json")
        )
        with pytest.raises(StoreConfigError, match="SQL_ASCII") as raised:
            store.read()
        assert "\n" not in str(raised.value)
