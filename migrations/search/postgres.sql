-- Full-text search over revisions, kept beside the versioned migrations
-- because ent does not describe text-search objects. Every statement is
-- idempotent; migrations.Apply runs this file on every start.
DO $$
BEGIN
  -- Only when missing: an installation whose role may not create
  -- extensions can have an administrator create it once.
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'unaccent') THEN
    CREATE EXTENSION unaccent;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'tdb_search') THEN
    -- English stemming ("sums" finds "sum") after accents are folded
    -- ("Erdos" finds "Erdős"); hyphenated words are indexed whole and by part.
    CREATE TEXT SEARCH CONFIGURATION tdb_search (COPY = english);
    ALTER TEXT SEARCH CONFIGURATION tdb_search
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
  END IF;
END
$$;
-- One row per revision, written with it and never changed, since revisions
-- are immutable: title (weight A), statement and exposition (B), tags and
-- reference citations (D).
CREATE TABLE IF NOT EXISTS revision_search (
  revision_id text PRIMARY KEY REFERENCES revisions (id) ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL,
  extra text NOT NULL,
  doc tsvector NOT NULL
);
CREATE INDEX IF NOT EXISTS revision_search_doc ON revision_search USING gin (doc);
-- Every search reads this index and revisions are written seldom, so new
-- entries go straight into it rather than to a pending list that each
-- search would scan until the next vacuum. Set once, and only by the
-- index's owner (another may set it by hand).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_class WHERE oid = to_regclass('revision_search_doc')
                 AND 'fastupdate=off' = ANY (reloptions)) THEN
    ALTER INDEX revision_search_doc SET (fastupdate = off);
    PERFORM gin_clean_pending_list('revision_search_doc'::regclass);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'revision_search_doc keeps its pending list: %', SQLERRM;
END
$$;
-- The first n revisions matching q_match in the GIN index's order, each
-- with its ts_rank for q_rank if it matches that too (a phrase, which the
-- index cannot check): a bounded set of candidates to rank, however many
-- match (search.Index.Rank). The settings make that order the index's:
-- a bitmap scan stops at the n-th row, where a sequential scan would start
-- wherever the last one stopped (synchronized scans) and a parallel one
-- would return rows in any order; and the body's plan is generic, so it is
-- the same plan for every query.
CREATE OR REPLACE FUNCTION tdb_search_hits(q_match tsquery, q_rank tsquery, n integer)
  RETURNS TABLE (revision_id text, score real)
  LANGUAGE sql STABLE ROWS 10
  SET enable_seqscan = off SET max_parallel_workers_per_gather = 0 SET jit = off
AS $$
  SELECT rs.revision_id, CASE WHEN rs.doc @@ q_rank THEN ts_rank(rs.doc, q_rank) END
  FROM revision_search rs WHERE rs.doc @@ q_match LIMIT n
$$;

-- A rare word's candidates lie one to a page across the whole table, and each
-- page read from disk waits for the one before unless PostgreSQL asks the
-- system for the next ones ahead (effective_io_concurrency, whose default, 1,
-- barely does): at a million revisions, read cold, ahead by 64 took half the
-- time. Only where the system can read ahead (posix_fadvise); elsewhere the
-- setting is refused and the function reads as before.
DO $$
BEGIN
  ALTER FUNCTION tdb_search_hits(tsquery, tsquery, integer) SET effective_io_concurrency = 64;
EXCEPTION WHEN invalid_parameter_value OR feature_not_supported THEN
  RAISE NOTICE 'tdb_search_hits reads its candidates without reading ahead: %', SQLERRM;
END
$$;

-- The vocabulary: every word of the titles and statements indexed, folded
-- to lower case without accents, and the number of revisions it occurs in
-- (search.Index.Suggest reads it for "did you mean").
CREATE TABLE IF NOT EXISTS search_words (
  word text PRIMARY KEY,
  docs integer NOT NULL
);
-- tdb_search_hits by a sequential scan: the same rows in the same order, the
-- table's (a bitmap heap scan reads matches in the table's order too, and a
-- sequential scan here starts at its first block: synchronized scans are
-- off), found by reading rows from the start until n match instead of by
-- building the bitmap of every match. For a search whose words are in a
-- large share of all revisions that is far less work (search.Index.Rank
-- chooses between the two from the words' counts).
CREATE OR REPLACE FUNCTION tdb_search_scan(q_match tsquery, q_rank tsquery, n integer)
  RETURNS TABLE (revision_id text, score real)
  LANGUAGE sql STABLE ROWS 10
  SET enable_bitmapscan = off SET enable_indexscan = off SET synchronize_seqscans = off
  SET max_parallel_workers_per_gather = 0 SET jit = off
AS $$
  SELECT rs.revision_id, CASE WHEN rs.doc @@ q_rank THEN ts_rank(rs.doc, q_rank) END
  FROM revision_search rs WHERE rs.doc @@ q_match LIMIT n
$$;
