-- tier_routing_window: logs/tier-routing.jsonl lines {"ts","session_id","tier","model","cost_usd"}
-- from the last tier_routing_window_days (seed change gate: TierRoutingReviewWindow, 14 days).
-- Without a window the review always saw the same trailing 200 entries and could never run out
-- of input; with one, an idle agent's window empties and the review has nothing to do.
--
-- Parameters: $files, $window_start (load, trim); $now (build, next_ts).

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
WITH parsed AS (
    SELECT
        filename AS source_file,
        ts,
        telemetry_name(session_id) AS session_id,
        telemetry_name(tier) AS tier,
        telemetry_name(model) AS model,
        telemetry_number(cost_usd) AS cost_usd
    FROM telemetry_lines(
        $files,
        {
            ts: 'TIMESTAMPTZ', session_id: 'VARCHAR', tier: 'VARCHAR', model: 'VARCHAR',
            cost_usd: 'JSON'
        }
    )
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
    FROM parsed
)
SELECT source_file, valid, ts, session_id, tier, model, cost_usd
FROM checked
WHERE NOT valid OR ts >= $window_start;

-- name: malformed
SELECT * FROM telemetry_malformed('tier_routing_lines');

-- name: build
CREATE OR REPLACE TABLE tier_routing_window AS
SELECT ts, session_id, tier, model, cost_usd
FROM tier_routing_lines
WHERE valid AND ts <= $now;

-- name: next_ts
SELECT next_ts FROM telemetry_next_ts('tier_routing_lines', $now);

-- name: trim
-- The logs are unchanged since the last build and its window start only moved forward: the rows
-- that fell out of the window are dropped, which leaves exactly what a full rebuild would cut.
DELETE FROM tier_routing_window WHERE ts < $window_start;

-- name: rows
SELECT count(*) FROM tier_routing_window;
