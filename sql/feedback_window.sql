-- feedback_window: logs/feedback/<session>.jsonl lines
-- {"ts","session_id","kind","rating","skills","text"} from the last feedback_window_days, the
-- most recent feedback_max_signals of them (seed Pass 1 and Pass 5: "recent feedback signals,
-- last 7 days, up to 50"). The cap keeps the prompt bounded however chatty the feedback log is.
--
-- Parameters: $files, $window_start (load); $now, $max_signals (build); $now (next_ts);
-- $window_start (trim).

-- name: stage
CREATE OR REPLACE TEMP TABLE feedback_lines (
    source_file VARCHAR NOT NULL,
    valid BOOLEAN NOT NULL,
    ts TIMESTAMPTZ,
    session_id VARCHAR,
    kind VARCHAR,
    rating VARCHAR,
    skills VARCHAR[],
    text VARCHAR
);

-- name: load
-- rating is absent, null or one of the four words Pass 4 compares against (poor and fair mark
-- a skill at risk); skills is absent, null or a list of names.
INSERT INTO feedback_lines
WITH parsed AS (
    SELECT
        filename AS source_file,
        ts,
        telemetry_name(session_id) AS session_id,
        telemetry_name(kind) AS kind,
        rating,
        skills AS skills_json,
        text
    FROM telemetry_lines(
        $files,
        {
            ts: 'TIMESTAMPTZ', session_id: 'VARCHAR', kind: 'VARCHAR', rating: 'VARCHAR',
            skills: 'JSON', text: 'VARCHAR'
        }
    )
),
checked AS (
    SELECT
        *,
        coalesce(
            ts IS NOT NULL
            AND session_id IS NOT NULL
            AND kind IS NOT NULL
            AND (rating IS NULL OR rating IN ('poor', 'fair', 'good', 'excellent'))
            AND telemetry_is_name_list(skills_json),
            false
        ) AS valid
    FROM parsed
)
SELECT
    source_file,
    valid,
    ts,
    session_id,
    kind,
    rating,
    CASE WHEN valid THEN coalesce(json_extract_string(skills_json, '$[*]'), []) END AS skills,
    coalesce(text, '') AS text
FROM checked
WHERE NOT valid OR ts >= $window_start;

-- name: malformed
SELECT * FROM telemetry_malformed('feedback_lines');

-- name: build
-- Ties on ts are broken by content so that the same logs always give the same 50.
CREATE OR REPLACE TABLE feedback_window AS
SELECT ts, session_id, kind, rating, skills, text
FROM feedback_lines
WHERE valid AND ts <= $now
ORDER BY ts DESC, session_id, kind, text
LIMIT $max_signals;

-- name: next_ts
SELECT next_ts FROM telemetry_next_ts('feedback_lines', $now);

-- name: trim
-- The logs are unchanged since the last build and its window start only moved forward: the rows
-- that fell out of the window are dropped, which leaves exactly what a full rebuild would cut.
DELETE FROM feedback_window WHERE ts < $window_start;

-- name: rows
SELECT count(*) FROM feedback_window;
