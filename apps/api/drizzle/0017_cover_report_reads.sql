-- The report reads of live vends (a client's home over its own vends, the platform's days not yet
-- rolled up) sum a few columns of many rows: the two indexes they go through now carry those
-- columns, so the sums come from the index (an index-only scan) instead of one heap page per
-- vend, scattered among every other client's vends (bench:reports, 1M vends). Same keys as before:
-- nothing else that uses them changes.
DROP INDEX IF EXISTS "vends_corporate_idx";--> statement-breakpoint
CREATE INDEX "vends_corporate_idx" ON "vends" USING btree ("corporate_id", "mode", "created_at")
  INCLUDE ("status", "network", "service_type", "channel", "amount_kobo", "commission_kobo", "charge_kobo");--> statement-breakpoint
DROP INDEX IF EXISTS "vends_mode_created_idx";--> statement-breakpoint
CREATE INDEX "vends_mode_created_idx" ON "vends" USING btree ("mode", "created_at")
  INCLUDE ("status", "network", "service_type", "channel", "client_type", "corporate_id", "amount_kobo", "commission_kobo", "charge_kobo");
