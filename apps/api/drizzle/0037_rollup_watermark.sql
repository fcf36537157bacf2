CREATE TABLE "vend_client_detail_totals" (
	"corporate_id" uuid NOT NULL,
	"day" date NOT NULL,
	"network" text NOT NULL,
	"service_type" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"vend_count" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"charge_kobo" bigint NOT NULL,
	CONSTRAINT "vend_client_detail_totals_corporate_id_day_network_service_type_channel_status_pk" PRIMARY KEY("corporate_id","day","network","service_type","channel","status")
);
--> statement-breakpoint
ALTER TABLE "vend_rollup_days" ADD COLUMN "built_to" timestamp with time zone;--> statement-breakpoint
-- Every day built before the watermark and the per-client detail rows is rebuilt by the job (read
-- from the vends meanwhile): marked dirty, with no watermark.
UPDATE "vend_rollup_days" SET "dirty" = true, "built_to" = NULL;
--> statement-breakpoint
-- A day's roll-up rows hold its live vends created before the day's watermark (built_to). A change
-- to a live vend created before the watermark of its day (a late settlement, a reversal, a moved
-- or back-dated row) marks the day dirty: reports read it from the vends until it is rebuilt. The
-- upsert locks the day's marker row whether or not it changes it, so a change racing a rebuild is
-- either seen by the rebuild (which waits for it on the marker row) or sees the new watermark.
-- A day with no marker row gets one, dirty (the job builds it).
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
--> statement-breakpoint
-- The hot path (a vend inserted now, settled within two minutes) never calls the function: a
-- watermark is always at least two minutes behind every transaction open when it was set
-- (rollup.repo.ts), so a vend created less than two minutes before the change is past it.
DROP TRIGGER "vends_rollup_dirty_update" ON "vends";
--> statement-breakpoint
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
--> statement-breakpoint
DROP TRIGGER "vends_rollup_dirty_insert" ON "vends";
--> statement-breakpoint
CREATE TRIGGER "vends_rollup_dirty_insert" AFTER INSERT ON "vends"
  FOR EACH ROW WHEN (NEW.created_at < clock_timestamp() - interval '2 minutes')
  EXECUTE FUNCTION "vend_rollup_mark_dirty"();
