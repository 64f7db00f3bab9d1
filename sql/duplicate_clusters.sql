-- duplicate_clusters: the near-duplicate clusters of the last scan over live memory entries,
-- and duplicate_cluster_scan: one row saying whether that scan succeeded. Consolidation reads
-- the clusters back only when the scan row says ok, so a failed scan is never read as "no
-- clusters". Both tables are written in one transaction per scan: created when missing, then
-- only the clusters that changed (by id) deleted and inserted again.

-- name: create
CREATE OR REPLACE TABLE duplicate_clusters (
    cluster_id VARCHAR,
    member_ids VARCHAR[],
    similarity DOUBLE,
    open BOOLEAN
);
CREATE OR REPLACE TABLE duplicate_cluster_scan (
    scanned_at VARCHAR,
    ok BOOLEAN,
    method VARCHAR,
    clusters INTEGER
);

-- name: record_clusters
-- Every cluster of the scan at once: each parameter is a list, one element per cluster.
INSERT INTO duplicate_clusters
SELECT unnest($cluster_id), unnest($member_ids), unnest($similarity), unnest($open);

-- name: record_scan
INSERT INTO duplicate_cluster_scan VALUES ($scanned_at, $ok, $method, $clusters);

-- name: create_if_missing
-- Before each scan's writes, through duckdb_store.create_tables: a table of these names that
-- is not this one (another tool's) is dropped first.
CREATE TABLE IF NOT EXISTS duplicate_clusters (
    cluster_id VARCHAR,
    member_ids VARCHAR[],
    similarity DOUBLE,
    open BOOLEAN
);
CREATE TABLE IF NOT EXISTS duplicate_cluster_scan (
    scanned_at VARCHAR,
    ok BOOLEAN,
    method VARCHAR,
    clusters INTEGER
);

-- name: stored_clusters
SELECT cluster_id, member_ids, similarity, open FROM duplicate_clusters;

-- name: forget_clusters
DELETE FROM duplicate_clusters WHERE cluster_id IN (SELECT unnest($cluster_ids));

-- name: forget_scan
DELETE FROM duplicate_cluster_scan;

-- name: scan_ok
SELECT ok FROM duplicate_cluster_scan;

-- name: clusters
SELECT cluster_id, member_ids, similarity FROM duplicate_clusters ORDER BY cluster_id;

-- duplicate_cluster_pair_cache: what the last lexical scan judged, one row of byte strings
-- (passes/duplicate_clusters/tables.py: the version, the settings, the scanned entries' ids in
-- scan order, each one's input hash, and the pairs it kept as positions into those ids with their
-- similarity), so that the next scan searches only the pairs of new or changed entries. Replaced
-- whole after a lexical scan succeeds, in the clusters' transaction: a few byte strings, where
-- rows per pair and per entry cost an idle cycle a second to read and write at 100 000 entries
-- (docs/benchmarks.md, round 14). A row that does not read back whole is ignored.

-- name: create_pair_cache
CREATE OR REPLACE TABLE duplicate_cluster_pair_cache (
    version VARCHAR,
    settings VARCHAR,
    ids BLOB,
    inputs BLOB,
    lefts BLOB,
    rights BLOB,
    similarities BLOB
);

-- name: record_pair_cache
INSERT INTO duplicate_cluster_pair_cache
VALUES ($version, $settings, $ids, $inputs, $lefts, $rights, $similarities);

-- name: pair_cache
SELECT version, settings, ids, inputs, lefts, rights, similarities
FROM duplicate_cluster_pair_cache;

-- name: forget_pair_tables
-- The row-per-pair tables of earlier versions (their content is the row's).
DROP TABLE IF EXISTS duplicate_cluster_pairs;
DROP TABLE IF EXISTS duplicate_cluster_inputs;
DROP TABLE IF EXISTS duplicate_cluster_pair_scan;

-- duplicate_cluster_tokens: the last lexical scan's token sets, one row of byte strings
-- (core/near_duplicates/token_cache.py: the version, each entry's input hash, the vocabulary,
-- and the rows' offsets and token numbers), so that an incremental scan tokenises only the new
-- and changed texts. Replaced whole in the pair cache's transaction; dropped when a scan writes
-- a pair cache without it. A row that does not read back as this version's is ignored.

-- name: create_tokens
CREATE OR REPLACE TABLE duplicate_cluster_tokens (
    version VARCHAR,
    keys BLOB,
    vocabulary BLOB,
    indptr BLOB,
    indices BLOB
);

-- name: record_tokens
INSERT INTO duplicate_cluster_tokens VALUES ($version, $keys, $vocabulary, $indptr, $indices);

-- name: forget_tokens
DROP TABLE IF EXISTS duplicate_cluster_tokens;

-- name: tokens
SELECT version, keys, vocabulary, indptr, indices FROM duplicate_cluster_tokens;
