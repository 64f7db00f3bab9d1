"""The scan's tables (passes/duplicate_clusters/tables.py): the cluster table written in place
holds exactly what a whole rewrite would leave; the pair cache, one row of byte strings, reads
back as it was written, and a row that does not read back whole is ignored (the next scan is a
full one); the row tables of earlier versions are dropped when the scan writes."""

from __future__ import annotations

import random
from pathlib import Path

import duckdb
import pytest

from dream_assets.core.clock import format_time
from dream_assets.core.options import DreamOptions
from dream_assets.passes.duplicate_clusters import tables
from dream_assets.passes.duplicate_clusters.scan import compute_clusters, scan_duplicate_clusters
from dream_assets.passes.duplicate_clusters.tables import (
    SCAN_TABLES as TABLES,
)
from dream_assets.passes.duplicate_clusters.tables import PairCache, read_pair_cache, write_scan
from dream_assets_tests.builders import NOW, make_volume
from dream_assets_tests.passes.duplicate_clusters.test_incremental_clusters import _corpus


def _contents(db_path: Path) -> dict[str, list[str]]:
    with duckdb.connect(str(db_path), read_only=True) as con:
        return {t: sorted(map(repr, con.execute(f"SELECT * FROM {t}").fetchall())) for t in TABLES}


def _cache(rng: random.Random, ids: list[str], settings: str = "s") -> PairCache:
    inputs = {i: f"{rng.randrange(3):040x}" for i in ids}
    ends = {
        tuple(sorted((a, b)))
        for a, b in zip(rng.choices(ids, k=40), rng.choices(ids, k=40), strict=True)
        if a != b
    }
    pairs = [(a, b, round(rng.random(), 3)) for a, b in sorted(ends)]
    return PairCache.of_pairs(settings, inputs, pairs)


def _rows(rng: random.Random, ids: list[str]) -> list[tables.ClusterRow]:
    picked = rng.sample(ids, 12)
    return [
        (f"c-{a}", (a, b), round(rng.random(), 3), rng.random() < 0.5)
        for a, b in zip(picked[::2], picked[1::2], strict=True)
    ]


