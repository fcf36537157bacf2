CREATE TABLE "api_rate_buckets" (
	"subject" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"refilled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_rate_refusals" (
	"corporate_id" uuid NOT NULL,
	"api_key_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"refused" integer NOT NULL,
	CONSTRAINT "api_rate_refusals_corporate_id_minute_api_key_id_pk" PRIMARY KEY("corporate_id","minute","api_key_id")
);
--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "rate_key_per_s" integer;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "rate_key_burst" integer;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "rate_client_per_s" integer;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "rate_client_burst" integer;--> statement-breakpoint
ALTER TABLE "api_rate_refusals" ADD CONSTRAINT "api_rate_refusals_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 34: a client's rate-limit override is read with its key (the one lookup of migration
-- 0020), so a change of it raises the API access generation like the other terms read there:
-- the remembered reads of every instance are read again and the new limits hold at once.
DROP TRIGGER corporates_access_update ON corporates;
--> statement-breakpoint
CREATE TRIGGER corporates_access_update AFTER UPDATE ON corporates
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.test_mode IS DISTINCT FROM NEW.test_mode
                     OR OLD.upfront_commission IS DISTINCT FROM NEW.upfront_commission
                     OR OLD.client_type IS DISTINCT FROM NEW.client_type
                     OR OLD.vending_hold IS DISTINCT FROM NEW.vending_hold
                     OR OLD.rate_key_per_s IS DISTINCT FROM NEW.rate_key_per_s
                     OR OLD.rate_key_burst IS DISTINCT FROM NEW.rate_key_burst
                     OR OLD.rate_client_per_s IS DISTINCT FROM NEW.rate_client_per_s
                     OR OLD.rate_client_burst IS DISTINCT FROM NEW.rate_client_burst)
  EXECUTE FUNCTION api_access_changed();
