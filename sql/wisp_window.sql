-- wisp_window: logs/wisp-executions.jsonl lines
-- {"ts","session_id","description","ok","failed_step","error","skill"} from the last
-- wisp_window_days (seed: wisp failure analysis reads the last 14 days of executions, grouped
-- by description to surface recurring patterns).
--
-- Parameters: $files, $window_start (load, trim); $now (build, next_ts).

-- name: stage
CREATE OR REPLACE TEMP TABLE wisp_lines (
    source_file VARCHAR NOT NULL,
    valid BOOLEAN NOT NULL,
    ts TIMESTAMPTZ,
    session_id VARCHAR,
    description VARCHAR,
    ok BOOLEAN,
    failed_step VARCHAR,
    error VARCHAR,
    skill VARCHAR
);

-- name: load
-- ok must be a JSON boolean: "yes" or 1 is a malformed line, not a success.
INSERT INTO wisp_lines
WITH parsed AS (
    SELECT
        filename AS source_file,
        ts,
        telemetry_name(session_id) AS session_id,
        telemetry_name(description) AS description,
        telemetry_boolean(ok) AS ok,
        failed_step,
        error,
        skill
    FROM telemetry_lines(
        $files,
        {
            ts: 'TIMESTAMPTZ', session_id: 'VARCHAR', description: 'VARCHAR', ok: 'JSON',
            failed_step: 'VARCHAR', error: 'VARCHAR', skill: 'VARCHAR'
        }
    )
),
checked AS (
    SELECT
        *,
        coalesce(
            ts IS NOT NULL AND session_id IS NOT NULL AND description IS NOT NULL AND ok IS NOT NULL,
            false
        ) AS valid
    FROM parsed
)
SELECT source_file, valid, ts, session_id, description, ok, failed_step, error, skill
FROM checked
WHERE NOT valid OR ts >= $window_start;

-- name: malformed
SELECT * FROM telemetry_malformed('wisp_lines');

-- name: build
CREATE OR REPLACE TABLE wisp_window AS
SELECT ts, session_id, description, ok, failed_step, error, skill
FROM wisp_lines
WHERE valid AND ts <= $now;

-- name: next_ts
SELECT next_ts FROM telemetry_next_ts('wisp_lines', $now);

-- name: trim
-- The logs are unchanged since the last build and its window start only moved forward: the rows
-- that fell out of the window are dropped, which leaves exactly what a full rebuild would cut.
DELETE FROM wisp_window WHERE ts < $window_start;

-- name: rows
SELECT count(*) FROM wisp_window;
