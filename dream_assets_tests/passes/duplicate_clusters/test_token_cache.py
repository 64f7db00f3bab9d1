"""The lexical scan's token sets kept across scans (core/near_duplicates/token_cache.py): an
incremental scan that copies the unchanged texts' rows from the cache and tokenises only the
others builds the very matrix a full tokenisation does, so its pairs and clusters are the full
scan's; a cache that does not read back whole is ignored; the cache is written in the pair
cache's transaction."""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path

import duckdb
import pytest

from dream_assets.core.models import pair_input as entry_input
from dream_assets.core.near_duplicates.lexical_search import TOKEN_PATTERN, token_sets
from dream_assets.core.near_duplicates.token_cache import (
    TOKEN_CACHE_VERSION,
    TokenDigest,
    TokenRows,
    pack,
    tokenised,
    unpack,
    with_cache,
)
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.duplicate_clusters.scan import compute_clusters, scan_duplicate_clusters
from dream_assets.passes.duplicate_clusters.tables import (
    SCAN_TABLES,
    PairCache,
    read_pair_cache,
    write_scan,
)
from dream_assets_tests.builders import NOW, entry, make_volume
from dream_assets_tests.passes.duplicate_clusters.test_incremental_clusters import _corpus

EXTRA = [
    "",
    "!!",
    "Zoë's café: 3 v2 ÉCOLE école",
    "A NEW word only here: xylophonic quuxes",
    "word word WORD",
]


DIGEST = TokenDigest(bytes(range(32)))


