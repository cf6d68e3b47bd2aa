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
