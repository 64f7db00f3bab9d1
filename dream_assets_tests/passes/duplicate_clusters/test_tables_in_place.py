"""The scan's tables written in place (passes/duplicate_clusters/tables.py): after any change,
the cluster table and the pair cache hold exactly what a whole rewrite would leave, and a table
that is not what the scan read is rewritten whole."""

from __future__ import annotations

import random
from pathlib import Path

import duckdb
import pytest

from dream_assets.core.clock import format_time
from dream_assets.passes.duplicate_clusters import tables
from dream_assets.passes.duplicate_clusters.tables import (
    SCAN_TABLES as TABLES,
)
from dream_assets.passes.duplicate_clusters.tables import PairCache, read_pair_cache, write_scan
from dream_assets_tests.builders import NOW


def _contents(db_path: Path) -> dict[str, list[str]]:
    with duckdb.connect(str(db_path), read_only=True) as con:
        return {t: sorted(map(repr, con.execute(f"SELECT * FROM {t}").fetchall())) for t in TABLES}


def _cache(rng: random.Random, ids: list[str], settings: str = "s") -> PairCache:
    inputs = {i: f"h{rng.randrange(3)}" for i in ids}
    pairs = sorted(
        {
            (a, b, round(rng.random(), 3))
            for a, b in zip(rng.choices(ids, k=40), rng.choices(ids, k=40), strict=True)
        }
    )
    return PairCache(settings, inputs, pairs)


def _next(rng: random.Random, previous: PairCache, *, fresh: bool = False) -> PairCache:
    """What the next scan keeps: the pairs of unchanged entries, new pairs of changed ones
    (with ``fresh``, named as the scan names them: the delta is not computed by comparing)."""
    ids = sorted(previous.inputs)
    removed = set(rng.sample(ids, 5))
    changed = set(rng.sample(sorted(set(ids) - removed), 5))
    added = [f"new-{rng.random():.6f}" for _ in range(4)]
    inputs = {i: h for i, h in previous.inputs.items() if i not in removed}
    inputs.update({i: inputs[i] + "'" for i in changed})
    inputs.update({i: "fresh" for i in added})
    away = removed | changed
    pairs = [p for p in previous.pairs if p[0] not in away and p[1] not in away]
    touched = sorted(changed) + added
    pairs += [
        (a, b, 0.9) for a, b in zip(touched, rng.sample(sorted(inputs), len(touched)), strict=True)
    ]
    pairs = list(dict.fromkeys(pairs))
    own = [p for p in pairs if p[0] in touched or p[1] in touched] if fresh else None
    return PairCache(previous.settings, inputs, pairs, fresh=own)


def _rows(rng: random.Random, ids: list[str]) -> list[tables.ClusterRow]:
    picked = rng.sample(ids, 12)
    return [
        (f"c-{a}", (a, b), round(rng.random(), 3), rng.random() < 0.5)
        for a, b in zip(picked[::2], picked[1::2], strict=True)
    ]


@pytest.mark.parametrize("fresh", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_in_place_equals_a_rewrite(tmp_path: Path, seed: int, fresh: bool) -> None:
    rng = random.Random(seed)
    ids = [f"m-{i:03d}" for i in range(60)]
    in_place, rewritten = tmp_path / "in_place.duckdb", tmp_path / "rewritten.duckdb"
    cache, rows = _cache(rng, ids), _rows(rng, ids)
    write_scan(in_place, rows, NOW, "lexical", cache)
    for _ in range(3):
        previous = read_pair_cache(in_place)
        assert previous is not None and previous.digest is not None
        cache = _next(rng, previous, fresh=fresh)
        # Some clusters kept, some changed (members, open flag), some gone, some new.
        live = sorted(cache.inputs)
        rows = [r for r in rows if rng.random() < 0.7] + _rows(rng, live)[:3]
        rows = [(r[0], r[1], r[2], not r[3]) if rng.random() < 0.3 else r for r in rows]
        rows = list({r[0]: r for r in rows}.values())
        assert tables._pair_delta(cache, previous, previous.digest) is not None
        write_scan(in_place, rows, NOW, "lexical", cache, previous)
        rewritten.unlink(missing_ok=True)
        write_scan(rewritten, rows, NOW, "lexical", cache)
        assert _contents(in_place) == _contents(rewritten)
    # A failed scan: no clusters, the scan row says so, the pair cache untouched.
    before = _contents(in_place)
    write_scan(in_place, None, NOW, "lexical")
    after = _contents(in_place)
    assert after["duplicate_clusters"] == []
    assert after["duplicate_cluster_scan"] == [repr((format_time(NOW), False, "lexical", 0))]
    for table in TABLES[2:]:
        assert after[table] == before[table] != []


def test_tables_changed_since_read_are_rewritten(tmp_path: Path) -> None:
    rng = random.Random(1)
    ids = [f"m-{i:03d}" for i in range(60)]
    db_path = tmp_path / "dream.duckdb"
    write_scan(db_path, _rows(rng, ids), NOW, "lexical", _cache(rng, ids))
    previous = read_pair_cache(db_path)
    assert previous is not None
    # Another writer between the read and the write: a row added and one repeated.
    with duckdb.connect(str(db_path)) as con:
        con.execute("INSERT INTO duplicate_cluster_pairs VALUES ('x', 'y', 0.5)")
        con.execute(
            "INSERT INTO duplicate_cluster_inputs SELECT * FROM duplicate_cluster_inputs LIMIT 1"
        )
    cache = _next(rng, previous)
    with duckdb.connect(str(db_path), read_only=True) as con:
        digest = tables._pair_digest(con)
    assert tables._pair_delta(cache, previous, digest) is None
    write_scan(db_path, [], NOW, "lexical", cache, previous)
    fresh = tmp_path / "fresh.duckdb"
    write_scan(fresh, [], NOW, "lexical", cache)
    assert _contents(db_path) == _contents(fresh)


def test_settings_changed_rewrites_the_cache(tmp_path: Path) -> None:
    rng = random.Random(2)
    ids = [f"m-{i:03d}" for i in range(30)]
    db_path = tmp_path / "dream.duckdb"
    write_scan(db_path, [], NOW, "lexical", _cache(rng, ids))
    previous = read_pair_cache(db_path)
    assert previous is not None
    other = _cache(rng, ids, settings="other")
    assert tables._pair_delta(other, previous, previous.digest) is None
    write_scan(db_path, [], NOW, "lexical", other, previous)
    fresh = tmp_path / "fresh.duckdb"
    write_scan(fresh, [], NOW, "lexical", other)
    assert _contents(db_path) == _contents(fresh)
