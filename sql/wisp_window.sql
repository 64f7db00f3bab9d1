-- wisp_window: logs/wisp-executions.jsonl lines
-- {"ts","session_id","description","ok","failed_step","error","skill"} from the last
-- wisp_window_days (seed: wisp failure analysis reads the last 14 days of executions, grouped
-- by description to surface recurring patterns).
--
-- Parameters: $files, $window_start, $now.

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
-- MATERIALIZED: inlined, the CTE would re-parse the line once per field it names.
WITH parsed AS MATERIALIZED (
    SELECT
        filename AS source_file,
        telemetry_fields(
            json,
            [
                '$.ts', '$.session_id', '$.description', '$.ok', '$.failed_step', '$.error',
                '$.skill'
            ]
        ) AS f
    FROM read_ndjson_objects($files, ignore_errors = true, filename = true)
),
named AS (
    SELECT
        source_file,
        telemetry_time(f.types[1], f.texts[1]) AS ts,
        telemetry_name(f.types[2], f.texts[2]) AS session_id,
        telemetry_name(f.types[3], f.texts[3]) AS description,
        CASE WHEN f.types[4] = 'BOOLEAN' THEN f.texts[4] = 'true' END AS ok,
        f.texts[5] AS failed_step,
        f.texts[6] AS error,
        f.texts[7] AS skill,
        telemetry_optional_text(f.types[5])
            AND telemetry_optional_text(f.types[6])
            AND telemetry_optional_text(f.types[7]) AS optional_fields_ok
    FROM parsed
),
checked AS (
    SELECT
        *,
        coalesce(
            ts IS NOT NULL
            AND session_id IS NOT NULL
            AND description IS NOT NULL
            AND ok IS NOT NULL
            AND optional_fields_ok,
            false
        ) AS valid
    FROM named
)
SELECT source_file, valid, ts, session_id, description, ok, failed_step, error, skill
FROM checked
WHERE NOT valid OR ts BETWEEN $window_start AND $now;

-- name: malformed
SELECT source_file, count(*) AS malformed
FROM wisp_lines
WHERE NOT valid
GROUP BY source_file
ORDER BY source_file;

-- name: build
CREATE OR REPLACE TABLE wisp_window AS
SELECT ts, session_id, description, ok, failed_step, error, skill
FROM wisp_lines
WHERE valid;
