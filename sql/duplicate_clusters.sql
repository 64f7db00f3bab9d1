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

-- name: record_cluster
INSERT INTO duplicate_clusters VALUES ($cluster_id, $member_ids, $similarity, $open);

-- name: record_scan
INSERT INTO duplicate_cluster_scan VALUES ($scanned_at, $ok, $method, $clusters);

-- name: scan_ok
SELECT ok FROM duplicate_cluster_scan;

-- name: clusters
SELECT cluster_id, member_ids, similarity FROM duplicate_clusters ORDER BY cluster_id;
