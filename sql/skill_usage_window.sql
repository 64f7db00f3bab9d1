-- skill_usage_window: logs/skill-usage/<session>.jsonl lines {"ts","session_id","skill"} from
-- the last skill_usage_window_days (seed Pass 3: usage counts per skill over 30 days, and the
-- co-used pairs, skills invoked in the same session). The counts are rolling annotations that
-- drift as old events age out, which is why the change gate never hashes them.
--
-- Parameters: $files (paths, glob characters escaped), $window_start (load, trim); $now (build,
-- next_ts).

-- name: stage
CREATE OR REPLACE TEMP TABLE skill_usage_lines (
    source_file VARCHAR NOT NULL,
    valid BOOLEAN NOT NULL,
    ts TIMESTAMPTZ,
    session_id VARCHAR,
    skill VARCHAR
);

-- name: load
-- Malformed lines are kept (valid = false) so they can be counted per file; well-formed lines
-- before the window start are dropped here, so the staging table stays window-sized; lines stamped
-- after now are kept for next_ts (the build leaves them out).
INSERT INTO skill_usage_lines
WITH parsed AS (
    SELECT
        filename AS source_file,
        ts,
        telemetry_name(session_id) AS session_id,
        telemetry_name(skill) AS skill
    FROM telemetry_lines($files, {ts: 'TIMESTAMPTZ', session_id: 'VARCHAR', skill: 'VARCHAR'})
),
checked AS (
    SELECT
        *,
        coalesce(ts IS NOT NULL AND session_id IS NOT NULL AND skill IS NOT NULL, false) AS valid
    FROM parsed
)
SELECT source_file, valid, ts, session_id, skill
FROM checked
WHERE NOT valid OR ts >= $window_start;

-- name: malformed
SELECT * FROM telemetry_malformed('skill_usage_lines');

-- name: build
CREATE OR REPLACE TABLE skill_usage_window AS
SELECT ts, session_id, skill
FROM skill_usage_lines
WHERE valid AND ts <= $now;

-- name: next_ts
SELECT next_ts FROM telemetry_next_ts('skill_usage_lines', $now);

-- name: trim
-- The logs are unchanged since the last build and its window start only moved forward: the rows
-- that fell out of the window are dropped, which leaves exactly what a full rebuild would cut.
DELETE FROM skill_usage_window WHERE ts < $window_start;

-- name: rows
SELECT count(*) FROM skill_usage_window;
