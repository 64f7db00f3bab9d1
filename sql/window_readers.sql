-- Queries the later passes run against the windows built by telemetry_windows. Each reads one
-- window table; telemetry.py returns an empty result when the table is not there yet.

-- name: feedback_window
-- Oldest first, the order in which a prompt tells the story.
SELECT ts, session_id, kind, rating, skills, text
FROM feedback_window
ORDER BY ts, session_id, kind, text;

-- name: skill_usage_counts
SELECT skill, count(*) AS uses
FROM skill_usage_window
GROUP BY skill
ORDER BY skill;

-- name: co_used_pairs
-- Seed Pass 3: "top 10 co-used skill pairs (skills invoked in the same session)". A pair counts
-- once per session, however often either skill was called in it.
WITH used AS (
    SELECT DISTINCT session_id, skill FROM skill_usage_window
)
SELECT a.skill AS first_skill, b.skill AS second_skill, count(*) AS sessions
FROM used AS a
JOIN used AS b ON a.session_id = b.session_id AND a.skill < b.skill
GROUP BY a.skill, b.skill
ORDER BY sessions DESC, first_skill, second_skill
LIMIT $top;

-- name: skill_sessions
-- Pass 4 marks a skill at risk when it was used in a session with a correction or a poor/fair
-- summary, so it needs the sessions each skill was used in.
SELECT skill, list(DISTINCT session_id ORDER BY session_id) AS sessions
FROM skill_usage_window
GROUP BY skill
ORDER BY skill;

-- name: wisp_window
SELECT ts, session_id, description, ok, failed_step, error, skill
FROM wisp_window
ORDER BY ts, session_id, description;

-- name: tier_routing_window
SELECT ts, session_id, tier, model, cost_usd
FROM tier_routing_window
ORDER BY ts, session_id, tier, model;
