-- tier_routing_window: logs/tier-routing.jsonl lines {"ts","session_id","tier","model","cost_usd"}
-- from the last tier_routing_window_days (seed change gate: TierRoutingReviewWindow, 14 days).
-- Without a window the review always saw the same trailing 200 entries and could never run out
-- of input; with one, an idle agent's window empties and the review has nothing to do.
--
-- Parameters: $files, $window_start, $now.

-- name: stage
CREATE OR REPLACE TEMP TABLE tier_routing_lines (
    source_file VARCHAR NOT NULL,
    valid BOOLEAN NOT NULL,
    ts TIMESTAMPTZ,
    session_id VARCHAR,
    tier VARCHAR,
    model VARCHAR,
    cost_usd DOUBLE
);

-- name: load
-- cost_usd must be a JSON number; "0.25" as a string is a malformed line.
INSERT INTO tier_routing_lines
-- MATERIALIZED: inlined, the CTE would re-parse the line once per field it names.
WITH parsed AS MATERIALIZED (
    SELECT
        filename AS source_file,
        telemetry_fields(json, ['$.ts', '$.session_id', '$.tier', '$.model', '$.cost_usd']) AS f
    FROM read_ndjson_objects($files, ignore_errors = true, filename = true)
),
named AS (
    SELECT
        source_file,
        telemetry_time(f.types[1], f.texts[1]) AS ts,
        telemetry_name(f.types[2], f.texts[2]) AS session_id,
        telemetry_name(f.types[3], f.texts[3]) AS tier,
        telemetry_name(f.types[4], f.texts[4]) AS model,
        CASE
            WHEN f.types[5] IN ('UBIGINT', 'BIGINT', 'HUGEINT', 'DOUBLE')
                THEN TRY_CAST(f.texts[5] AS DOUBLE)
        END AS cost_usd
    FROM parsed
),
checked AS (
    SELECT
        *,
        coalesce(
            ts IS NOT NULL
            AND session_id IS NOT NULL
            AND tier IS NOT NULL
            AND model IS NOT NULL
            AND cost_usd IS NOT NULL,
            false
        ) AS valid
    FROM named
)
SELECT source_file, valid, ts, session_id, tier, model, cost_usd
FROM checked
WHERE NOT valid OR ts BETWEEN $window_start AND $now;

-- name: malformed
SELECT source_file, count(*) AS malformed
FROM tier_routing_lines
WHERE NOT valid
GROUP BY source_file
ORDER BY source_file;

-- name: build
CREATE OR REPLACE TABLE tier_routing_window AS
SELECT ts, session_id, tier, model, cost_usd
FROM tier_routing_lines
WHERE valid;
