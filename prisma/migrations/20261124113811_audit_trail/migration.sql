-- CreateTable
CREATE TABLE "audit_entries" (
    "id" SERIAL NOT NULL,
    "analysis_id" UUID NOT NULL,
    "owner_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "field" TEXT,
    "from_value" TEXT,
    "to_value" TEXT,
    "reason" TEXT,
    "details" JSONB,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_entries_analysis_id_id_idx" ON "audit_entries"("analysis_id", "id");

-- CreateIndex
CREATE INDEX "audit_entries_owner_id_idx" ON "audit_entries"("owner_id");

-- AddForeignKey
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Append-only (issue 10): entries are never edited; they are deleted only with their owner's account (a
-- guest's session data, an erased account), when the cascade from `users` removes them.
CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.owner_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit entries are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only();

CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only();

-- `created`, `analysed`/`failed` and `deleted` are written here, whichever process or code path changed the
-- analysis (the API, a job worker, a re-run after a crash).
CREATE FUNCTION analyses_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who TEXT;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Deleted with the whole account: nothing to record (its entries go too).
    SELECT coalesce(email, id) INTO who FROM users WHERE id = OLD.owner_id;
    IF who IS NOT NULL THEN
      INSERT INTO audit_entries (analysis_id, owner_id, kind, actor, at, details)
      VALUES (OLD.id, OLD.owner_id, 'deleted', who, timezone('UTC', clock_timestamp()),
              jsonb_build_object('risk_score', OLD.risk_score));
    END IF;
    RETURN OLD;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(email, id) INTO who FROM users WHERE id = NEW.owner_id;
    INSERT INTO audit_entries (analysis_id, owner_id, kind, actor, at, details)
    SELECT NEW.id, NEW.owner_id, 'created', coalesce(who, NEW.owner_id), timezone('UTC', clock_timestamp()),
           jsonb_build_object('image_id', i.id, 'image_sha256', i.sha256, 'image_source', i.source,
                              'image_captured_at', i.captured_at, 'property_location', NEW.property_location)
    FROM images i WHERE i.id = NEW.image_id;
    RETURN NEW;
  END IF;
  IF NEW.status IN ('done', 'failed') AND OLD.status IS DISTINCT FROM NEW.status THEN
    INSERT INTO audit_entries (analysis_id, owner_id, kind, actor, at, details)
    VALUES (NEW.id, NEW.owner_id, CASE WHEN NEW.status = 'done' THEN 'analysed' ELSE 'failed' END,
            coalesce(NEW.provenance ->> 'provider', 'analyzer'), timezone('UTC', clock_timestamp()),
            jsonb_strip_nulls(jsonb_build_object(
              'analyzer', NEW.provenance ->> 'provider',
              'model', NEW.provenance ->> 'model',
              'analyzer_version', NEW.provenance ->> 'analyzer_version',
              'prompt_version', NEW.provenance ->> 'prompt_version',
              'fallback', NEW.provenance -> 'fallback',
              'duration_ms', round(extract(epoch FROM (NEW.finished_at - NEW.started_at)) * 1000),
              'risk_score', NEW.risk_score,
              'error', NEW.error)));
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER analyses_audit AFTER INSERT OR UPDATE OF status OR DELETE ON analyses
  FOR EACH ROW EXECUTE FUNCTION analyses_audit();