def _key(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()


def _same_matrix(rows: TokenRows, texts: list[str]) -> None:
    got, want = rows.matrix(), token_sets(texts)
    assert got.shape == want.shape
    assert got.indptr.tolist() == want.indptr.tolist()
    assert got.indices.tolist() == want.indices.tolist()
    assert got.data.tolist() == want.data.tolist()
    assert rows.vocabulary == tokenised(texts, [_key(t) for t in texts], DIGEST).vocabulary


@pytest.mark.parametrize("seed", range(5))
def test_rows_from_the_cache_are_the_full_tokenisation(seed: int) -> None:
    rng = random.Random(seed)
    texts = [e.content for e in _corpus(rng, 300)] + EXTRA
    cached = unpack(*pack(tokenised(texts, [_key(t) for t in texts], DIGEST)).values())
    assert cached is not None
    for _round in range(3):
        # Removals, edits (new words among them), additions, and the order shuffled.
        texts = [t for t in texts if rng.random() > 0.1]
        texts = [t + f" Edited {rng.random():.3f}." if rng.random() < 0.1 else t for t in texts]
        texts += [rng.choice(EXTRA) + f" added number {n} ünïcode" for n in range(15)]
        rng.shuffle(texts)
        keys = [_key(t) for t in texts]
        rows = with_cache(texts, keys, cached, DIGEST)
        _same_matrix(rows, texts)
        assert 0 < rows.fresh < len(texts) // 2
        held = set(cached.keys)
        assert rows.fresh == sum(1 for k in keys if k not in held)  # those tokenised
        cached = unpack(*pack(rows).values())
        assert cached is not None


def _changes(volume: AgentVolume, rng: random.Random) -> None:
    """Adds, edits (a changed text of an existing id), removals (archived and deleted files)."""
    live = volume.scan_entries().live
    rng.shuffle(live)
    for edited in live[:8]:
        volume.save(edited.with_changes(content=edited.content + " Now in Reykjavik, 2031."))
    for edited in live[8:12]:
        volume.save(edited.with_changes(content=rng.choice(live).content))
    for gone in live[12:16]:
        volume.save(gone.with_changes(archived_at=NOW, archive_reason="merged"))
    for gone in live[16:20]:
        volume.entry_path(gone.id).unlink()
    for number in range(6):
        text = rng.choice(live).content if number % 2 else f"Brand new fact {number}: zanzibar."
        volume.save(entry(f"new-{rng.random():.6f}-{number}", text))


@pytest.mark.parametrize("seed", [1, 2])
def test_an_incremental_scan_with_cached_tokens_is_the_full_scan(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    volume = make_volume(tmp_path / "a", _corpus(rng, 400))
    options = DreamOptions()
    scan_duplicate_clusters(volume, options, NOW)
    for _round in range(2):
        _changes(volume, rng)
        live = volume.scan_entries().live
        previous = read_pair_cache(volume.duckdb_path)
        assert previous is not None and previous.tokens is not None
        incremental = compute_clusters(volume, options, live, None, previous=previous)
        full = compute_clusters(volume, options, live, None)
        assert incremental.counts["rescanned"] > 0 and "rescanned" not in full.counts
        assert incremental.cache is not None and full.cache is not None
        assert incremental.cache.tokens is not None and full.cache.tokens is not None
        # Only the texts the cache did not hold were tokenised, and their rows are the same.
        assert 0 < incremental.cache.tokens.fresh <= incremental.counts["rescanned"]
        assert full.cache.tokens.fresh == len(live)
        assert incremental.cache.tokens.vocabulary == full.cache.tokens.vocabulary
        assert incremental.cache.tokens.indices.tolist() == full.cache.tokens.indices.tolist()
        assert incremental.clusters == full.clusters
        assert sorted(incremental.cache.pairs()) == sorted(full.cache.pairs())
        assert incremental.counts["lexical_pairs"] < full.counts["lexical_pairs"]
        report, clusters = scan_duplicate_clusters(volume, options, NOW)
        assert clusters == full.clusters and report.counts["rescanned"] > 0
        stored = read_pair_cache(volume.duckdb_path)
        assert stored is not None and stored.tokens is not None
        assert stored.tokens.keys == [entry_input(e) for e in live]


def _spoil(db_path: Path, statement: str) -> None:
    with duckdb.connect(str(db_path)) as con:
        con.execute(statement)


SPOILED = {
    "foreign version": "UPDATE duplicate_cluster_tokens SET version = 'token-rows-0|upper|\\w'",
    "truncated numbers": "UPDATE duplicate_cluster_tokens SET indices = indices[1:-5]",
    "bad offsets": "UPDATE duplicate_cluster_tokens SET indptr = indptr[9:]",
    "number out of range": (
        "UPDATE duplicate_cluster_tokens SET indices ="
        " indices[1:octet_length(indices) - 4] || '\\xFF\\xFF\\xFF\\x7F'::BLOB"
    ),
    "a row repeating a number": (
        "UPDATE duplicate_cluster_tokens SET indices = indices[1:4] || indices[1:4] || indices[9:]"
    ),
    "digests cut short": "UPDATE duplicate_cluster_tokens SET vocabulary = vocabulary[1:-3]",
    "two rows": "INSERT INTO duplicate_cluster_tokens SELECT * FROM duplicate_cluster_tokens",
    "no rows": "DELETE FROM duplicate_cluster_tokens",
    "another schema": "CREATE OR REPLACE TABLE duplicate_cluster_tokens (version VARCHAR)",
    "no table": "DROP TABLE duplicate_cluster_tokens",
    "numbers as text": (
        "CREATE OR REPLACE TABLE duplicate_cluster_tokens AS"
        " SELECT version, keys, vocabulary, indptr, 'x' AS indices FROM duplicate_cluster_tokens"
    ),
}


@pytest.mark.parametrize("how", sorted(SPOILED))
def test_a_corrupt_or_foreign_token_cache_is_ignored(tmp_path: Path, how: str) -> None:
    rng = random.Random(3)
    volume = make_volume(tmp_path / "a", _corpus(rng, 200))
    options = DreamOptions()
    scan_duplicate_clusters(volume, options, NOW)
    _changes(volume, rng)
    _spoil(volume.duckdb_path, SPOILED[how])
    previous = read_pair_cache(volume.duckdb_path)
    assert previous is not None and previous.left.size  # the pair cache itself still read
    assert previous.tokens is None
    live = volume.scan_entries().live
    report, clusters = scan_duplicate_clusters(volume, options, NOW)
    full = compute_clusters(volume, options, live, None)
    assert report.counts["rescanned"] > 0  # still incremental, every text tokenised
    assert clusters == full.clusters
    stored = read_pair_cache(volume.duckdb_path)
    assert stored is not None and stored.tokens is not None  # written whole again
    assert stored.tokens.keys == [entry_input(e) for e in live]


def test_a_foreign_agents_cache_only_copies_rows_of_equal_texts(tmp_path: Path) -> None:
    """Another agent's token rows (its file copied in): keyed by the input hash, so only the
    texts both hold are copied, and the matrix is still the full tokenisation's."""
    ours = [e.content for e in _corpus(random.Random(4), 150)]
    theirs = [e.content + " theirs" for e in _corpus(random.Random(5), 150)] + ours[:10]
    cached = unpack(*pack(tokenised(theirs, [_key(t) for t in theirs], DIGEST)).values())
    rows = with_cache(ours, [_key(t) for t in ours], cached, DIGEST)
    _same_matrix(rows, ours)
    shared = set(ours[:10])
    assert rows.fresh == sum(1 for t in ours if t not in shared)


def test_each_check_of_a_stored_cache() -> None:
    texts = ["Jon moved to Oslo.", "Mei likes green tea.", "Oslo, Oslo!"]
    good = pack(tokenised(texts, [_key(t) for t in texts], DIGEST))
    assert unpack(*good.values()) is not None
    numbers = bytearray(good["indices"])  # type: ignore[arg-type]
    repeated = numbers[:4] + numbers[:4] + numbers[8:]  # the first row: its first number twice
    out_of_range = numbers[:-4] + (2**31 - 1).to_bytes(4, "little")
    spoiled = [
        {**good, "version": TOKEN_CACHE_VERSION + "x"},
        {**good, "indices": bytes(repeated)},
        {**good, "indices": bytes(out_of_range)},
        {**good, "indices": bytes(numbers[:-4])},
        {**good, "indptr": good["indptr"][8:]},  # type: ignore[index]
        {**good, "vocabulary": b"oslo\noslo"},  # not whole digests
        {**good, "vocabulary": good["vocabulary"][:16] * 2 + good["vocabulary"][32:]},  # type: ignore[index]
        {**good, "keys": b"\xff"},
        {**good, "version": "token-rows-1|lower|(?u)\\b\\w+\\b"},  # the word-list cache
        {**good, "indices": bytes(numbers[:-1])},  # not a whole number of int32
        {**good, "indices": "text"},
    ]
    for values in spoiled:
        assert unpack(*values.values()) is None


def _contents(db_path: Path) -> dict[str, list[str]]:
    tables = (*SCAN_TABLES, "duplicate_cluster_tokens")
    with duckdb.connect(str(db_path), read_only=True) as con:
        return {t: sorted(map(repr, con.execute(f"SELECT * FROM {t}").fetchall())) for t in tables}


def test_the_token_cache_is_written_in_the_pairs_transaction(tmp_path: Path) -> None:
    db_path = tmp_path / "dream.duckdb"
    texts = ["Jon moved to Oslo in 2019.", "Jon moved to Oslo in 2019!", "Mei likes tea."]
    inputs = {f"m-{i}": _key(t) for i, t in enumerate(texts)}
    rows = tokenised(texts, list(inputs.values()), DIGEST)
    pairs = [("m-0", "m-1", 1.0)]
    write_scan(
        db_path,
        [("c-1", ("m-0", "m-1"), 1.0, True)],
        NOW,
        "lexical",
        PairCache.of_pairs("s", inputs, pairs, tokens=rows),
    )
    before = _contents(db_path)
    assert len(before["duplicate_cluster_tokens"]) == 1
    stored = read_pair_cache(db_path)
    assert stored is not None and stored.tokens is not None
    assert (
        stored.tokens.keys == list(inputs.values()) and stored.tokens.vocabulary == rows.vocabulary
    )
    # A token write that fails leaves the clusters, the pairs and the tokens as they were.
    broken = TokenRows([1, 2, 3], rows.vocabulary, rows.indptr, rows.indices, rows.stamp)  # type: ignore[list-item]
    newer = PairCache.of_pairs(
        "s", {**inputs, "m-3": _key("x")}, [*pairs, ("m-2", "m-3", 0.9)], tokens=broken
    )
    with pytest.raises(TypeError):
        write_scan(db_path, [], NOW, "lexical", newer)
    assert _contents(db_path) == before
    # A pair cache written without token sets leaves none behind.
    write_scan(db_path, [], NOW, "lexical", PairCache.of_pairs("s", inputs, pairs))
    with duckdb.connect(str(db_path), read_only=True) as con:
        names = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    assert "duplicate_cluster_tokens" not in names
    assert read_pair_cache(db_path) is not None
    assert TOKEN_PATTERN in TOKEN_CACHE_VERSION


def test_no_word_is_stored_and_the_digests_need_the_volumes_key(tmp_path: Path) -> None:
    """The DuckDB file holds the vocabulary as digests keyed by the volume's secret (in the entry
    index file): no word of any text is in the stored bytes, and the same words digested without
    that key (or with another) match none of the stored digests."""
    rng = random.Random(6)
    volume = make_volume(tmp_path / "a", _corpus(rng, 120))
    scan_duplicate_clusters(volume, DreamOptions(), NOW)
    with duckdb.connect(str(volume.duckdb_path), read_only=True) as con:
        stored = con.execute("SELECT * FROM duplicate_cluster_tokens").fetchall()
    assert len(stored) == 1
    blob = b"".join(bytes(v) if isinstance(v, bytes) else str(v).encode() for v in stored[0])
    texts = [e.content for e in volume.scan_entries().live]
    words = {w for t in texts for w in re.findall(r"\w{4,}", t.lower())}
    assert len(words) > 20
    assert not [w for w in words if w.encode() in blob]
    rows = unpack(*stored[0])
    assert rows is not None and len(rows.vocabulary) >= len(words)
    secret = volume.entry_index.secret()
    assert secret is not None and len(secret) == 32
    assert secret.hex().encode() not in blob and secret not in blob
    keyed = TokenDigest(secret)
    assert rows.stamp == keyed.stamp
    assert {keyed(w) for w in words} <= set(rows.vocabulary)
    unkeyed = {hashlib.blake2b(w.encode(), digest_size=16).digest() for w in words}
    other = TokenDigest(bytes(32))
    assert not unkeyed & set(rows.vocabulary)
    assert not {other(w) for w in words} & set(rows.vocabulary)


def test_a_cache_of_another_key_is_not_used(tmp_path: Path) -> None:
    """Rows stamped by another key are tokenised again (the digests would not match); a
    rebuilt entry index (a new secret) makes the next scan tokenise every text, and its
    clusters are still the full scan's."""
    texts = [e.content for e in _corpus(random.Random(7), 100)]
    keys = [_key(t) for t in texts]
    cached = unpack(*pack(tokenised(texts, keys, TokenDigest(b"k" * 32))).values())
    assert cached is not None
    rows = with_cache(texts, keys, cached, DIGEST)
    assert rows.fresh == len(texts)
    _same_matrix(rows, texts)
    rng = random.Random(8)
    volume = make_volume(tmp_path / "a", _corpus(rng, 200))
    options = DreamOptions()
    scan_duplicate_clusters(volume, options, NOW)
    before = read_pair_cache(volume.duckdb_path)
    assert before is not None and before.tokens is not None
    _changes(volume, rng)
    volume.entry_index.db_path.unlink()
    live = volume.scan_entries().live
    previous = read_pair_cache(volume.duckdb_path)
    computed = compute_clusters(volume, options, live, None, previous=previous)
    assert computed.counts["rescanned"] > 0
    assert computed.cache is not None and computed.cache.tokens is not None
    assert computed.cache.tokens.fresh == len(live)
    assert computed.cache.tokens.stamp != before.tokens.stamp
    assert computed.clusters == compute_clusters(volume, options, live, None).clusters
