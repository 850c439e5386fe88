-- History search at 100,000 analyses (issue 11, docs/decisions/016b-history-at-scale.md): trigram indexes
-- serve the search's case-insensitive substring matches (ILIKE '%term%') on the search text and the location.
-- Only where the pg_trgm extension can be had: PostgreSQL's contrib (Debian's postgresql packages ship it;
-- it is a trusted extension, so a database owner may create it) and PGlite with its pg_trgm bundle, which
-- server/db.ts loads. Elsewhere (a scratch PGlite without the bundle, a role without the right) search works
-- as before, by scanning, and the migration still succeeds. Not in schema.prisma: Prisma cannot declare
-- operator-class GIN indexes without its preview features.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm is not installed (no privilege to create it): history search runs without trigram indexes';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS analyses_search_text_trgm_idx ON analyses USING gin (search_text gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS analyses_property_location_trgm_idx ON analyses USING gin (property_location gin_trgm_ops)';
  END IF;
END $$;
