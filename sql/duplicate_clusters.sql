-- duplicate_clusters: the near-duplicate clusters of the last scan over live memory entries,
-- and duplicate_cluster_scan: one row saying whether that scan succeeded. Consolidation reads
-- the clusters back only when the scan row says ok, so a failed scan is never read as "no
-- clusters". Both tables are replaced in one transaction per scan.

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

-- name: scan_ok
SELECT ok FROM duplicate_cluster_scan;

-- name: clusters
SELECT cluster_id, member_ids, similarity FROM duplicate_clusters ORDER BY cluster_id;

-- duplicate_cluster_pairs, duplicate_cluster_inputs and duplicate_cluster_pair_scan: what the last
-- lexical scan judged (every pair it kept, the input hash of every entry it scanned, and the
-- settings), so that the next scan searches only the pairs of new or changed entries. Replaced
-- together in one transaction after a lexical scan succeeds.

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
