-- Vector cache of the near-duplicate scan, in the agent's DuckDB file.
-- One row per (embedder key, sha256 of the entry text); the vector is float32, little-endian,
-- as raw bytes. A cycle embeds only texts without a row; rows of texts that are gone are dropped.

-- name: create_embedding_cache
CREATE TABLE IF NOT EXISTS embedding_cache (
    model VARCHAR NOT NULL,
    content_hash VARCHAR NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (model, content_hash)
);

-- name: read_embedding_cache
SELECT content_hash, vector FROM embedding_cache WHERE model = $model;

-- name: drop_embeddings
DELETE FROM embedding_cache
WHERE model = $model AND content_hash IN (SELECT unnest($hashes::VARCHAR[]));

-- name: insert_embeddings
INSERT OR REPLACE INTO embedding_cache SELECT model, content_hash, vector FROM fresh_embeddings;
