"""The scan's "nothing changed" path (the change gate reuses the last clusters) reads the cluster
table and writes its flags back in one DuckDB connection, opened for writing; a scan that has to
search opens none before its computation."""

from __future__ import annotations

from pathlib import Path

import pytest

from dream_assets.core.options import DreamOptions
from dream_assets.core.store import duckdb_store
from dream_assets.passes.duplicate_clusters.scan import scan_duplicate_clusters
from dream_assets_tests.builders import NOW, entry, make_volume

TEXT = "The team deploys the billing API to EU-West every Tuesday at 14:30."


def _opened(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The read-only flag of every DuckDB connection opened, in order."""
    real = duckdb_store._open
    opened: list[bool] = []

    def counting(db_path: Path, read_only: bool):  # type: ignore[no-untyped-def]
        opened.append(read_only)
        return real(db_path, read_only)

    monkeypatch.setattr(duckdb_store, "_open", counting)
    return opened


def test_a_reused_scan_opens_one_connection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    volume = make_volume(
        tmp_path / "a", [entry("m-1", TEXT), entry("m-2", TEXT), entry("m-3", "Other fact.")]
    )
    _first, clusters = scan_duplicate_clusters(volume, DreamOptions(), NOW)
    opened = _opened(monkeypatch)
    again, reused = scan_duplicate_clusters(volume, DreamOptions(), NOW)
    assert any(d.action == "reused" for d in again.decisions)
    assert reused == clusters
    assert opened == [False]  # one connection, for writing: the table read, then its flags


def test_one_connection_for_writing_serves_a_read_then_a_write(tmp_path: Path) -> None:
    db_path = tmp_path / "t.duckdb"
    with duckdb_store.connect(db_path) as con:
        con.execute("CREATE TABLE t (x INTEGER)")
    seen = []
    with duckdb_store.one_connection(db_path, for_writing=True):
        with duckdb_store.connect(db_path, read_only=True) as con:
            seen.append(con)
            assert con.execute("SELECT count(*) FROM t").fetchone() == (0,)
        with duckdb_store.connect(db_path) as con:
            seen.append(con)
            con.execute("INSERT INTO t VALUES (1)")
    assert seen[0] is seen[1]
    with duckdb_store.connect(db_path, read_only=True) as con:
        assert con.execute("SELECT count(*) FROM t").fetchone() == (1,)
