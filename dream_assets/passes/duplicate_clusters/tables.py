"""The near-duplicate scan's tables in the agent's DuckDB file (``sql/duplicate_clusters.sql``).

A scan writes the cluster table and the lexical pair cache in one connection and one
transaction (a crash leaves both as the last scan wrote them, or both new). Each is written in
place: only the rows that changed are deleted and inserted again, since an idle cycle changes a
handful of the 100 000 inputs and pairs the tables hold (rewriting them whole was 8.5 % of an
idle cycle at 100 000 entries, docs/benchmarks.md round 9). The tables end the same as a whole
rewrite would leave them, and they are rewritten whole whenever that cannot be shown: the pair
cache when its settings changed or its tables are not what the scan read (their digest,
computed by DuckDB when read and again inside the writing transaction), the cluster table when
it cannot be read or holds a cluster id twice. The pair cache's token sets
(``duplicate_cluster_tokens``: one row of byte strings, ``core/near_duplicates/token_cache.py``)
are replaced whole in the same transaction, so they are always the scan's whose pairs are stored;
one that does not read back whole is ignored (the next scan tokenises every text).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb

from dream_assets.core.clock import format_time
from dream_assets.core.near_duplicates.cluster import Cluster
from dream_assets.core.near_duplicates.token_cache import TokenRows, pack, unpack
from dream_assets.core.store.duckdb_store import connect, load_sql, read_back, run_sql

# The tables the scan writes (sql/duplicate_clusters.sql): what a comparison of two scans reads.
SCAN_TABLES = (
    "duplicate_clusters",
    "duplicate_cluster_scan",
    "duplicate_cluster_pairs",
    "duplicate_cluster_inputs",
    "duplicate_cluster_pair_scan",
)


@dataclass
class PairCache:
    """What the last lexical scan judged: its settings, each scanned entry's input hash, and the
    pairs it kept (by id, with their similarity). ``digest``: what the tables held when this
    was read from them (None: built by a scan, or read from a file without them). ``tokens``:
    the scan's token sets by input hash (``core/near_duplicates/token_cache.py``; None: none, or
    none that read back whole), written with the pairs."""

    settings: str
    inputs: dict[str, str]
    pairs: list[tuple[str, str, float]]
    digest: tuple[Any, ...] | None = None
    tokens: TokenRows | None = None
    # An incremental scan's own pairs (those with a new or changed entry; the others are the
    # ``previous`` cache's pairs among unchanged entries, kept as they were): the delta to write
    # without comparing every pair (None: compare).
    fresh: list[tuple[str, str, float]] | None = None


ClusterRow = tuple[str, tuple[str, ...], float, bool]


def read_pair_cache(db_path: Path) -> PairCache | None:
    """The last lexical scan's pairs, or None (never scanned, or a file from before the cache)."""
    sql = load_sql("duplicate_clusters")

    def read(con: duckdb.DuckDBPyConnection) -> PairCache | None:
        row = run_sql(con, sql["pair_settings"]).fetchone()
        if row is None:
            return None
        inputs = dict(run_sql(con, sql["inputs"]).fetchall())
        # (left id, right id, similarity) rows as they come: a DOUBLE is a float already.
        pairs = run_sql(con, sql["pairs"]).fetchall()
        return PairCache(str(row[0]), inputs, pairs, _pair_digest(con), _tokens(con, sql))

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
    previous: PairCache | None = None,
) -> None:
    """The scan's clusters (``rows``; None: the scan failed) and, for a lexical scan, its pair
    cache (``previous``: the cache the scan read, which the tables are updated from)."""
    sql = load_sql("duplicate_clusters")
    with connect(db_path) as con:
        # Read before the transaction: a failed statement would abort it. This connection holds
        # the file's write lock, so nothing changes the tables between these reads and the
        # writes.
        stored = _stored_clusters(con)
        digest = _pair_digest(con) if cache is not None else None
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
            _record_pair_cache(con, sql, cache, previous, digest)
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


def _pair_digest(con: duckdb.DuckDBPyConnection) -> tuple[Any, ...] | None:
    try:
        row = run_sql(con, load_sql("duplicate_clusters")["pair_tables_digest"]).fetchone()
    except duckdb.Error:
        return None
    return tuple(row) if row is not None else None


def _pair_delta(
    cache: PairCache, previous: PairCache | None, digest: tuple[Any, ...] | None
) -> tuple[list[str], dict[str, str], list[tuple[str, str, float]]] | None:
    """(entries whose input and pairs to forget, inputs to add, pairs to add) that turn the
    stored tables into ``cache``; None when that cannot be shown (rewrite them whole)."""
    if previous is None or previous.digest is None or digest != previous.digest:
        return None
    scan_rows, settings, pair_count, _, input_count, _ = digest
    if scan_rows != 1 or not settings == previous.settings == cache.settings:
        return None
    if pair_count != len(previous.pairs) or input_count != len(previous.inputs):
        return None  # a repeated entry id in the table: the dictionary read dropped a row
    now = cache.inputs.get
    touched = [i for i, h in previous.inputs.items() if now(i) != h]  # changed or removed
    before = previous.inputs.get
    added_inputs = {i: h for i, h in cache.inputs.items() if before(i) != h}
    if cache.fresh is not None:
        # Built from ``previous``: its pairs without a touched entry, and the scan's own.
        return touched, added_inputs, cache.fresh
    away = set(touched)
    kept = [p for p in previous.pairs if p[0] not in away and p[1] not in away]
    kept_set = set(kept)
    wanted = set(cache.pairs)
    if len(kept_set) != len(kept) or len(wanted) != len(cache.pairs) or not kept_set <= wanted:
        return None
    added_pairs = [p for p in cache.pairs if p not in kept_set]
    return touched, added_inputs, added_pairs


def _record_pair_cache(
    con: duckdb.DuckDBPyConnection,
    sql: Any,
    cache: PairCache,
    previous: PairCache | None,
    digest: tuple[Any, ...] | None,
) -> None:
    delta = _pair_delta(cache, previous, digest)
    if delta is None:
        run_sql(con, sql["create_pairs"])
        inputs, pairs = cache.inputs, cache.pairs
        run_sql(con, sql["record_pair_scan"], {"settings": cache.settings})
    else:
        touched, inputs, pairs = delta
        if touched:
            run_sql(con, sql["forget_inputs"], {"entry_ids": touched})
            run_sql(con, sql["forget_pairs"], {"entry_ids": touched})
    if pairs:
        columns = {
            "left_ids": [p[0] for p in pairs],
            "right_ids": [p[1] for p in pairs],
            "similarities": [p[2] for p in pairs],
        }
        run_sql(con, sql["record_pairs"], columns)
    if inputs:
        ids = list(inputs)
        run_sql(con, sql["record_inputs"], {"entry_ids": ids, "inputs": [inputs[i] for i in ids]})
    # The token sets replaced whole (a few byte strings); none left that the pairs did not come
    # with.
    if cache.tokens is None:
        run_sql(con, sql["forget_tokens"])
    else:
        run_sql(con, sql["create_tokens"])
        run_sql(con, sql["record_tokens"], pack(cache.tokens))
