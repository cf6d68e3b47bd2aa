-- Full-text search over revisions with FTS5, kept beside the versioned
-- migrations because ent does not describe virtual tables. Every statement
-- is idempotent; migrations.Apply runs this file on every start.
--
-- revision_search gives each revision the integer rowid FTS5 keys on;
-- revision_fts holds its title, body (statement and exposition) and extra
-- (tags and reference citations), folded to ASCII and stemmed (Porter), so
-- that "Erdos" finds "Erdős" and "sums" finds "sum", as on PostgreSQL.
CREATE TABLE IF NOT EXISTS revision_search (
  rowid INTEGER PRIMARY KEY,
  revision_id TEXT NOT NULL UNIQUE REFERENCES revisions (id) ON DELETE CASCADE
);
CREATE VIRTUAL TABLE IF NOT EXISTS revision_fts USING fts5 (
  title, body, extra,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
