-- The tables of the agent's DuckDB file as DuckDB's own catalog states them, for
-- core/store/duckdb_store.py create_tables: a table or view of one of our names that is not what
-- our CREATE TABLE IF NOT EXISTS statement makes (another version's, another tool's) is dropped
-- and made anew, where IF NOT EXISTS would keep it and every later statement on it would fail.
-- The file is a cache of the logs and entries: what such a table held is rebuilt.

-- name: standing
-- The tables and views of the file's schema named one of $names (lower case: DuckDB's names are
-- case-insensitive), each with its kind and the statement that makes it as the catalog writes it
-- back.
SELECT lower(table_name) AS name, 'TABLE' AS kind, sql
FROM duckdb_tables()
WHERE database_name = current_database()
    AND schema_name = current_schema()
    AND lower(table_name) IN (SELECT unnest($names::VARCHAR[]))
UNION ALL
SELECT lower(view_name), 'VIEW', sql
FROM duckdb_views()
WHERE database_name = current_database()
    AND schema_name = current_schema()
    AND NOT internal
    AND lower(view_name) IN (SELECT unnest($names::VARCHAR[]));

-- name: declared
-- The statements that make the temp tables $names (our CREATE statements run as temp tables of
-- other names, to have the catalog write back what they declare).
SELECT table_name, sql
FROM duckdb_tables()
WHERE database_name = 'temp' AND table_name IN (SELECT unnest($names::VARCHAR[]));
