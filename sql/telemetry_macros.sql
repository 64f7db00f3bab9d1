-- Field readers shared by every window. Each line's JSON is parsed twice, once for the type of
-- every field and once for its text (telemetry_fields), instead of once per field.
--
-- A line counts only when each field has the JSON type its log format names: a number where a
-- timestamp or a name belongs makes the line malformed (counted and skipped), rather than being
-- quietly cast into something plausible. Blocks run in file order once per build.

-- name: telemetry_fields
-- {types, texts} for the JSON paths: types[i] is the JSON type of path i (NULL when absent,
-- 'NULL' for null), texts[i] its value as text (strings unescaped). A line that is not JSON at
-- all arrives as NULL and gives NULL for both.
CREATE OR REPLACE TEMP MACRO telemetry_fields(line, paths) AS {
    'types': json_type(line, paths),
    'texts': json_extract_string(line, paths)
};

-- name: telemetry_text
CREATE OR REPLACE TEMP MACRO telemetry_text(field_type, field_text) AS
    CASE WHEN field_type = 'VARCHAR' THEN field_text END;

-- name: telemetry_name
-- Names (session ids, skills, kinds, tiers) group and join rows, so an empty one is malformed.
CREATE OR REPLACE TEMP MACRO telemetry_name(field_type, field_text) AS
    nullif(telemetry_text(field_type, field_text), '');

-- name: telemetry_time
-- ISO-8601; a timestamp without an offset is taken as UTC (the build sets TimeZone = 'UTC'),
-- as clock.parse_time does.
CREATE OR REPLACE TEMP MACRO telemetry_time(field_type, field_text) AS
    TRY_CAST(telemetry_text(field_type, field_text) AS TIMESTAMPTZ);

-- name: telemetry_optional_text
-- An optional string field: absent, null or a string.
CREATE OR REPLACE TEMP MACRO telemetry_optional_text(field_type) AS
    coalesce(field_type, 'NULL') IN ('NULL', 'VARCHAR');
