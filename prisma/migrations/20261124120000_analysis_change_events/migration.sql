-- Change events (docs/decisions/015-job-queue-and-change-events.md): every insert, delete, and change of
-- an analysis's status or progress sends NOTIFY aerisk_analysis with the analysis id, from whichever
-- process made it. Each process holds one LISTEN and wakes only the watchers of that id.
CREATE FUNCTION analyses_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('aerisk_analysis', OLD.id::text);
  ELSE
    PERFORM pg_notify('aerisk_analysis', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER analyses_inserted_or_deleted AFTER INSERT OR DELETE ON analyses
  FOR EACH ROW EXECUTE FUNCTION analyses_notify_change();

CREATE TRIGGER analyses_state_changed AFTER UPDATE OF status, progress ON analyses
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.progress IS DISTINCT FROM NEW.progress)
  EXECUTE FUNCTION analyses_notify_change();
