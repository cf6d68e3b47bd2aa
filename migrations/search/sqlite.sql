-- Full-text search over revisions with FTS5, kept beside the versioned
-- migrations because ent does not describe virtual tables. Every statement
-- is idempotent; migrations.Apply runs this file on every start.
--
-- revision_search gives each revision the integer rowid FTS5 keys on, and
-- holds the text indexed: its title, body (statement and exposition) and
-- extra (tags and reference citations). revision_fts indexes that text,
-- folded to ASCII and stemmed (Porter), so that "Erdos" finds "Erdős" and
-- "sums" finds "sum", as on PostgreSQL; and, in title_pairs, body_pairs and
-- extra_pairs, the same text as pairs of neighbouring words, each pair one
-- token (search/searchtext), so that a phrase is found by its pairs. It
-- reads its text from revision_search (external content), where the pairs
-- are not kept: they are indexed, never shown. migrations.Apply rebuilds an
-- index made before.
CREATE TABLE IF NOT EXISTS revision_search (
  rowid INTEGER PRIMARY KEY,
  revision_id TEXT NOT NULL UNIQUE REFERENCES revisions (id) ON DELETE CASCADE,
  title TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  extra TEXT NOT NULL DEFAULT ''
);
CREATE VIEW IF NOT EXISTS revision_fts_text AS
  SELECT rowid, title, body, extra, '' AS title_pairs, '' AS body_pairs, '' AS extra_pairs FROM revision_search;
CREATE VIRTUAL TABLE IF NOT EXISTS revision_fts USING fts5 (
  title, body, extra, title_pairs, body_pairs, extra_pairs,
  content = 'revision_fts_text', content_rowid = 'rowid',
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- The vocabulary: every word of the titles and statements indexed, folded
-- to lower case without accents, and the number of revisions it occurs in
-- (search.Index.Suggest reads it for "did you mean").
CREATE TABLE IF NOT EXISTS search_words (
  word TEXT PRIMARY KEY,
  docs INTEGER NOT NULL
) WITHOUT ROWID;
