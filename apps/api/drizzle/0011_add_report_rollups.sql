CREATE TABLE "vend_client_daily_totals" (
	"day" date NOT NULL,
	"corporate_id" uuid NOT NULL,
	"status" text NOT NULL,
	"vend_count" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"charge_kobo" bigint NOT NULL,
	CONSTRAINT "vend_client_daily_totals_day_corporate_id_status_pk" PRIMARY KEY("day","corporate_id","status")
);
--> statement-breakpoint
CREATE TABLE "vend_daily_totals" (
	"day" date NOT NULL,
	"network" text NOT NULL,
	"service_type" text NOT NULL,
	"channel" text NOT NULL,
	"client_type" text NOT NULL,
	"status" text NOT NULL,
	"vend_count" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"charge_kobo" bigint NOT NULL,
	CONSTRAINT "vend_daily_totals_day_network_service_type_channel_client_type_status_pk" PRIMARY KEY("day","network","service_type","channel","client_type","status")
);
--> statement-breakpoint
CREATE TABLE "vend_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone,
	"dirty" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
-- A past Lagos day whose live vends change (a late settlement, a reversal, a back-dated row) is
-- marked dirty: reports read it from the vends until the roll-up job rebuilds it. Today's vends
-- never reach the function body (the WHEN clauses and the day test keep the hot path light).
CREATE FUNCTION "vend_rollup_mark_dirty"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Africa/Lagos')::date;
  d date;
BEGIN
  IF NEW.mode = 'LIVE' THEN
    d := (NEW.created_at AT TIME ZONE 'Africa/Lagos')::date;
    IF d < today THEN
      INSERT INTO "vend_rollup_days" ("day", "dirty") VALUES (d, true)
      ON CONFLICT ("day") DO UPDATE SET "dirty" = true WHERE "vend_rollup_days"."dirty" = false;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.mode = 'LIVE' AND OLD.created_at <> NEW.created_at THEN
    d := (OLD.created_at AT TIME ZONE 'Africa/Lagos')::date;
    IF d < today THEN
      INSERT INTO "vend_rollup_days" ("day", "dirty") VALUES (d, true)
      ON CONFLICT ("day") DO UPDATE SET "dirty" = true WHERE "vend_rollup_days"."dirty" = false;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The WHEN clause keeps today's vends (the hot path: every settlement) out of the function call:
-- only a change to a vend of a past Lagos day (or a move of its date) reaches it.
CREATE TRIGGER "vends_rollup_dirty_update" AFTER UPDATE ON "vends"
  FOR EACH ROW WHEN (
    (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at
      OR OLD.amount_kobo IS DISTINCT FROM NEW.amount_kobo OR OLD.commission_kobo IS DISTINCT FROM NEW.commission_kobo
      OR OLD.charge_kobo IS DISTINCT FROM NEW.charge_kobo OR OLD.mode IS DISTINCT FROM NEW.mode)
    AND (OLD.created_at < date_trunc('day', now() AT TIME ZONE 'Africa/Lagos') AT TIME ZONE 'Africa/Lagos'
      OR NEW.created_at < date_trunc('day', now() AT TIME ZONE 'Africa/Lagos') AT TIME ZONE 'Africa/Lagos'))
  EXECUTE FUNCTION "vend_rollup_mark_dirty"();
--> statement-breakpoint
CREATE TRIGGER "vends_rollup_dirty_insert" AFTER INSERT ON "vends"
  FOR EACH ROW WHEN (NEW.created_at < now() - interval '1 hour')
  EXECUTE FUNCTION "vend_rollup_mark_dirty"();
