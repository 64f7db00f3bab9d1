-- window_builds: one row per window per build, so an operator can see when each slice was cut,
-- from how many files, and how many lines were malformed. Written in the same transaction that
-- replaces the windows, so a row here always describes the tables that are there.

-- name: create
CREATE TABLE IF NOT EXISTS window_builds (
    built_at TIMESTAMPTZ NOT NULL,
    table_name VARCHAR NOT NULL,
    window_start TIMESTAMPTZ NOT NULL,
    files INTEGER NOT NULL,
    rows BIGINT NOT NULL,
    malformed BIGINT NOT NULL
);

-- name: record
INSERT INTO window_builds (built_at, table_name, window_start, files, rows, malformed)
VALUES ($built_at, $table_name, $window_start, $files, $rows, $malformed);
