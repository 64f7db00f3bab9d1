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

-- duplicate_cluster_pairs, duplicate_cluster_inputs and duplicate_cluster_pair_scan: what the last
-- lexical scan judged (every pair it kept, the input hash of every entry it scanned, and the
-- settings), so that the next scan searches only the pairs of new or changed entries. Written
-- together in one transaction after a lexical scan succeeds: replaced whole when the settings
-- changed or the tables are not what the scan read, else only the rows that changed.

-- name: create_pairs
CREATE OR REPLACE TABLE duplicate_cluster_pairs (
    left_id VARCHAR,
    right_id VARCHAR,
    similarity DOUBLE
);
CREATE OR REPLACE TABLE duplicate_cluster_inputs (
    entry_id VARCHAR,
    input VARCHAR
);
CREATE OR REPLACE TABLE duplicate_cluster_pair_scan (
    settings VARCHAR
);

-- name: record_pairs
INSERT INTO duplicate_cluster_pairs
SELECT unnest($left_ids), unnest($right_ids), unnest($similarities);

-- name: record_inputs
INSERT INTO duplicate_cluster_inputs SELECT unnest($entry_ids), unnest($inputs);

-- name: record_pair_scan
INSERT INTO duplicate_cluster_pair_scan VALUES ($settings);

-- name: pair_settings
SELECT settings FROM duplicate_cluster_pair_scan;

-- name: pairs
SELECT left_id, right_id, similarity FROM duplicate_cluster_pairs;

-- name: inputs
SELECT entry_id, input FROM duplicate_cluster_inputs;

-- name: pair_tables_digest
-- What the pair tables hold, in one value each (row count and the sum of the rows' hashes): the
-- scan compares the digest it read with the one in the writing transaction before it updates
-- the rows in place.
SELECT
    (SELECT count(*) FROM duplicate_cluster_pair_scan),
    (SELECT max(settings) FROM duplicate_cluster_pair_scan),
    (SELECT count(*) FROM duplicate_cluster_pairs),
    (SELECT sum(hash(left_id, right_id, similarity)) FROM duplicate_cluster_pairs),
    (SELECT count(*) FROM duplicate_cluster_inputs),
    (SELECT sum(hash(entry_id, input)) FROM duplicate_cluster_inputs);

-- name: forget_inputs
DELETE FROM duplicate_cluster_inputs WHERE entry_id IN (SELECT unnest($entry_ids));

-- name: forget_pairs
-- Every pair with one of the entries: the pairs an incremental scan did not keep.
DELETE FROM duplicate_cluster_pairs
WHERE left_id IN (SELECT unnest($entry_ids)) OR right_id IN (SELECT unnest($entry_ids));

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
