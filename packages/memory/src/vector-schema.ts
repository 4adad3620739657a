/**
 * The tables vector retrieval adds to the memory database (schema v4, applied by schema.ts with
 * the other migrations; additive: no existing table or column changes):
 * - `memory_embed_queue`: memories waiting for an embedding (a write whose embed failed or has not
 *   run yet), with the attempts made and the last error; a row leaves when its vector is stored, and
 *   with its memory (ON DELETE CASCADE);
 * - `memory_vectors_model`: an index on `memory_vectors (model)`, so counting or listing the
 *   memories that have a vector of one model never reads the vectors themselves;
 * - `memory_vector_indexes`: the KNN tables built (one sqlite-vec `vec0` table per model and
 *   dimension, vector-index.ts). The `vec0` tables themselves are created when the extension is
 *   loaded, never by a migration, so a Picasso that cannot load sqlite-vec still opens the file.
 */
export const VECTOR_MIGRATION = `
  CREATE TABLE memory_embed_queue (
    id INTEGER PRIMARY KEY REFERENCES memories (id) ON DELETE CASCADE,
    queued_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
  );
  CREATE INDEX memory_vectors_model ON memory_vectors (model);
  CREATE TABLE memory_vector_indexes (
    name TEXT PRIMARY KEY,
    model TEXT NOT NULL,
    dims INTEGER NOT NULL,
    UNIQUE (model, dims)
  );
`;
