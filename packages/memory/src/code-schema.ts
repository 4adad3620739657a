/**
 * Schema v5, quantised KNN (binary-codes.ts), applied by schema.ts with the other migrations;
 * additive:
 * - `memory_vector_codes`: the binary code of each indexed vector (one per memory, like
 *   `memory_vectors`), its model, dimension and scope, and `seq`, the order codes were written in
 *   (AUTOINCREMENT: never reused, even after a rebuild cleared them all; indexed with the model and
 *   dimension, so a process reads only the codes new since its last query);
 * - `memory_vector_indexes.coded`: 1 once every vector of that KNN table has its code. Tables of a
 *   v4 file start at 0 and get their codes at the first KNN query that may write (a read-only file
 *   keeps querying the `vec0` table itself);
 * - `memory_embed_queue_order`: the queue in the order it is drained (fewest attempts, oldest
 *   first), so taking a batch reads 32 rows instead of sorting the whole queue (100,000 rows after
 *   an import: reindex was quadratic).
 */
export const CODES_MIGRATION = `
  CREATE TABLE memory_vector_codes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id INTEGER NOT NULL UNIQUE,
    model TEXT NOT NULL,
    dims INTEGER NOT NULL,
    scope TEXT NOT NULL,
    code BLOB NOT NULL
  );
  CREATE INDEX memory_vector_codes_seq ON memory_vector_codes (model, dims, seq);
  ALTER TABLE memory_vector_indexes ADD COLUMN coded INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX memory_embed_queue_order ON memory_embed_queue (attempts, queued_at, id);
`;
