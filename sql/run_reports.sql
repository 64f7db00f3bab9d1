-- run_reports: one row per cycle run, the safety report's totals beside the whole report as
-- JSON (also written to dream-reports/<run_id>.json). A rerun of the same run id replaces it.

-- name: create
CREATE TABLE IF NOT EXISTS run_reports (
    run_id VARCHAR PRIMARY KEY,
    created_at VARCHAR,
    preview BOOLEAN,
    proposed INTEGER,
    refused INTEGER,
    failures INTEGER,
    model_calls INTEGER,
    tokens INTEGER,
    redactions INTEGER,
    report JSON
);

-- name: record
INSERT OR REPLACE INTO run_reports
VALUES ($run_id, $created_at, $preview, $proposed, $refused, $failures, $model_calls, $tokens,
        $redactions, $report);

-- name: count
-- Rows of the table: the cycle report's dagster/row_count.
SELECT count(*) FROM run_reports;

-- name: created
-- Every report's run and creation time: what the retention (core/safety/report_retention.py) sorts.
SELECT run_id, created_at FROM run_reports;

-- name: forget
-- A report past the retention, not of a run still undoable.
DELETE FROM run_reports WHERE run_id = $run_id;
