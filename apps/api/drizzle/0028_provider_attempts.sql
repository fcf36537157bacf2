-- Issue 32: providers are their own thing, not platforms. A vend's route is now a list of steps
-- "PLATFORM:PROVIDER" (AGGREGATOR:VTPASS, VTU:SIMULATOR, SANDBOX:SIMULATOR for test mode) and
-- vends.provider names the upstream (SIMULATOR, VTPASS, RELOADLY). Every vend placed before this
-- went to the built-in simulator under its platform's name: it is mapped here, so a PENDING one is
-- still requeried at the simulator that has it, and its route reads the same way as a new one's.
UPDATE "vends"
   SET "provider" = 'SIMULATOR',
       "routes" = COALESCE((SELECT jsonb_agg(CASE WHEN x.r LIKE '%:%' THEN x.r ELSE x.r || ':SIMULATOR' END ORDER BY x.n)
                     FROM jsonb_array_elements_text("vends"."routes") WITH ORDINALITY AS x(r, n)), '[]'::jsonb)
 WHERE "provider" IN ('AGGREGATOR', 'VTU', 'SANDBOX');
--> statement-breakpoint
CREATE TABLE "provider_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"data_plan_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_code" text NOT NULL,
	"provider_price_kobo" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_providers" (
	"platform" text PRIMARY KEY NOT NULL,
	"providers" jsonb NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_balances" (
	"provider" text PRIMARY KEY NOT NULL,
	"balance_kobo" bigint,
	"error" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"low_alert_sent_at" timestamp with time zone,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "vend_attempts" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"vend_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"platform" text NOT NULL,
	"provider" text NOT NULL,
	"request_id" text NOT NULL,
	"provider_reference" text,
	"status" text DEFAULT 'SENT' NOT NULL,
	"failure_kind" text,
	"message" text,
	"raw" jsonb,
	"duration_ms" integer,
	"requery_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vend_attempts_status" CHECK ("vend_attempts"."status" in ('SENT', 'SUCCESSFUL', 'FAILED', 'UNKNOWN', 'NOT_FOUND', 'REVERSED'))
);
--> statement-breakpoint
ALTER TABLE "provider_plans" ADD CONSTRAINT "provider_plans_data_plan_id_data_plans_id_fk" FOREIGN KEY ("data_plan_id") REFERENCES "public"."data_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vend_attempts" ADD CONSTRAINT "vend_attempts_vend_id_vends_id_fk" FOREIGN KEY ("vend_id") REFERENCES "public"."vends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_plans_plan_uq" ON "provider_plans" USING btree ("data_plan_id","provider");--> statement-breakpoint
CREATE INDEX "provider_plans_provider_idx" ON "provider_plans" USING btree ("provider","provider_code");--> statement-breakpoint
CREATE UNIQUE INDEX "vend_attempts_request_uq" ON "vend_attempts" USING btree ("provider","request_id");--> statement-breakpoint
CREATE INDEX "vend_attempts_vend_idx" ON "vend_attempts" USING btree ("vend_id","position");--> statement-breakpoint
CREATE INDEX "vend_attempts_provider_created_idx" ON "vend_attempts" USING btree ("provider","created_at");