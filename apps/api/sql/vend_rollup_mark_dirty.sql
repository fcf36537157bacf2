-- Owner: modules/reports. vend_rollup_mark_dirty: marks the Lagos days (and weeks) a vend's insert or change touches as dirty, below the roll-ups' watermark.

CREATE OR REPLACE FUNCTION "vend_rollup_mark_dirty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.mode = 'LIVE' THEN
    INSERT INTO "vend_rollup_days" ("day", "dirty")
    VALUES ((NEW.created_at AT TIME ZONE 'Africa/Lagos')::date, true)
    ON CONFLICT ("day") DO UPDATE SET "dirty" = true
      WHERE NOT "vend_rollup_days"."dirty" AND NEW.created_at < "vend_rollup_days"."built_to";
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.mode = 'LIVE'
     AND (NEW.mode <> 'LIVE' OR OLD.created_at IS DISTINCT FROM NEW.created_at) THEN
    INSERT INTO "vend_rollup_days" ("day", "dirty")
    VALUES ((OLD.created_at AT TIME ZONE 'Africa/Lagos')::date, true)
    ON CONFLICT ("day") DO UPDATE SET "dirty" = true
      WHERE NOT "vend_rollup_days"."dirty" AND OLD.created_at < "vend_rollup_days"."built_to";
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "vends_rollup_dirty_insert" AFTER INSERT ON "vends"
  FOR EACH ROW WHEN (NEW.created_at < clock_timestamp() - interval '2 minutes')
  EXECUTE FUNCTION "vend_rollup_mark_dirty"();

CREATE TRIGGER "vends_rollup_dirty_update" AFTER UPDATE ON "vends"
  FOR EACH ROW WHEN (
    (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at
      OR OLD.amount_kobo IS DISTINCT FROM NEW.amount_kobo OR OLD.commission_kobo IS DISTINCT FROM NEW.commission_kobo
      OR OLD.charge_kobo IS DISTINCT FROM NEW.charge_kobo OR OLD.mode IS DISTINCT FROM NEW.mode
      OR OLD.network IS DISTINCT FROM NEW.network OR OLD.service_type IS DISTINCT FROM NEW.service_type
      OR OLD.channel IS DISTINCT FROM NEW.channel OR OLD.client_type IS DISTINCT FROM NEW.client_type
      OR OLD.corporate_id IS DISTINCT FROM NEW.corporate_id)
    AND (OLD.created_at < clock_timestamp() - interval '2 minutes'
      OR NEW.created_at < clock_timestamp() - interval '2 minutes'))
  EXECUTE FUNCTION "vend_rollup_mark_dirty"();
