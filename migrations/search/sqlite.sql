-- Full-text search over revisions with FTS5, kept beside the versioned
-- migrations because ent does not describe virtual tables. Every statement
-- is idempotent; migrations.Apply runs this file on every start.
--
-- revision_search gives each revision the integer rowid FTS5 keys on;
-- revision_fts holds its title, body (statement and exposition) and extra
-- (tags and reference citations), folded to ASCII and stemmed (Porter), so
-- that "Erdos" finds "Erdős" and "sums" finds "sum", as on PostgreSQL.
-- title_pairs, body_pairs and extra_pairs hold the same text as pairs of
-- neighbouring words, each pair one token (policy/searchtext), so that a
-- phrase is found by its pairs; migrations.Apply rebuilds an index made
-- before they were added.
CREATE TABLE IF NOT EXISTS revision_search (
  rowid INTEGER PRIMARY KEY,
  revision_id TEXT NOT NULL UNIQUE REFERENCES revisions (id) ON DELETE CASCADE
);
CREATE VIRTUAL TABLE IF NOT EXISTS revision_fts USING fts5 (
  title, body, extra, title_pairs, body_pairs, extra_pairs,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
