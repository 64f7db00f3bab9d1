-- feedback_window: logs/feedback/<session>.jsonl lines
-- {"ts","session_id","kind","rating","skills","text"} from the last feedback_window_days, the
-- most recent feedback_max_signals of them (seed Pass 1 and Pass 5: "recent feedback signals,
-- last 7 days, up to 50"). The cap keeps the prompt bounded however chatty the feedback log is.
--
-- Parameters: $files, $window_start, $now (load); $max_signals (build).

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
-- a skill at risk); skills is absent, null or a list of names; text is absent, null or text.
INSERT INTO feedback_lines
-- MATERIALIZED: inlined, the CTE would re-parse the line once per field it names.
WITH parsed AS MATERIALIZED (
    SELECT
        filename AS source_file,
        telemetry_fields(
            json, ['$.ts', '$.session_id', '$.kind', '$.rating', '$.skills', '$.text']
        ) AS f
    FROM read_ndjson_objects($files, ignore_errors = true, filename = true)
),
named AS (
    SELECT
        source_file,
        telemetry_time(f.types[1], f.texts[1]) AS ts,
        telemetry_name(f.types[2], f.texts[2]) AS session_id,
        telemetry_name(f.types[3], f.texts[3]) AS kind,
        f.types[4] AS rating_type,
        f.texts[4] AS rating,
        f.types[5] AS skills_type,
        -- the list's own JSON text, parsed again only for its elements
        CASE WHEN f.types[5] = 'ARRAY' THEN f.texts[5]::JSON END AS skills_json,
        f.types[6] AS text_type,
        f.texts[6] AS text
    FROM parsed
),
checked AS (
    SELECT
        *,
        coalesce(
            ts IS NOT NULL
            AND session_id IS NOT NULL
            AND kind IS NOT NULL
            AND (
                coalesce(rating_type, 'NULL') = 'NULL'
                OR telemetry_text(rating_type, rating) IN ('poor', 'fair', 'good', 'excellent')
            )
            AND (
                coalesce(skills_type, 'NULL') = 'NULL'
                OR list_has_all(['VARCHAR'], json_type(skills_json, '$[*]'))
            )
            AND telemetry_optional_text(text_type),
            false
        ) AS valid
    FROM named
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
WHERE NOT valid OR ts BETWEEN $window_start AND $now;

-- name: malformed
SELECT source_file, count(*) AS malformed
FROM feedback_lines
WHERE NOT valid
GROUP BY source_file
ORDER BY source_file;

-- name: build
-- Ties on ts are broken by content so that the same logs always give the same 50.
CREATE OR REPLACE TABLE feedback_window AS
SELECT ts, session_id, kind, rating, skills, text
FROM feedback_lines
WHERE valid
ORDER BY ts DESC, session_id, kind, text
LIMIT $max_signals;