@pytest.mark.parametrize("seed", range(6))
def test_in_place_equals_a_rewrite(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    ids = [f"m-{i:03d}" for i in range(60)]
    in_place, rewritten = tmp_path / "in_place.duckdb", tmp_path / "rewritten.duckdb"
    cache, rows = _cache(rng, ids), _rows(rng, ids)
    write_scan(in_place, rows, NOW, "lexical", cache)
    for _ in range(3):
        cache = _cache(rng, rng.sample(ids, 50))
        # Some clusters kept, some changed (members, open flag), some gone, some new.
        rows = [r for r in rows if rng.random() < 0.7] + _rows(rng, ids)[:3]
        rows = [(r[0], r[1], r[2], not r[3]) if rng.random() < 0.3 else r for r in rows]
        rows = list({r[0]: r for r in rows}.values())
        write_scan(in_place, rows, NOW, "lexical", cache)
        rewritten.unlink(missing_ok=True)
        write_scan(rewritten, rows, NOW, "lexical", cache)
        assert _contents(in_place) == _contents(rewritten)
        stored = read_pair_cache(in_place)
        assert stored is not None
        assert (stored.settings, stored.ids, stored.inputs) == (
            cache.settings,
            cache.ids,
            cache.inputs,
        )
        assert stored.pairs() == cache.pairs() and stored.pairs()
    # A failed scan: no clusters, the scan row says so, the pair cache untouched.
    before = _contents(in_place)
    write_scan(in_place, None, NOW, "lexical")
    after = _contents(in_place)
    assert after["duplicate_clusters"] == []
    assert after["duplicate_cluster_scan"] == [repr((format_time(NOW), False, "lexical", 0))]
    assert after["duplicate_cluster_pair_cache"] == before["duplicate_cluster_pair_cache"] != []


SPOILED = {
    "foreign version": "UPDATE duplicate_cluster_pair_cache SET version = 'pairs-1'",
    "an input hash cut short": "UPDATE duplicate_cluster_pair_cache SET inputs = inputs[1:-2]",
    "an id twice": "UPDATE duplicate_cluster_pair_cache SET ids = ids || '\\x0A'::BLOB || ids",
    "a position out of range": (
        "UPDATE duplicate_cluster_pair_cache SET lefts ="
        " lefts[1:octet_length(lefts) - 4] || '\\xFF\\xFF\\xFF\\x7F'::BLOB"
    ),
    "a negative position": (
        "UPDATE duplicate_cluster_pair_cache SET lefts = '\\xFF\\xFF\\xFF\\xFF'::BLOB || lefts[5:]"
    ),
    "a pair of one entry": "UPDATE duplicate_cluster_pair_cache SET rights = lefts",
    "arrays of unequal length": "UPDATE duplicate_cluster_pair_cache SET rights = rights[5:]",
    "not a whole number": "UPDATE duplicate_cluster_pair_cache SET similarities = similarities[2:]",
    "not a number": (
        "UPDATE duplicate_cluster_pair_cache SET similarities ="
        " '\\x00\\x00\\x00\\x00\\x00\\x00\\xF8\\x7F'::BLOB || similarities[9:]"
    ),
    "ids not utf-8": "UPDATE duplicate_cluster_pair_cache SET ids = '\\xFF\\xFE'::BLOB",
    "two rows": (
        "INSERT INTO duplicate_cluster_pair_cache SELECT * FROM duplicate_cluster_pair_cache"
    ),
    "no rows": "DELETE FROM duplicate_cluster_pair_cache",
    "another schema": "CREATE OR REPLACE TABLE duplicate_cluster_pair_cache (version VARCHAR)",
    "no table": "DROP TABLE duplicate_cluster_pair_cache",
}


@pytest.mark.parametrize("how", sorted(SPOILED))
def test_a_pair_cache_that_does_not_read_back_whole_is_ignored(tmp_path: Path, how: str) -> None:
    rng = random.Random(4)
    volume = make_volume(tmp_path / "a", _corpus(rng, 150))
    options = DreamOptions()
    scan_duplicate_clusters(volume, options, NOW)
    stored = read_pair_cache(volume.duckdb_path)
    assert stored is not None and stored.left.size > 0  # the spoils below have pairs to spoil
    with duckdb.connect(str(volume.duckdb_path)) as con:
        con.execute(SPOILED[how])
    assert read_pair_cache(volume.duckdb_path) is None
    # The next scan is a full one, its clusters the full scan's, and its cache whole again.
    volume.save(volume.scan_entries().live[0].with_changes(content="A changed fact, 2031."))
    live = volume.scan_entries().live
    report, clusters = scan_duplicate_clusters(volume, options, NOW)
    assert "rescanned" not in report.counts
    assert clusters == compute_clusters(volume, options, live, None).clusters
    again = read_pair_cache(volume.duckdb_path)
    assert again is not None and again.ids == [e.id for e in live]


def test_the_row_tables_of_an_earlier_version_are_dropped(tmp_path: Path) -> None:
    db_path = tmp_path / "dream.duckdb"
    with duckdb.connect(str(db_path)) as con:
        con.execute("CREATE TABLE duplicate_cluster_pairs (left_id VARCHAR, right_id VARCHAR)")
        con.execute("CREATE TABLE duplicate_cluster_inputs (entry_id VARCHAR, input VARCHAR)")
        con.execute("CREATE TABLE duplicate_cluster_pair_scan (settings VARCHAR)")
        con.execute("INSERT INTO duplicate_cluster_pair_scan VALUES ('old')")
    assert read_pair_cache(db_path) is None  # not read as a cache of this version
    rng = random.Random(2)
    cache = _cache(rng, [f"m-{i:03d}" for i in range(30)])
    write_scan(db_path, [], NOW, "lexical", cache)
    with duckdb.connect(str(db_path), read_only=True) as con:
        names = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    assert names == {"duplicate_clusters", "duplicate_cluster_scan", "duplicate_cluster_pair_cache"}
    stored = read_pair_cache(db_path)
    assert stored is not None and stored.pairs() == cache.pairs()
