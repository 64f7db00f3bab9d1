"""``one_connection``: the operations of one block share one DuckDB connection, each still
committed or rolled back on its own, and nothing stays open after the block."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from dream_assets.core.store import duckdb_store
from dream_assets.core.store.duckdb_store import connect, one_connection


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[duckdb.DuckDBPyConnection]:
    """Every connection ``duckdb_store`` opens."""
    real = duckdb.connect
    seen: list[duckdb.DuckDBPyConnection] = []

    def counting(*args: object, **kwargs: object) -> duckdb.DuckDBPyConnection:
        con = real(*args, **kwargs)
        seen.append(con)
        return con

    monkeypatch.setattr(duckdb_store.duckdb, "connect", counting)
    return seen


def _closed(con: duckdb.DuckDBPyConnection) -> bool:
    try:
        con.execute("SELECT 1")
    except duckdb.ConnectionException:
        return True
    return False


def test_one_connection_per_block(tmp_path: Path, opened: list) -> None:
    db = tmp_path / "a.duckdb"
    with one_connection(db):
        with connect(db) as con:
            con.execute("CREATE TABLE t (x INTEGER)")
        with connect(db) as con:
            con.execute("INSERT INTO t VALUES (1)")
        with connect(db, read_only=True) as con:
            assert con.execute("SELECT count(*) FROM t").fetchone() == (1,)
            assert con.execute("SELECT current_setting('TimeZone')").fetchone() == ("UTC",)
        with one_connection(db), connect(db) as con:  # nested: the same connection
            con.execute("INSERT INTO t VALUES (2)")
    assert len(opened) == 1
    assert _closed(opened[0])
    # Outside a block each connect is its own, as before.
    with connect(db, read_only=True) as con:
        assert con.execute("SELECT count(*) FROM t").fetchone() == (2,)
    assert len(opened) == 2 and _closed(opened[1])


def test_a_failed_operation_leaves_no_transaction_behind(tmp_path: Path, opened: list) -> None:
    db = tmp_path / "a.duckdb"
    with one_connection(db):
        with connect(db) as con:
            con.execute("CREATE TABLE t (x INTEGER)")
        with pytest.raises(duckdb.Error), connect(db) as con:
            con.execute("BEGIN")
            con.execute("INSERT INTO t VALUES (1)")
            con.execute("INSERT INTO t VALUES ('not a number')")
        with connect(db) as con:  # usable, and the failed transaction's row is not there
            con.execute("INSERT INTO t VALUES (3)")
            assert con.execute("SELECT x FROM t").fetchall() == [(3,)]
    assert len(opened) == 1


def test_a_write_after_reads_reopens_for_writing(tmp_path: Path, opened: list) -> None:
    db = tmp_path / "a.duckdb"
    with connect(db) as con:
        con.execute("CREATE TABLE t (x INTEGER)")
    with one_connection(db):
        with connect(db, read_only=True) as con:
            assert con.execute("SELECT count(*) FROM t").fetchone() == (0,)
        with connect(db) as con:
            con.execute("INSERT INTO t VALUES (1)")
        with connect(db, read_only=True) as con:  # the writing one serves reads too
            assert con.execute("SELECT count(*) FROM t").fetchone() == (1,)
    assert len(opened) == 3  # the setup's, the reader, the writer
    assert all(_closed(con) for con in opened)
