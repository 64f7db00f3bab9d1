"""The near-duplicate scan's tables in the agent's DuckDB file (``sql/duplicate_clusters.sql``).

A scan writes the cluster table and the lexical pair cache in one connection and one
transaction (a crash leaves both as the last scan wrote them, or both new). The cluster table is
written in place: only the clusters that changed are deleted and inserted again, and it is
rewritten whole when it cannot be read or holds a cluster id twice. The pair cache
(``duplicate_cluster_pair_cache``) and its token sets (``duplicate_cluster_tokens``,
``core/near_duplicates/token_cache.py``) are one row of byte strings each, replaced whole: the
scanned ids, their input hashes and the kept pairs as arrays, read back without a Python object
per pair (rows per pair and per entry were a second of an idle cycle at 100 000 entries,
docs/benchmarks.md round 14). A cache that does not read back whole is ignored: the next scan is
a full one, never an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb
import numpy as np

from dream_assets.core.clock import format_time
from dream_assets.core.near_duplicates.cluster import Cluster
from dream_assets.core.near_duplicates.token_cache import TokenRows, pack, unpack
from dream_assets.core.store.duckdb_store import (
    connect,
    create_tables,
    load_sql,
    read_back,
    run_sql,
    table_statements,
)

# The tables the scan writes (sql/duplicate_clusters.sql): what a comparison of two scans reads.
SCAN_TABLES = ("duplicate_clusters", "duplicate_cluster_scan", "duplicate_cluster_pair_cache")

# The tables a scan replaces whole or drops, the token sets' and the earlier versions' included.
_REPLACED_TABLES = (
    "duplicate_cluster_pair_cache",
    "duplicate_cluster_tokens",
    "duplicate_cluster_pairs",
    "duplicate_cluster_inputs",
    "duplicate_cluster_pair_scan",
)

# What a stored pair cache must say of itself to be read.
PAIR_CACHE_VERSION = "pairs-2"
_HASH_WIDTH = 40  # an input hash: sha1 in hex (``models.pair_input``)
_SEPARATOR = "\n"  # in no entry id (``models.validate_entry_id``)


@dataclass
class PairCache:
    """What the last lexical scan judged: its settings, the entries it scanned (``ids``, in
    scan order, with each one's ``inputs`` hash), and the pairs it kept, as positions into
    ``ids`` (``left`` < ``right``) with their ``similarity``. ``tokens``: the scan's token sets
    by input hash (``core/near_duplicates/token_cache.py``; None: none, or none that read back
    whole), written with the pairs."""

    settings: str
    ids: list[str]
    inputs: list[str]
    left: np.ndarray  # int32
    right: np.ndarray  # int32
    similarity: np.ndarray  # float64
    tokens: TokenRows | None = None

    @classmethod
    def of_pairs(
        cls,
        settings: str,
        inputs: dict[str, str],
        pairs: Sequence[tuple[str, str, float]],
        tokens: TokenRows | None = None,
    ) -> PairCache:
        """The cache of ``pairs`` given by id (each id one of ``inputs``)."""
        ids = list(inputs)
        at = {entry_id: k for k, entry_id in enumerate(ids)}
        ends = np.array([sorted((at[a], at[b])) for a, b, _ in pairs], dtype=np.int32)
        ends = ends.reshape(-1, 2)
        similarity = np.array([p[2] for p in pairs], dtype=np.float64)
        return cls(settings, ids, list(inputs.values()), ends[:, 0], ends[:, 1], similarity, tokens)

    def pairs(self) -> list[tuple[str, str, float]]:
        """The kept pairs by id (left id, right id, similarity), in stored order."""
        ids = self.ids
        return [
            (ids[a], ids[b], s)
            for a, b, s in zip(
                self.left.tolist(), self.right.tolist(), self.similarity.tolist(), strict=True
            )
        ]

    def pack(self) -> dict[str, str | bytes]:
        """The stored row."""
        return {
            "version": PAIR_CACHE_VERSION,
            "settings": self.settings,
            "ids": _SEPARATOR.join(self.ids).encode("utf-8"),
            "inputs": "".join(self.inputs).encode("ascii"),
            "lefts": np.ascontiguousarray(self.left, dtype="<i4").tobytes(),
            "rights": np.ascontiguousarray(self.right, dtype="<i4").tobytes(),
            "similarities": np.ascontiguousarray(self.similarity, dtype="<f8").tobytes(),
        }


def unpack_pair_cache(row: Sequence[object], tokens: TokenRows | None) -> PairCache | None:
    """The stored row as a cache, or None unless it is a well-formed one of this version:
    as many input hashes as ids, distinct ids, pairs of two distinct in-range positions with a
    finite similarity."""
    if len(row) != 7 or row[0] != PAIR_CACHE_VERSION or not isinstance(row[1], str):
        return None
    parts = [bytes(p) for p in row[2:] if isinstance(p, bytes | bytearray | memoryview)]
    if len(parts) != 5:
        return None
    try:
        text = parts[0].decode("utf-8")
        hashes = parts[1].decode("ascii")
        left = np.frombuffer(parts[2], dtype="<i4").astype(np.int32)
        right = np.frombuffer(parts[3], dtype="<i4").astype(np.int32)
        similarity = np.frombuffer(parts[4], dtype="<f8").astype(np.float64)
    except (UnicodeDecodeError, ValueError):
        return None
    ids = text.split(_SEPARATOR) if text else []
    if len(hashes) != _HASH_WIDTH * len(ids) or len(set(ids)) != len(ids):
        return None
    inputs = [hashes[at : at + _HASH_WIDTH] for at in range(0, len(hashes), _HASH_WIDTH)]
    if not left.size == right.size == similarity.size:
        return None
    if left.size and (left.min() < 0 or right.max() >= len(ids) or np.any(left >= right)):
        return None
    if not np.all(np.isfinite(similarity)):
        return None
    return PairCache(row[1], ids, inputs, left, right, similarity, tokens)


ClusterRow = tuple[str, tuple[str, ...], float, bool]


def read_pair_cache(db_path: Path) -> PairCache | None:
    """The last lexical scan's pairs, or None (never scanned, a file from before this cache, or
    a row that does not read back whole)."""
    sql = load_sql("duplicate_clusters")

    def read(con: duckdb.DuckDBPyConnection) -> PairCache | None:
        try:
            rows = run_sql(con, sql["pair_cache"]).fetchall()
        except duckdb.Error:
            return None
        if len(rows) != 1:
            return None
        return unpack_pair_cache(rows[0], _tokens(con, sql))

    return read_back(db_path, read)


def _tokens(con: duckdb.DuckDBPyConnection, sql: Any) -> TokenRows | None:
    """The stored token sets, or None (no table, not one row, not this version's, not whole)."""
    try:
        rows = run_sql(con, sql["tokens"]).fetchall()
    except duckdb.Error:
        return None
    return unpack(*rows[0]) if len(rows) == 1 else None


def read_cluster_table(db_path: Path) -> list[Cluster] | None:
    """The clusters of the last scan; None when it failed or never ran (consolidation degrades)."""
    return read_back(db_path, _clusters)


def write_scan(
    db_path: Path,
    rows: Sequence[ClusterRow] | None,
    now: datetime,
    method: str,
    cache: PairCache | None = None,
) -> None:
    """The scan's clusters (``rows``; None: the scan failed) and, for a lexical scan, its pair
    cache."""
    sql = load_sql("duplicate_clusters")
    with connect(db_path) as con:
        # A table of the scan's names that is not what its statement makes, or a view of one
        # (another tool's), is dropped: kept, it failed every later scan's writes (a view fails
        # CREATE OR REPLACE TABLE and DROP TABLE). The file is a cache.
        create_tables(con, sql["create_if_missing"])
        table_statements(con, _REPLACED_TABLES)
        # Read before the transaction: a failed statement would abort it. This connection holds
        # the file's write lock, so nothing changes the tables between these reads and the
        # writes.
        stored = _stored_clusters(con)
        con.execute("BEGIN")
        _record_clusters(con, sql, rows or [], stored)
        scan = {
            "scanned_at": format_time(now),
            "ok": rows is not None,
            "method": method,
            "clusters": len(rows or []),
        }
        run_sql(con, sql["record_scan"], scan)
        if cache is not None:
            _record_pair_cache(con, sql, cache)
        con.execute("COMMIT")


def _clusters(con: duckdb.DuckDBPyConnection) -> list[Cluster] | None:
    sql = load_sql("duplicate_clusters")
    status = run_sql(con, sql["scan_ok"]).fetchone()
    if not status or not status[0]:
        return None
    rows = run_sql(con, sql["clusters"]).fetchall()
    return [Cluster(row[0], tuple(row[1]), float(row[2])) for row in rows]


def _stored_clusters(con: duckdb.DuckDBPyConnection) -> dict[str, ClusterRow] | None:
    """The cluster table's rows by id; None when it cannot be read or repeats an id (rewrite)."""
    try:
        found = run_sql(con, load_sql("duplicate_clusters")["stored_clusters"]).fetchall()
        # The scan row too: both tables must be there for an update in place.
        run_sql(con, load_sql("duplicate_clusters")["scan_ok"]).fetchall()
    except duckdb.Error:
        return None
    stored = {r[0]: (r[0], tuple(r[1]), r[2], r[3]) for r in found}
    return stored if len(stored) == len(found) else None


def _record_clusters(
    con: duckdb.DuckDBPyConnection,
    sql: Any,
    rows: Sequence[ClusterRow],
    stored: dict[str, ClusterRow] | None,
) -> None:
    wanted = {r[0]: r for r in rows}
    if stored is None or len(wanted) != len(rows):
        run_sql(con, sql["create"])
        changed = list(rows)
    else:
        gone = [cid for cid, row in stored.items() if wanted.get(cid) != row]
        if gone:
            run_sql(con, sql["forget_clusters"], {"cluster_ids": gone})
        changed = [r for r in rows if stored.get(r[0]) != r]
        run_sql(con, sql["forget_scan"])
    if changed:
        # One statement for every cluster (unnested lists), not one per cluster.
        columns = {
            "cluster_id": [r[0] for r in changed],
            "member_ids": [list(r[1]) for r in changed],
            "similarity": [r[2] for r in changed],
            "open": [r[3] for r in changed],
        }
        run_sql(con, sql["record_clusters"], columns)


def _record_pair_cache(con: duckdb.DuckDBPyConnection, sql: Any, cache: PairCache) -> None:
    run_sql(con, sql["forget_pair_tables"])
    run_sql(con, sql["create_pair_cache"])
    run_sql(con, sql["record_pair_cache"], cache.pack())
    # The token sets replaced whole too; none left that the pairs did not come with.
    if cache.tokens is None:
        run_sql(con, sql["forget_tokens"])
    else:
        run_sql(con, sql["create_tokens"])
        run_sql(con, sql["record_tokens"], pack(cache.tokens))
