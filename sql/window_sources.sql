-- window_sources / window_state: what each window's last build read, so the next build can tell
-- that a window's logs are unchanged and keep its rows instead of parsing the logs again
-- (core/telemetry/log_fingerprint.py has the rule; core/telemetry/windows.py when a window is
-- reused). Written in the same transaction that replaces the windows, so they always describe
-- the tables that are there. A build that re-reads a window replaces its rows here; nothing else
-- reads them. Both are made with duckdb_store.create_tables: a table of these names and other
-- columns (another version's, another tool's) is dropped and made anew, and the windows are
-- read again.

-- name: create_sources
-- One row per log file a window read: its stat tuple, whether it was racy (then its sha256), and
-- its malformed lines (reported again, per file, when the window is reused).
CREATE TABLE IF NOT EXISTS window_sources (
    table_name VARCHAR NOT NULL,
    path VARCHAR NOT NULL,
    size BIGINT NOT NULL,
    mtime_ns BIGINT NOT NULL,
    ctime_ns BIGINT NOT NULL,
    ino UBIGINT NOT NULL,
    racy BOOLEAN NOT NULL,
    sha256 VARCHAR,
    malformed BIGINT NOT NULL
);

-- name: create_state
-- One row per window: the build's bounds and cap, the earliest well-formed line stamped after
-- now (it enters the window once now passes it, so until then the rows cannot gain a line), and
-- the digest of the SQL that cut the rows (other SQL, other rows: no reuse), and the statement
-- that makes the window's table as DuckDB's catalog wrote it back after the build (a table
-- dropped or made anew since, by another tool, is rebuilt, not trimmed).
CREATE TABLE IF NOT EXISTS window_state (
    table_name VARCHAR NOT NULL,
    built_at TIMESTAMPTZ NOT NULL,
    window_start TIMESTAMPTZ NOT NULL,
    max_signals BIGINT NOT NULL,
    next_ts TIMESTAMPTZ,
    sql_digest VARCHAR NOT NULL,
    table_sql VARCHAR NOT NULL
);

-- name: sources
SELECT path, size, mtime_ns, ctime_ns, ino, racy, sha256, malformed
FROM window_sources
WHERE table_name = $table_name
ORDER BY path;

-- name: state
SELECT built_at, window_start, max_signals, next_ts, sql_digest, table_sql
FROM window_state
WHERE table_name = $table_name;

-- name: forget_sources
DELETE FROM window_sources WHERE table_name = $table_name;

-- name: forget_state
DELETE FROM window_state WHERE table_name = $table_name;

-- name: record_sources
-- All of a window's files in one statement (the lists are zipped by unnest), not one per file.
INSERT INTO window_sources
SELECT
    $table_name,
    unnest($paths),
    unnest($sizes),
    unnest($mtimes),
    unnest($ctimes),
    unnest($inodes),
    unnest($racy),
    unnest($hashes),
    unnest($malformed);

-- name: record_state
INSERT INTO window_state (
    table_name, built_at, window_start, max_signals, next_ts, sql_digest, table_sql
)
VALUES ($table_name, $built_at, $window_start, $max_signals, $next_ts, $sql_digest, $table_sql);
