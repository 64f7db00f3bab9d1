-- Field readers, the log reader and the malformed count shared by every window; blocks run in
-- file order once per build.
--
-- The windows read the logs with DuckDB's typed JSON reader (read_ndjson with explicit
-- columns), which parses each line once, in parallel. A line that is not JSON, not an object,
-- or lacks a required field arrives as NULLs and is counted malformed. ts is read as
-- TIMESTAMPTZ: ISO-8601 text, a timestamp without an offset taken as UTC (the build sets
-- TimeZone = 'UTC', as clock.parse_time does); a number, a bad date or an unparseable string
-- arrives as NULL, so the line is malformed. Fields whose JSON type carries meaning are read
-- as raw JSON and checked here: a boolean, a number, a list of names. Name and text fields
-- are read as VARCHAR, so a number or boolean there is taken as its text (the reader casts it)
-- rather than making the line malformed: checking the JSON type of every string field needs a
-- second parse of every line and cost 2.5x the build time.

-- name: telemetry_name
-- Names (session ids, skills, kinds, tiers) group and join rows, so an empty one is malformed.
CREATE OR REPLACE TEMP MACRO telemetry_name(field) AS
    nullif(field, '');

-- name: telemetry_boolean
-- A JSON true or false (the reader hands JSON values over normalised); "yes" or 1 is not one.
CREATE OR REPLACE TEMP MACRO telemetry_boolean(field) AS
    CASE field::VARCHAR WHEN 'true' THEN true WHEN 'false' THEN false END;

-- name: telemetry_number
-- A JSON number; "0.25" (a string, with its quotes) and true are not numbers.
CREATE OR REPLACE TEMP MACRO telemetry_number(field) AS
    TRY_CAST(field::VARCHAR AS DOUBLE);

-- name: telemetry_is_name_list
-- Absent, null, or a JSON list whose every element is a string.
CREATE OR REPLACE TEMP MACRO telemetry_is_name_list(field) AS
    field IS NULL
    OR (json_type(field) = 'ARRAY' AND list_has_all(['VARCHAR'], json_type(field, '$[*]')));

-- name: telemetry_lines
-- One log's lines with the given typed columns, and the file each came from. ignore_errors turns
-- a line that cannot be read into NULLs instead of failing the build, so it is counted malformed.
CREATE OR REPLACE TEMP MACRO telemetry_lines(files, fields) AS TABLE
    SELECT *
    FROM read_ndjson(
        files,
        columns = fields,
        format = 'newline_delimited',
        records = true,
        ignore_errors = true,
        filename = true
    );

-- name: telemetry_malformed
-- Malformed lines per file of one staging table (named as a string), for the build's report.
CREATE OR REPLACE TEMP MACRO telemetry_malformed(lines) AS TABLE
    SELECT source_file, count(*) AS malformed
    FROM query_table(lines)
    WHERE NOT valid
    GROUP BY source_file
    ORDER BY source_file;

-- name: telemetry_next_ts
-- The earliest well-formed line of a staging table stamped after now: the window cannot gain a
-- line from unchanged logs until now reaches it.
CREATE OR REPLACE TEMP MACRO telemetry_next_ts(lines, now) AS TABLE
    SELECT min(ts) AS next_ts
    FROM query_table(lines)
    WHERE valid AND ts > now;
